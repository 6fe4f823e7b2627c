"""Zones (CR 400-406): new objects on zone changes, owners' zones, hidden information, library order."""

from __future__ import annotations

import json

from board import advance_to, build, cast, name, pass_priority, zone_of

from components.objects import InZone, Step, Zone
from systems.counters import counters_on
from systems.zones import move


def test_400_7_each_zone_change_makes_a_new_object():
    """Hand -> stack -> battlefield: three different entities; the old ones no longer exist."""
    sc = build([{"name": "alice", "hand": [{"card": "Grizzly Bears", "id": "bear"}],
                 "battlefield": ["Forest", "Forest"]}, {"name": "bob"}])
    game = sc.game
    in_hand = sc.ids["bear"]
    assert zone_of(game, in_hand) == Zone.HAND
    cast(game, "Grizzly Bears")
    on_stack = game.stack[-1]
    assert on_stack != in_hand and zone_of(game, in_hand) is None
    assert zone_of(game, on_stack) == Zone.STACK
    pass_priority(game, 2)
    (permanent,) = [e for e in game.battlefield() if name(game, e) == "Grizzly Bears"]
    assert permanent not in (in_hand, on_stack)
    assert zone_of(game, on_stack) is None
    assert zone_of(game, permanent) == Zone.BATTLEFIELD


def test_400_7_dying_creature_becomes_a_new_object_without_counters_or_damage():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear",
                                                 "counters": {"+1/+1": 1}, "damage": 1}]}])
    game = sc.game
    bear = sc.ids["bear"]
    cast(game, "Lightning Bolt", [bear])
    pass_priority(game, 2)
    (card,) = game.zones[1][Zone.GRAVEYARD]
    assert card != bear and not game.world.exists(bear)
    assert name(game, card) == "Grizzly Bears"
    assert counters_on(game, card) == {}
    assert not any(k[0] == bear for k in game.counters)  # the old object's counters are gone too
    assert card not in game.table.row_of and bear not in game.table.row_of


def test_400_3_cards_go_to_their_owners_graveyard():
    """Bob's spell goes to bob's graveyard; alice's creature it killed goes to alice's."""
    sc = build([{"name": "alice", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]},
                {"name": "bob", "hand": ["Shock"], "battlefield": ["Mountain"]}])
    game = sc.game
    pass_priority(game)  # alice passes; bob acts in alice's main phase
    cast(game, "Shock", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert [name(game, e) for e in game.zones[0][Zone.GRAVEYARD]] == ["Grizzly Bears"]
    assert [name(game, e) for e in game.zones[1][Zone.GRAVEYARD]] == ["Shock"]


def test_400_3_permanent_controlled_by_another_player_goes_to_owners_graveyard():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob", "hand": [{"card": "Grizzly Bears", "id": "bear"}]}])
    game = sc.game
    # put bob's bear onto the battlefield under alice's control (as a control effect would leave it)
    stolen = move(game, sc.ids["bear"], Zone.BATTLEFIELD, controller=0)
    game.pending = None
    game.advance()  # re-offer alice's priority options with the new board
    assert game.controller(stolen) == 0 and game.obj(stolen).owner == 1
    cast(game, "Lightning Bolt", [stolen])
    pass_priority(game, 2)
    assert game.zones[0][Zone.GRAVEYARD] and [name(game, e) for e in game.zones[0][Zone.GRAVEYARD]] == [
        "Lightning Bolt"]
    assert [name(game, e) for e in game.zones[1][Zone.GRAVEYARD]] == ["Grizzly Bears"]
    (card,) = game.zones[1][Zone.GRAVEYARD]
    assert game.world.get(card, InZone).player == 1


def test_400_2_observation_hides_other_hands_and_all_libraries():
    sc = build([
        {"name": "alice", "hand": ["Shock", "Murder"], "library": ["Serra Angel", "Wind Drake"],
         "graveyard": ["Divination"]},
        {"name": "bob", "hand": ["Djinn of the Lamp", "Harmonize"], "library": ["Silverback Ape"],
         "graveyard": ["Nourish"], "battlefield": ["Forest"]},
    ])
    game = sc.game
    obs = game.observation(0)
    text = json.dumps(obs)
    me, them = obs["players"]
    assert sorted(c["name"] for c in me["hand"]) == ["Murder", "Shock"]  # own hand is visible
    assert "hand" not in them and them["hand_count"] == 2
    for secret in ("Djinn of the Lamp", "Harmonize", "Silverback Ape", "Serra Angel", "Wind Drake"):
        assert secret not in text, secret  # bob's hand, and every library, are hidden
    assert me["library_count"] == 2 and them["library_count"] == 1
    # public zones are visible to everyone (CR 400.2)
    assert them["graveyard"] == ["Nourish"] and me["graveyard"] == ["Divination"]
    assert [p["name"] for p in obs["battlefield"]] == ["Forest"]
    obs_bob = game.observation(1)
    assert sorted(c["name"] for c in obs_bob["players"][1]["hand"]) == ["Djinn of the Lamp", "Harmonize"]
    assert "Shock" not in json.dumps(obs_bob)


def test_401_1_library_lists_top_first_and_draws_come_from_the_top():
    sc = build([{"name": "alice", "library": ["Forest", "Island", "Mountain"]},
                {"name": "bob", "library": ["Plains", "Swamp"]}],
               turn={"number": 2, "active": "alice", "step": "upkeep"})
    game = sc.game
    assert [name(game, e) for e in game.zones[0][Zone.LIBRARY]] == ["Forest", "Island", "Mountain"]
    advance_to(game, Step.PRECOMBAT_MAIN)
    assert [name(game, e) for e in game.zones[0][Zone.HAND]] == ["Forest"]
    assert [name(game, e) for e in game.zones[0][Zone.LIBRARY]] == ["Island", "Mountain"]
    advance_to(game, Step.PRECOMBAT_MAIN, 3)  # bob's turn
    assert [name(game, e) for e in game.zones[1][Zone.HAND]] == ["Plains"]


def test_121_2_drawing_several_cards_takes_them_one_at_a_time_from_the_top():
    sc = build([{"name": "alice", "hand": ["Divination"], "battlefield": ["Island", "Island", "Island"],
                 "library": ["Forest", "Island", "Mountain"]}, {"name": "bob"}])
    game = sc.game
    cast(game, "Divination")
    pass_priority(game, 2)
    assert [name(game, e) for e in game.zones[0][Zone.HAND]] == ["Forest", "Island"]
    assert [name(game, e) for e in game.zones[0][Zone.LIBRARY]] == ["Mountain"]
