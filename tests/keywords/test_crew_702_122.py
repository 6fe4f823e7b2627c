"""Crew (CR 702.122): tap creatures with total power N or more; the Vehicle becomes an artifact creature."""

from __future__ import annotations

from board import activations, attack, build, creature, pass_once, pass_until, resolve_stack

from components.characteristics import CardType
from ecs.actions import DecisionKind, DeclareAttacker

ONE = creature("Test Squire", 1, 1)
THREE = creature("Test Brute", 3, 3)


def _truck(crew, sick=False, truck_sick=False):
    bf = [{"card": "Goliath Truck", "id": "truck", "sick": truck_sick}]
    bf += [{"card": c, "id": f"c{i}", "sick": sick} for i, c in enumerate(crew)]
    return build([{"name": "alice", "battlefield": bf, "library": ["Island"] * 3},
                  {"name": "bob", "library": ["Island"] * 3}], cards=[ONE, THREE], turn={"step": "beginning_of_combat"})


def _types(game, ent):
    game.refresh_layers()
    return int(game.table.get(ent, "types"))


def test_702_122a_the_options_are_all_sets_of_creatures_with_enough_power():
    sc = _truck(["Grizzly Bears", "Test Squire", "Test Squire", "Test Brute"])
    game = sc.game
    tapped = sorted(tuple(sorted(game.card(c).name for c in o.tapped)) for o in activations(game, sc.ids["truck"]))
    # Crew 2, "any number of ... creatures with total power N or greater": every set of power 2 or more, not only
    # the minimal ones. With the bear (2): any of the others with it, 3 squire counts x brute or not = 6; without it,
    # the brute (3) with 0-2 squires = 3; neither: both squires = 1. The two squires are interchangeable: a set
    # holds 0, 1 or 2 of them. 10 in all.
    b, s_, r = "Grizzly Bears", "Test Squire", "Test Brute"
    assert tapped == sorted([(b,), (b, s_), (b, s_, s_), (b, r), (b, r, s_), (b, r, s_, s_),
                             (r,), (r, s_), (r, s_, s_), (s_, s_)])


def test_702_122a_not_enough_power_no_option():
    sc = _truck(["Test Squire"])
    assert activations(sc.game, sc.ids["truck"]) == []


def test_702_122a_crewing_taps_the_creatures_and_makes_it_an_artifact_creature():
    sc = _truck(["Grizzly Bears"])
    game = sc.game
    assert not _types(game, sc.ids["truck"]) & CardType.CREATURE  # 301.7a: a Vehicle isn't a creature
    (crew,) = activations(game, sc.ids["truck"])
    game.apply(crew)
    assert game.table.get(sc.ids["c0"], "tapped")  # paid as it is activated (602.2b)
    resolve_stack(game)
    assert _types(game, sc.ids["truck"]) & (CardType.ARTIFACT | CardType.CREATURE) == CardType.ARTIFACT | CardType.CREATURE
    assert (game.table.get(sc.ids["truck"], "power"), game.table.get(sc.ids["truck"], "toughness")) == (4, 4)
    attack(game, [sc.ids["truck"]])
    assert sc.ids["truck"] in game.combat.attackers


def test_302_6_summoning_sick_creatures_may_crew_but_a_sick_vehicle_cant_attack():
    sc = build([{"name": "alice", "battlefield": [{"card": "Goliath Truck", "id": "truck", "sick": True},
                                                  {"card": "Grizzly Bears", "id": "bear", "sick": True},
                                                  {"card": "Test Brute", "id": "brute"}]}, {"name": "bob"}],
               cards=[THREE], turn={"step": "beginning_of_combat"})
    game = sc.game
    crew = next(o for o in activations(game, sc.ids["truck"]) if o.tapped == (sc.ids["bear"],))
    game.apply(crew)  # tapping a creature to crew is no {T} cost: a sick one may crew
    resolve_stack(game)
    pass_until(game, DecisionKind.ATTACKERS)
    assert DeclareAttacker(sc.ids["brute"], game.players[1]) in game.pending.options
    assert DeclareAttacker(sc.ids["truck"], game.players[1]) not in game.pending.options  # 302.6


def test_702_122a_it_is_a_creature_only_until_end_of_turn():
    sc = _truck(["Grizzly Bears"])
    game = sc.game
    game.apply(activations(game, sc.ids["truck"])[0])
    resolve_stack(game)
    while game.turn == 1:
        if game.pending.kind == DecisionKind.PRIORITY:
            pass_once(game)
        else:
            game.apply(game.pending.options[-1])
    assert not _types(game, sc.ids["truck"]) & CardType.CREATURE


def test_702_122a_a_vehicle_doesnt_crew_itself():
    """Once crewed it is a creature, but "other" creatures pay its crew cost."""
    sc = _truck(["Grizzly Bears", "Test Squire"])
    game = sc.game
    crew = next(o for o in activations(game, sc.ids["truck"]) if o.tapped == (sc.ids["c0"],))
    game.apply(crew)
    resolve_stack(game)
    assert all(sc.ids["truck"] not in o.tapped for o in activations(game, sc.ids["truck"]))
