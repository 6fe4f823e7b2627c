"""Helpers for the tests of overload, bestow, fuse (split cards), miracle and cipher (not a test module).

States are built with the scenario loader from inline data and driven through the public decision API
(``legal_actions`` / ``apply``), the same paths agents use. The keyword cards are real cards of the
built-in pool (content/cards/core.json); a few test-only cards are inline MTGJSON objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from components.objects import InZone, Zone
from ecs import CastSpell, DecisionKind, Game, PassPriority
from ecs.actions import ActivateAbility
from ecs.scenario import Scenario


def creature(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}") -> dict[str, Any]:
    """An MTGJSON-style test-only creature card."""
    return {"name": name, "manaCost": cost, "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}


def build(players: list[Mapping[str, Any]], *, cards: Iterable[Mapping[str, Any]] = (),
          turn: Mapping[str, Any] | None = None) -> Scenario:
    data: dict[str, Any] = {"name": "inline keyword test", "players": list(players)}
    cards = list(cards)
    if cards:
        data["cards"] = cards
    if turn is not None:
        data["turn"] = dict(turn)
    return Scenario(data, "inline")


def alice_battlefield(battlefield: Iterable[str], cards: Iterable[Mapping[str, Any]]) -> Game:
    """A game where alice has ``battlefield`` on the battlefield and both players five Forests in library."""
    players = [{"name": "alice", "battlefield": list(battlefield), "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    return build(players, cards=cards).game


def activations(game: Game) -> list[ActivateAbility]:
    """The activated abilities the player with priority may activate now (602.2)."""
    return [o for o in game.legal_actions() if isinstance(o, ActivateAbility)]


def assert_creature_lines_round_trip(cards: Iterable[Mapping[str, Any]]) -> None:
    """Each creature card's one line compiles, and renders back to its text (with ``~`` for its name)."""
    from components.characteristics import CardType
    from content.oracle import compile_lines
    from content.oracle.render import render_line

    for card in cards:
        (r,) = compile_lines(card["name"], card["text"], CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities).replace("~", card["name"]) == card["text"]


def casts(game: Game, card_name: str, cost: str | None = None, face: int | None = None) -> list[CastSpell]:
    """The CastSpell options for a card (by its whole name), optionally of one cost keyword / half."""
    return [o for o in game.legal_actions() if isinstance(o, CastSpell) and game.card(o.card).name == card_name
            and (cost is None or o.cost == cost) and (face is None or o.face == face)]


def cast(game: Game, card_name: str, targets: Iterable[int] = (), cost: str = "", face: int = -1) -> None:
    targets = tuple(targets)
    for o in casts(game, card_name, cost, face):
        if o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no option to cast {card_name} ({cost or face}) -> {targets}: "
                         f"{[game.action_to_string(o) for o in game.legal_actions()]}")


def pass_once(game: Game) -> None:
    assert game.pending is not None and game.pending.kind == DecisionKind.PRIORITY, game.pending
    game.apply(PassPriority())


def resolve_top(game: Game) -> None:
    """Every player passes once: the top object of the stack resolves (CR 117.4, 608.1)."""
    for _ in range(game.num_players):
        pass_once(game)


def pass_until(game: Game, kind: DecisionKind, limit: int = 60) -> None:
    """Pass priority (and finish empty declarations) until a decision of ``kind`` comes up."""
    from ecs import FinishAttackers, FinishBlockers

    for _ in range(limit):
        p = game.pending
        assert p is not None, game.result
        if p.kind == kind:
            return
        if p.kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            raise AssertionError(f"stopped at {p.kind} waiting for {kind}")
    raise AssertionError(f"no {kind} decision")


def names(game: Game, player: int, zone: Zone) -> list[str]:
    return [game.card(c).name for c in game.zones[player][zone]]


def zone_of(game: Game, ent: int) -> Zone | None:
    if not game.world.exists(ent):
        return None
    where = game.world.try_get(ent, InZone)
    return None if where is None else where.zone


def one(game: Game, card_name: str) -> int:
    found = [e for e in game.battlefield() if game.card(e).name == card_name]
    assert len(found) == 1, f"{card_name}: {len(found)} on the battlefield"
    return found[0]


def untapped_lands(game: Game, player: int) -> int:
    game.refresh_layers()
    t = game.table
    from components.characteristics import CardType

    return sum(1 for r in range(t.n) if int(t.controller[r]) == player and int(t.types[r]) & CardType.LAND
               and not t.tapped[r])
