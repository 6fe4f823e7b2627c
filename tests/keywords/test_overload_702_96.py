"""Overload (CR 702.96): an alternative cost that changes "target" to "each"."""

from __future__ import annotations

import pytest
from board import build, cast, casts, creature, names, resolve_top, untapped_lands

from components.characteristics import CardType
from components.keyword_abilities import Overload
from components.objects import Zone
from content.card_pool import builtin_pool, card_from_json
from content.oracle import UnsupportedCardError
from systems.mechanics import overload as overload_reader

SHY = creature("Test Shy Beast", 2, 2, "Hexproof")  # 702.11b: can't be the target of an opponent's spell

RIFT_BOARD = [
    {"name": "alice", "hand": ["Cyclonic Rift"],
     "battlefield": ["Island"] * 7 + [{"card": "Grizzly Bears", "id": "mine"}]},
    {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}, {"card": "Test Shy Beast", "id": "shy"},
                                    {"card": "Glorious Anthem", "id": "anthem"}, {"card": "Forest", "id": "forest"}]},
]


def test_702_96a_reader_builds_the_alternative_cost_and_the_each_text():
    card = builtin_pool().get("Cyclonic Rift")
    ability = next(a for a in card.abilities if isinstance(a, Overload))
    assert ability.cost.text == "{6}{U}"
    # 702.96a/c: the text change replaces "target" with "each"; the changed spell has no targets (702.96b).
    assert ability.spell.text == "Return each nonland permanent you don't control to its owner's hand."
    assert ability.spell.targets == ()
    assert overload_reader.read("Overload {1}{R}", "Overload {1}{R}", "X", CardType.CREATURE) is None


def test_702_96a_overload_is_offered_without_targets_when_its_cost_can_be_paid():
    sc = build(RIFT_BOARD, cards=[SHY])
    game = sc.game
    overloads = casts(game, "Cyclonic Rift", cost="overload")
    assert [o.targets for o in overloads] == [()]  # 702.96b: no targets
    # The ordinary cast targets one nonland permanent alice doesn't control; hexproof rules one out (702.11b).
    plain = casts(game, "Cyclonic Rift", cost="")
    assert sorted(o.targets for o in plain) == sorted([(sc.ids["giant"],), (sc.ids["anthem"],)])


def test_601_2f_overload_is_not_offered_when_only_the_mana_cost_can_be_paid():
    board = [dict(RIFT_BOARD[0], battlefield=["Island"] * 6), RIFT_BOARD[1]]
    game = build(board, cards=[SHY]).game
    assert casts(game, "Cyclonic Rift", cost="overload") == []
    assert casts(game, "Cyclonic Rift", cost="")


def test_702_96b_overloaded_spell_affects_each_object_even_untargetable_ones():
    sc = build(RIFT_BOARD, cards=[SHY])
    game = sc.game
    cast(game, "Cyclonic Rift", cost="overload")
    assert untapped_lands(game, 0) == 0  # 702.96a: {6}{U} paid instead of {1}{U}
    resolve_top(game)
    # Every nonland permanent alice doesn't control went back, the hexproof one too; lands and hers stay.
    assert sorted(names(game, 1, Zone.HAND)) == ["Glorious Anthem", "Hill Giant", "Test Shy Beast"]
    assert [game.card(e).name for e in game.battlefield() if game.table.get(e, "controller") == 1] == ["Forest"]
    assert sc.ids["mine"] in game.table.row_of


def test_702_96c_the_text_change_lasts_only_while_it_is_a_spell_118_9c_mana_value_unchanged():
    game = build(RIFT_BOARD, cards=[SHY]).game
    cast(game, "Cyclonic Rift", cost="overload")
    spell = game.stack[-1]
    assert "each nonland permanent" in game.card(spell).text
    assert game.card(spell).mana_cost.mana_value() == 2  # 118.9c: the mana cost is still {1}{U}
    resolve_top(game)
    gy = game.zones[0][Zone.GRAVEYARD][-1]
    assert game.card(gy) is builtin_pool().get("Cyclonic Rift")  # the card as printed again


def test_702_96b_overloaded_damage_spell_hits_each_creature_you_dont_control():
    sc = build([{"name": "alice", "hand": ["Mizzium Mortars"],
                 "battlefield": ["Mountain"] * 6 + [{"card": "Hill Giant", "id": "mine"}]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "g1"},
                                                {"card": "Grizzly Bears", "id": "g2"}]}])
    game = sc.game
    cast(game, "Mizzium Mortars", cost="overload")
    resolve_top(game)
    assert sorted(names(game, 1, Zone.GRAVEYARD)) == ["Grizzly Bears", "Hill Giant"]
    assert game.table.get(sc.ids["mine"], "damage") == 0
    assert game.player_states[1].life == 20  # "each creature": no player is dealt damage


def test_307_1_overloaded_sorcery_keeps_sorcery_timing():
    game = build([{"name": "alice", "hand": ["Mizzium Mortars"], "battlefield": ["Mountain"] * 6},
                  {"name": "bob", "battlefield": ["Grizzly Bears"]}],
                 turn={"active": "bob", "step": "precombat_main"}).game
    assert casts(game, "Mizzium Mortars") == []


def test_overloaded_pump_gives_each_creature_you_control_the_bonus():
    sc = build([{"name": "alice", "hand": ["Dynacharge"],
                 "battlefield": ["Mountain"] * 3 + [{"card": "Grizzly Bears", "id": "a"},
                                                    {"card": "Hill Giant", "id": "b"}]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "c"}]}])
    game = sc.game
    cast(game, "Dynacharge", cost="overload")
    resolve_top(game)
    t = game.table
    assert (t.get(sc.ids["a"], "power"), t.get(sc.ids["b"], "power"), t.get(sc.ids["c"], "power")) == (4, 5, 2)


def test_702_96b_a_card_whose_overloaded_text_cant_be_read_is_refused():
    counterflux = {"name": "Counterflux", "manaCost": "{U}{U}{R}", "type": "Instant", "types": ["Instant"],
                   "text": "Counter target spell you don't control.\nOverload {1}{U}{U}{R}"}
    with pytest.raises(UnsupportedCardError, match="702.96a"):
        card_from_json(counterflux)
