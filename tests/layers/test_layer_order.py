"""The layers (CR 613.1, 613.4), CDAs first (613.3), timestamps (613.7), dependencies (613.8), and
later layers seeing what earlier ones did.

Effects are built as ContinuousEffect entities with ``systems.layers.add_effect``; each test also
checks that the per-object reference implementation (systems/layers_reference.py) agrees with the
bulk layer system. Scenario files: tests/scenarios/layers/*.yaml.
"""

from __future__ import annotations

import pytest
from layer_support import (
    ARTIFACT,
    CREATURE,
    ENCHANTMENT,
    FLYING,
    TRAMPLE,
    VIGILANCE,
    G,
    Layer,
    PermanentFilter,
    R,
    U,
    W,
    board,
    card,
    cast,
    chars,
    effect,
    inline,
    inline_card,
    put,
    resolve_stack,
    scenario,
    zone_of,
)

from components.abilities import ContinuousPart
from components.characteristics import Supertype
from components.objects import Zone
from systems.layers import add_effect, effect_from_part
from systems.layers_reference import bulk_characteristics, reference_characteristics
from systems.state_based import state_check

SHRINE = inline_card("Test Shrine", "Enchantment")  # a source with no abilities of its own
RELIC = inline_card("Test Relic", "Artifact")
CLUE = inline_card("Test Clue", "Artifact — Clue")
TOTEM = inline_card("Test Totem", "Artifact Enchantment")
ALL_CREATURES = PermanentFilter(types_any=CREATURE)


def agree(game):
    """The bulk layer pass and the plain per-object reference give the same characteristics."""
    assert bulk_characteristics(game) == reference_characteristics(game)


# ------------------------------------------------------------------ each layer (613.1)


def test_613_1a_layer_1_copy_effect_gives_the_copiable_values_of_another_card():
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.COPY, source=src, fixed=[bear], copy_of=card("Serra Angel"))
    c = chars(game, bear)
    assert c["pt"] == (4, 4)
    assert c["colors"] == W
    assert c["keywords"] & FLYING and c["keywords"] & VIGILANCE
    assert c["subtypes"] == {"Angel"}
    agree(game)


def test_613_1a_later_layers_apply_on_top_of_the_copy():
    """A copy of Serra Angel still gets Glorious Anthem's +1/+1 (7c) and loses flying to a layer-6 effect."""
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.ABILITY, source=src, fixed=[bear], timestamp=1, keywords_remove=FLYING)
    effect(game, Layer.COPY, source=src, fixed=[bear], timestamp=2, copy_of=card("Serra Angel"))
    put(game, "Glorious Anthem")
    c = chars(game, bear)
    assert c["pt"] == (5, 5)
    assert not c["keywords"] & FLYING and c["keywords"] & VIGILANCE
    agree(game)


def test_613_1b_layer_2_control_change():
    game = board()
    bear = put(game, "Grizzly Bears", 0)
    effect(game, Layer.CONTROL, source=bear, controller=1, fixed=[bear], new_controller=1)
    assert chars(game, bear)["controller"] == 1
    assert game.controller(bear) == 1
    assert game.obj(bear).owner == 0  # control, not ownership (CR 108.4)
    agree(game)


def test_613_1c_layer_3_text_change_changes_what_a_static_ability_filter_means():
    """"Green creatures get +1/+1" with "green" changed to "blue" (CR 612.2) pumps blue creatures."""
    game = board()
    bear = put(game, "Grizzly Bears")  # green
    drake = put(game, "Wind Drake")  # blue
    lord = put(game, SHRINE)
    effect(game, Layer.PT_MODIFY, source=lord, affected=PermanentFilter(types_any=CREATURE, colors_any=G),
           power=1, toughness=1)
    assert chars(game, bear)["pt"] == (3, 3) and chars(game, drake)["pt"] == (2, 2)
    agree(game)
    effect(game, Layer.TEXT, source=drake, fixed=[lord], text_from="green", text_to="blue")
    assert chars(game, bear)["pt"] == (2, 2)
    assert chars(game, drake)["pt"] == (3, 3)
    agree(game)


def test_613_1c_text_change_of_a_creature_type_word():
    """"Elves get +1/+1" with "Elf" changed to "Bear": a text change of a creature type word (CR 612.2)."""
    game = board()
    bear = put(game, "Grizzly Bears")
    elf = put(game, "Greenwood Sentinel")
    lord = put(game, SHRINE)
    effect(game, Layer.PT_MODIFY, source=lord, affected=PermanentFilter(subtypes_any=("Elf",)), power=1, toughness=1)
    effect(game, Layer.TEXT, source=bear, fixed=[lord], text_from="Elf", text_to="Bear")
    assert chars(game, bear)["pt"] == (3, 3)
    assert chars(game, elf)["pt"] == (2, 2)
    agree(game)


def test_613_1d_layer_4_type_change():
    game = board()
    relic = put(game, RELIC)
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, fixed=[relic], types_add=CREATURE, subtypes_add=("Golem",))
    effect(game, Layer.TYPE, source=src, fixed=[bear], subtypes_add=("Frog",), subtypes_replace=True,
           supertypes_add=int(Supertype.LEGENDARY))
    assert chars(game, relic)["types"] == ARTIFACT | CREATURE
    assert chars(game, relic)["subtypes"] == {"Golem"}
    assert chars(game, bear)["subtypes"] == {"Frog"}  # 205.1b: the new creature type replaces Bear
    assert chars(game, bear)["supertypes"] == int(Supertype.LEGENDARY)
    agree(game)


def test_613_1e_layer_5_colour_set_and_add():
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.COLOR, source=src, fixed=[bear], colors_set=U)
    effect(game, Layer.COLOR, source=src, fixed=[bear], colors_add=R)
    assert chars(game, bear)["colors"] == U | R
    agree(game)


def test_613_1f_layer_6_abilities_added_removed_and_lost():
    game = board()
    angel = put(game, "Serra Angel")
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.ABILITY, source=src, fixed=[bear], keywords_add=TRAMPLE)
    effect(game, Layer.ABILITY, source=src, fixed=[angel], keywords_remove=FLYING)
    assert chars(game, bear)["keywords"] == TRAMPLE
    assert chars(game, angel)["keywords"] == VIGILANCE
    effect(game, Layer.ABILITY, source=src, fixed=[angel], lose_all_abilities=True)
    assert chars(game, angel)["keywords"] == 0
    agree(game)


def test_613_1f_a_permanent_that_loses_all_abilities_stops_its_static_effect():
    """Glorious Anthem that loses all abilities (layer 6) no longer pumps in 7c."""
    game = board()
    anthem = put(game, "Glorious Anthem")
    bear = put(game, "Grizzly Bears")
    assert chars(game, bear)["pt"] == (3, 3)
    effect(game, Layer.ABILITY, source=bear, fixed=[anthem], lose_all_abilities=True)
    assert chars(game, bear)["pt"] == (2, 2)
    agree(game)


def test_613_4a_layer_7a_cda_then_613_4b_7b_set_whatever_the_timestamps():
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.PT_SET, source=src, fixed=[bear], timestamp=10, power=1, toughness=1)
    effect(game, Layer.PT_CDA, source=bear, affected=PermanentFilter(types_any=CREATURE), cda=True,
           timestamp=20, power=7, toughness=7)
    assert chars(game, bear)["pt"] == (1, 1)  # 7a applied first, 7b overwrote it
    agree(game)


def test_613_4c_7c_modifies_after_7b_sets_even_with_an_earlier_timestamp():
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.PT_MODIFY, source=src, fixed=[bear], timestamp=10, power=3, toughness=3)
    effect(game, Layer.PT_SET, source=src, fixed=[bear], timestamp=20, power=0, toughness=1)
    assert chars(game, bear)["pt"] == (3, 4)
    agree(game)


def test_613_4d_7d_switch_applies_last():
    game = board()
    guardian = put(game, "Sworn Guardian")  # 1/3
    src = put(game, SHRINE)
    effect(game, Layer.PT_SWITCH, source=src, fixed=[guardian], timestamp=10)
    effect(game, Layer.PT_MODIFY, source=src, fixed=[guardian], timestamp=20, power=2, toughness=0)
    assert chars(game, guardian)["pt"] == (3, 3)  # 1/3 -> 3/3 (7c) -> switched 3/3
    effect(game, Layer.PT_SWITCH, source=src, fixed=[guardian], timestamp=30)
    assert chars(game, guardian)["pt"] == (3, 3)  # two switches cancel out
    agree(game)


def test_613_4d_a_switch_from_a_static_ability_after_a_locked_in_pump():
    game = board()
    guardian = put(game, "Sworn Guardian")  # 1/3
    src = put(game, SHRINE)
    effect(game, Layer.PT_SWITCH, source=src, affected=ALL_CREATURES)
    effect(game, Layer.PT_MODIFY, source=src, fixed=[guardian], power=3, toughness=0)
    assert chars(game, guardian)["pt"] == (3, 4)  # 4/3 after 7c, switched
    agree(game)


# ------------------------------------------------------------------ CDAs and timestamps


def test_613_3_cda_applies_first_in_its_layer_despite_a_later_timestamp():
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.COLOR, source=src, fixed=[bear], timestamp=50, colors_set=U)
    effect(game, Layer.COLOR, source=bear, affected=ALL_CREATURES, cda=True, timestamp=100, colors_set=R)
    assert chars(game, bear)["colors"] == U
    agree(game)


def test_613_3_cda_in_layer_4_first_then_the_type_changes():
    game = board()
    relic = put(game, RELIC)
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, fixed=[relic], timestamp=5, types_remove=CREATURE)
    effect(game, Layer.TYPE, source=relic, fixed=[relic], cda=True, timestamp=9, types_add=CREATURE)
    assert chars(game, relic)["types"] == ARTIFACT
    agree(game)


@pytest.mark.parametrize("blue_first", [True, False])
def test_613_7_within_a_layer_the_later_timestamp_wins(blue_first):
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.COLOR, source=src, fixed=[bear], timestamp=10 if blue_first else 20, colors_set=U)
    effect(game, Layer.COLOR, source=src, fixed=[bear], timestamp=20 if blue_first else 10, colors_set=R)
    assert chars(game, bear)["colors"] == (R if blue_first else U)
    agree(game)


@pytest.mark.parametrize("set_first", [True, False])
def test_613_7_two_7b_effects_the_later_one_sets_the_base(set_first):
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.PT_SET, source=src, fixed=[bear], timestamp=1 if set_first else 2, power=1, toughness=1)
    effect(game, Layer.PT_SET, source=src, fixed=[bear], timestamp=2 if set_first else 1, power=0, toughness=5)
    assert chars(game, bear)["pt"] == ((0, 5) if set_first else (1, 1))
    agree(game)


def test_613_7a_static_effects_use_their_source_timestamp_layer_6():
    """Turn to Frog (later) removes the flying an earlier Aura grants; an Aura attached after the
    Frog (a later timestamp, 613.7d-e) grants flying again."""
    wings = inline("Test Wings", "Enchantment — Aura", text="Enchant creature\nEnchanted creature has flying.",
                   cost="{W}")
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog", "Test Wings"],
                    "battlefield": ["Island", "Island", "Plains",
                                    {"card": "Test Wings", "attached_to": "bear"}]},
                   {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}], cards=[wings])
    game, bear = sc.game, sc.ids["bear"]
    assert chars(game, bear)["keywords"] & FLYING
    cast(game, "Turn to Frog", [bear])
    resolve_stack(game)
    assert not chars(game, bear)["keywords"] & FLYING
    cast(game, "Test Wings", [bear])
    resolve_stack(game)
    assert chars(game, bear)["keywords"] & FLYING
    agree(game)


# ------------------------------------------------------------------ dependencies (613.8)


@pytest.mark.parametrize("a_first", [True, False])
def test_613_8a_dependency_overrides_timestamps_type_added(a_first):
    """A: "artifacts are creatures". B: "enchantments are artifacts". B changes what A applies to,
    so A depends on B and waits for it, whatever their timestamps: the enchantment is an artifact
    creature. (By timestamps alone, with A first, it would not be a creature.)"""
    game = board()
    shrine = put(game, SHRINE)
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ARTIFACT), types_add=CREATURE,
           timestamp=10 if a_first else 20)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ENCHANTMENT), types_add=ARTIFACT,
           timestamp=20 if a_first else 10)
    assert chars(game, shrine)["types"] == ENCHANTMENT | ARTIFACT | CREATURE
    agree(game)


@pytest.mark.parametrize("a_first", [True, False])
def test_613_8a_dependency_overrides_timestamps_type_removed(a_first):
    """A: "artifacts are creatures". B: "Clues aren't artifacts". B removes the type A looks for, so
    A depends on B: B applies first and the Clue is neither an artifact nor a creature."""
    game = board()
    clue = put(game, CLUE)
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ARTIFACT), types_add=CREATURE,
           timestamp=10 if a_first else 20)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(subtypes_any=("Clue",)), types_remove=ARTIFACT,
           timestamp=20 if a_first else 10)
    assert chars(game, clue)["types"] == 0
    state_check(game)
    assert zone_of(game, clue) == Zone.BATTLEFIELD  # not a creature: no 0-toughness death
    agree(game)


def test_613_8a_an_ability_removing_effect_applies_before_the_static_effect_whose_existence_it_ends():
    """A lord ("creatures have trample", layer 6) that later loses all its abilities (layer 6): the
    lord's effect depends on the removal, which goes first, so nothing gains trample."""
    game = board()
    lord = put(game, "Grizzly Bears")
    other = put(game, "Hill Giant")
    effect(game, Layer.ABILITY, source=lord, affected=ALL_CREATURES, keywords_add=TRAMPLE, timestamp=10)
    effect(game, Layer.ABILITY, source=other, fixed=[lord], lose_all_abilities=True, timestamp=20)
    assert not chars(game, other)["keywords"] & TRAMPLE
    assert not chars(game, lord)["keywords"] & TRAMPLE
    agree(game)


def test_613_8a_independent_effects_keep_timestamp_order():
    """Two colour-setting effects on different sets: neither changes what the other applies to."""
    game = board()
    bear = put(game, "Grizzly Bears")
    drake = put(game, "Wind Drake")
    src = put(game, SHRINE)
    effect(game, Layer.COLOR, source=src, affected=PermanentFilter(subtypes_any=("Bear",)), colors_set=R,
           timestamp=20)
    effect(game, Layer.COLOR, source=src, affected=PermanentFilter(subtypes_any=("Drake",)), colors_set=W,
           timestamp=10)
    assert chars(game, bear)["colors"] == R and chars(game, drake)["colors"] == W
    agree(game)


@pytest.mark.parametrize("a_first", [True, False])
def test_613_8b_a_dependency_loop_is_applied_in_timestamp_order(a_first):
    """A: "artifacts aren't enchantments". B: "enchantments aren't artifacts". Each changes what the
    other applies to (a loop), so timestamps decide: the first one strips the other's type."""
    game = board()
    totem = put(game, TOTEM)
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ARTIFACT), types_remove=ENCHANTMENT,
           timestamp=10 if a_first else 20)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ENCHANTMENT), types_remove=ARTIFACT,
           timestamp=20 if a_first else 10)
    assert chars(game, totem)["types"] == (ARTIFACT if a_first else ENCHANTMENT)
    agree(game)


def test_613_8b_613_8c_a_chain_of_dependencies_is_followed():
    """A "Deserts are enchantments", B "enchantments are artifacts", C "artifacts are creatures", with
    timestamps C < B < A. C depends on B, B on A (613.8a); after each one applies the order is
    re-evaluated (613.8c): A, then B, then C. The Desert ends as a land enchantment artifact creature."""
    game = board()
    desert = put(game, inline_card("Test Desert", "Land — Desert"))
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ARTIFACT), types_add=CREATURE,
           timestamp=10)  # C
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ENCHANTMENT), types_add=ARTIFACT,
           timestamp=20)  # B
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(subtypes_any=("Desert",)),
           types_add=ENCHANTMENT, timestamp=30)  # A
    from layer_support import LAND

    assert chars(game, desert)["types"] == LAND | ENCHANTMENT | ARTIFACT | CREATURE
    agree(game)


# ------------------------------------------------------------------ later layers see earlier ones


def test_613_later_layers_see_earlier_ones_type_change_then_creature_anthem():
    """A layer-4 effect makes artifacts creatures; Glorious Anthem (7c, "creatures you control") then
    pumps the animated artifact: a 0/0 becomes 1/1 and survives 704.5f."""
    game = board()
    relic = put(game, RELIC)
    put(game, "Glorious Anthem")
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=ARTIFACT), types_add=CREATURE)
    assert chars(game, relic)["types"] & CREATURE
    assert chars(game, relic)["pt"] == (1, 1)
    state_check(game)
    assert zone_of(game, relic) == Zone.BATTLEFIELD
    agree(game)


def test_613_9_colour_change_layer_5_decides_a_colour_anthem_in_7c():
    """CR 613.9 example: "White creatures get +1/+1" and "Enchanted creature is white"."""
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.PT_MODIFY, source=src, affected=PermanentFilter(types_any=CREATURE, colors_any=W),
           power=1, toughness=1, timestamp=5)
    assert chars(game, bear)["pt"] == (2, 2)
    effect(game, Layer.COLOR, source=src, fixed=[bear], colors_set=W, timestamp=50)
    assert chars(game, bear)["pt"] == (3, 3)
    agree(game)


def test_613_later_layers_see_earlier_ones_control_change_then_you_control_type_effect():
    """Layer 2 before layer 4: a Bears bob takes becomes an artifact under bob's "your creatures are artifacts"."""
    game = board()
    bear = put(game, "Grizzly Bears", 0)
    src = put(game, SHRINE, 1)
    effect(game, Layer.TYPE, source=src, controller=1,
           affected=PermanentFilter(types_any=CREATURE, controller="you"), types_add=ARTIFACT, timestamp=5)
    assert not chars(game, bear)["types"] & ARTIFACT
    effect(game, Layer.CONTROL, source=src, controller=1, fixed=[bear], new_controller=1, timestamp=50)
    assert chars(game, bear)["types"] & ARTIFACT
    agree(game)


def _multi_layer_static(game, source, affected, *parts):
    """A static ability with parts in several layers, as register_static_abilities builds it:
    one entity per part, same source, timestamp, filter and effect group (CR 613.6)."""
    ts = game.new_timestamp()
    game.effect_groups += 1
    for part in parts:
        add_effect(game, effect_from_part(part, timestamp=ts, source=source, controller=0,
                                          until_end_of_turn=False, from_static=True, affected=affected,
                                          group=game.effect_groups))


def test_613_6_an_effect_keeps_its_affected_set_in_later_layers_type_then_base_pt():
    """CR 613.6 example: "All noncreature artifacts become 2/2 artifact creatures" applies in 7b to the
    same permanents it made creatures in layer 4, though they are no longer noncreature artifacts."""
    game = board()
    relic = put(game, RELIC)
    src = put(game, SHRINE)
    _multi_layer_static(game, src, PermanentFilter(types_any=ARTIFACT, types_none=CREATURE),
                        ContinuousPart(Layer.TYPE, types_add=CREATURE),
                        ContinuousPart(Layer.PT_SET, power=2, toughness=2))
    assert chars(game, relic)["types"] == ARTIFACT | CREATURE
    assert chars(game, relic)["pt"] == (2, 2)


def test_613_6_an_effect_keeps_its_affected_set_in_later_layers_colour_then_pump():
    """"Blue creatures are green and get +1/+1": the +1/+1 (7c) goes to the creatures that were blue
    when the effect started applying in layer 5 (CR 613.6)."""
    game = board()
    drake = put(game, "Wind Drake")  # 2/2 blue
    src = put(game, SHRINE)
    _multi_layer_static(game, src, PermanentFilter(types_any=CREATURE, colors_any=U),
                        ContinuousPart(Layer.COLOR, colors_set=G),
                        ContinuousPart(Layer.PT_MODIFY, power=1, toughness=1))
    assert chars(game, drake)["colors"] == G
    assert chars(game, drake)["pt"] == (3, 3)


def test_613_1_all_layers_at_once_on_one_creature():
    """One creature under an effect in every layer, created in reverse layer order."""
    game = board()
    bear = put(game, "Grizzly Bears", 0)
    src = put(game, SHRINE)
    effect(game, Layer.PT_SWITCH, source=src, fixed=[bear])
    effect(game, Layer.PT_MODIFY, source=src, fixed=[bear], power=2, toughness=0)
    effect(game, Layer.PT_SET, source=src, fixed=[bear], power=1, toughness=4)
    effect(game, Layer.ABILITY, source=src, fixed=[bear], keywords_add=FLYING)
    effect(game, Layer.COLOR, source=src, fixed=[bear], colors_set=R)
    effect(game, Layer.TYPE, source=src, fixed=[bear], types_add=ARTIFACT)
    effect(game, Layer.CONTROL, source=src, controller=1, fixed=[bear], new_controller=1)
    effect(game, Layer.COPY, source=src, fixed=[bear], copy_of=card("Hill Giant"))
    c = chars(game, bear)
    assert c["controller"] == 1
    assert c["types"] == ARTIFACT | CREATURE
    assert c["subtypes"] == {"Giant"}
    assert c["colors"] == R
    assert c["keywords"] == FLYING
    assert c["pt"] == (4, 3)  # 7b 1/4, 7c 3/4, 7d 4/3
    agree(game)


def test_613_turn_to_frog_parts_share_one_timestamp_and_apply_in_their_layers():
    sc = scenario([{"name": "alice", "hand": ["Turn to Frog"], "battlefield": ["Island", "Island"]},
                   {"name": "bob", "battlefield": [{"card": "Serra Angel", "id": "angel"}]}])
    game, angel = sc.game, sc.ids["angel"]
    cast(game, "Turn to Frog", [angel])
    resolve_stack(game)
    from components.objects import ContinuousEffect

    effects = [game.world.get(e, ContinuousEffect) for e in game.effects]
    assert sorted(ce.layer for ce in effects) == [Layer.TYPE, Layer.COLOR, Layer.ABILITY, Layer.PT_SET]
    assert len({ce.timestamp for ce in effects}) == 1  # 613.7b: one effect, one timestamp
    assert all(ce.fixed == (angel,) and ce.until_end_of_turn for ce in effects)


def test_613_1c_612_2_a_text_change_also_changes_the_type_line():
    """Changing "Elf" to "Bear" on Greenwood Sentinel (Creature — Elf Scout) makes it a Bear Scout,
    and a Bear lord then pumps it (layer 3 before 4 and 7c)."""
    game = board()
    elf = put(game, "Greenwood Sentinel")
    src = put(game, SHRINE)
    effect(game, Layer.TEXT, source=src, fixed=[elf], text_from="Elf", text_to="Bear")
    effect(game, Layer.PT_MODIFY, source=src, affected=PermanentFilter(subtypes_any=("Bear",)), power=1,
           toughness=1)
    assert chars(game, elf)["subtypes"] == {"Bear", "Scout"}
    assert chars(game, elf)["pt"] == (3, 3)


@pytest.mark.parametrize("a_first", [True, False])
def test_613_8a_dependency_in_layer_6_keyword_filter(a_first):
    """A: "creatures with flying have trample". B: "Drakes lose flying". B changes what A applies
    to, so B goes first: the Drake ends with neither. A Bears given flying (C) does get trample."""
    game = board()
    drake = put(game, "Wind Drake")
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.ABILITY, source=src, affected=PermanentFilter(keywords_any=FLYING), keywords_add=TRAMPLE,
           timestamp=10 if a_first else 20)
    effect(game, Layer.ABILITY, source=src, affected=PermanentFilter(subtypes_any=("Drake",)),
           keywords_remove=FLYING, timestamp=20 if a_first else 10)
    effect(game, Layer.ABILITY, source=src, fixed=[bear], keywords_add=FLYING, timestamp=30)
    assert chars(game, drake)["keywords"] & (FLYING | TRAMPLE) == 0
    assert chars(game, bear)["keywords"] & (FLYING | TRAMPLE) == FLYING | TRAMPLE
    agree(game)


def test_613_8a_dependency_in_layer_5_colour_filter():
    """A (earlier): "blue permanents are also red". B (later): "Bears are blue". A waits for B."""
    game = board()
    bear = put(game, "Grizzly Bears")
    src = put(game, SHRINE)
    effect(game, Layer.COLOR, source=src, affected=PermanentFilter(colors_any=U), colors_add=R, timestamp=10)
    effect(game, Layer.COLOR, source=src, affected=PermanentFilter(subtypes_any=("Bear",)), colors_set=U,
           timestamp=20)
    assert chars(game, bear)["colors"] == U | R
    agree(game)


def test_613_earlier_layers_do_not_see_later_ones():
    """"Green creatures are artifacts" (layer 4) looks at colour as it is in layer 4: a green Bears
    that a layer-5 effect makes blue is still an artifact, and a blue Drake made green is not."""
    game = board()
    bear = put(game, "Grizzly Bears")
    drake = put(game, "Wind Drake")
    src = put(game, SHRINE)
    effect(game, Layer.TYPE, source=src, affected=PermanentFilter(types_any=CREATURE, colors_any=G),
           types_add=ARTIFACT)
    effect(game, Layer.COLOR, source=src, fixed=[bear], colors_set=U)
    effect(game, Layer.COLOR, source=src, fixed=[drake], colors_set=G)
    assert chars(game, bear)["types"] & ARTIFACT and chars(game, bear)["colors"] == U
    assert not chars(game, drake)["types"] & ARTIFACT and chars(game, drake)["colors"] == G
    agree(game)


def test_613_1d_205_1a_setting_a_land_subtype_replaces_the_old_land_type():
    game = board()
    island = put(game, "Island")
    effect(game, Layer.TYPE, source=island, fixed=[island], subtypes_add=("Forest",), subtypes_replace=True)
    assert chars(game, island)["subtypes"] == {"Forest"}


def test_305_7_a_land_whose_type_is_set_to_forest_taps_for_green():
    from systems.mana import mana_sources

    game = board()
    island = put(game, "Island")
    effect(game, Layer.TYPE, source=island, fixed=[island], subtypes_add=("Forest",), subtypes_replace=True)
    assert mana_sources(game, 0) == [(G, island)]


def test_613_1f_305_6_a_land_that_lost_all_abilities_cannot_tap_for_mana():
    from systems.mana import mana_sources

    game = board()
    island = put(game, "Island")
    assert mana_sources(game, 0) == [(U, island)]
    effect(game, Layer.ABILITY, source=island, fixed=[island], lose_all_abilities=True)
    assert mana_sources(game, 0) == []


def test_707_2_a_copy_has_the_copied_cards_static_abilities():
    """CR 707.2: rules text is a copiable value: an artifact that becomes a copy of Glorious Anthem
    pumps creatures, and an Anthem that becomes a copy of a vanilla artifact stops pumping."""
    game = board()
    bear = put(game, "Grizzly Bears", 0)
    relic = put(game, RELIC, 0)
    src = put(game, SHRINE)
    effect(game, Layer.COPY, source=src, fixed=[relic], copy_of=card("Glorious Anthem"))
    assert chars(game, bear)["pt"] == (3, 3)
    anthem = put(game, "Glorious Anthem", 0)
    assert chars(game, bear)["pt"] == (4, 4)
    effect(game, Layer.COPY, source=src, fixed=[anthem], copy_of=RELIC)
    assert chars(game, bear)["pt"] == (3, 3)
    agree(game)


def test_704_5j_707_2_the_legend_rule_sees_a_copys_name():
    """CR 704.5j with 707.2: a copy of a legendary creature has its name, so the legend rule applies."""
    from ecs.actions import DecisionKind
    from systems.state_based import state_check

    game = board()
    put(game, "Jedit Ojanen", 0)
    bear = put(game, "Grizzly Bears", 0)
    src = put(game, SHRINE)
    effect(game, Layer.COPY, source=src, fixed=[bear], copy_of=card("Jedit Ojanen"))
    game.sba_dirty = True
    state_check(game)
    assert game.pending is not None and game.pending.kind == DecisionKind.LEGEND_RULE


HOARDER = {"name": "Test Hoarder", "manaCost": "{2}", "type": "Creature — Spirit", "types": ["Creature"],
           "subtypes": ["Spirit"], "supertypes": [], "power": "*", "toughness": "*", "layout": "normal",
           "text": "Test Hoarder's power and toughness are each equal to the number of cards in your hand."}


def test_604_3_a_cda_counting_the_cards_in_a_hand_follows_the_hand_at_the_next_priority():
    """CR 604.3, 613.4a: a characteristic-defining ability's number is read whenever the characteristic is; the
    layers are applied again before a player receives priority once the hand it counts has changed (a draw moves no
    permanent)."""
    from board import build

    from components.objects import Zone
    from ecs.actions import PassPriority
    from systems.zones import draw

    game = build([{"name": "alice", "hand": ["Forest"], "library": ["Forest"] * 6, "battlefield": ["Test Hoarder"]},
                  {"name": "bob", "library": ["Forest"] * 6}], cards=[HOARDER]).game
    t = game.table
    hoarder = next(e for e in t.row_of if game.card(e).name == "Test Hoarder")
    game.refresh_layers()
    assert (t.get(hoarder, "power"), t.get(hoarder, "toughness")) == (1, 1)
    draw(game, 0, 2)
    game.apply(PassPriority())  # bob receives priority: the state check before it looks at the number again
    game.refresh_layers()
    assert len(game.zones[0][Zone.HAND]) == 3
    assert (t.get(hoarder, "power"), t.get(hoarder, "toughness")) == (3, 3)
