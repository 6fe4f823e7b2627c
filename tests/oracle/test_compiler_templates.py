"""The Oracle compiler's template families (content/oracle): each line becomes the typed abilities
the systems execute; a line it can't read makes the card unsupported, named in the error.

Behaviour in play is shown by the scenarios in tests/scenarios/cards/.
"""

from __future__ import annotations

import pytest

from components.abilities import (
    ATTACHED,
    EVENT_OBJECT,
    GROUP,
    SELF,
    ActivatedAbility,
    Attach,
    ColorDefining,
    Conditional,
    ContinuousPart,
    CostModifier,
    CounterSpell,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    DrawCards,
    EnchantAbility,
    Fight,
    KeywordAbility,
    Layer,
    LoseLife,
    ManaAbility,
    MayEffect,
    Mill,
    ModifyPowerToughness,
    MoveObject,
    PayOrNot,
    PlayerRef,
    PutCounters,
    Sacrifice,
    Scry,
    SearchLibrary,
    SpellAbility,
    SpellRule,
    StaticEffect,
    StaticReplacement,
    Surveil,
    TargetKind,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType, Color
from components.keywords import Keyword
from components.objects import Step
from content.card_pool import card_from_json
from content.oracle import UnsupportedCardError, compile_lines, compile_text

CREATURE = CardType.CREATURE
SORCERY = CardType.SORCERY
INSTANT = CardType.INSTANT


def one(text: str, types: CardType = CREATURE, name: str = "Test Card"):
    """The abilities of a one-line text (every line must compile)."""
    results = compile_lines(name, text, types)
    assert len(results) == 1 and results[0].ok, results[0].error
    return results[0].abilities


def refused(text: str, types: CardType = CREATURE) -> str:
    results = compile_lines("Test Card", text, types)
    assert not results[0].ok, results[0].abilities
    return results[0].error


# ------------------------------------------------------------------ text preparation


def test_201_4_the_cards_own_name_and_this_creature_are_the_same_reference():
    by_name = one("Test Card deals 2 damage to any target.", INSTANT)
    (spell,) = by_name
    assert spell.effects == (DealDamage(2, 0),)
    (a,) = one("When this creature enters, draw a card.")
    (b,) = one("When Test Card enters, draw a card.")
    assert a.trigger == b.trigger and a.effects == b.effects


def test_207_2_reminder_text_is_ignored_and_ability_words_have_no_rules_meaning():
    (kw,) = one("Flying (This creature can't be blocked except by creatures with flying or reach.)")
    assert kw.mask == Keyword.FLYING
    (landfall,) = one("Landfall — Whenever a land you control enters, you gain 1 life.")
    assert landfall.trigger.kind == TriggerKind.ENTERS and landfall.trigger.filter.types_any == CardType.LAND


def test_legendary_short_names_refer_to_the_card():
    (t,) = one("When Arcee enters, draw a card.", name="Arcee, Sharpshooter")
    assert t.trigger.subject == "self"


# ------------------------------------------------------------------ keywords (CR 702)


def test_702_keyword_lines_keep_their_printed_order():
    (kw,) = one("Vigilance, trample")
    assert kw.mask == Keyword.VIGILANCE | Keyword.TRAMPLE
    assert kw.order == (int(Keyword.VIGILANCE), int(Keyword.TRAMPLE))


def test_702_16_protection_qualities_and_lists():
    (kw,) = one("Protection from black and from red")
    assert kw.mask == Keyword.PROTECTION_FROM_BLACK | Keyword.PROTECTION_FROM_RED


def test_508_509_combat_restriction_lines_are_keyword_bits():
    (kw,) = one("This creature can't block.")
    assert isinstance(kw, KeywordAbility) and kw.mask == Keyword.CANT_BLOCK


def test_702_108_prowess_is_a_triggered_ability():
    (t,) = one("Prowess")
    assert isinstance(t, TriggeredAbility) and t.trigger.kind == TriggerKind.CAST
    assert t.trigger.spell_types_none == CardType.CREATURE and t.effects == (ModifyPowerToughness(1, 1, SELF),)


def test_702_6_equip_is_a_sorcery_speed_activated_ability_that_attaches():
    (a,) = one("Equip {2}", CardType.ARTIFACT)
    assert isinstance(a, ActivatedAbility) and a.sorcery_speed and a.effects == (Attach(0),)
    assert a.targets[0].kind == TargetKind.CREATURE and a.targets[0].filter.controller == "you"


def test_702_29_cycling_and_landcycling_are_activated_from_hand():
    (a,) = one("Cycling {2}")
    assert a.from_hand and a.discard_self and a.effects == (DrawCards(1),)
    (b,) = one("Basic landcycling {1}{U}")
    assert isinstance(b.effects[0], SearchLibrary) and b.effects[0].to == "hand"


def test_702_114_devoid_makes_the_card_colorless_in_every_zone():
    (a,) = one("Devoid")
    assert isinstance(a, ColorDefining) and a.colorless
    card = card_from_json({"name": "Test Devoid", "manaCost": "{1}{B}", "type": "Creature — Eldrazi",
                           "power": "2", "toughness": "1", "text": "Devoid"})
    assert card.colors == Color(0)


def test_702_21_ward_and_crew_are_refused_not_approximated():
    # Ward {N}, crew, kicker and convoke are read by systems/mechanics (issue 5); of the costs that aren't mana,
    # ward reads paying life, discarding a card and sacrificing a permanent (systems/mechanics/ward_costs.py).
    for text in ("Ward—Exile two cards from your graveyard.", "Kicker—Sacrifice a land.", "Flashback—Pay 3 life."):
        assert refused(text)


# ------------------------------------------------------------------ mana abilities (CR 605)


def test_605_mana_abilities():
    assert one("{T}: Add {G}.", CardType.LAND) == (ManaAbility("{T}: Add {G}.", (16,)),)
    (dual,) = one("{T}: Add {W} or {U}.", CardType.LAND)
    assert dual.produces == (1 | 2,)
    (sol,) = one("{T}: Add {C}{C}.", CardType.ARTIFACT)
    assert sol.produces == (32, 32)
    (any_color,) = one("{T}: Add one mana of any color.", CardType.ARTIFACT)
    assert any_color.produces == (31,)


# ------------------------------------------------------------------ triggered abilities (CR 603)


def test_603_6a_enters_and_603_6c_dies_of_the_creature_itself():
    (etb,) = one("When this creature enters, you gain 2 life.")
    assert etb.trigger.kind == TriggerKind.ENTERS and etb.trigger.subject == "self"
    (dies,) = one("When this creature dies, destroy target land.")
    assert dies.trigger.kind == TriggerKind.DIES and dies.targets[0].filter.types_any == CardType.LAND


def test_603_2_observers_another_creature_you_control():
    (t,) = one("Whenever another creature you control enters, this creature gets +1/+1 until end of turn.")
    f = t.trigger.filter
    assert t.trigger.subject == "filter" and f.exclude_source and f.controller == "you"


def test_603_two_events_on_one_line_are_two_triggered_abilities():
    a, b = one("When this creature enters or dies, you gain 1 life.")
    assert (a.trigger.kind, b.trigger.kind) == (TriggerKind.ENTERS, TriggerKind.DIES)
    c, d = one("Whenever this creature or another Ally you control enters, you gain 1 life.")
    assert c.trigger.subject == "self" and d.trigger.filter.subtypes_any == ("Ally",)


def test_603_2b_beginning_of_step_and_whose_turn():
    (t,) = one("At the beginning of your upkeep, you lose 1 life.")
    assert (t.trigger.step, t.trigger.whose) == (int(Step.UPKEEP), "your")
    (u,) = one("At the beginning of each end step, you gain 1 life.")
    assert (u.trigger.step, u.trigger.whose) == (int(Step.END), "each")


def test_601_2i_cast_triggers_with_types_and_colours():
    (t,) = one("Whenever a player casts a blue spell, you may draw a card.")
    assert t.trigger.kind == TriggerKind.CAST and t.trigger.whose == "each"
    assert t.trigger.spell_colors_any == Color.U and t.optional


def test_603_4_intervening_if_is_a_condition():
    (t,) = one("When this creature enters, if you control a blue permanent, draw a card.")
    assert t.condition.kind == "you_control" and t.condition.filter.colors_any == Color.U


def test_510_3_combat_damage_to_a_player_and_that_player():
    (t,) = one("Whenever this creature deals combat damage to a player, that player discards a card.")
    assert t.trigger.kind == TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER
    assert t.effects == (Discard(1, PlayerRef("event_player")),)


def test_603_event_object_is_it():
    (t,) = one("Whenever a creature you control dies, return it to its owner's hand.")
    assert t.effects == (MoveObject(EVENT_OBJECT, "hand"),)


def test_603_2c_deals_damage_triggers_compile_once_per_event():
    """'Whenever ~ deals damage' triggers once per damage event (603.2c); the engine reports each
    source's total (components.events.DamageTotal), so the template compiles with no recipient."""
    (a,) = one("Whenever this creature deals damage, you gain that much life.")
    assert a.trigger.kind == TriggerKind.DEALS_DAMAGE and a.trigger.recipient == ""


# ------------------------------------------------------------------ activated abilities (CR 602)


def test_602_costs():
    (a,) = one("{1}{B}, {T}, Sacrifice a creature: You gain 1 life and draw a card.")
    assert a.tap and a.mana_cost.text == "{1}{B}" and a.sacrifice.types_any == CardType.CREATURE
    (b,) = one("{Q}: Untap target land.")
    assert b.untap
    (c,) = one("{1}, Pay 2 life, Discard a card: Draw a card.")
    assert (c.life, c.discard) == (2, 1)
    (d,) = one("Remove a +1/+1 counter from this creature: Draw a card.")
    assert (d.remove_counters, d.remove_count) == ("+1/+1", 1)


def test_602_5_timing_restrictions():
    (a,) = one("{G}{U}: This creature gets +2/+2 and gains flying until end of turn. Activate only once each turn.")
    assert a.once_per_turn and not a.sorcery_speed
    (b,) = one("{2}: Draw a card. Activate only as a sorcery.")
    assert b.sorcery_speed


def test_606_loyalty_costs_in_both_spellings():
    for text in ("+1: Draw a card.", "[+1]: Draw a card."):
        (a,) = one(text, CardType.PLANESWALKER)
        assert a.loyalty == 1 and a.sorcery_speed
    (b,) = one("−3: Destroy target creature.", CardType.PLANESWALKER)
    assert b.loyalty == -3


def test_605_1a_an_activated_ability_that_adds_mana_and_asks_is_refused():
    assert refused("{T}: Add {G}. Scry 1.", CardType.ARTIFACT)


# ------------------------------------------------------------------ static abilities (CR 604, 611, 613)


def test_613_anthems_and_lords():
    (a,) = one("Creatures you control get +1/+1 and have trample.", CardType.ENCHANTMENT)
    assert a.affected.controller == "you" and {p.layer for p in a.parts} == {Layer.PT_MODIFY, Layer.ABILITY}
    (b,) = one("Other Elves you control get +1/+1.")
    assert b.affected.subtypes_any == ("Elf",) and b.affected.exclude_source


def test_611_3a_as_long_as_is_a_condition_on_the_static_ability():
    (a,) = one("This creature has hexproof as long as it's untapped.")
    assert a.affected.self_only and a.condition.kind == "source_untapped"
    (b,) = one("As long as you control an Equipment, this creature gets +1/+0.")
    assert b.condition.kind == "you_control" and b.condition.filter.subtypes_any == ("Equipment",)


def test_604_3_613_4a_characteristic_defining_power_and_toughness():
    (a,) = one("Test Card's power and toughness are each equal to the number of creatures you control.")
    (part,) = a.parts
    assert part.layer == Layer.PT_CDA and part.dynamic.kind == "permanents"


def test_601_2f_cost_changes():
    (a,) = one("Noncreature spells cost {1} more to cast.", CardType.ENCHANTMENT)
    assert a == CostModifier("Noncreature spells cost {1} more to cast.", 1, "each", 0, int(CardType.CREATURE))
    (b,) = one("Artifact spells you cast cost {1} less to cast.", CardType.ARTIFACT)
    assert b.amount == -1 and b.whose == "you" and b.types_any == CardType.ARTIFACT


def test_614_1c_enters_tapped_and_with_counters_are_replacement_effects():
    (a,) = one("This land enters tapped.", CardType.LAND)
    assert isinstance(a, StaticReplacement) and a.spec.modification == "tapped" and a.self_only
    (b,) = one("This artifact enters with three charge counters on it.", CardType.ARTIFACT)
    assert (b.spec.amount, b.spec.counter_kind) == (3, "charge")


def test_303_enchant_and_attached_statics():
    (e,) = one("Enchant creature you control", CardType.ENCHANTMENT)
    assert isinstance(e, EnchantAbility) and e.affected.controller == "you"
    (s,) = one("Enchanted creature can't attack or block.", CardType.ENCHANTMENT)
    assert s.affected.attached and s.parts[0].keywords_add == Keyword.CANT_ATTACK | Keyword.CANT_BLOCK


# ------------------------------------------------------------------ spells (CR 608.2c)


def test_608_damage_destroy_exile_bounce():
    (s,) = one("Test Card deals 3 damage to target creature or planeswalker.", INSTANT)
    assert s.targets[0].kind == TargetKind.CREATURE_OR_PLANESWALKER
    (d,) = one("Destroy target nonland permanent an opponent controls.", INSTANT)
    f = d.targets[0].filter
    assert f.types_none == CardType.LAND and f.controller == "opponent" and d.effects == (Destroy(0),)
    (e,) = one("Exile target artifact or enchantment.", INSTANT)
    assert e.targets[0].filter.types_any == CardType.ARTIFACT | CardType.ENCHANTMENT
    (b,) = one("Return target creature to its owner's hand. Its controller draws a card.", INSTANT)
    assert b.effects == (MoveObject(0, "hand"), DrawCards(1, PlayerRef("controller_of", 0)))


def test_120_group_damage_and_players():
    (s,) = one("Test Card deals 2 damage to each creature and each player.", SORCERY)
    (e,) = s.effects
    assert e.target == GROUP and e.group.players == "each" and e.group.filter.types_any == CardType.CREATURE
    (t,) = one("When this creature enters, it deals 4 damage to you.")
    assert t.effects[0].player == PlayerRef("you")


def test_701_counter_mill_scry_surveil_discard():
    (c,) = one("Counter target noncreature spell.", INSTANT)
    assert c.targets[0].kind == TargetKind.SPELL and c.effects == (CounterSpell(0),)
    (m,) = one("Target player mills three cards.", SORCERY)
    assert m.effects == (Mill(3, PlayerRef("target", 0)),)
    (s,) = one("Scry 2.", SORCERY)
    assert s.effects == (Scry(2),)
    (d,) = one("Draw two cards, then discard a card.", SORCERY)
    assert d.effects == (DrawCards(2), Discard(1))


def test_the_second_verb_keeps_the_first_verbs_subject():
    """'Target opponent discards a card and loses 2 life': the opponent loses the life, not you."""
    (s,) = one("Target opponent discards two cards, mills two cards, and loses 2 life.", SORCERY)
    who = PlayerRef("target", 0)
    assert s.effects == (Discard(2, who), Mill(2, who), LoseLife(2, who))


def test_111_tokens_from_their_description():
    (s,) = one("Create two 1/1 white Soldier creature tokens with flying.", SORCERY)
    (e,) = s.effects
    assert isinstance(e, CreateToken) and e.amount == 2
    token = e.token
    assert (token.power.base, token.toughness.base, token.colors) == (1, 1, Color.W)
    assert token.type_line.subtypes == ("Soldier",) and token.keywords == Keyword.FLYING
    (f,) = one("Create a Food token.", SORCERY)
    assert f.effects[0].token.name == "Food" and isinstance(f.effects[0].token.abilities[0], ActivatedAbility)


def test_122_counters_and_611_2c_pumps():
    (p,) = one("Put two +1/+1 counters on target creature.", SORCERY)
    assert p.effects == (PutCounters("+1/+1", 2, 0),)
    (g,) = one("Target creature gets +2/+2 and gains trample until end of turn.", INSTANT)
    assert g.effects[0] == ModifyPowerToughness(2, 2, 0)
    assert g.effects[1].parts == (ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.TRAMPLE)),)


def test_701_19_search_701_12_fight_613_1b_control():
    (s,) = one("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.", SORCERY)
    assert s.effects[0].to == "battlefield" and s.effects[0].tapped
    (f,) = one("Target creature you control fights target creature you don't control.", SORCERY)
    assert f.effects == (Fight(0, 1),)
    (c,) = one("Gain control of target creature until end of turn. Untap that creature. It gains haste until end of "
               "turn.", SORCERY)
    assert c.effects[0].until_end_of_turn and c.effects[1].target == 0


def test_700_2_modes_and_107_3_x():
    (m,) = one("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", INSTANT)
    assert len(m.modes) == 2 and (m.choose_min, m.choose_max) == (1, 1)
    (b,) = one("Choose one or both —\n• Tap target creature.\n• Draw a card.", INSTANT)
    assert (b.choose_min, b.choose_max) == (1, 2)
    (x,) = one("Test Card deals X damage to any target.", SORCERY)
    assert x.effects[0].dynamic.kind == "x"
    (w,) = one("Test Card deals X damage to each creature, where X is the number of creatures on the battlefield.",
               SORCERY)
    assert w.effects[0].dynamic.kind == "permanents"


def test_608_2d_you_may_unless_and_if():
    (m,) = one("When this creature dies, you may draw a card.")
    assert m.optional
    (p,) = one("Counter target spell unless its controller pays {3}.", INSTANT)
    assert isinstance(p.effects[0], PayOrNot) and p.effects[0].payer == PlayerRef("controller_of", 0)
    (i,) = one("Destroy target creature. If you control a Swamp, you gain 2 life.", SORCERY)
    assert isinstance(i.effects[1], Conditional)
    (d,) = one("When this creature enters, you may sacrifice a creature. If you do, draw two cards.")
    assert isinstance(d.effects[0], MayEffect) and d.effects[0].then == (DrawCards(2),)
    (y,) = one("Whenever a player casts a green spell, you may pay {1}. If you do, you gain 1 life.",
               CardType.ARTIFACT)
    assert isinstance(y.effects[0], PayOrNot) and not y.effects[0].unless


def test_115_targets_up_to_and_another_and_lists():
    (u,) = one("Tap up to two target creatures.", SORCERY)
    assert len(u.targets) == 2 and all(t.optional for t in u.targets)
    (a,) = one("Whenever this creature attacks, another target creature you control gets +1/+1 until end of turn.")
    assert a.targets[0].filter.exclude_source
    (lst,) = one("Destroy target artifact, target creature, and target land.", SORCERY)
    assert [t.kind for t in lst.targets] == [TargetKind.PERMANENT, TargetKind.CREATURE, TargetKind.PERMANENT]


def test_101_2_this_spell_cant_be_countered():
    (r,) = one("This spell can't be countered.", SORCERY)
    assert r == SpellRule("~ can't be countered.", "uncounterable")


def test_equipped_creature_in_abilities_is_the_attached_object():
    (a,) = one("{1}: Equipped creature gets +1/+0 until end of turn.", CardType.ARTIFACT)
    assert a.effects == (ModifyPowerToughness(1, 0, ATTACHED),)


# ------------------------------------------------------------------ whole cards


def test_113_3a_the_instruction_lines_of_a_spell_are_one_spell_ability_with_renumbered_targets():
    abilities, _ = compile_text("Test Spell", "Target creature gets +1/+1 until end of turn.\nDestroy target "
                                "artifact.", SORCERY)
    (spell,) = abilities
    assert isinstance(spell, SpellAbility) and len(spell.targets) == 2
    assert spell.effects == (ModifyPowerToughness(1, 1, 0), Destroy(1))


def test_a_card_with_one_unreadable_line_is_refused_naming_that_line():
    with pytest.raises(UnsupportedCardError, match="Ward"):
        card_from_json({"name": "Test Warded", "manaCost": "{1}{U}", "type": "Creature — Bird", "power": "1",
                        "toughness": "1", "text": "Flying\nWard—Exile two cards from your graveyard."})


def test_every_line_is_reported_even_after_a_failure():
    results = compile_lines("Test Card", "Ward—Exile two cards from your graveyard.\nFlying\nBanding", CREATURE)
    assert [r.ok for r in results] == [False, True, False]


def test_effect_kinds_compile_to_the_expected_dataclasses():
    (s,) = one("Each opponent sacrifices a creature of their choice.", SORCERY)
    assert s.effects == (Sacrifice(SELF, PlayerRef("opponents"), s.effects[0].filter, 1),)
    (t,) = one("When this creature enters, create a 1/1 colorless Thopter artifact creature token with flying.")
    assert t.effects[0].token.type_bits & CardType.ARTIFACT
    assert isinstance(one("{T}: Add {G}.", CardType.LAND)[0], ManaAbility)
    assert isinstance(one("Creatures you control get +1/+1.", CardType.ENCHANTMENT)[0], StaticEffect)


# ------------------------------------------------------------------ further families


def test_603_cast_this_spell_and_equipped_creature_triggers():
    (t,) = one("When you cast this spell, you may draw a card.")
    assert t.trigger.kind == TriggerKind.CAST and t.trigger.subject == "cast_self"
    (e,) = one("Whenever equipped creature attacks, you may mill two cards.", CardType.ARTIFACT)
    assert e.trigger.kind == TriggerKind.ATTACKS and e.trigger.subject == "attached"


def test_603_6c_put_into_a_graveyard_from_the_battlefield_and_it_is_the_new_object():
    (t,) = one("When this enchantment is put into a graveyard from the battlefield, return it to its owner's hand.",
               CardType.ENCHANTMENT)
    assert t.trigger.kind == TriggerKind.PUT_INTO_GRAVEYARD and t.effects == (MoveObject(EVENT_OBJECT, "hand"),)


def test_509_3c_becomes_blocked_and_508_1m_you_attack():
    (b,) = one("Whenever this creature becomes blocked, it gets +1/+1 until end of turn.")
    assert b.trigger.kind == TriggerKind.BECOMES_BLOCKED and b.effects == (ModifyPowerToughness(1, 1, SELF),)
    (a,) = one("Whenever you attack, you gain 1 life.", CardType.ENCHANTMENT)
    assert a.trigger.kind == TriggerKind.YOU_ATTACK


def test_701_22a_701_25a_the_written_out_forms_of_scry_and_surveil():
    (s,) = one("Look at the top card of your library. You may put that card on the bottom.", SORCERY)
    assert s.effects == (Scry(1, action=False),)
    (v,) = one("Look at the top three cards of your library, then put any number of them into your graveyard and the "
               "rest on top of your library in any order.", SORCERY)
    assert v.effects == (Surveil(3, action=False),)


def test_601_2f_a_spells_own_cost_change():
    (c,) = one("This spell costs {1} less to cast if you control a Wizard.", SORCERY)
    assert c.self_only and c.amount == -1 and c.condition.filter.subtypes_any == ("Wizard",)
    (d,) = one("This spell costs {1} less to cast for each creature card in your graveyard.", SORCERY)
    assert d.dynamic.kind == "graveyard"


def test_305_2a_402_2_rules_for_their_controller():
    assert one("You may play an additional land on each of your turns.", CardType.ENCHANTMENT)[0].kind == "extra_land"
    assert one("You have no maximum hand size.", CardType.ENCHANTMENT)[0].kind == "no_max_hand_size"


def test_610_3_exile_until_this_leaves_the_battlefield():
    (t,) = one("When this enchantment enters, exile target nonland permanent an opponent controls until this "
               "enchantment leaves the battlefield.", CardType.ENCHANTMENT)
    assert t.effects == (MoveObject(0, "exile", until_source_leaves=True),)


def test_111_10_treasure_sacrifices_itself_for_mana():
    (s,) = one("Create a Treasure token.", SORCERY)
    (mana,) = s.effects[0].token.abilities
    assert isinstance(mana, ManaAbility) and mana.sacrifice_self and mana.produces == (31,)


def test_701_19_search_variants():
    (n,) = one("When this creature enters, you may search your library for a card named Test Card, reveal it, put it "
               "into your hand, then shuffle.")
    assert n.effects[0].filter.names == ("Test Card",)
    (t,) = one("Search your library for an enchantment card, reveal it, then shuffle and put that card on top.", SORCERY)
    assert t.effects[0].to == "library_top"
    (g,) = one("Search your library for a creature card, put that card into your graveyard, then shuffle.", SORCERY)
    assert g.effects[0].to == "graveyard"


def test_700_2_a_modes_flavour_name_is_not_part_of_its_effect():
    (m,) = one("Choose one —\n• Distract the Guard — Tap target creature.\n• Hide — Draw a card.", INSTANT)
    assert m.modes[1].effects == (DrawCards(1),)


def test_objects_made_by_an_effect_are_not_it():
    """'Create a token ... then attach ~ to it' would need a reference to the new token: refused."""
    assert refused("When this creature enters, create a 1/1 white Soldier creature token, then attach this creature "
                   "to it.")


def test_toughness_filters_are_checked_where_objects_are_chosen():
    (d,) = one("Destroy target creature with toughness 4 or greater.", INSTANT)
    assert d.targets[0].filter.toughness_at_least == 4
    assert refused("Creatures you control with toughness 4 or greater get +1/+1.", CardType.ENCHANTMENT)
