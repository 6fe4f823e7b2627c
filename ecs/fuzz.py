"""``mtg-ecs fuzz``: many games with odd agents and random decks, invariants checked after every action.

Each game is drawn from the base seed and its index alone (so a run is reproducible whatever the
worker count): 2 players most of the time, free-for-all games of 3 or 4 players too; each seat gets a
built-in deck or a random 60-card deck from the supported built-in pool (with basic lands to match its
colours), and an agent: ``random``, ``first`` (always the first option), ``last`` (the last option),
``illegal`` (random, but first tries an illegal action, which must be refused with the game unchanged)
or ``concede`` (random, and concedes now and then, CR 104.3a).

After every action the checks of :mod:`ecs.invariants` run; every few actions, and at the end,
``clone()`` must give the same fingerprint; at the end the game's save must replay to the same bytes,
and esper must hold no world of a deleted game. A violation (or an engine exception) is shrunk to
the shortest prefix of the game's steps that still shows it and written as a replay scenario file
(``replay:`` below) that ``mtg-ecs scenario`` runs: PASS while every invariant holds.

A replay scenario::

    name: fuzz game 12 (seed 0): layers differ from the reference
    replay:
      origin: {...}        # a save's origin (ecs/saves.py): decks, names, seed, limits
      steps: [0, 3, {concede: 1}, {illegal: {type: CastSpell, card: 41, targets: [9]}}, 2]
    known_failure: "..."   # optional: the scenario passes while it still fails this way (an open bug)
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.actions import Action
    from ecs.game import Game

AGENT_KINDS = ("random", "first", "last", "illegal", "concede")
BASICS = {1: "Plains", 2: "Island", 4: "Swamp", 8: "Mountain", 16: "Forest"}
DECK_SIZE, LANDS = 60, 24
MAX_TURNS = 40
# Agents that always take the first or last option can repeat a free ability forever: a lower decision
# cap than a normal game's keeps such a game short (it ends as a draw with its reason, ecs/game.py).
LIMITS = {"max_decisions": 4000}
CLONE_EVERY = 16  # clone() is checked every CLONE_EVERY actions (and at the end): it costs ~10 checks
ILLEGAL_RATE, CONCEDE_RATE = 0.3, 0.004
SLOWEST = 5  # the slowest games named in the report (to find what makes a long run slow)
SLOW_GAME_SECONDS = 60.0  # a game slower than this is named as it finishes


# ------------------------------------------------------------------ decks and game plans


def random_deck(rng: np.random.Generator, spells: Sequence[CardDef]) -> list[CardDef]:
    """60 cards: 36 drawn from the supported pool (any card but basics), 24 basic lands in the
    proportions of the colours of the cards drawn (colourless decks get all five)."""
    from content.card_pool import builtin_pool

    pool = builtin_pool()
    picked = [spells[i] for i in rng.integers(len(spells), size=DECK_SIZE - LANDS).tolist()]
    weight = Counter(bit for c in picked for bit in BASICS if int(c.colors) & bit)
    if not weight:
        weight = Counter(dict.fromkeys(BASICS, 1))
    bits = sorted(weight)
    share = np.array([weight[b] for b in bits], dtype=float)
    counts = np.floor(share / share.sum() * LANDS).astype(int)
    counts[int(np.argmax(share))] += LANDS - int(counts.sum())
    lands = [pool.get(BASICS[b]) for b, k in zip(bits, counts.tolist(), strict=True) for _ in range(k)]
    return picked + lands


def _deck_spells() -> list[CardDef]:
    from components.characteristics import CardType
    from content.card_pool import builtin_pool

    pool = builtin_pool()
    # Conspiracies and vanguards start in the command zone and can't be in a deck (CR 315.3, 313.2).
    command = CardType.CONSPIRACY | CardType.VANGUARD
    names = sorted({c.name for c in pool.cards.values()})
    return [pool.get(n) for n in names if n not in BASICS.values() and not pool.get(n).type_line.types & command]


@dataclass(frozen=True)
class GamePlan:
    """What one fuzzed game is: its seed, decks (a built-in name or ``random``) and agents."""

    index: int
    seed: int
    deck_labels: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]  # card names
    agents: tuple[str, ...]


def plan_game(base_seed: int, index: int) -> GamePlan:
    from content.decks import builtin_deck_names, load_deck

    rng = np.random.default_rng([base_seed, index])
    players = int(rng.choice([2, 3, 4], p=[0.7, 0.15, 0.15]))
    builtin = builtin_deck_names()
    spells = deck_spells()
    labels, decks = [], []
    for _ in range(players):
        if rng.random() < 0.5:
            name = builtin[int(rng.integers(len(builtin)))]
            labels.append(name)
            decks.append(tuple(c.name for c in load_deck(name)[1]))
        else:
            labels.append("random")
            decks.append(tuple(c.name for c in random_deck(rng, spells)))
    agents = tuple(AGENT_KINDS[int(k)] for k in rng.integers(len(AGENT_KINDS), size=players))
    return GamePlan(index, int(rng.integers(2**31)), tuple(labels), tuple(decks), agents)


_SPELLS: list[CardDef] = []


def deck_spells() -> list[CardDef]:
    if not _SPELLS:
        _SPELLS.extend(_deck_spells())
    return _SPELLS


def build_game(plan: GamePlan) -> Game:
    from content.card_pool import builtin_pool
    from ecs.setup import new_game

    pool = builtin_pool()
    names = [f"p{i + 1}-{label}" for i, label in enumerate(plan.deck_labels)]
    return new_game([[pool.get(n) for n in deck] for deck in plan.decks], plan.seed, names=names,
                    max_turns=MAX_TURNS, log=False, limits=LIMITS)


# ------------------------------------------------------------------ steps: what the agents did


Step = int | dict[str, Any]  # an option index, {"concede": player} or {"illegal": action as JSON}


def action_to_json(action: object) -> dict[str, Any]:
    """An action (or any illegal input) as JSON, so that a scenario can give it again."""
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        out: dict[str, Any] = {"type": type(action).__name__}
        for f in dataclasses.fields(action):
            out[f.name] = json.loads(json.dumps(getattr(action, f.name)))
        return out
    return {"type": "value", "value": action}


def action_from_json(data: Mapping[str, Any]) -> object:
    from ecs import actions

    if data.get("type") == "value":
        return data.get("value")
    cls = getattr(actions, str(data.get("type")), None)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise ValueError(f"unknown action type {data.get('type')!r}")

    def tuples(v: Any) -> Any:
        return tuple(tuples(x) for x in v) if isinstance(v, list) else v

    return cls(**{k: tuples(v) for k, v in data.items() if k != "type"})


def illegal_action(game: Game, rng: np.random.Generator, seen: Sequence[Action]) -> object | None:
    """Something that is not among the pending options: an option of an earlier decision, an option
    of another kind of decision, an option with one field changed, or not an action at all."""
    from ecs.actions import FinishAttackers, PassPriority

    pending = game.pending
    assert pending is not None
    options = pending.options
    how = int(rng.integers(5))
    candidate: object
    if how == 0 and seen:
        candidate = seen[int(rng.integers(len(seen)))]
    elif how == 1:
        candidate = FinishAttackers() if PassPriority() in options else PassPriority()
    elif how in (2, 3):
        base: object = options[int(rng.integers(len(options)))]  # (looked at as any object: the fuzz trusts no type)
        if not dataclasses.is_dataclass(base) or isinstance(base, type):
            return None  # (an option that is not a dataclass instance has no field to change)
        fields = [f for f in dataclasses.fields(base) if isinstance(getattr(base, f.name), (int, tuple))
                  and not isinstance(getattr(base, f.name), bool)]
        if not fields:
            return None
        f = fields[int(rng.integers(len(fields)))]
        ents = list(game.world.entities())
        value = [-3, 10**9, ents[int(rng.integers(len(ents)))] if ents else 7][int(rng.integers(3))]
        old = getattr(base, f.name)
        changes: dict[str, Any] = {f.name: (*old, value) if isinstance(old, tuple) else value}
        candidate = dataclasses.replace(base, **changes)
    else:
        candidate = [None, "pass", 0][int(rng.integers(3))]
    # apply() also takes a whole play completing an offered announcement, or an option on another page
    return None if game.accepts(candidate) else candidate


class FuzzAgent:
    """One seat's agent of kind ``kind`` (AGENT_KINDS), with its own seeded generator."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind = kind
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game, seen: Sequence[Action]) -> list[Step]:
        """This seat's steps for the pending decision: maybe an illegal try or a concession, then an option."""
        options = game.legal_actions()
        n = len(options)
        if self.kind == "concede" and self.rng.random() < CONCEDE_RATE:
            return [{"concede": game.pending.player}]  # type: ignore[union-attr]
        steps: list[Step] = []
        if self.kind == "illegal" and self.rng.random() < ILLEGAL_RATE:
            bad = illegal_action(game, self.rng, seen)
            if bad is not None:
                steps.append({"illegal": action_to_json(bad)})
        steps.append(0 if self.kind == "first" else n - 1 if self.kind == "last" else int(self.rng.integers(n)))
        return steps

    def concedes_out_of_turn(self, game: Game, seat: int) -> bool:
        """A "concede" seat may also concede at another player's decision (104.3a: at any time), for example while
        that player makes a choice for a resolving spell (608.2c)."""
        return (self.kind == "concede" and not game.player_states[seat].lost
                and self.rng.random() < CONCEDE_RATE / 4)


# ------------------------------------------------------------------ playing and checking


@dataclass
class Checker:
    """Runs steps on a game and the invariants after each; raises InvariantViolation at the first failure."""

    game: Game
    deck_sizes: list[int]
    clone_every: int = CLONE_EVERY
    actions: int = 0
    illegal_refused: int = 0
    concessions: int = 0
    previous_step: tuple[int, int] | None = None
    previous_pools: list[tuple[int, ...]] = field(default_factory=list)

    def start(self) -> None:
        from ecs.invariants import check_invariants, pools, step_key

        check_invariants(self.game, self.deck_sizes)
        self.previous_step, self.previous_pools = step_key(self.game), pools(self.game)

    def step(self, step: Step) -> None:
        from ecs.errors import IllegalActionError
        from ecs.invariants import (
            InvariantViolation,
            check_clone,
            check_invariants,
            check_mana_emptied,
            fingerprint,
            pools,
            step_key,
        )

        game = self.game
        if isinstance(step, int):
            pending = game.pending
            if pending is None or not 0 <= step < len(pending.options):
                raise InvariantViolation("replay out of step", f"option {step} at {pending}")
            game.apply(pending.options[step])
        elif "concede" in step:
            game.concede(int(step["concede"]))
            self.concessions += 1
        else:
            bad = action_from_json(step["illegal"])
            before, options, history = fingerprint(game), game.legal_actions(), list(game.history)
            try:
                game.apply(bad)
            except IllegalActionError:
                pass
            else:
                raise InvariantViolation("illegal action accepted", repr(bad))
            if fingerprint(game) != before or game.legal_actions() != options or game.history != history:
                raise InvariantViolation("refused action changed the game", repr(bad))
            self.illegal_refused += 1
            return
        self.actions += 1
        check_invariants(game, self.deck_sizes)
        check_mana_emptied(game, self.previous_step, self.previous_pools)
        self.previous_step, self.previous_pools = step_key(game), pools(game)
        if self.clone_every and self.actions % self.clone_every == 0:
            check_clone(game)

    def finish(self) -> None:
        from ecs.invariants import check_clone, check_replay

        check_clone(self.game)
        check_replay(self.game)  # a save records concessions too, at the decision count they came (104.3a)


@dataclass
class GameReport:
    index: int
    deck_labels: tuple[str, ...]
    agents: tuple[str, ...]
    actions: int = 0
    illegal_refused: int = 0
    concessions: int = 0
    replay_checked: bool = False
    reason: str = ""
    violation: dict[str, Any] | None = None  # the scenario (a dict) reproducing it
    rss_mb: float = 0.0
    seconds: float = 0.0  # CPU seconds of the worker for this game, checks included


def _violation_text(exc: BaseException) -> tuple[str, str]:
    from ecs.invariants import InvariantViolation

    if isinstance(exc, InvariantViolation):
        return exc.kind, exc.detail
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
    return f"engine error {type(exc).__name__}", f"{exc}{where}"


def play_plan(plan: GamePlan, *, shrink_dir: str | None = None) -> GameReport:
    """Play one fuzzed game with every check; on a violation, shrink it and describe it as a scenario."""
    report = GameReport(plan.index, plan.deck_labels, plan.agents)
    steps: list[Step] = []
    origin: dict[str, Any] | None = None
    try:
        game = build_game(plan)
        origin = dict(game.origin or {})
        checker = Checker(game, [len(d) for d in plan.decks])
        checker.start()
        agents = [FuzzAgent(kind, plan.seed * 31 + i) for i, kind in enumerate(plan.agents)]
        seen: list[Action] = []
        while game.pending is not None:
            if len(seen) < 64:
                seen.extend(game.pending.options[:2])
            other = next((s for s, agent in enumerate(agents)
                          if s != game.pending.player and agent.concedes_out_of_turn(game, s)), None)
            if other is not None:
                steps.append({"concede": other})
                checker.step({"concede": other})
                continue
            for step in agents[game.pending.player].choose(game, seen):
                steps.append(step)
                checker.step(step)
        checker.finish()
        report.actions, report.illegal_refused = checker.actions, checker.illegal_refused
        report.concessions, report.replay_checked = checker.concessions, True
        report.reason = game.result.reason if game.result else ""
        del game, checker
    except Exception as exc:  # noqa: BLE001 - every engine failure is a finding, reported with its steps
        kind, detail = _violation_text(exc)
        report.reason = "violation"
        if origin is not None:
            steps = shrink(origin, steps, [len(d) for d in plan.decks], kind)
        report.violation = scenario_for(plan, origin, steps, kind, detail)
    return report


def replay_steps(origin: Mapping[str, Any], steps: Sequence[Step], deck_sizes: list[int], *,
                 clone_every: int = 1, finish: bool = True) -> tuple[str, str] | None:
    """Rebuild a game from its origin and run its steps with every check; the violation (kind,
    detail) it shows, or None."""
    from ecs.saves import FORMAT, game_from_json

    try:
        # an origin from before small decisions (no "small_decisions" key) replays its steps as they were taken
        game = game_from_json({"format": FORMAT, "origin": {"small_decisions": False, **origin}, "actions": []},
                              "<fuzz origin>")
        checker = Checker(game, deck_sizes, clone_every=clone_every)
        checker.start()
        for step in steps:
            checker.step(step)
        if finish:
            checker.finish()
    except Exception as exc:  # noqa: BLE001
        return _violation_text(exc)
    return None


def shrink(origin: Mapping[str, Any], steps: list[Step], deck_sizes: list[int], kind: str) -> list[Step]:
    """The shortest prefix of ``steps`` that still shows a violation of ``kind`` (every check after every
    step), then without the illegal tries and concessions it does not need."""

    def fails(candidate: Sequence[Step]) -> bool:
        found = replay_steps(origin, candidate, deck_sizes)
        return found is not None and found[0] == kind

    if not fails(steps):
        return steps  # not reproducible from its steps alone: keep them all
    lo, hi = 0, len(steps)  # fails(steps[:hi]) holds
    while lo < hi:
        mid = (lo + hi) // 2
        if fails(steps[:mid]):
            hi = mid
        else:
            lo = mid + 1
    out = list(steps[:hi])
    for i in reversed([i for i, s in enumerate(out) if isinstance(s, dict)][-20:]):
        trial = out[:i] + out[i + 1:]
        if fails(trial):
            out = trial
    return out


def scenario_for(plan: GamePlan, origin: Mapping[str, Any] | None, steps: Sequence[Step], kind: str,
                 detail: str) -> dict[str, Any]:
    return {
        "name": f"fuzz game {plan.index} (seed {plan.seed}): {kind}",
        "description": f"{detail}\ndecks: {', '.join(plan.deck_labels)}; agents: {', '.join(plan.agents)}",
        "replay": {"origin": dict(origin or {}), "steps": list(steps)},
    }


# ------------------------------------------------------------------ replay scenarios (ecs/scenario.py)


def run_replay_scenario(data: Mapping[str, Any], source: str) -> None:
    """Run a replay scenario: raise ExpectationFailed if it fails (or, with ``known_failure``, if it
    no longer fails), ScenarioError if the file is invalid."""
    from ecs.errors import MtgError, ScenarioError
    from ecs.scenario import ExpectationFailed

    unknown = set(data) - {"name", "description", "replay", "known_failure"}
    if unknown:
        raise ScenarioError(f"{source}: unknown key(s) {sorted(unknown)} in a replay scenario "
                            "(allowed: name, description, replay, known_failure)")
    replay = data["replay"]
    if not isinstance(replay, Mapping) or not isinstance(replay.get("origin"), Mapping) \
            or not isinstance(replay.get("steps"), list):
        raise ScenarioError(f"{source}: replay must be a mapping with 'origin' (a save's origin) and 'steps' (a list)")
    origin, steps = replay["origin"], replay["steps"]
    for i, s in enumerate(steps):
        ok = (type(s) is int and s >= 0) or (isinstance(s, Mapping) and len(s) == 1 and (
            (type(s.get("concede")) is int) or isinstance(s.get("illegal"), Mapping)))
        if not ok:
            raise ScenarioError(f"{source}: replay.steps[{i}]: an option index, {{concede: player}} or "
                                f"{{illegal: action}}, got {s!r}")
    decks = origin.get("decks")
    if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
        raise ScenarioError(f"{source}: replay.origin.decks must be a list of card-name lists")
    try:
        found = replay_steps(origin, steps, [len(d) for d in decks], clone_every=CLONE_EVERY)
    except MtgError as exc:
        raise ScenarioError(f"{source}: {exc}") from None
    if found is not None and found[0] == "engine error SaveError":
        raise ScenarioError(f"{source}: replay.origin: {found[1]}")
    known = data.get("known_failure")
    if known is None:
        if found is not None:
            raise ExpectationFailed(f"{found[0]}: {found[1]}")
    elif found is None:
        raise ExpectationFailed(f"known failure {known!r} no longer happens: remove 'known_failure'")


# ------------------------------------------------------------------ the run


@dataclass
class FuzzSummary:
    games: int = 0
    planned: int = 0
    actions: int = 0
    illegal_refused: int = 0
    concessions: int = 0
    replays_checked: int = 0
    players: Counter[int] = field(default_factory=Counter)
    decks: Counter[str] = field(default_factory=Counter)
    agents: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    violations: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False
    rss_first_mb: dict[int, float] = field(default_factory=dict)
    rss_last_mb: dict[int, float] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    slowest: list[tuple[float, int, int, int]] = field(default_factory=list)  # (CPU s, game, players, actions)

    def add(self, r: GameReport, worker: int) -> None:
        self.games += 1
        self.actions += r.actions
        self.illegal_refused += r.illegal_refused
        self.concessions += r.concessions
        self.replays_checked += r.replay_checked
        self.players[len(r.agents)] += 1
        self.decks.update(r.deck_labels)
        self.agents.update(r.agents)
        self.reasons[_reason_class(r.reason)] += 1
        if r.violation is not None:
            self.violations.append(r.violation)
        self.rss_first_mb.setdefault(worker, r.rss_mb)
        self.rss_last_mb[worker] = r.rss_mb
        self.slowest = sorted([*self.slowest, (r.seconds, r.index, len(r.agents), r.actions)], reverse=True)[:SLOWEST]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "planned": self.planned, "interrupted": self.interrupted,
            "actions_checked": self.actions, "illegal_actions_refused": self.illegal_refused,
            "concessions": self.concessions, "replays_checked": self.replays_checked,
            "players": dict(sorted(self.players.items())), "decks": dict(sorted(self.decks.items())),
            "agents": dict(sorted(self.agents.items())), "endings": dict(self.reasons.most_common()),
            "violations": len(self.violations), "violation_files": self.files,
            "seconds": round(self.seconds, 1),
            "rss_mb": {str(w): [round(self.rss_first_mb[w], 1), round(self.rss_last_mb[w], 1)]
                       for w in sorted(self.rss_last_mb)},
            "slowest_games": [{"game": g, "cpu_seconds": round(t, 1), "players": n, "actions": a}
                              for t, g, n, a in self.slowest],
        }

    def text(self) -> str:
        head = "interrupted: " if self.interrupted else ""
        lines = [f"{head}{self.games} of {self.planned} games, {self.actions} actions checked, "
                 f"{self.illegal_refused} illegal actions refused, {self.concessions} concessions, "
                 f"{self.replays_checked} save replays compared, {self.seconds:.1f} s",
                 f"  players: {dict(sorted(self.players.items()))}",
                 f"  decks ({len(self.decks)}): " + ", ".join(f"{k} {v}" for k, v in sorted(self.decks.items())),
                 "  agents: " + ", ".join(f"{k} {v}" for k, v in sorted(self.agents.items())),
                 "  endings: " + ", ".join(f"{k} {v}" for k, v in self.reasons.most_common()),
                 "  memory (RSS MB, first game -> last, per worker): "
                 + ", ".join(f"{self.rss_first_mb[w]:.0f} -> {self.rss_last_mb[w]:.0f}" for w in sorted(self.rss_last_mb)),
                 "  slowest games (CPU s): " + ", ".join(f"game {g} {t:.0f} s ({n} players, {a} actions)"
                                                          for t, g, n, a in self.slowest),
                 f"  violations: {len(self.violations)}"]
        lines += [f"    {path}" for path in self.files]
        return "\n".join(lines)


def _reason_class(reason: str) -> str:
    """How a game ended, without player names and numbers ("life total 0 or less", "turn limit"); the reasons of
    several players who lost are joined by " + " in name order, so that one mix is one class whichever player lost
    first ("conceded + life total 0 or less")."""
    parts = [re.sub(r" of \d+.*| \(.*", "", re.sub(r"^p\d+-\S+ ", "", part)) for part in reason.split("; ")]
    return " + ".join(sorted({p for p in parts if p})) or "unknown"


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        import os

        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


_WORLD_NAMES: list[str] = []


def _fuzz_one(job: tuple[int, int]) -> tuple[GameReport, int]:
    """One game in a worker: play it, then (every 10 games) check that esper let go of finished games."""
    import os

    from ecs.invariants import check_no_leak
    from ecs.world import _world_ids

    base_seed, index = job
    first_world = next(_world_ids)  # world names are numbered: the ones made by this game follow
    started = time.process_time()
    report = play_plan(plan_game(base_seed, index))
    report.seconds = time.process_time() - started
    last_world = next(_world_ids)
    _WORLD_NAMES.extend(f"mtg-ecs-{k}" for k in range(first_world + 1, last_world))
    if len(_WORLD_NAMES) > 2000 or index % 10 == 9:
        gc.collect()
        try:
            check_no_leak(_WORLD_NAMES)
        except Exception as exc:  # noqa: BLE001
            report.violation = {"name": f"fuzz game {index}: {exc}", "description": "no replay: a leak across games",
                                "replay": None}
        _WORLD_NAMES.clear()
    report.rss_mb = _rss_mb()
    return report, os.getpid()


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_fuzz(games: int, seed: int = 0, workers: int = 1, *, out_dir: str = "fuzz-failures",
             progress_every: int = 100, stream: Any = None, first: int = 0) -> FuzzSummary:
    """Fuzz ``games`` games, game indices ``first`` onwards (a game depends on the seed and its index only, so a
    long run may be continued or split); progress lines and violations go to ``stream`` (stderr by default)."""
    stream = stream if stream is not None else sys.stderr
    summary = FuzzSummary(planned=games)
    start = time.perf_counter()
    jobs = [(seed, i) for i in range(first, first + games)]
    pids: dict[int, int] = {}

    def results() -> Iterator[tuple[GameReport, int]]:
        if workers <= 1:
            yield from map(_fuzz_one, jobs)
            return
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_sigint) as pool:
            try:
                yield from pool.imap(_fuzz_one, jobs, chunksize=4)
            finally:
                pool.terminate()

    try:
        for report, pid in results():
            summary.add(report, pids.setdefault(pid, len(pids)))
            if report.violation is not None:
                path = write_violation(report.violation, out_dir, seed, report.index)
                summary.files.append(path)
                print(f"violation in game {report.index}: {report.violation['name']} -> {path}", file=stream,
                      flush=True)
            if report.seconds > SLOW_GAME_SECONDS:
                print(f"slow game {report.index}: {report.seconds:.0f} CPU s, {len(report.agents)} players, "
                      f"{report.actions} actions, {report.reason}", file=stream, flush=True)
            if progress_every and summary.games % progress_every == 0:
                summary.seconds = time.perf_counter() - start
                print(f"[{summary.seconds:7.0f} s] {summary.games}/{games} games, {summary.actions} actions, "
                      f"{len(summary.violations)} violations", file=stream, flush=True)
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.seconds = time.perf_counter() - start
    return summary


def write_violation(scenario: Mapping[str, Any], out_dir: str, seed: int, index: int) -> str:
    import yaml

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"fuzz-seed{seed}-game{index}.yaml"
    path.write_text(yaml.safe_dump(dict(scenario), sort_keys=False, width=120), encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ the command line


def add_fuzz_parser(sub: Any) -> None:
    """Register ``mtg-ecs fuzz`` on the CLI's subparsers."""
    p = sub.add_parser("fuzz", help="play many games with odd agents and random decks, checking invariants "
                                    "after every action; violations are written as replay scenario files")
    from ecs.options import non_negative_int, positive_int, seed_number

    p.add_argument("--games", type=positive_int, default=100)
    p.add_argument("--seed", type=seed_number, default=0)
    p.add_argument("--workers", type=positive_int, default=1)
    p.add_argument("--out", default="fuzz-failures", metavar="DIR", help="where violation scenarios are written")
    p.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    p.add_argument("--first-game", type=non_negative_int, default=0, metavar="I",
                   help="index of the first game (default 0): games I .. I+N-1 of the seed")
    p.add_argument("--progress-every", type=non_negative_int, default=100, metavar="N",
                   help="print a progress line every N games (0: never)")
    p.set_defaults(func=_cmd_fuzz)


def _cmd_fuzz(args: argparse.Namespace) -> int:
    from ecs.errors import MtgError

    if args.json:
        parent = Path(args.json).resolve().parent
        if not parent.is_dir():
            raise MtgError(f"--json {args.json}: folder {parent} does not exist")
    # Ctrl-C or a kill (also when started in the background, where SIGINT starts ignored) stops the run
    # with the summary of the games played so far.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    summary = run_fuzz(args.games, args.seed, args.workers, out_dir=args.out, progress_every=args.progress_every,
                       first=args.first_game)
    print(summary.text(), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary.to_json(), fh, indent=2)
            fh.write("\n")
    if summary.interrupted:
        return 130
    return 1 if summary.violations else 0
