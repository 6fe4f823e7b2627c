"""Fuse (CR 702.102) and split cards (CR 709)."""

from __future__ import annotations

import json

import pytest
from board import build, cast, casts, creature, names, resolve_top, untapped_lands

from components.characteristics import CardType, Color
from components.keyword_abilities import Fuse
from components.objects import Zone
from content.card_pool import builtin_pool, card_from_json, load_card_file
from content.oracle import UnsupportedCardError

FU = "\nFuse (You may cast one or both halves of this card from your hand.)"


def _face(name: str, half: str, side: str, cost: str, text: str, typ: str = "Instant") -> dict:
    return {"name": name, "faceName": half, "side": side, "layout": "split", "manaCost": cost, "type": typ,
            "types": [typ], "text": text}


def test_709_4_the_whole_split_card_combines_its_halves():
    card = builtin_pool().get("Turn // Burn")
    assert [f.name for f in card.faces] == ["Turn", "Burn"]
    assert card.mana_cost.mana_value() == 5  # 709.4b: {2}{U} + {1}{R}
    assert card.colors == Color.U | Color.R
    assert card.type_bits == int(CardType.INSTANT)
    assert sum(isinstance(a, Fuse) for a in card.abilities) == 2  # 709.4c: each ability of each half


def test_709_loader_reads_atomic_cards_faces_and_refuses_rooms(tmp_path):
    name = "Wear // Tear"
    atomic = {"data": {name: [_face(name, "Tear", "b", "{W}", "Destroy target enchantment." + FU),
                              _face(name, "Wear", "a", "{1}{R}", "Destroy target artifact." + FU)]}}
    path = tmp_path / "atomic.json"
    path.write_text(json.dumps(atomic))
    card = load_card_file(path).get(name)
    assert [f.name for f in card.faces] == ["Wear", "Tear"]  # side a is the left half
    room = "Test Hall // Test Room"
    with pytest.raises(UnsupportedCardError, match="709.5"):
        card_from_json(_face(room, "Test Hall", "a", "{1}", "", "Enchantment — Room"), "x",
                       [_face(room, "Test Room", "b", "{1}", "", "Enchantment — Room")])


def test_709_3_each_half_can_be_cast_on_its_own_and_only_that_half_is_on_the_stack():
    sc = build([{"name": "alice", "hand": ["Assault // Battery"], "battlefield": ["Mountain"]},
                {"name": "bob"}])
    game = sc.game
    assert {o.face for o in casts(game, "Assault // Battery")} == {0}  # 709.3a: Battery ({3}{G}) can't be paid
    assert casts(game, "Assault // Battery", cost="fuse") == []  # no fuse: never both halves
    cast(game, "Assault // Battery", (game.players[1],), face=0)
    spell = game.card(game.stack[-1])
    assert (spell.name, spell.mana_cost.mana_value()) == ("Assault", 1)  # 709.3b
    resolve_top(game)
    assert game.player_states[1].life == 18
    assert names(game, 0, Zone.GRAVEYARD) == ["Assault // Battery"]  # one card, both halves again (709.4)


def test_702_102a_fused_spell_is_offered_only_when_both_costs_can_be_paid_702_102c():
    board = [{"name": "alice", "hand": ["Wear // Tear"], "battlefield": ["Mountain", "Plains"]},
             {"name": "bob", "battlefield": [{"card": "Glorious Anthem", "id": "anthem"}]}]
    game = build(board).game
    assert casts(game, "Wear // Tear", cost="fuse") == []  # {1}{R} + {W} needs three mana
    assert {o.face for o in casts(game, "Wear // Tear")} == {1}  # Tear; Wear has no artifact to target
    board[0]["battlefield"] = ["Mountain", "Mountain", "Plains"]
    game = build(board).game
    assert casts(game, "Wear // Tear", cost="fuse") == []  # still no target for Wear (601.2c)


def test_702_102c_d_fused_spell_costs_both_halves_and_follows_left_then_right():
    """Far returns creature A to its owner's hand first; Away then makes bob sacrifice a creature, and B is
    the only one left, so no choice is asked (702.102d: left half, then right half)."""
    sc = build([{"name": "alice", "hand": ["Far // Away"], "battlefield": ["Island", "Island", "Swamp", "Swamp",
                                                                             "Swamp"]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "a"}, {"card": "Grizzly Bears",
                                                                                   "id": "b"}]}])
    game = sc.game
    cast(game, "Far // Away", (sc.ids["a"], game.players[1]), cost="fuse")
    assert untapped_lands(game, 0) == 0  # {1}{U} + {2}{B}
    spell = game.card(game.stack[-1])
    assert (spell.name, spell.mana_cost.mana_value()) == ("Far // Away", 5)  # 702.102b: combined
    resolve_top(game)
    assert names(game, 1, Zone.HAND) == ["Hill Giant"]
    assert names(game, 1, Zone.GRAVEYARD) == ["Grizzly Bears"]
    assert names(game, 0, Zone.GRAVEYARD) == ["Far // Away"]


def test_115_3_both_halves_of_a_fused_spell_may_target_the_same_creature():
    sc = build([{"name": "alice", "hand": ["Turn // Burn"], "battlefield": ["Island"] * 3 + ["Mountain"] * 2},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}])
    game = sc.game
    giant = sc.ids["giant"]
    cast(game, "Turn // Burn", (giant, giant), cost="fuse")
    resolve_top(game)
    # Turn: a 0/1 Weird with no abilities; then Burn: 2 damage (702.102d), lethal.
    assert names(game, 1, Zone.GRAVEYARD) == ["Hill Giant"]


def test_702_102d_a_fused_spell_with_one_illegal_target_still_does_the_rest_608_2b():
    bear = creature("Test Bear", 2, 2)
    sc = build([{"name": "alice", "hand": ["Protect // Serve"], "battlefield": ["Plains"] * 3 + ["Island"] * 2},
                {"name": "bob", "battlefield": [{"card": "Test Bear", "id": "x"}, {"card": "Hill Giant", "id": "y"}]}],
               cards=[bear])
    game = sc.game
    cast(game, "Protect // Serve", (sc.ids["x"], sc.ids["y"]), cost="fuse")
    from systems.zones import move

    move(game, sc.ids["x"], Zone.HAND)
    resolve_top(game)
    game.refresh_layers()
    assert game.table.get(sc.ids["y"], "power") == -3  # Serve still resolved: 3 - 6


def test_709_a_split_card_given_inline_with_its_faces_and_the_fuse_reader():
    from systems.mechanics import fuse as fuse_reader

    name = "Test Left // Test Right"
    inline = {"name": name, "layout": "split", "faces": [
        _face(name, "Test Left", "a", "{R}", "Test Left deals 1 damage to any target." + FU),
        _face(name, "Test Right", "b", "{R}", "Test Right deals 2 damage to any target." + FU)]}
    sc = build([{"name": "alice", "hand": [name], "battlefield": ["Mountain", "Mountain"]}, {"name": "bob"}],
               cards=[inline])
    game = sc.game
    bob = game.players[1]
    cast(game, name, (bob, bob), cost="fuse")  # 115.3: each half may target bob
    resolve_top(game)
    assert game.player_states[1].life == 17
    assert fuse_reader.read("Fuse", "Fuse", "X", CardType.CREATURE) is None  # only on instants and sorceries


def test_notation_names_the_half_or_the_cost():
    sc = build([{"name": "alice", "hand": ["Turn // Burn"], "battlefield": ["Island"] * 3 + ["Mountain"] * 2},
                {"name": "bob"}])
    game = sc.game
    labels = {game.action_to_string(o) for o in casts(game, "Turn // Burn")}
    assert labels == {"cast Turn // Burn (Burn) -> alice", "cast Turn // Burn (Burn) -> bob"}
    # No creature for Turn to target: neither Turn nor the fused spell can be cast (601.2c).
