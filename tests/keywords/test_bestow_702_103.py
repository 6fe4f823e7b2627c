"""Bestow (CR 702.103): a creature card cast as an Aura, which becomes a creature again when unattached."""

from __future__ import annotations

from board import build, cast, casts, names, one, pass_once, resolve_top, untapped_lands

from components.abilities import EnchantAbility
from components.characteristics import CardType
from components.keyword_abilities import Bestow
from components.objects import Zone
from content.card_pool import builtin_pool
from systems.mechanics import bestow as bestow_reader
from systems.zones import move

CREATURE = int(CardType.CREATURE)
ENCHANTMENT = int(CardType.ENCHANTMENT)


def _board(**extra):
    alice = {"name": "alice", "hand": ["Nyxborn Eidolon"], "battlefield": ["Swamp"] * 5 + [
        {"card": "Grizzly Bears", "id": "bear"}]}
    alice.update(extra)
    return build([alice, {"name": "bob", "hand": ["Lightning Bolt"],
                          "battlefield": ["Mountain", {"card": "Hill Giant", "id": "giant"}]}])


def test_702_103a_reader():
    card = builtin_pool().get("Nyxborn Eidolon")
    assert [a.cost.text for a in card.abilities if isinstance(a, Bestow)] == ["{4}{B}"]
    assert bestow_reader.read("Bestow {1}", "Bestow {1}", "X", CardType.INSTANT) is None  # creature cards only


def test_702_103a_bestow_is_offered_targeting_each_creature_601_2c():
    sc = _board()
    game = sc.game
    bestowed = casts(game, "Nyxborn Eidolon", cost="bestow")
    assert sorted(o.targets for o in bestowed) == sorted([(sc.ids["bear"],), (sc.ids["giant"],)])
    assert [o.targets for o in casts(game, "Nyxborn Eidolon", cost="")] == [()]  # or cast as a creature


def test_702_103b_a_bestowed_spell_is_an_aura_spell_and_keeps_its_mana_value_118_9c():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    assert untapped_lands(game, 0) == 0  # {4}{B} paid rather than {1}{B}
    spell = game.card(game.stack[-1])
    assert spell.type_bits == ENCHANTMENT and spell.type_line.subtypes == ("Aura",)  # not a creature spell
    assert any(isinstance(a, EnchantAbility) for a in spell.abilities)
    assert spell.mana_cost.mana_value() == 2


def test_702_103b_it_resolves_as_a_bestowed_aura_attached_to_its_target():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    resolve_top(game)
    game.refresh_layers()
    t = game.table
    eidolon = one(game, "Nyxborn Eidolon")
    assert t.get(eidolon, "attached_to") == sc.ids["bear"]
    assert not t.get(eidolon, "types") & CREATURE
    assert (t.get(sc.ids["bear"], "power"), t.get(sc.ids["bear"], "toughness")) == (4, 3)  # +2/+1


def test_702_103e_illegal_target_it_resolves_as_a_creature_spell():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    move(game, sc.ids["bear"], Zone.GRAVEYARD)  # the target is gone before it resolves
    resolve_top(game)
    eidolon = one(game, "Nyxborn Eidolon")  # on the battlefield, not in the graveyard (unlike 608.3b)
    game.refresh_layers()
    t = game.table
    assert t.get(eidolon, "types") & CREATURE
    assert (t.get(eidolon, "power"), t.get(eidolon, "toughness"), t.get(eidolon, "attached_to")) == (2, 1, -1)
    assert names(game, 0, Zone.GRAVEYARD) == ["Grizzly Bears"]


def test_702_103f_when_the_creature_leaves_it_becomes_unattached_and_a_creature_again_not_704_5m():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    resolve_top(game)
    eidolon = one(game, "Nyxborn Eidolon")
    move(game, sc.ids["bear"], Zone.GRAVEYARD)
    game.sba_dirty = True
    from systems.state_based import state_check

    state_check(game)
    game.refresh_layers()
    t = game.table
    assert one(game, "Nyxborn Eidolon") == eidolon  # the same object: it never changed zones
    assert t.get(eidolon, "attached_to") == -1
    assert t.get(eidolon, "types") == CREATURE | ENCHANTMENT
    assert (t.get(eidolon, "power"), t.get(eidolon, "toughness")) == (2, 1)
    assert game.obj(eidolon).printed is None


def test_702_103f_lethal_damage_to_the_enchanted_creature_leaves_an_enchantment_creature():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    resolve_top(game)
    pass_once(game)  # alice passes: bob may cast his instant
    cast(game, "Lightning Bolt", (sc.ids["bear"],))
    resolve_top(game)
    assert names(game, 0, Zone.GRAVEYARD) == ["Grizzly Bears"]
    game.refresh_layers()
    assert game.table.get(one(game, "Nyxborn Eidolon"), "types") & CREATURE


def test_702_103b_a_bestowed_spell_that_leaves_the_stack_is_the_creature_card_again():
    sc = _board()
    game = sc.game
    cast(game, "Nyxborn Eidolon", (sc.ids["bear"],), cost="bestow")
    card = move(game, game.stack[-1], Zone.GRAVEYARD)  # e.g. countered
    assert game.card(card).type_bits == CREATURE | ENCHANTMENT and game.obj(card).printed is None


def test_702_103d_bestow_with_flash_can_be_cast_on_an_opponents_turn_and_without_flash_not():
    sc = build([{"name": "alice", "hand": ["Boon Satyr", "Nyxborn Eidolon"], "battlefield": ["Forest"] * 5},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}],
               turn={"active": "bob", "step": "precombat_main"})
    game = sc.game
    pass_once(game)  # bob passes: alice has priority in bob's turn
    assert [o.targets for o in casts(game, "Boon Satyr", cost="bestow")] == [(sc.ids["giant"],)]
    assert casts(game, "Nyxborn Eidolon") == []
