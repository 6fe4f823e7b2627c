"""Shared helpers for the tests in tests/layers (not a test module itself).

Two ways to get a board:

* ``board()`` builds a bare :class:`~ecs.game.Game` and puts cards straight onto the battlefield with
  ``systems.zones.create_card``; continuous effects are then added as entities with
  ``systems.layers.add_effect``. Nothing advances by itself: the tests call ``state_check`` and read
  the table. This is how layer rules that no printed card in the pool exercises are tested.
* ``scenario()`` builds a board through the scenario loader (``ecs.scenario.Scenario``) and leaves the
  game waiting at its first decision, to be driven through ``legal_actions`` / ``apply`` like an agent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from board import resolve_stack

from components.abilities import Layer, PermanentFilter
from components.card import CardDef
from components.characteristics import CardType, Color
from components.keywords import Keyword
from components.objects import ContinuousEffect, InZone, Zone
from content.card_pool import builtin_pool, card_from_json
from ecs.actions import ActivateAbility, CastSpell, DecisionKind, PassPriority
from ecs.game import Game
from ecs.scenario import Scenario
from systems.layers import add_effect
from systems.zones import create_card

CREATURE = int(CardType.CREATURE)
ARTIFACT = int(CardType.ARTIFACT)
ENCHANTMENT = int(CardType.ENCHANTMENT)
LAND = int(CardType.LAND)
W, U, B, R, G = (int(c) for c in (Color.W, Color.U, Color.B, Color.R, Color.G))
FLYING = int(Keyword.FLYING)
VIGILANCE = int(Keyword.VIGILANCE)
TRAMPLE = int(Keyword.TRAMPLE)

__all__ = ["ARTIFACT", "B", "CREATURE", "ENCHANTMENT", "FLYING", "G", "LAND", "R", "TRAMPLE", "U", "VIGILANCE",
           "W", "Layer", "PermanentFilter", "activate", "board", "card", "cast", "chars", "effect", "inline", "inline_card",
           "next_turn", "pass_priority", "put", "resolve_stack", "scenario", "zone_of"]


def card(name: str) -> CardDef:
    """A card of the built-in pool."""
    return builtin_pool().get(name)


def inline(name: str, type_line: str, power: int | None = None, toughness: int | None = None, *,
           text: str = "", cost: str = "{1}", loyalty: int | None = None) -> dict[str, Any]:
    """An MTGJSON-style test-only card object (for ``scenario(cards=...)`` or ``card_from_json``)."""
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "text": text}
    if power is not None:
        obj["power"] = str(power)
        obj["toughness"] = str(toughness)
    if loyalty is not None:
        obj["loyalty"] = str(loyalty)
    return obj


def inline_card(*args: Any, **kwargs: Any) -> CardDef:
    return card_from_json(inline(*args, **kwargs))


def board() -> Game:
    """A two-player game (alice = 0, bob = 1) with nothing in it and no decision pending."""
    return Game(["alice", "bob"], seed=0, log=False)


def put(game: Game, what: str | CardDef, controller: int = 0, *, token: bool = False) -> int:
    """Put a card onto the battlefield under ``controller`` (it gets the next timestamp, CR 613.7d)."""
    c = card(what) if isinstance(what, str) else what
    return create_card(game, c, controller, Zone.BATTLEFIELD, token=token)


def effect(game: Game, layer: int, *, source: int, timestamp: int | None = None, controller: int = 0,
           fixed: Iterable[int] | None = None, affected: PermanentFilter | None = None,
           from_static: bool | None = None, until_end_of_turn: bool = False, **op: Any) -> int:
    """Add one continuous-effect entity (CR 611) and return it.

    With ``fixed`` the affected set is locked in (a resolved spell, 611.2c); with ``affected`` it is a
    filter re-evaluated continuously (a static ability, 611.3a).
    """
    if from_static is None:
        from_static = fixed is None
    ce = ContinuousEffect(
        layer=layer, timestamp=game.new_timestamp() if timestamp is None else timestamp, source=source,
        controller=controller, until_end_of_turn=until_end_of_turn, from_static=from_static,
        fixed=None if fixed is None else tuple(fixed), affected=affected, **op,
    )
    return add_effect(game, ce)


def chars(game: Game, ent: int) -> dict[str, Any]:
    """A permanent's characteristics after all layers, read from the permanent table."""
    from systems.layers import subtypes_of

    game.refresh_layers()
    t = game.table
    row = t.row_of[ent]
    return {
        "controller": int(t.controller[row]), "types": int(t.types[row]), "supertypes": int(t.supertypes[row]),
        "colors": int(t.colors[row]), "keywords": int(t.keywords[row]), "power": int(t.power[row]),
        "toughness": int(t.toughness[row]), "subtypes": subtypes_of(game, ent),
        "pt": (int(t.power[row]), int(t.toughness[row])),
    }


def zone_of(game: Game, ent: int) -> Zone | None:
    """The zone of an object, or None when the entity no longer exists (it changed zones, CR 400.7)."""
    if not game.world.exists(ent):
        return None
    where = game.world.try_get(ent, InZone)
    return None if where is None else where.zone


# ------------------------------------------------------------------ scenario-driven games


def scenario(players: list[Mapping[str, Any]], *, cards: list[Mapping[str, Any]] | None = None,
             turn: Mapping[str, Any] | None = None) -> Scenario:
    """A scenario set up from inline data; its game waits at its first decision."""
    data: dict[str, Any] = {"name": "inline layers test", "players": list(players)}
    if cards:
        data["cards"] = list(cards)
    if turn is not None:
        data["turn"] = dict(turn)
    return Scenario(data, "inline")


def cast(game: Game, name: str, targets: Iterable[int] = ()) -> None:
    """Cast the named spell with exactly these targets, through a legal option."""
    targets = tuple(targets)
    for o in game.whole_actions():
        if isinstance(o, CastSpell) and game.card(o.card).name == name and o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no legal option to cast {name} at {targets}: "
                         f"{[game.action_to_string(o) for o in game.whole_actions()]}")


def activate(game: Game, source: int, targets: Iterable[int] = ()) -> None:
    """Activate the (first offered) activated ability of ``source`` through a legal option."""
    targets = tuple(targets)
    for o in game.whole_actions():
        if isinstance(o, ActivateAbility) and o.source == source and o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no legal option to activate {game.name(source)}: "
                         f"{[game.action_to_string(o) for o in game.whole_actions()]}")


def pass_priority(game: Game, times: int = 1) -> None:
    for _ in range(times):
        assert game.pending is not None and game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())




def next_turn(game: Game, *, limit: int = 500) -> None:
    """Pass (declaring no attackers or blockers) until the next turn's first priority decision."""
    from ecs.actions import FinishAttackers, FinishBlockers

    start = game.turn
    for _ in range(limit):
        assert game.pending is not None, f"game ended: {game.result}"
        if game.turn > start and game.pending.kind == DecisionKind.PRIORITY:
            return
        kind = game.pending.kind
        if kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            raise AssertionError(f"unexpected decision {kind} on the way to the next turn")
    raise AssertionError("did not reach the next turn")
