"""A human at the terminal: their view of the board, numbered options, a number typed back.

The human sees only their own view (``PlayerView``): their hand, both battlefields with power/toughness,
counters, damage and tapped state, life totals, zone sizes, the stack, and the public game log since their
last decision. They type the number of an option; ``c`` concedes (CR 104.3a), ``b`` shows the board again,
``?`` lists the commands. A line that is not a valid answer is answered with a clear message and the prompt
again; the end of input ends the session cleanly (:class:`HumanQuit`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import IO, Any

from components.keywords import keyword_label
from ecs.actions import Action, DecisionKind, PassPriority
from ecs.agents.base import PlayerView

STOPS = ("choices", "main", "all")


class HumanQuit(Exception):
    """The human's input ended (EOF) or they asked to quit; the game is left as it is."""


class HumanConcedes(Exception):
    """The human concedes the game (CR 104.3a)."""

    def __init__(self, player: int) -> None:
        super().__init__(f"player {player} concedes")
        self.player = player


def _permanent_line(view: PlayerView, row: int) -> str:
    t = view.table
    ent = int(t.entity[row])
    card = view.card_or_none(ent)
    name = (card.name if card is not None and card.name else f"face-down #{ent}")
    parts = [name]
    types = int(t.types[row])
    from components.characteristics import CardType

    if types & int(CardType.CREATURE):
        parts.append(f"{int(t.power[row])}/{int(t.toughness[row])}")
    if types & int(CardType.PLANESWALKER):
        parts.append(f"loyalty {int(t.loyalty[row])}")
    counters = []
    if int(t.plus1[row]):
        counters.append(f"+1/+1 x{int(t.plus1[row])}")
    if int(t.minus1[row]):
        counters.append(f"-1/-1 x{int(t.minus1[row])}")
    if counters:
        parts.append("counters " + ", ".join(counters))
    if int(t.damage[row]):
        parts.append(f"damage {int(t.damage[row])}")
    keywords = keyword_label(int(t.keywords[row]))
    if keywords:
        parts.append(", ".join(keywords))
    flags = []
    if bool(t.tapped[row]):
        flags.append("tapped")
    if bool(t.sick[row]) and types & int(CardType.CREATURE) and int(t.controller[row]) == view.active:
        # 302.6 matters only on its controller's turn: it can't attack or {T} yet
        flags.append("summoning sick")
    attached = int(t.attached_to[row])
    if attached >= 0 and attached in t.row_of:
        target = view.card_or_none(attached)
        flags.append(f"attached to {target.name if target is not None else '#' + str(attached)}")
    combat = view.combat
    if ent in combat.attackers:
        flags.append("attacking")
    if ent in combat.blocking:
        flags.append("blocking")
    if flags:
        parts.append("(" + ", ".join(flags) + ")")
    return f"[{ent}] " + "  ".join(parts)


def render_view(view: PlayerView) -> str:
    """The board as the human may see it (their view only)."""
    obs = view.observation()
    if obs["turn"] == 0:
        lines = ["== before the game (mulligans, CR 103.5)"]
    else:
        lines = [f"== turn {obs['turn']}, {obs['step']}; active player: {obs['players'][obs['active']]['name']}"]
    t = view.table
    for p, entry in enumerate(obs["players"]):
        you = " (you)" if p == view.player else ""
        lines.append(f"-- {entry['name']}{you}: life {entry['life']}"
                     + (f", poison {entry['poison']}" if entry["poison"] else "")
                     + f"; hand {entry['hand_count']}, library {entry['library_count']}, "
                     f"graveyard {len(entry['graveyard'])}, exile {len(entry['exile'])}")
        if entry.get("library_top"):
            lines.append(f"   top of library: {entry['library_top']['name']}")
        rows = [r for r in range(t.n) if int(t.controller[r]) == p]
        if rows:
            lines.append("   battlefield:")
            lines.extend("     " + _permanent_line(view, r) for r in rows)
        if entry["graveyard"]:
            lines.append("   graveyard: " + ", ".join(entry["graveyard"][-6:])
                         + (" ..." if len(entry["graveyard"]) > 6 else ""))
    if obs["stack"]:
        lines.append("-- stack (top first): " + ", ".join(obs["stack"]))
    hand = obs["players"][view.player].get("hand", [])
    lines.append("-- your hand: " + (", ".join(f"{c['name']}" for c in hand) if hand else "(empty)"))
    pool = view.mana_pool()
    if any(pool):
        lines.append("-- mana pool: " + " ".join(f"{s}{n}" for s, n in zip("WUBRGC", pool, strict=True) if n))
    return "\n".join(lines)


class HumanAgent:
    """Asks a person at a terminal (``input``/``output`` streams) for each decision."""

    def __init__(self, seed: int = 0, input: IO[str] | None = None, output: IO[str] | None = None,
                 stops: str = "choices", log_source: Any = None) -> None:
        import sys

        if stops not in STOPS:
            raise ValueError(f"stops must be one of {', '.join(STOPS)}, not {stops!r}")
        self.seed = seed
        self.input = input if input is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        self.stops = stops
        self.log_source = log_source  # a list of public log lines to show as the game goes on
        self.log_seen = 0

    def _say(self, text: str) -> None:
        print(text, file=self.output, flush=True)

    def show_log(self) -> None:
        if self.log_source is None:
            return
        new = self.log_source[self.log_seen:]
        self.log_seen = len(self.log_source)
        for line in new:
            self._say(f"   | {line}")

    def act(self, view: PlayerView) -> Action:
        options = view.options
        if len(options) == 1 and self.stops != "all":
            return options[0]
        if self.stops == "main" and view.kind == DecisionKind.PRIORITY and not view.stack and not (
                view.active == view.player and view.step_label() in ("precombat_main", "postcombat_main")):
            passing = [o for o in options if isinstance(o, PassPriority)]
            if passing:
                return passing[0]  # only in your main phases, or when something is on the stack
        self.show_log()
        self._say(render_view(view))
        self._list(view)
        while True:
            self.output.write(f"choose 1-{len(options)} (b board, c concede, ? help): ")
            self.output.flush()
            line = self.input.readline()
            if not line:
                self._say("")
                raise HumanQuit("input ended")
            answer = line.strip().lower()
            if answer in ("c", "concede"):
                raise HumanConcedes(view.player)
            if answer in ("q", "quit", "exit"):
                raise HumanQuit("quit")
            if answer in ("b", "board"):
                self._say(render_view(view))
                self._list(view)
                continue
            if answer in ("?", "h", "help", ""):
                self._say("type the number of an option; b shows the board, c concedes the game, q quits "
                          "(the game is left unfinished)")
                continue
            if not answer.isdigit():
                self._say(f"'{line.strip()}' is not a number: type a number from 1 to {len(options)}")
                continue
            k = int(answer)
            if not 1 <= k <= len(options):
                self._say(f"{k} is out of range: type a number from 1 to {len(options)}")
                continue
            return options[k - 1]

    def _list(self, view: PlayerView) -> None:
        self._say(f"-- your decision ({view.kind.value}):")
        labels = [view.action_to_string(o) for o in view.options]
        for i, (o, label) in enumerate(zip(view.options, labels, strict=True), 1):
            if labels.count(label) > 1:  # two objects with one name: show the ids that tell them apart
                ids = [str(getattr(o, f.name)) for f in fields(o) if isinstance(getattr(o, f.name), int)
                       and getattr(o, f.name) >= 0]
                label += f"  [{', '.join(ids)}]"
            self._say(f"  {i:>3}. {label}")
