"""Type lines: supertypes, card types and subtypes (CR 205)."""

from __future__ import annotations

import pytest

from components import subtypes
from components.characteristics import CardType, Supertype, TypeLine
from content.typeline import TypeLineError, parse_type_line

T = CardType
S = Supertype


@pytest.mark.parametrize(
    ("text", "supertypes", "types", "subtypes_"),
    [
        # The three examples of CR 205.3b.
        ("Basic Land — Mountain", S.BASIC, T.LAND, ("Mountain",)),
        ("Creature — Goblin Wizard", S(0), T.CREATURE, ("Goblin", "Wizard")),
        ("Artifact — Equipment", S(0), T.ARTIFACT, ("Equipment",)),
        ("Legendary Creature — Elf Warrior", S.LEGENDARY, T.CREATURE, ("Elf", "Warrior")),
        ("Artifact Creature — Golem", S(0), T.ARTIFACT | T.CREATURE, ("Golem",)),
        ("Kindred Instant — Elf", S(0), T.KINDRED | T.INSTANT, ("Elf",)),
        ("Legendary Planeswalker — Jace", S.LEGENDARY, T.PLANESWALKER, ("Jace",)),
        ("Basic Snow Land — Forest", S.BASIC | S.SNOW, T.LAND, ("Forest",)),
        ("Legendary Enchantment Creature — God", S.LEGENDARY, T.ENCHANTMENT | T.CREATURE, ("God",)),
        ("Legendary Enchantment Artifact", S.LEGENDARY, T.ENCHANTMENT | T.ARTIFACT, ()),
        ("Enchantment Land — Urza's Saga", S(0), T.ENCHANTMENT | T.LAND, ("Urza's", "Saga")),
        ("Instant", S(0), T.INSTANT, ()),
        ("Sorcery — Lesson", S(0), T.SORCERY, ("Lesson",)),
        ("World Enchantment", S.WORLD, T.ENCHANTMENT, ()),
        ("Ongoing Scheme", S.ONGOING, T.SCHEME, ()),
        ("Battle — Siege", S(0), T.BATTLE, ("Siege",)),
        ("Dungeon — Undercity", S(0), T.DUNGEON, ("Undercity",)),
        ("Artifact Creature — Assembly-Worker", S(0), T.ARTIFACT | T.CREATURE, ("Assembly-Worker",)),
    ],
)
def test_205_type_line_examples_parse_and_render_back(
    text: str, supertypes: Supertype, types: CardType, subtypes_: tuple[str, ...]
) -> None:
    line = parse_type_line(text)
    assert line == TypeLine(supertypes, types, subtypes_)
    assert line.text == str(line) == text


def test_205_2a_every_card_type_parses() -> None:
    for card_type in CardType:
        assert card_type.name is not None
        assert parse_type_line(card_type.name.capitalize()).types == card_type


def test_205_2a_tribal_is_the_old_name_of_kindred() -> None:
    line = parse_type_line("Tribal Enchantment — Faerie")
    assert line.types == T.KINDRED | T.ENCHANTMENT
    assert line.text == "Kindred Enchantment — Faerie"


def test_205_4a_every_supertype_parses() -> None:
    line = parse_type_line("Basic Legendary Ongoing Snow World Land")
    assert line.supertypes == S.BASIC | S.LEGENDARY | S.ONGOING | S.SNOW | S.WORLD


def test_205_2b_multiple_card_types_print_in_oracle_order() -> None:
    assert (
        TypeLine(types=T.CREATURE | T.LAND, subtypes=("Forest", "Dryad")).text
        == "Land Creature — Forest Dryad"
    )
    assert TypeLine(types=T.CREATURE | T.INSTANT).text == "Instant Creature"
    assert TypeLine(types=T.INSTANT | T.KINDRED).text == "Kindred Instant"


def test_205_3b_dash_variants_are_accepted() -> None:
    expected = parse_type_line("Creature — Elf Druid")
    assert parse_type_line("Creature - Elf Druid") == expected
    assert parse_type_line("Creature—Elf Druid") == expected
    assert parse_type_line("  Creature  —  Elf   Druid ") == expected


def test_205_3b_word_case_of_types_is_ignored() -> None:
    assert parse_type_line("legendary CREATURE — Elf") == parse_type_line("Legendary Creature — Elf")


def test_205_3c_dryad_arbor_correlates_each_subtype_to_its_card_type() -> None:
    line = parse_type_line("Land Creature — Forest Dryad")
    assert line.subtypes_of(T.LAND) == ("Forest",)
    assert line.subtypes_of(T.CREATURE) == ("Dryad",)
    assert line.subtypes_of(T.LAND | T.CREATURE) == ("Forest", "Dryad")


def test_205_3c_enchantment_land_urzas_saga() -> None:
    line = parse_type_line("Enchantment Land — Urza's Saga")
    assert line.subtypes_of(T.LAND) == ("Urza's",)
    assert line.subtypes_of(T.ENCHANTMENT) == ("Saga",)


def test_205_3d_card_type_the_object_lacks_has_no_subtypes() -> None:
    line = parse_type_line("Creature — Elf Warrior")
    assert line.subtypes_of(T.LAND) == ()
    assert line.subtypes_of(T.CREATURE) == ("Elf", "Warrior")


def test_205_3k_spell_types_belong_to_instants_and_sorceries() -> None:
    assert parse_type_line("Instant — Arcane").subtypes_of(T.INSTANT) == ("Arcane",)
    assert parse_type_line("Sorcery — Adventure").subtypes_of(T.SORCERY) == ("Adventure",)


def test_205_3m_kindred_shares_creature_types() -> None:
    line = parse_type_line("Kindred Instant — Elf")
    assert line.subtypes_of(T.KINDRED) == ("Elf",)
    assert line.subtypes_of(T.INSTANT) == ()


def test_205_3m_time_lord_is_one_two_word_creature_type() -> None:
    line = parse_type_line("Legendary Creature — Time Lord Doctor")
    assert line.subtypes == ("Time Lord", "Doctor")
    assert line.subtypes_of(T.CREATURE) == ("Time Lord", "Doctor")
    assert line.text == "Legendary Creature — Time Lord Doctor"


@pytest.mark.parametrize(
    ("text", "planar_type"),
    [
        ("Plane — Bolas's Meditation Realm", "Bolas's Meditation Realm"),
        ("Plane — Bolas\u2019s Meditation Realm", "Bolas's Meditation Realm"),
        ("Plane — New Phyrexia", "New Phyrexia"),
        ("Plane — The Abyss", "The Abyss"),
        ("Plane — Las Vegas", "Las Vegas"),  # not in the CR list: kept whole all the same
    ],
)
def test_205_3b_planar_subtype_is_every_word_after_the_dash(text: str, planar_type: str) -> None:
    line = parse_type_line(text)
    assert line.types == T.PLANE
    assert line.subtypes == (planar_type,)
    assert line.subtypes_of(T.PLANE) == (planar_type,)


def test_205_3f_unknown_subtypes_are_kept_as_creature_types_on_creatures() -> None:
    line = parse_type_line("Artifact Creature — Lobster Construct")
    assert line.subtypes == ("Lobster", "Construct")
    assert line.subtypes_of(T.CREATURE) == ("Lobster", "Construct")
    assert line.subtypes_of(T.ARTIFACT) == ()


def test_205_3f_unknown_subtypes_of_noncreatures_belong_to_their_types() -> None:
    assert parse_type_line("Land — Town").subtypes_of(T.LAND) == ("Town",)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Legendary Creatur — Elf", "Creatur"),
        ("Host Creature — Cat", "Host"),
        ("Summon Dragon", "Summon"),
    ],
)
def test_205_unknown_card_type_or_supertype_is_named(text: str, word: str) -> None:
    with pytest.raises(TypeLineError, match=repr(word)) as caught:
        parse_type_line(text)
    assert caught.value.word == word


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "no card type"),
        ("Legendary", "no card type"),
        ("— Elf", "no card type"),
        ("Creature —", "no subtype"),
        ("Creature — Elf — Druid", "more than one dash"),
        ("Creature — Human // Creature — Werewolf", "per face"),
    ],
)
def test_205_malformed_type_line_is_rejected(text: str, problem: str) -> None:
    with pytest.raises(TypeLineError, match=problem):
        parse_type_line(text)


def test_type_line_error_is_a_value_error() -> None:
    assert issubclass(TypeLineError, ValueError)


def test_205_3g_to_q_subtype_tables_match_the_rules() -> None:
    assert subtypes.BASIC_LAND_TYPES <= subtypes.LAND_TYPES
    assert {"Equipment", "Vehicle", "Treasure"} <= subtypes.ARTIFACT_TYPES
    assert {"Aura", "Saga", "Role"} <= subtypes.ENCHANTMENT_TYPES
    assert {"Urza's", "Power-Plant"} <= subtypes.LAND_TYPES
    assert sorted(subtypes.SPELL_TYPES) == ["Adventure", "Arcane", "Lesson", "Trap"]
    assert {"Time Lord", "C'tan", "Assembly-Worker", "Zubera"} <= subtypes.CREATURE_TYPES
    assert {"The Abyss", "Bolas's Meditation Realm", "Zhalfir"} <= subtypes.PLANAR_TYPES
    assert sorted(subtypes.MULTI_WORD_SUBTYPES) == ["Time Lord"]
    # Each card type's table is keyed by its enum name, so none can be missed.
    assert set(subtypes.SUBTYPES_BY_CARD_TYPE) == {t.name for t in CardType}
