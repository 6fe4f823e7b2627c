"""The round trip of ``mtg-ecs cards check --roundtrip``: renderer cases written from the compiled data
(content/oracle/render.py and the keyword modules' RENDERERS), and the normalisation both sides go through
(content/oracle/report.py ``roundtrip_normal``, content/oracle/clause_joins.py).

Each rendering test asserts the exact text the renderer writes (the card's name is ~), so a test fails when
the renderer writes another wording, not only when the normalised forms differ."""

from __future__ import annotations

import pytest

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal

C, INST, S, A, E, L = (CardType.CREATURE, CardType.INSTANT, CardType.SORCERY, CardType.ARTIFACT,
                    CardType.ENCHANTMENT, CardType.LAND)

# (printed line, card types, the exact rendering)
EXACT = [
    # keyword lines of systems/mechanics (702.100 evolve, 702.101 extort, 702.105 dethrone, 702.98 unleash,
    # 702.103 bestow, 702.96 overload, 702.99 cipher, 702.97 scavenge, 702.95 soulbond)
    ("Evolve", C, "Evolve"),
    ("Extort", C, "Extort"),
    ("Dethrone", C, "Dethrone"),
    ("Unleash", C, "Unleash"),
    ("Bestow {4}{B}", C, "Bestow {4}{B}"),
    ("Overload {2}{U}", INST, "Overload {2}{U}"),
    ("Cipher", S, "Cipher"),
    ("Scavenge {5}{G}{G}", C, "Scavenge {5}{G}{G}"),
    ("Soulbond", C, "Soulbond"),
    ("As long as Test Card is paired with another creature, both creatures have trample.", C,
     "As long as ~ is paired with another creature, both creatures have trample."),
    ("As long as Test Card is paired with another creature, each of those creatures gets +1/+1.", C,
     "As long as ~ is paired with another creature, each of those creatures gets +1/+1."),
    ("Other creatures you control have evolve.", C, "Other creatures you control have evolve."),
    # 606.2: a loyalty ability's cost is its loyalty symbol
    ("[+1]: Draw a card.", CardType.PLANESWALKER, "[+1]: Draw a card."),
    ("[−3]: Destroy target creature.", CardType.PLANESWALKER, "[-3]: Destroy target creature."),
    # two colours in their printed order (the colour wheel, 105.1)
    ("Create a 2/2 red and white Spirit creature token.", S, "Create a 2/2 red and white Spirit creature token."),
    ("Create a 1/1 green and white Citizen creature token.", S,
     "Create a 1/1 green and white Citizen creature token."),
    ("Create a 1/1 white and blue Bird creature token.", S, "Create a 1/1 white and blue Bird creature token."),
    ("{R/W}, {T}: Add {R}{R}, {R}{W}, or {W}{W}.", L, "{R/W}, {T}: Add {R}{R}, {R}{W}, or {W}{W}."),
    # ~ named again right after itself is "it"
    ("When Test Card enters, attach it to target creature you control.", A,
     "When ~ enters, attach it to target creature you control."),
    ("{R}, Sacrifice Test Card: It deals damage equal to its power to target creature.", C,
     "{R}, Sacrifice ~: It deals damage equal to its power to target creature."),
    ("{2}{R}: Put a +1/+1 counter on Test Card. It gains double strike until end of turn.", C,
     "{2}{R}: Put a +1/+1 counter on ~. It gains double strike until end of turn."),
    ("Whenever Test Card becomes blocked, you may have it deal 1 damage to any target.", C,
     "Whenever ~ becomes blocked, you may have it deal 1 damage to any target."),
    ("Whenever another artifact you control enters, Test Card gets +1/+1 until end of turn and can't be blocked "
     "this turn.", C, "Whenever another artifact you control enters, ~ gets +1/+1 until end of turn and can't be "
     "blocked this turn."),
    ("When Test Card enters and at the beginning of your upkeep, gain control of enchanted permanent until end of "
     "turn. Untap that permanent. It gains haste until end of turn.", E,
     "When ~ enters and at the beginning of your upkeep, gain control of enchanted creature until end of turn. "
     "Untap it. It gains haste until end of turn."),
    # ... but not after something else was named
    ("When Test Card enters, you may sacrifice a creature or land. If you do, put two +1/+1 counters on "
     "Test Card.", C,
     "When ~ enters, you may sacrifice a creature or land. If you do, put two +1/+1 counters on ~."),
    ("Whenever Test Card or another Ally you control enters, you may put a +1/+1 counter on Test Card.", C,
     "Whenever ~ or another Ally you control enters, you may put a +1/+1 counter on ~."),
    # a condition checked on resolution follows its instruction (an "if" right after the trigger condition
    # would be an intervening "if", 603.4)
    ("At the beginning of your upkeep, you lose 2 life if you don't control an Ogre.", C,
     "At the beginning of your upkeep, you lose 2 life if you don't control an Ogre."),
    ("At the beginning of your end step, if you control two or more other creatures, draw a card.", A,
     "At the beginning of your end step, if you control two or more other creatures, draw a card."),
    # several identical target slots
    ("Put a +1/+1 counter on each of up to two target creatures.", S,
     "Put a +1/+1 counter on each of up to two target creatures."),
    ("Up to two target creatures each get +2/+2 until end of turn.", INST,
     "Up to two target creatures each get +2/+2 until end of turn."),
    ("Up to two target creatures can't block this turn.", S, "Up to two target creatures can't block this turn."),
    ("Return up to two target creatures to their owners' hands.", INST,
     "Return up to two target creatures to their owners' hands."),
    ("Test Card deals 1 damage to each of up to three target creatures. Those creatures can't block this turn.", INST,
     "~ deals 1 damage to each of up to three target creatures. Those creatures can't block this turn."),
    # zones (113.6m, 400.3)
    ("{2}{B}: Return Test Card from your graveyard to your hand.", C,
     "{2}{B}: Return ~ from your graveyard to your hand."),
    ("Return target creature card from a graveyard to its owner's hand.", S,
     "Return target creature card from a graveyard to its owner's hand."),
    ("Return target creature card from your graveyard to your hand.", S,
     "Return target creature card from your graveyard to your hand."),
    ("Whenever you cast a multicolored spell, you may return Test Card from your graveyard to your hand.", C,
     "Whenever you cast a multicolored spell, you may return ~ from your graveyard to your hand."),
    # one instruction on several different targets (608.2c)
    ("Destroy target artifact, target creature, target enchantment, and target land.", S,
     "Destroy target artifact, target creature, target enchantment, and target land."),
    ("Destroy target nonblack creature and target land. They can't be regenerated.", S,
     "Destroy target nonblack creature and target land. They can't be regenerated."),
    ("Return target creature and target land to their owners' hands.", INST,
     "Return target creature and target land to their owners' hands."),
    # the instructions of one "if you do" / "you may" are one sentence
    ("Whenever you draw a card, you may pay {1}. If you do, put a +1/+1 counter on Test Card and create a 1/1 "
     "blue Tentacle creature token.", C,
     "Whenever you draw a card, you may pay {1}. If you do, put a +1/+1 counter on ~ and create a 1/1 blue "
     "Tentacle creature token."),
    ("Whenever Test Card attacks, you may discard your hand and draw three cards.", C,
     "Whenever ~ attacks, you may discard your hand and draw three cards."),
    # a set named again by the next instruction is "those creatures" / "they"
    ("Untap all creatures you control. They gain flying and double strike until end of turn.", INST,
     "Untap creatures you control. Those creatures gain double strike and flying until end of turn."),
    # nouns and numbers
    ("Target player mills X cards, where X is the number of lands you control.", S,
     "Target player mills x cards, where x is the number of lands you control."),
    ("Creature tokens you control get +1/+1.", E, "Creature tokens you control get +1/+1."),
    ("Zombie tokens you control have flying.", E, "Zombie tokens you control have flying."),
    ("All Sliver creatures get +1/+1 for each other Sliver on the battlefield.", C,
     "All Sliver creatures get +1/+1 for each other Sliver on the battlefield."),
    ("Whenever Test Card attacks, target creature an opponent controls gets -X/-0 until end of turn, where X is "
     "the number of artifacts you control.", C,
     "Whenever ~ attacks, target creature an opponent controls gets -x/-0 until end of turn, where x is the "
     "number of artifacts you control."),
]


@pytest.mark.parametrize(("text", "types", "rendered"), EXACT, ids=[t for t, _, _ in EXACT])
def test_renderer_writes_the_printed_wording(text, types, rendered):
    (result,) = compile_lines("Test Card", text, types)
    assert result.ok, result.error
    assert render_line(result.abilities) == rendered
    assert roundtrip_normal(rendered) == roundtrip_normal(result.text)


# Wordings that mean the same instructions in the same order (608.2c), numbers defined by the text (107.3c),
# sets of keywords / card types (702.1, 205.2a), flavor words of modes (207.2c): the same after normalisation.
SAME = [
    ("You gain 1 life and draw a card.", "You gain 1 life. Draw a card."),
    ("Target player draws two cards and loses 2 life.", "Target player draws two cards and that player loses 2 life."),
    ("Target opponent discards two cards, mills two cards, and loses 2 life.",
     "Target opponent discards two cards. That player mills two cards and that player loses 2 life."),
    ("Each player discards their hand, then draws seven cards.",
     "Each player discards their hand. Each player draws seven cards."),
    ("When ~ enters, tap target creature an opponent controls and put a stun counter on it.",
     "When ~ enters, tap target creature an opponent controls. Put a stun counter on it."),
    ("{B}{B}: Creatures with shadow get +1/+0 until end of turn and creatures without shadow get -1/-0 until end "
     "of turn.", "{B}{B}: Creatures with shadow get +1/+0 until end of turn. Creatures without shadow get -1/-0 "
     "until end of turn."),
    ("~ deals X damage to any target, where X is the number of Mountains you control.",
     "~ deals damage equal to the number of Mountains you control to any target."),
    ("When ~ enters, each opponent loses X life and you gain X life, where X is the number of colors among "
     "permanents you control.", "When ~ enters, each opponent loses life equal to the number of colors among "
     "permanents you control and you gain life equal to the number of colors among permanents you control."),
    ("Destroy each nonland artifact with mana value 4 or less.", "Destroy all nonland artifacts with mana value 4 or less."),
    ("Whenever ~ attacks, each other creature you control gets +1/+1 until end of turn.",
     "Whenever ~ attacks, other creatures you control get +1/+1 until end of turn."),
    ("Return each creature without a +1/+1 counter on it to its owner's hand.",
     "Return all creatures without a +1/+1 counter on it to their owners' hands."),
    ("Fierce Retribution deals 1 damage to target [attacking] creature.",
     "Fierce Retribution deals 1 damage to target attacking creature."),
    ("~ deals damage to target creature equal to the number of lands you control.",
     "~ deals damage equal to the number of lands you control to target creature."),
    ("Target creature gets +2/+0 and gains vigilance and haste until end of turn.",
     "Target creature gets +2/+0 and gains haste and vigilance until end of turn."),
    ("Exile target artifact, enchantment, or creature with flying.",
     "Exile target artifact, creature, or enchantment with flying."),
    ("Choose one —\n• Rouse the Party — Creatures you control get +1/+1 until end of turn.\n• Set Off Traps — ~ "
     "deals 5 damage to target attacking creature.",
     "Choose one —\n• Creatures you control get +1/+1 until end of turn.\n• ~ deals 5 damage to target attacking "
     "creature."),
    ("Flying; swampwalk", "Flying, swampwalk"),
    ("If there are two or more instant and/or sorcery cards in your graveyard, add {B}{B}{B}.",
     "If there are two or more instant and sorcery cards in your graveyard, add {B}{B}{B}."),
    ("Whenever ~ becomes blocked, each creature blocking it gets -1/-1 until end of turn.",
     "Whenever ~ becomes blocked, all creatures blocking it get -1/-1 until end of turn."),
    ("When ~ enters, if it was kicked, you gain 3 life and draw a card.",
     "When ~ enters, if it was kicked, you gain 3 life. Draw a card."),
    ("When ~ enters, you gain 1 life for each creature you control.",
     "When ~ enters, you gain life equal to the number of creatures you control."),
    ("Draw a card for each Elf you control.", "Draw cards equal to the number of Elves you control."),
    ("Creatures with flying your opponents control get -1/-1.", "Creatures your opponents control with flying get -1/-1."),
    ("Whenever ~ attacks, Dinosaurs you control other than ~ get +1/+1 until end of turn.",
     "Whenever ~ attacks, other Dinosaurs you control get +1/+1 until end of turn."),
    ("{T}: Target creature becomes a Frog with base power and toughness 3/3 until end of turn.",
     "{T}: Until end of turn, target creature becomes a Frog with base power and toughness 3/3."),
    ("Untap target creature. If ~ was kicked, that creature gets +4/+4 until end of turn instead.",
     "Untap target creature. If ~ was kicked, it gets +4/+4 until end of turn instead."),
]


@pytest.mark.parametrize(("printed", "rendered"), SAME, ids=[p for p, _ in SAME])
def test_equivalent_wordings_normalise_alike(printed, rendered):
    assert roundtrip_normal(printed) == roundtrip_normal(rendered)


# What the normalisation must keep apart: who performs an instruction, what "you may" / "if you do" covers,
# objects that are not instructions, the order of instructions.
DIFFERENT = [
    ("Whenever ~ attacks, you may discard your hand and draw three cards.",
     "Whenever ~ attacks, you may discard your hand. Draw three cards."),
    ("Whenever you draw a card, you may pay {1}. If you do, put a +1/+1 counter on ~ and create a Food token.",
     "Whenever you draw a card, you may pay {1}. If you do, put a +1/+1 counter on ~. Create a Food token."),
    ("If you do, untap it and it gains haste until end of turn.", "If you do, untap it. It gains haste until end of turn."),
    ("Target player draws two cards and loses 2 life.", "Target player draws two cards and you lose 2 life."),
    ("Target opponent loses 2 life. You gain 2 life.", "Target opponent loses 2 life. That player gains 2 life."),
    ("You gain 1 life and draw a card.", "Draw a card. You gain 1 life."),
    ("Destroy target artifact and target land.", "Destroy target artifact. Target land."),
    ("~ deals 2 damage to any target and 3 damage to you.", "~ deals 2 damage to any target. ~ deals 3 damage to you."),
    ("Choose one —\n• Draw a card.\n• You gain 2 life.", "Choose one —\n• Draw a card. You gain 2 life."),
    ("You gain 2 life for each creature you control.", "You gain life equal to the number of creatures you control."),
    ("Target creature gets +X/+X until end of turn, where X is the number of Elves you control.",
     "Target creature gets +X/+X until end of turn, where X is the number of Goblins you control."),
    ("You gain X life, where X is the number of Elves you control.",
     "You gain life equal to the number of Goblins you control."),
    ("Creatures with flying you control get +1/+1.", "Creatures your opponents control with flying get +1/+1."),
    ("Target creature other than ~ gets +1/+1 until end of turn.", "Target creature gets +1/+1 until end of turn."),
    ("Destroy each nonland artifact.", "Destroy target nonland artifact."),
    ("Whenever ~ becomes blocked, each creature blocking it gets -1/-1 until end of turn.",
     "Whenever ~ becomes blocked, ~ gets -1/-1 until end of turn."),
    ("Each creature you control gets +1/+1 until end of turn.", "Each creature you control gains flying until end of turn."),
]


@pytest.mark.parametrize(("printed", "rendered"), DIFFERENT, ids=[p for p, _ in DIFFERENT])
def test_different_instructions_stay_different(printed, rendered):
    assert roundtrip_normal(printed) != roundtrip_normal(rendered)


# 702.33d: "If ~ was kicked, <instruction> instead." names the replaced instruction's target again ("it"), and
# writes a set of permanents out again.
KICKED = [
    ("Target creature gets +2/+2 until end of turn. If Test Card was kicked, that creature gets +5/+5 until end of "
     "turn instead.",
     "Target creature gets +2/+2 until end of turn. If ~ was kicked, it gets +5/+5 until end of turn instead."),
    ("Test Card deals 2 damage to target creature. If Test Card was kicked, it deals 5 damage to that creature "
     "instead.", "~ deals 2 damage to target creature. If ~ was kicked, ~ deals 5 damage to it instead."),
    ("Put a +1/+1 counter on each creature you control. If Test Card was kicked, put two +1/+1 counters on each "
     "creature you control instead.", "Put a +1/+1 counter on each creature you control. If ~ was kicked, put two "
     "+1/+1 counters on each creature you control instead."),
]


@pytest.mark.parametrize(("text", "rendered"), KICKED, ids=[t for t, _ in KICKED])
def test_702_33d_kicked_instead_names_the_same_target_again(text, rendered):
    kicker, result = compile_lines("Test Card", "Kicker {R}\n" + text, INST)
    assert kicker.ok and result.ok, result.error
    assert render_line(result.abilities) == rendered
    assert roundtrip_normal(rendered) == roundtrip_normal(result.text)
