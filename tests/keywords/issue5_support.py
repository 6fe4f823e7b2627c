"""Helpers for the tests of the keywords of issue 5 (kicker, flashback, landwalk, ward, crew, ...): not a test
module. Games are built with the scenario loader from inline data and driven through the public decision API
(``legal_actions`` / ``apply``), the same paths agents use; the real keyword cards are in the built-in pool
(content/cards/core.json)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from alt_cast_support import build, cast, casts, creature, names, pass_once, pass_until, resolve_top

from components.objects import Zone
from ecs import Game
from ecs.actions import (
    ActivateAbility,
    Choose,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
)

__all__ = ["Zone", "activations", "answer", "attack", "block", "build", "cast", "casts", "creature", "names",
           "one", "pass_once", "pass_until", "resolve_stack", "resolve_top", "untapped"]


def one(game: Game, card_name: str) -> int:
    found = [e for e in game.battlefield() if game.card(e).name == card_name]
    assert len(found) == 1, f"{card_name}: {len(found)} on the battlefield"
    return found[0]


def untapped(game: Game, player: int) -> int:
    t = game.table
    return sum(1 for e in game.battlefield() if int(t.get(e, "controller")) == player and not t.get(e, "tapped"))


def answer(game: Game, yes: bool) -> None:
    assert game.pending is not None and Choose(yes) in game.pending.options, game.pending
    game.apply(Choose(yes))


def resolve_stack(game: Game, limit: int = 20) -> None:
    """Pass (and put triggers on the stack) until the stack is empty."""
    for _ in range(limit):
        if not game.stack and not game.waiting_triggers:
            return
        p = game.pending
        assert p is not None
        if p.kind == DecisionKind.PRIORITY:
            pass_once(game)
        else:
            game.apply(p.options[0])
    raise AssertionError("the stack did not empty")


def attack(game: Game, attackers: Iterable[int], defender: int | None = None) -> None:
    """From the beginning of combat (or earlier in the turn), declare these attackers."""
    pass_until(game, DecisionKind.ATTACKERS)
    target = game.players[1 - game.active] if defender is None else defender
    for a in attackers:
        game.apply(DeclareAttacker(a, target))
    if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())


def block(game: Game, pairs: Iterable[tuple[int, int]]) -> None:
    """Declare blocks (blocker, attacker) once the blockers decision comes up."""
    pass_until(game, DecisionKind.BLOCKERS)
    for b, a in pairs:
        game.apply(DeclareBlocker(b, a))
    if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())


def activations(game: Game, source: int) -> list[ActivateAbility]:
    return [o for o in game.legal_actions() if isinstance(o, ActivateAbility) and o.source == source]


def players(*boards: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(boards)
