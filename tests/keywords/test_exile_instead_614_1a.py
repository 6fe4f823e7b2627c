"""'If that creature would die this turn, exile it instead.' / 'If a creature dealt damage this way would die this turn,
exile it instead.' (CR 614.1a, 614.6): a replacement effect a resolving spell creates on the creatures it names, for
the rest of the turn (514.2), whatever makes them die (704.5g lethal damage, 701.8 destroy)."""

from __future__ import annotations

from board import build, cast, pass_once

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line


def _instant(name, text, cost="{R}"):
    return {"name": name, "manaCost": cost, "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "text": text}


def _creature(name, p, t, text=""):
    return {"name": name, "manaCost": "{1}", "type": "Creature — Beast", "types": ["Creature"], "subtypes": ["Beast"],
            "supertypes": [], "text": text, "power": str(p), "toughness": str(t)}


SCORCH = _instant("Test Scorch", "Test Scorch deals 2 damage to target creature. If that creature would die this "
                                 "turn, exile it instead.")
FLAME = _instant("Test Flame", "Test Flame deals 3 damage to any target. If a creature dealt damage this way would "
                               "die this turn, exile it instead.")
FALLS = _instant("Test Falls", "Test Falls deals 4 damage to each creature. If a creature dealt damage this way "
                               "would die this turn, exile it instead.")
MURDER = _instant("Test Murder", "Destroy target creature.", cost="{B}")
SMALL = _creature("Test Small", 2, 2)
BIG = _creature("Test Big", 5, 5)
WARD = _creature("Test Warded", 2, 2, "Protection from red")
CARDS = [SCORCH, FLAME, FALLS, MURDER, SMALL, BIG, WARD]


def _game(bob_battlefield, hand):
    players = [{"name": "alice", "battlefield": ["Mountain"] * 3 + ["Swamp"] * 2, "hand": list(hand),
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": list(bob_battlefield), "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _one(game, name):
    (ent,) = [e for e in game.battlefield() if game.card(e).name == name]
    return ent


def _resolve(game):
    while game.stack:
        pass_once(game)


def _zone_names(game, player, zone):
    return [game.card(e).name for e in game.zones[player][zone]]


def test_readers_and_renderers_round_trip():
    for card in (SCORCH, FLAME, FALLS):
        (r,) = compile_lines(card["name"], card["text"], CardType.INSTANT)
        assert r.ok, r.error
        assert render_line(r.abilities).replace("~", card["name"]) == card["text"]


def test_614_1a_that_creature_dies_to_the_damage_and_is_exiled():
    game = _game(["Test Small"], ["Test Scorch"])
    cast(game, "Test Scorch", [_one(game, "Test Small")])
    _resolve(game)
    assert "Test Small" in _zone_names(game, 1, Zone.EXILE)
    assert "Test Small" not in _zone_names(game, 1, Zone.GRAVEYARD)


def test_614_1a_the_effect_lasts_the_turn_a_later_destroy_exiles_too():
    game = _game(["Test Big"], ["Test Scorch", "Test Murder"])
    big = _one(game, "Test Big")
    cast(game, "Test Scorch", [big])
    _resolve(game)
    assert big in game.battlefield()  # 2 damage isn't lethal to a 5/5
    cast(game, "Test Murder", [big])
    _resolve(game)
    assert "Test Big" in _zone_names(game, 1, Zone.EXILE)


def test_614_1a_without_the_effect_a_destroyed_creature_goes_to_the_graveyard():
    game = _game(["Test Big"], ["Test Murder"])
    cast(game, "Test Murder", [_one(game, "Test Big")])
    _resolve(game)
    assert "Test Big" in _zone_names(game, 1, Zone.GRAVEYARD)


def test_614_1a_each_creature_dealt_damage_this_way_is_exiled():
    game = _game(["Test Small", "Test Big"], ["Test Falls"])
    cast(game, "Test Falls")
    _resolve(game)
    assert "Test Small" in _zone_names(game, 1, Zone.EXILE)  # 4 damage to a 2/2
    assert "Test Big" in [game.card(e).name for e in game.battlefield()]


def test_615_1_a_creature_whose_damage_was_prevented_was_not_dealt_damage_this_way():
    """Protection from red prevents the damage (702.16e): the warded creature isn't covered, and still goes to
    the graveyard when destroyed later this turn."""
    game = _game(["Test Small", "Test Warded"], ["Test Falls", "Test Murder"])
    cast(game, "Test Falls")
    _resolve(game)
    assert "Test Small" in _zone_names(game, 1, Zone.EXILE)
    cast(game, "Test Murder", [_one(game, "Test Warded")])
    _resolve(game)
    assert "Test Warded" in _zone_names(game, 1, Zone.GRAVEYARD)


def test_614_1a_damage_to_a_player_exiles_nothing():
    game = _game(["Test Small"], ["Test Flame", "Test Murder"])
    cast(game, "Test Flame", [game.players[1]])
    _resolve(game)
    assert game.player_states[1].life == 17
    cast(game, "Test Murder", [_one(game, "Test Small")])
    _resolve(game)
    assert "Test Small" in _zone_names(game, 1, Zone.GRAVEYARD)


BREAK = _instant("Test Break", "Test Break deals 3 damage to each creature without flying and each player. Creatures "
                               "dealt damage this way can't be regenerated this turn.")
QUAKE = _instant("Test Quake", "Test Quake deals 3 damage to each creature without flying and each player.")
WIELDER = _creature("Test Wielder", 1, 1, "{R}: Test Wielder deals 1 damage to any target. A creature dealt damage "
                                          "this way can't block this turn.")


def _regen_game(spell):
    players = [{"name": "alice", "battlefield": ["Mountain"] * 3, "hand": [spell], "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": ["Test Small"], "library": ["Forest"] * 5}]
    game = build(players, cards=[*CARDS, BREAK, QUAKE]).game
    small = _one(game, "Test Small")
    game.table.add_regen_shield(small)  # a regeneration shield (701.15a)
    return game


def test_701_15c_creatures_dealt_damage_this_way_cant_be_regenerated():
    for card in (BREAK, WIELDER):
        (r,) = compile_lines(card["name"], card["text"], CardType.INSTANT if card is BREAK else CardType.CREATURE)
        assert r.ok, r.error
        assert render_line(r.abilities).replace("~", card["name"]) == card["text"]
    game = _regen_game("Test Break")
    cast(game, "Test Break")
    _resolve(game)
    assert "Test Small" in _zone_names(game, 1, Zone.GRAVEYARD)


def test_701_15a_without_the_clause_the_shield_regenerates_it():
    game = _regen_game("Test Quake")
    cast(game, "Test Quake")
    _resolve(game)
    assert "Test Small" in [game.card(e).name for e in game.battlefield()]


def test_509_1a_a_creature_dealt_damage_this_way_cant_block_this_turn():
    from components.keywords import Keyword
    from ecs.actions import ActivateAbility

    players = [{"name": "alice", "battlefield": ["Test Wielder", "Mountain"], "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": ["Test Big"], "library": ["Forest"] * 5}]
    game = build(players, cards=[*CARDS, WIELDER]).game
    big = _one(game, "Test Big")
    (option,) = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.targets == (big,)]
    game.apply(option)
    _resolve(game)
    game.refresh_layers()
    assert int(game.table.get(big, "keywords")) & int(Keyword.CANT_BLOCK)
