"""Compiler templates and round trips of three families: delayed triggered abilities (CR 603.7),
conditions on what happened this turn (morbid, raid, revolt ...: 603.4 read against a per-turn history)
and untap restrictions (502.3)."""

from __future__ import annotations

import pytest

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    Condition,
    Delayed,
    Destroy,
    Discard,
    DrawCards,
    Sacrifice,
    SkipNextUntap,
    TriggeredAbility,
    UntapRule,
)
from components.characteristics import CardType
from components.objects import Step
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from content.oracle.text import strip_ability_word

C, INST, S, E = CardType.CREATURE, CardType.INSTANT, CardType.SORCERY, CardType.ENCHANTMENT


def one(text: str, types: CardType) -> tuple[object, ...]:
    (result,) = compile_lines("Test Card", text, types)
    assert result.ok, result.error
    written = strip_ability_word(result.text)  # an ability word has no rules meaning (207.2c)
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(written)
    return result.abilities


def refused(text: str, types: CardType) -> bool:
    (result,) = compile_lines("Test Card", text, types)
    return not result.ok


# ------------------------------------------------------------------ 603.7 delayed triggered abilities


def test_603_7a_draw_at_the_beginning_of_the_next_turns_upkeep():
    (spell,) = one("Draw a card at the beginning of the next turn's upkeep.", INST)
    (d,) = spell.effects
    assert d == Delayed((DrawCards(1),), int(Step.UPKEEP), next_turn=True)


def test_603_7a_effects_at_the_beginning_of_the_next_end_step():
    (spell,) = one("Draw three cards. Discard three cards at the beginning of the next end step.", S)
    draw, d = spell.effects
    assert draw == DrawCards(3)
    assert isinstance(d, Delayed) and d.step == int(Step.END) and not d.next_turn
    assert isinstance(d.effects[0], Discard) and d.ref == -3


def test_603_7c_the_delayed_ability_refers_to_this_object():
    (act,) = one("{R}: This creature gets +1/+0 until end of turn. Sacrifice this creature at the beginning of "
                 "the next end step.", C)
    d = act.effects[-1]
    assert isinstance(d, Delayed) and d.ref == SELF and d.effects == (Sacrifice(SELF),)


def test_603_7c_the_delayed_ability_refers_to_the_target_as_it_was():
    (spell,) = one("Target creature gains flying until end of turn. Destroy it at the beginning of the "
                   "next end step.", INST)
    d = spell.effects[-1]
    assert isinstance(d, Delayed) and d.ref == 0 and d.effects == (Destroy(0),)


def test_603_7a_written_first_at_the_beginning_of_the_next_end_step():
    (spell,) = one("At the beginning of the next end step, you lose 2 life.", INST)
    assert spell.effects[0].front


@pytest.mark.parametrize("text", [
    # the card put onto the battlefield is a new object (400.7): "it" would have to follow it
    "Return target creature card from your graveyard to the battlefield. Exile it at the beginning of the next "
    "end step.",
    # the delayed ability would choose targets as it triggers
    "At the beginning of the next end step, destroy target creature.",
])
def test_delayed_templates_the_engine_cannot_execute_exactly_are_refused(text):
    assert refused(text, S)


# ------------------------------------------------------------------ conditions on this turn's history


@pytest.mark.parametrize(("text", "kind", "n"), [
    ("Morbid — At the beginning of each end step, if a creature died this turn, you may draw a card.",
     "creature_died_this_turn", 0),
    ("Raid — When this creature enters, if you attacked this turn, you gain 2 life.", "you_attacked_this_turn", 0),
    ("Revolt — When this creature enters, if a permanent left the battlefield under your control this turn, "
     "you gain 5 life.", "permanent_left_under_your_control_this_turn", 0),
    ("At the beginning of your end step, if you gained life this turn, draw a card.", "you_gained_life_this_turn", 0),
    ("At the beginning of your end step, if you gained 3 or more life this turn, draw a card.",
     "you_gained_life_this_turn", 3),
    ("When this creature enters, if an opponent lost life this turn, each opponent loses 2 life.",
     "opponent_lost_life_this_turn", 0),
    ("At the beginning of your end step, if you gained or lost life this turn, draw a card.",
     "you_gained_or_lost_life_this_turn", 0),
    ("At the beginning of your end step, if you've cast two or more spells this turn, draw a card.",
     "you_cast_spells_this_turn", 2),
    ("At the beginning of your end step, if you dealt combat damage to a player this turn, draw a card.",
     "you_dealt_combat_damage_to_player_this_turn", 0),
])
def test_603_4_intervening_if_on_this_turns_history(text, kind, n):
    (trig,) = one(text, C)
    assert isinstance(trig, TriggeredAbility)
    assert trig.condition == Condition(kind, n)


def test_601_2f_cost_reduction_if_a_creature_died_this_turn():
    (mod,) = one("This spell costs {2} less to cast if a creature died this turn.", C)
    assert mod.condition == Condition("creature_died_this_turn")


# ------------------------------------------------------------------ 502.3 untap restrictions


@pytest.mark.parametrize(("text", "types", "rule"), [
    ("This creature doesn't untap during your untap step.", C, UntapRule("", "self")),
    ("You may choose not to untap this creature during your untap step.", C, UntapRule("", "self", optional=True)),
    ("Enchanted creature doesn't untap during its controller's untap step.", E,
     UntapRule("", "attached", attached_noun="enchanted creature")),
    ("Enchanted permanent doesn't untap during its controller's untap step.", E,
     UntapRule("", "attached", attached_noun="enchanted permanent")),
])
def test_502_3_untap_restrictions(text, types, rule):
    (got,) = one(text, types)
    assert isinstance(got, UntapRule)
    assert (got.who, got.optional, got.attached_noun) == (rule.who, rule.optional, rule.attached_noun)


def test_502_3_a_conditional_untap_restriction_is_not_read():
    assert refused("This land doesn't untap during your untap step if it has a depletion counter on it.", C)


def test_event_object_is_a_valid_delayed_reference():
    (trig,) = one("Whenever a creature you control attacks, destroy it at the beginning of the next end step.", C)
    assert trig.effects[0].ref == EVENT_OBJECT


def test_502_3_doesnt_untap_during_its_controllers_next_untap_step():
    (spell,) = one("Tap target creature. It doesn't untap during its controller's next untap step.", INST)
    assert spell.effects[1] == SkipNextUntap(0)
    (spell,) = one("Tap up to two target creatures. Those creatures don't untap during their controller's next "
                   "untap step.", INST)
    assert spell.effects[2:] == (SkipNextUntap(0), SkipNextUntap(1))
    assert refused("Lands you control don't untap during your next untap step.", INST)


def test_603_7c_return_the_card_an_earlier_instruction_exiled():
    (spell,) = one("Exile target creature. Return that card to the battlefield under its owner's control at the "
                   "beginning of the next end step.", INST)
    d = spell.effects[1]
    assert isinstance(d, Delayed) and d.follow and d.ref == 0
    (act,) = one("{1}{W}{U}: Exile this creature. Return this creature to the battlefield under its owner's "
                 "control at the beginning of the next end step.", C)
    assert act.effects[1].follow and act.effects[1].ref == SELF
    # not exiled first: the delayed return would have to find a card that isn't "that card"
    assert refused("Return it to the battlefield under its owner's control at the beginning of the next end step.",
                   INST)
    assert refused("Tap target creature. Return it to the battlefield under its owner's control at the beginning "
                   "of the next end step.", INST)


def test_614_1c_revolt_enters_with_counters_if_condition():
    (rep,) = one("Revolt — This creature enters with two +1/+1 counters on it if a permanent left the battlefield "
                 "under your control this turn.", C)
    assert rep.condition == Condition("permanent_left_under_your_control_this_turn") and rep.spec.amount == 2


def test_502_3_this_permanent_doesnt_untap_during_your_next_untap_step():
    (act,) = compile_lines("Test Card", "{U}: This creature gains shroud until end of turn and doesn't untap during "
                           "your next untap step. Tap it.", C)[0].abilities
    assert SkipNextUntap(SELF, yours=True) in act.effects
    assert refused("Tap target creature. It doesn't untap during your next untap step.", INST)
