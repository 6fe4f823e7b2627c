"""Helpers for the tests of unleash, evolve, extort, dethrone, tribute and scavenge (not a test module).

States are built with the scenario loader from inline data and driven through the public decision API
(``legal_actions`` / ``apply``), the same paths agents use. Test cards are inline MTGJSON objects, so
the tests don't depend on the built-in pool beyond basic lands and a few well-known cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ecs import CastSpell, DecisionKind, Game, PassPriority
from ecs.actions import Choose
from ecs.scenario import Scenario


def creature(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}",
             colors: str = "") -> dict[str, Any]:
    """An MTGJSON-style test-only creature card."""
    return {"name": name, "manaCost": cost, "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}


def sorcery(name: str, text: str, cost: str = "{1}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
            "supertypes": [], "text": text}


def build(players: list[Mapping[str, Any]], *, cards: Iterable[Mapping[str, Any]] = (),
          turn: Mapping[str, Any] | None = None) -> Scenario:
    data: dict[str, Any] = {"name": "inline keyword test", "players": list(players)}
    cards = list(cards)
    if cards:
        data["cards"] = cards
    if turn is not None:
        data["turn"] = dict(turn)
    return Scenario(data, "inline")


def named(game: Game, card_name: str) -> list[int]:
    """Permanents with this name on the battlefield."""
    return [e for e in game.battlefield() if game.card(e).name == card_name]


def one(game: Game, card_name: str) -> int:
    found = named(game, card_name)
    assert len(found) == 1, f"{card_name}: {len(found)} on the battlefield"
    return found[0]


def cast(game: Game, card_name: str, targets: Iterable[int] = ()) -> None:
    targets = tuple(targets)
    for o in game.legal_actions():
        if isinstance(o, CastSpell) and game.card(o.card).name == card_name and o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no option to cast {card_name} -> {targets}: "
                         f"{[game.action_to_string(o) for o in game.legal_actions()]}")


def pass_once(game: Game) -> None:
    assert game.pending is not None and game.pending.kind == DecisionKind.PRIORITY, game.pending
    game.apply(PassPriority())


def pass_until_decision(game: Game, kinds: Iterable[DecisionKind] = (DecisionKind.MAY,), limit: int = 20) -> None:
    """Pass priority until a decision of one of ``kinds`` is pending."""
    kinds = tuple(kinds)
    for _ in range(limit):
        assert game.pending is not None
        if game.pending.kind in kinds:
            return
        pass_once(game)
    raise AssertionError(f"no {kinds} decision came: {game.pending}")


def resolve_stack(game: Game, limit: int = 20) -> None:
    """Pass until the stack is empty (every decision on the way must be a priority or trigger-order one)."""
    for _ in range(limit):
        if not game.stack and not game.waiting_triggers:
            return
        if game.pending is not None and game.pending.kind == DecisionKind.TRIGGER:
            game.apply(game.pending.options[0])  # put the waiting triggers on the stack in any order
            continue
        pass_once(game)
    raise AssertionError("the stack did not empty")


def choose(game: Game, player: int, yes: bool) -> None:
    assert game.pending is not None and game.pending.player == player, game.pending
    assert Choose(yes) in game.pending.options, game.pending.options
    game.apply(Choose(yes))


def plus1(game: Game, permanent: int) -> int:
    return int(game.table.get(permanent, "plus1"))


def pt(game: Game, permanent: int) -> tuple[int, int]:
    game.refresh_layers()
    return int(game.table.get(permanent, "power")), int(game.table.get(permanent, "toughness"))
