"""Dredge (CR 702.52): "Dredge N" — the worked example of a mechanic as one module.

702.52a: "Dredge is a static ability that functions only while the card with dredge is in a player's
graveyard. 'Dredge N' means 'As long as you have at least N cards in your library, if you would draw a card,
you may instead mill N cards and return this card from your graveyard to your hand.'" 702.52b: with fewer
than N cards in the library, that dredge ability can't be used.

Everything dredge is sits here and registers itself in content/registry.py:

* the reader ("Dredge N" on its own line -> :class:`Dredge`) and its renderer (the round trip);
* the ``draw.replace`` hook, called by systems/zones.py ``draw`` before each card is drawn (614.1a: a
  replacement effect, "instead"). While a spell or ability resolves, the player is asked at once (a
  REPLACEMENT decision: one ChooseCard per usable dredge card, or ChooseCard(-1) to draw). Outside a
  resolution (the draw step's turn-based draw, 504.1) there is no resolution to pause, so the draw waits
  and the ``priority.before`` hook asks before anyone receives priority (as miracle's reveal does, 702.94a);
  nothing else happens in between. Declining draws the card then.
* a per-game record (:class:`DredgeState`, in ``Game.mechanic_state``): who waits for the choice, and, while
  an instruction resolves, how many of its draws are already done. A resolution that pauses for a choice runs
  the paused instruction again from its start once answered (systems/resolution.py); the draws it already made
  are then not made twice (the hook answers "already done" for them).

A game without a card with dredge never calls these hooks (Game.hooks: only the mechanics its cards use).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from components.abilities import Ability
from components.characteristics import CardType
from components.objects import Zone
from content import registry
from ecs.actions import ChooseCard, Decision, DecisionKind

if TYPE_CHECKING:
    from ecs.game import Game


@dataclass(frozen=True, slots=True)
class Dredge(Ability):
    """'Dredge N' (702.52a): a static ability that functions only while its card is in a graveyard."""

    text: str
    n: int


@dataclass(slots=True)
class DredgeState:
    """Dredge's own record in a game (``Game.mechanic_state["dredge"]``)."""

    waiting: list[int] = field(default_factory=list)  # players whose draw waits for their choice (draw step)
    declined: set[int] = field(default_factory=set)  # players who chose to draw: that draw happens as usual
    resolution: Any = None  # the resolution whose paused instruction the counts below are about
    done: dict[int, int] = field(default_factory=dict)  # instruction index -> its draws already made
    seen: dict[int, int] = field(default_factory=dict)  # instruction index -> draws reached in this run of it
    asked: dict[int, list[bool]] = field(default_factory=dict)  # instruction index -> did each made draw ask


_LINE = re.compile(r"dredge (\d+)")


def read(line: str, raw: str, name: str, types: CardType) -> Dredge | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    return Dredge(f"Dredge {m.group(1)}", int(m.group(1))) if m else None


def render(abilities: list[object]) -> str | None:
    """The round trip's text: the keyword and N, from the data."""
    if len(abilities) == 1 and isinstance(abilities[0], Dredge):
        return f"Dredge {abilities[0].n}"
    return None


registry.reader(read, priority=900, produces=(Dredge,))
registry.renderer(render, priority=900, produces=(Dredge,))


def _state(game: Game) -> DredgeState:
    state = game.mechanic_state.get("dredge")
    if state is None:
        state = game.mechanic_state["dredge"] = DredgeState()
    return state


def dredge_of(game: Game, card: int) -> Dredge | None:
    return next((a for a in game.card(card).abilities if isinstance(a, Dredge)), None)


def usable(game: Game, player: int) -> list[int]:
    """The player's graveyard cards whose dredge N they could use now: N cards or more in the library (702.52b)."""
    library = len(game.zones[player][Zone.LIBRARY])
    out = []
    for card in game.zones[player][Zone.GRAVEYARD]:
        d = dredge_of(game, card)
        if d is not None and d.n <= library:
            out.append(card)
    return out


def _options(cards: list[int]) -> list[ChooseCard]:
    return [ChooseCard(c) for c in cards] + [ChooseCard(-1)]  # -1: draw the card (the replacement is optional)


def dredge(game: Game, player: int, card: int) -> None:
    """Instead of drawing: mill N, then return the card from the graveyard to the hand (702.52a, 701.17a)."""
    from systems.zones import move

    d = dredge_of(game, card)
    assert d is not None
    name = game.card(card).name
    for milled in list(game.zones[player][Zone.LIBRARY][:d.n]):
        move(game, milled, Zone.GRAVEYARD)
    move(game, card, Zone.HAND)
    game.say(f"{game.player_states[player].name} dredges {d.n}: mills {d.n} and returns {name} to their hand")


@registry.hook("draw.replace")
def replace_draw(game: Game, player: int) -> bool:
    """Called before each card ``player`` would draw; True when this draw doesn't happen now (dredged, already
    made before the resolution paused, or waiting for the choice)."""
    state = _state(game)
    if player in state.declined:
        state.declined.discard(player)
        return False  # they chose to draw
    res = game.resolution
    if res is None:
        if not usable(game, player):
            return False
        state.waiting.append(player)  # asked before anyone receives priority (offer)
        return True
    if state.resolution is not res:
        state.resolution, state.done, state.seen, state.asked = res, {}, {}, {}
    step = res.index
    state.seen[step] = state.seen.get(step, 0) + 1
    if state.seen[step] <= state.done.get(step, 0):
        if state.asked[step][state.seen[step] - 1]:
            res.asked += 1  # its recorded answer keeps its place among this instruction's answers
        return True  # made before this instruction paused for a choice: not made twice
    cards = usable(game, player)
    choice = ChooseCard(-1)
    if cards:
        from systems.resolution import Pause, ask

        try:
            answer = ask(game, player, DecisionKind.REPLACEMENT, _options(cards))
        except Pause:
            state.seen[step] = 0  # the instruction runs again from its start once answered
            raise
        assert isinstance(answer, ChooseCard)  # (one of the options)
        choice = answer
    state.done[step] = state.done.get(step, 0) + 1
    state.asked.setdefault(step, []).append(bool(cards))
    if choice.card < 0:
        return False
    dredge(game, player, choice.card)
    return True


@registry.hook("priority.before")
def offer(game: Game) -> bool:
    """Ask a player whose draw-step draw waits whether they dredge instead (702.52a); True when it asked or the
    waiting draw was made."""
    state = game.mechanic_state.get("dredge")
    if state is None or not state.waiting:
        return False
    player = state.waiting[0]
    cards = usable(game, player)
    if not cards:  # nothing usable any more: the draw happens as usual
        _answer(game, player, ChooseCard(-1))
        return True
    game.pending = Decision(player, DecisionKind.REPLACEMENT, tuple(_options(cards)))
    game.answer_hook = _answer
    return True


def _answer(game: Game, player: int, action: ChooseCard) -> None:
    from systems.zones import draw

    state = _state(game)
    state.waiting.pop(0)
    if action.card < 0:
        state.declined.add(player)
        draw(game, player, 1)  # the replacement is optional: they draw
    else:
        dredge(game, player, action.card)
