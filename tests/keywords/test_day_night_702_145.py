"""Day and night (CR 728) with daybound and nightbound (702.145)."""

from __future__ import annotations

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.scenario import Scenario
from systems.mechanics.day_night import state as day_night_state
from systems.mechanics.double_faced import is_transformed, transform

TAMER = {"name": "Test Tamer // Test Pup", "layout": "transform", "manaCost": "{2}{G}", "back": "Test Pup",
         "type": "Creature — Human Werewolf", "types": ["Creature"], "subtypes": ["Human", "Werewolf"],
         "supertypes": [], "power": "3", "toughness": "3",
         "text": "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)"}
PUP = {"name": "Test Pup", "face": "back", "front": "Test Tamer", "layout": "transform", "manaCost": None,
       "colorIndicator": ["G"], "type": "Creature — Werewolf", "types": ["Creature"], "subtypes": ["Werewolf"],
       "supertypes": [], "power": "4", "toughness": "4",
       "text": "Trample\nNightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)"}
WATCHER = {"name": "Test Watcher", "manaCost": "{1}", "type": "Creature — Human", "types": ["Creature"],
           "subtypes": ["Human"], "supertypes": [], "power": "1", "toughness": "1",
           "text": "If it's neither day nor night, it becomes day as this creature enters.\n"
                   "Whenever day becomes night or night becomes day, you gain 1 life."}
CARDS = [TAMER, PUP, WATCHER]


def _run(actions, *, alice_hand=("Test Tamer",), bob_hand=(), bob_lands=0, day_night=""):
    data = {"name": "day and night", "cards": CARDS, "turn": {"number": 2, "active": "alice", "step": "precombat_main"},
            "players": [{"name": "alice", "library": ["Forest"] * 4, "hand": list(alice_hand),
                         "battlefield": ["Forest"] * 3},
                        {"name": "bob", "library": ["Mountain"] * 4, "hand": list(bob_hand),
                         "battlefield": ["Mountain"] * bob_lands}],
            "actions": actions}
    sc = Scenario(data, "inline")
    day_night_state(sc.game).now = day_night
    sc.run()
    return sc.game


def _tamer(game):
    return next(e for e in game.table.row_of if game.obj(e).owner == 0 and game.card(e).layout == "transform")


def test_reader_and_round_trip():
    creature = int(CardType.CREATURE)
    for text in ("Daybound", "Nightbound", "If it's neither day nor night, it becomes day as ~ enters.",
                 "Whenever day becomes night or night becomes day, you gain 1 life."):
        (r,) = compile_lines("X", text, creature)
        assert r.ok and render_line(r.abilities) == text


def test_702_145d_a_daybound_permanent_makes_it_day():
    game = _run([{"player": "alice", "cast": "Test Tamer"}, {"pass": 1}])
    assert day_night_state(game).now == "day" and not is_transformed(game, _tamer(game))


def test_728_2a_no_spells_in_the_active_players_turn_it_becomes_night_and_daybound_transforms_702_145c():
    game = _run([{"player": "alice", "cast": "Test Tamer"}, {"pass": 1}, {"pass_until": "upkeep"},
                 {"pass_until": "upkeep"}])
    # alice cast a spell during her turn: still day in bob's turn; bob cast none: night in alice's next turn.
    assert game.active == 0 and day_night_state(game).now == "night"
    tamer = _tamer(game)
    assert is_transformed(game, tamer) and game.card(tamer).name == "Test Pup"


def test_702_145b_at_night_a_daybound_card_enters_transformed():
    game = _run([{"player": "alice", "cast": "Test Tamer"}, {"pass": 1}], day_night="night")
    tamer = _tamer(game)
    assert day_night_state(game).now == "night" and is_transformed(game, tamer) and game.card(tamer).name == "Test Pup"


def test_728_2b_two_spells_by_the_active_player_it_becomes_day_and_nightbound_transforms_702_145f():
    bolt = {"player": "bob", "cast": "Lightning Bolt", "targets": ["alice"]}
    game = _run([{"player": "alice", "cast": "Test Tamer"}, {"pass": 1}, {"pass_until": "upkeep"},
                 bolt, {"pass": 1}, bolt, {"pass": 1}, {"pass_until": "upkeep"}],
                bob_hand=("Lightning Bolt", "Lightning Bolt"), bob_lands=2, day_night="night")
    tamer = _tamer(game)
    assert game.active == 0 and day_night_state(game).now == "day" and not is_transformed(game, tamer)


def test_702_145b_daybound_cant_transform_except_by_its_own_ability():
    game = _run([{"player": "alice", "cast": "Test Tamer"}, {"pass": 1}])
    assert not transform(game, _tamer(game)) and not is_transformed(game, _tamer(game))


def test_728_1a_day_becomes_night_triggers_not_the_first_designation():
    game = _run([{"player": "alice", "cast": "Test Watcher"}, {"pass": 1}], alice_hand=("Test Watcher",))
    assert day_night_state(game).now == "day" and not game.waiting_triggers  # neither -> day is not "night becomes day"
    from systems.mechanics.day_night import become

    become(game, "night")
    assert len(game.waiting_triggers) == 1
