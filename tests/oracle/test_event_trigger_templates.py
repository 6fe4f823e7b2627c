"""Compiler templates for the trigger events of tests/triggers/test_event_triggers.py: drawing (121.1),
discarding (701.8a), becoming tapped (701.21a), attacking unblocked (509.3g, frenzy 702.68a) and damage
(120.3, 510.2, 603.2c), each rendered back exactly (content/oracle/render.py)."""

from __future__ import annotations

import pytest

from components.abilities import EVENT_OBJECT, SELF, DealDamage, Destroy, Sacrifice, TriggerKind
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal

CREATURE = CardType.CREATURE


def one(text: str, types: CardType = CREATURE):
    (r,) = compile_lines("Test Card", text, types)
    assert r.ok, r.error
    return r.abilities


def refused(text: str, types: CardType = CREATURE) -> bool:
    (r,) = compile_lines("Test Card", text, types)
    return not r.ok


ROUND_TRIPS = [
    "Whenever this creature deals damage, you gain that much life.",
    "Whenever this creature deals combat damage, sacrifice a permanent.",
    "Whenever this creature deals damage to an opponent, draw a card, then discard a card.",
    "Whenever this creature deals damage to a player, you gain 1 life.",
    "Whenever this creature is dealt damage, draw that many cards.",
    "Whenever this creature is dealt damage, it deals that much damage to you.",
    "Whenever a creature you control is dealt damage, put a +1/+1 counter on it.",
    "Whenever enchanted creature deals damage, you gain that much life.",
    "Whenever you draw a card, put a +1/+1 counter on this creature.",
    "Whenever a player draws a card, that player loses 1 life.",
    "Whenever you draw your second card each turn, this creature deals 3 damage to any target.",
    "Whenever an opponent draws their second card each turn, you gain 2 life.",
    "Whenever an opponent discards a card, this enchantment deals 2 damage to that player.",
    "Whenever a player discards a card, you may gain 1 life.",
    "Whenever this creature becomes tapped, you gain 1 life.",
    "Whenever this creature becomes untapped, target creature an opponent controls gets -3/-0 until end of turn.",
    "Whenever enchanted land becomes tapped, its controller mills three cards.",
    "Whenever a Forest an opponent controls becomes tapped, you gain 1 life.",
    "Whenever this creature attacks and isn't blocked, you may sacrifice it. If you do, gain control of target creature.",
    "Frenzy 2",
    "Whenever this creature becomes blocked by a creature, this creature deals 1 damage to that creature.",
    "Whenever this creature blocks or becomes blocked by a creature, destroy that creature. "
    "You gain life equal to that creature's toughness.",
    "Whenever this creature blocks or becomes blocked by a nonblack creature, you gain 1 life.",
    "Whenever this creature blocks a creature, that creature gets -1/-0 until end of turn.",
    "Whenever this creature deals combat damage to a creature, destroy that creature.",
    "Exalted",
    "Whenever a Samurai or Warrior you control attacks alone, tap target creature you don't control.",
    "Whenever this creature and at least two other creatures attack, this creature gets +2/+0 until end of turn.",
    "Whenever you attack with two or more creatures, draw a card.",
    "Whenever you cast your second spell each turn, you gain 2 life.",
    "Whenever an opponent casts their first spell each turn, you gain 1 life.",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_event_trigger_templates_render_back(text: str):
    types = CardType.ENCHANTMENT if "enchant" in text and "creature deals" not in text else CREATURE
    (r,) = compile_lines("Test Card", text, types)
    assert r.ok, r.error
    assert roundtrip_normal(render_line(r.abilities)) == roundtrip_normal(r.text)


def test_603_2c_damage_without_a_recipient_is_once_per_event_and_with_one_is_per_recipient():
    (a,) = one("Whenever this creature deals damage, you gain that much life.")
    assert a.trigger.kind == TriggerKind.DEALS_DAMAGE and a.trigger.recipient == ""
    (b,) = one("Whenever this creature deals combat damage to a creature, destroy that creature.")
    assert b.trigger.kind == TriggerKind.DEALS_COMBAT_DAMAGE and b.trigger.recipient == "creature"
    assert isinstance(b.effects[0], Destroy) and b.effects[0].target == EVENT_OBJECT  # the creature dealt damage
    (c,) = one("Whenever this creature deals damage to an opponent, draw a card.")
    assert c.trigger.recipient == "opponent"


def test_603_2c_is_dealt_damage_it_is_the_permanent_itself():
    (a,) = one("Whenever this creature is dealt damage, it deals that much damage to any target.")
    assert a.trigger.kind == TriggerKind.IS_DEALT_DAMAGE
    (e,) = a.effects
    assert isinstance(e, DealDamage) and e.source is None and e.dynamic.kind == "event_amount"


def test_a_bare_it_after_damage_to_a_creature_is_ambiguous_and_refused():
    """'it' could be either creature: the template is not compiled rather than guessed."""
    assert refused("Whenever this creature deals combat damage to a creature, it gets +1/+1 until end of turn.")
    assert refused("Whenever this creature blocks a creature, it gets +1/+1 until end of turn.")


def test_509_3b_509_3d_block_triggers_name_the_other_creature():
    (a,) = one("Whenever this creature blocks or becomes blocked by a nonblack creature, you gain 1 life.")
    assert a.trigger.kind == TriggerKind.BLOCKS_OR_BLOCKED_BY and a.trigger.other.colors_none
    (w,) = one("Whenever this creature blocks or becomes blocked by a non-Wall creature, you gain 1 life.")
    assert w.trigger.other.subtypes_none == ("Wall",)  # a subtype excluded (content/oracle/phrases.py)
    assert refused("Whenever this creature blocks or becomes blocked by a creature with power less than its power, "
                   "you gain 1 life.")
    (b,) = one("Whenever this creature becomes blocked by a creature, this creature deals 1 damage to that creature.")
    assert b.trigger.kind == TriggerKind.BECOMES_BLOCKED_BY and b.trigger.other is None
    assert b.effects[0].target == EVENT_OBJECT


def test_121_1_draw_and_701_8a_discard_triggers_name_whose():
    (a,) = one("Whenever you draw a card, you gain 1 life.")
    assert a.trigger.kind == TriggerKind.DRAWS and a.trigger.whose == "your" and a.trigger.nth == 0
    (b,) = one("Whenever an opponent draws their second card each turn, you draw a card.")
    assert b.trigger.whose == "opponent" and b.trigger.nth == 2
    (c,) = one("Whenever a player discards a card, you may gain 1 life.", CardType.ENCHANTMENT)
    assert c.trigger.kind == TriggerKind.DISCARDS and c.trigger.whose == "each" and c.optional
    assert refused("Whenever you draws a card, you gain 1 life.")


def test_601_2i_nth_spell_only_for_any_spell():
    """"your first enchantment spell each turn" would need a count of enchantment spells: refused."""
    (a,) = one("Whenever you cast your second spell each turn, you gain 2 life.")
    assert a.trigger.kind == TriggerKind.CAST and a.trigger.nth == 2
    assert refused("Whenever you cast your first enchantment spell each turn, draw a card.")


def test_701_21a_becomes_tapped_subjects():
    (a,) = one("Whenever this creature becomes tapped, you gain 1 life.")
    assert a.trigger.kind == TriggerKind.BECOMES_TAPPED and a.trigger.subject == "self"
    (b,) = one("Whenever enchanted land becomes tapped, its controller mills three cards.", CardType.ENCHANTMENT)
    assert b.trigger.subject == "attached" and b.trigger.filter.types_any == CardType.LAND
    (c,) = one("Whenever a Dwarf you control becomes tapped, create a Treasure token.", CardType.ENCHANTMENT)
    assert c.trigger.subject == "filter" and c.trigger.filter.subtypes_any == ("Dwarf",)


def test_509_3g_sacrifice_it_is_the_source_only_when_it_is_the_source():
    (a,) = one("Whenever this creature attacks and isn't blocked, you may sacrifice it. If you do, draw a card.")
    assert a.trigger.kind == TriggerKind.ATTACKS_UNBLOCKED
    (may,) = a.effects
    assert may.effects == (Sacrifice(SELF),)  # "you may sacrifice it. If you do, ..." (the source itself)
    assert refused("Whenever a creature you control dies, sacrifice it.")
