"""The tests' one board builder (not a test module): positions from inline data, and the moves that drive them.

Positions are built with the scenario loader (``ecs.scenario.Scenario``) from the same data a scenario file holds
(players with their zones, the turn, test-only MTGJSON cards), then driven through the public decision API
(``legal_actions`` / ``whole_actions`` / ``apply``), the paths agents use. A spell or ability is chosen by its whole
play (``CastSpell`` / ``ActivateAbility`` with every choice made): ``Game.apply`` answers the small announcing
decisions that lead to it (CR 601.2, systems/announcing.py).

Helpers taking a ``Scenario`` (``sc``) name objects by the scenario's ids; the others take the ``Game``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from components.characteristics import CardType
from components.objects import InZone, Step, Zone
from ecs import (
    CastSpell,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
    Game,
    PassPriority,
    PlayLand,
)
from ecs.actions import ActivateAbility, AssignDamage, Choose
from ecs.scenario import Scenario

# ------------------------------------------------------------------ cards (MTGJSON-style objects)


def creature(name: str, power: int, toughness: int, text: str = "", cost: str = "{1}",
             type_line: str = "Creature — Test") -> dict[str, Any]:
    """A test-only creature card."""
    return {"name": name, "manaCost": cost, "type": type_line, "text": text, "power": str(power),
            "toughness": str(toughness)}


vanilla = creature


def bear(name: str, power: int, toughness: int, text: str = "", cost: str = "{2}{G}",
         type_line: str = "Creature — Bear") -> dict[str, Any]:
    """A test-only green creature (the combat tests' default: {2}{G}, a Bear)."""
    return {"name": name, "manaCost": cost, "type": type_line, "power": str(power), "toughness": str(toughness),
            "text": text}


def sorcery(name: str, text: str, cost: str = "{1}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
            "supertypes": [], "text": text}


def card(name: str, type_line: str, text: str = "", cost: str = "{1}", **extra: Any) -> dict[str, Any]:
    """Any test-only card: ``extra`` adds MTGJSON fields (power, toughness, loyalty as strings)."""
    return {"name": name, "manaCost": cost, "type": type_line, "text": text, **extra}


def planeswalker(name: str, loyalty: int, cost: str = "{2}{U}") -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": "Legendary Planeswalker — Jace", "loyalty": str(loyalty),
            "text": ""}


# ------------------------------------------------------------------ positions


def build(players: list[Mapping[str, Any]], *, cards: Iterable[Mapping[str, Any]] | None = (),
          turn: Mapping[str, Any] | None = None, mana_at_priority: bool = False) -> Scenario:
    """A scenario set up from inline data (no actions, no expectations); its game waits for a decision.
    ``mana_at_priority``: the game option (CR 605.3a; scenario files have it on): off, the option lists are
    those of simulation."""
    data: dict[str, Any] = {"name": "inline test state", "players": list(players)}
    cards = list(cards or ())
    if cards:
        data["cards"] = cards
    if turn is not None:
        data["turn"] = dict(turn)
    return Scenario(data, "inline", mana_at_priority=mana_at_priority)


def players(*boards: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(boards)


def alice_battlefield(battlefield: Iterable[str], cards: Iterable[Mapping[str, Any]]) -> Game:
    """A game where alice has ``battlefield`` on the battlefield and both players five Forests in library."""
    return build([{"name": "alice", "battlefield": list(battlefield), "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}], cards=cards).game


def combat_board(alice: list, bob: list, cards: list | None = None, step: str = "declare_attackers",
                 alice_life: int = 20, bob_life: int = 20, hand: list | None = None) -> Scenario:
    """alice (active, in ``step``) and bob; entries are {card, id, ...} as in scenario files."""
    data = {
        "name": "combat test",
        "cards": cards or [],
        "players": [{"name": "alice", "battlefield": alice, "life": alice_life, "hand": hand or []},
                    {"name": "bob", "battlefield": bob, "life": bob_life}],
        "turn": {"number": 3, "active": "alice", "step": step},
    }
    return Scenario(data, "combat test", mana_at_priority=False)


# ------------------------------------------------------------------ looking at a game


def name(game: Game, ent: int) -> str:
    return game.card(ent).name


def of_type(game: Game, cls: type) -> list[Any]:
    """The whole plays of one action type offered now."""
    return [o for o in game.whole_actions() if isinstance(o, cls)]


def names(game: Game, player: int, zone: Zone) -> list[str]:
    return [game.card(c).name for c in game.zones[player][zone]]


def names_in(game: Game, player: int, zone: Zone) -> list[str]:
    if zone == Zone.BATTLEFIELD:
        return sorted(name(game, e) for e in game.battlefield() if game.controller(e) == player)
    return names(game, player, zone)


def named(game: Game, card_name: str) -> list[int]:
    """Permanents with this name on the battlefield."""
    return [e for e in game.battlefield() if game.card(e).name == card_name]


def one(game: Game, card_name: str) -> int:
    found = named(game, card_name)
    assert len(found) == 1, f"{card_name}: {len(found)} on the battlefield"
    return found[0]


def on_battlefield(game: Game, card_name: str, controller: int | None = None) -> list[int]:
    return [e for e in named(game, card_name) if controller is None or game.controller(e) == controller]


def zone_of(game: Game, ent: int) -> Zone | None:
    """The zone of an entity, or None when it no longer exists (it changed zones, CR 400.7)."""
    if not game.world.exists(ent):
        return None
    where = game.world.try_get(ent, InZone)
    return None if where is None else where.zone


def col(game: Game, ent: int, column: str) -> int:
    game.refresh_layers()
    return game.table.get(ent, column)


def plus1(game: Game, permanent: int) -> int:
    return int(game.table.get(permanent, "plus1"))


def pt(game: Game, permanent: int) -> tuple[int, int]:
    game.refresh_layers()
    return int(game.table.get(permanent, "power")), int(game.table.get(permanent, "toughness"))


def untapped(game: Game, player: int) -> int:
    t = game.table
    return sum(1 for e in game.battlefield() if int(t.get(e, "controller")) == player and not t.get(e, "tapped"))


def untapped_lands(game: Game, player: int) -> int:
    game.refresh_layers()
    t = game.table
    return sum(1 for r in range(t.n) if int(t.controller[r]) == player and int(t.types[r]) & CardType.LAND
               and not t.tapped[r])


# ------------------------------------------------------------------ casting and activating


def casts(game: Game, card_name: str, cost: str | None = None, face: int | None = None) -> list[CastSpell]:
    """The whole CastSpell plays for a card (by its whole name), optionally of one cost keyword / half."""
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == card_name
            and (cost is None or o.cost == cost) and (face is None or o.face == face)]


def cast_options(game: Game, card_name: str) -> list[CastSpell]:
    return casts(game, card_name)


def cast(game: Game, card_name: str, targets: Iterable[int] = (), cost: str = "", face: int = -1) -> None:
    """Cast the named spell with exactly these targets through a legal play; fails the test if none."""
    targets = tuple(targets)
    for o in casts(game, card_name, cost, face):
        if o.targets == targets:
            game.apply(o)
            return
    raise AssertionError(f"no option to cast {card_name} ({cost or face}) -> {targets}: "
                         f"{[game.action_to_string(o) for o in game.whole_actions()]}")


def activations(game: Game, source: int | None = None) -> list[ActivateAbility]:
    """The activated abilities (of ``source``, or all) the player with priority may activate now (602.2)."""
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and (source is None or o.source == source)]


def play_land(game: Game, card_name: str) -> None:
    for o in of_type(game, PlayLand):
        if name(game, o.card) == card_name:
            game.apply(o)
            return
    raise AssertionError(f"no legal option to play {card_name}")


def answer(game: Game, yes: bool) -> None:
    assert game.pending is not None and Choose(yes) in game.pending.options, game.pending
    game.apply(Choose(yes))


def choose(game: Game, player: int, yes: bool) -> None:
    assert game.pending is not None and game.pending.player == player, game.pending
    answer(game, yes)


# ------------------------------------------------------------------ passing


def pass_priority(game: Game, times: int = 1) -> None:
    for _ in range(times):
        assert game.pending is not None and game.pending.kind == DecisionKind.PRIORITY, game.pending
        game.apply(PassPriority())


def pass_once(game: Game) -> None:
    pass_priority(game)


def resolve_top(game: Game) -> None:
    """Every player passes once: the top object of the stack resolves (CR 117.4, 608.1)."""
    for _ in range(game.num_players):
        pass_once(game)


def resolve_stack(game: Game, limit: int = 100) -> None:
    """Pass until the stack is empty; waiting triggers go on the stack in the first order offered (603.3b)."""
    for _ in range(limit):
        if not game.stack and not game.waiting_triggers:
            return
        p = game.pending
        assert p is not None, game.result
        if p.kind == DecisionKind.PRIORITY:
            pass_once(game)
        elif p.kind == DecisionKind.TRIGGER:
            game.apply(p.options[0])
        else:
            raise AssertionError(f"stopped at a {p.kind.value} decision with the stack not empty")
    raise AssertionError("the stack did not empty")


def pass_until(game: Game, kind: DecisionKind, limit: int = 60) -> None:
    """Pass priority (and finish empty declarations) until a decision of ``kind`` comes up."""
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


def pass_until_decision(game: Game, kinds: DecisionKind | Iterable[DecisionKind] = (DecisionKind.MAY,),
                        limit: int = 20) -> None:
    """Pass priority until a decision of one of ``kinds`` (or of the one kind given) is pending."""
    kinds = (kinds,) if isinstance(kinds, DecisionKind) else tuple(kinds)
    for _ in range(limit):
        assert game.pending is not None
        if game.pending.kind in kinds:
            return
        pass_once(game)
    raise AssertionError(f"no {kinds} decision came: {game.pending}")


def advance_to(game: Game, step: Step, turn: int | None = None, *, limit: int = 2000,
               discard: bool = False) -> None:
    """Pass priority (and declare no attackers/blockers) until ``step`` of ``turn`` begins with a decision.

    Stops at the first priority decision in that step; fails at any other decision, except that with
    ``discard`` a cleanup discard (CR 514.1) is answered with the first card.
    """
    target_turn = game.turn if turn is None else turn
    for _ in range(limit):
        assert game.pending is not None, f"game ended: {game.result}"
        if game.turn == target_turn and game.step == step and game.pending.kind == DecisionKind.PRIORITY:
            return
        assert game.turn <= target_turn, f"overshot: turn {game.turn} {game.step.label}"
        kind = game.pending.kind
        if kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        elif kind == DecisionKind.DISCARD and discard:
            game.apply(game.legal_actions()[0])
        else:
            raise AssertionError(f"unexpected decision {kind} on the way to {step.label}")
    raise AssertionError("did not reach the step")


# ------------------------------------------------------------------ combat


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
    declare_blocks(game, pairs)


def declare_attackers(game: Game, attackers: Iterable[int], defender: int | None = None) -> None:
    """At the attackers decision, attack the (first) opponent with each creature, then finish."""
    assert game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS, game.pending
    for creature_ent in attackers:
        options = [o for o in of_type(game, DeclareAttacker) if o.creature == creature_ent
                   and (defender is None or o.defender == defender)]
        assert options, f"{name(game, creature_ent)} cannot attack"
        game.apply(options[0])
    if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())


def declare_blocks(game: Game, blocks: Iterable[tuple[int, int]]) -> None:
    assert game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS, game.pending
    for blocker, attacker in blocks:
        game.apply(DeclareBlocker(blocker, attacker))
    if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())


def sc_pass_until(sc: Scenario, kind: DecisionKind | None = None, step: Step | None = None, limit: int = 100) -> None:
    """Pass priority until a decision of ``kind`` is pending, or priority in ``step``."""
    game = sc.game
    for _ in range(limit):
        p = game.pending
        assert p is not None, game.result
        if kind is not None and p.kind == kind:
            return
        if step is not None and game.step == step and p.kind == DecisionKind.PRIORITY:
            return
        if p.kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS and FinishBlockers() in p.options:
            game.apply(FinishBlockers())
        else:
            raise AssertionError(f"stopped at {p.kind} in {game.step}")
    raise AssertionError("limit reached")


def sc_attack(sc: Scenario, attacks: dict[str, str] | list[str]) -> None:
    """Declare attackers (id -> defender ref, or ids attacking bob) and finish."""
    game = sc.game
    assert game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS, game.pending
    pairs = attacks.items() if isinstance(attacks, dict) else [(a, "bob") for a in attacks]
    for a, d in pairs:
        game.apply(DeclareAttacker(sc.ids[a], sc.resolve(d)))
    if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())


def sc_block(sc: Scenario, blocks: dict[str, str] | list[tuple[str, str]]) -> None:
    """Declare blocks (blocker id -> attacker id, or pairs) for bob, then finish."""
    game = sc.game
    sc_pass_until(sc, DecisionKind.BLOCKERS)
    pairs = blocks.items() if isinstance(blocks, dict) else blocks
    for b, a in pairs:
        game.apply(DeclareBlocker(sc.ids[b], sc.ids[a]))
    if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())


def assignments(sc: Scenario) -> list[dict[str, int]]:
    """The pending damage-assignment options as {recipient ref: amount} dicts."""
    game = sc.game
    assert game.pending is not None and game.pending.kind == DecisionKind.ASSIGN_DAMAGE, game.pending
    refs = {v: k for k, v in sc.ids.items()} | {e: n for n, e in zip(("alice", "bob"), game.players, strict=True)}
    return [{refs[r]: a for r, a in o.assignment} for o in game.pending.options if isinstance(o, AssignDamage)]


def choose_assignment(sc: Scenario, wanted: dict[str, int]) -> None:
    game = sc.game
    assert game.pending is not None
    want = {sc.resolve(k): v for k, v in wanted.items() if v}
    for o in game.pending.options:
        if isinstance(o, AssignDamage) and dict(o.assignment) == want:
            game.apply(o)
            return
    raise AssertionError(f"{wanted} is not offered: {assignments(sc)}")


def sc_row(sc: Scenario, ref: str, column: str) -> int:
    return col(sc.game, sc.ids[ref], column)


def sc_on_battlefield(sc: Scenario, ref: str) -> bool:
    return sc.ids[ref] in sc.game.table.row_of


def sc_life(sc: Scenario, player: str) -> int:
    return sc.game.player_states[sc.player_index[player]].life


def assert_creature_lines_round_trip(cards: Iterable[Mapping[str, Any]]) -> None:
    """Each creature card's one line compiles, and renders back to its text (with ``~`` for its name)."""
    from content.oracle import compile_lines
    from content.oracle.render import render_line

    for c in cards:
        (r,) = compile_lines(c["name"], c["text"], CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities).replace("~", c["name"]) == c["text"]


def set_tapped_row(t: Any, row: int, tapped: bool) -> None:
    """Tap or untap the permanent in ``row`` of the table ``t`` by the table's own operations (it keeps a list of the
    tapped column in step with them: a test writing the column directly would leave that list stale)."""
    entity = t.entity_list[row]
    if tapped:
        t.tap(entity)
    else:
        t.untap(entity)
