"""Power/toughness, loyalty, defense and vanguard modifiers (CR 208-212)."""

from __future__ import annotations

import pytest

from components.characteristics import PTValue
from content.printed_values import (
    PrintedValueError,
    parse_defense,
    parse_loyalty,
    parse_modifier,
    parse_pt,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", PTValue(0)),
        ("2", PTValue(2)),
        ("13", PTValue(13)),
        ("-1", PTValue(-1)),  # Spinal Parasite is -1/-1
        ("*", PTValue(0, star=True)),
        ("1+*", PTValue(1, star=True)),
        ("2+*", PTValue(2, star=True)),
        ("7-*", PTValue(7, star=True, star_sign=-1)),  # Shapeshifter's toughness
        ("X", PTValue(0, star=True, star_symbol="X")),
    ],
)
def test_208_printed_power_toughness_parses_and_renders_back(text: str, expected: PTValue) -> None:
    value = parse_pt(text)
    assert value == expected
    assert value.text == str(value) == text


def test_208_1_fixed_number_has_that_value() -> None:
    value = parse_pt("3")
    assert value is not None
    assert not value.star
    assert value.value() == 3


def test_208_2a_example_lost_order_of_jarkeld_is_1_plus_star() -> None:
    value = parse_pt("1+*")
    assert value is not None
    # Off the battlefield there is no chosen player, so the star counts 0 and it is 1/1.
    assert value.value() == 1
    assert value.value(star_value=4) == 5


def test_208_2_star_minus_counts_down() -> None:
    value = parse_pt("7-*")
    assert value is not None
    assert value.value(star_value=3) == 4


def test_208_2_star_first_is_read_as_number_plus_star() -> None:
    assert parse_pt("*+1") == PTValue(1, star=True)
    assert parse_pt("*-1") == PTValue(-1, star=True)


@pytest.mark.parametrize("text", [None, ""])
def test_208_3_no_printed_power_toughness(text: str | None) -> None:
    assert parse_pt(text) is None


@pytest.mark.parametrize("text", ["?", "+1", "1.5", "*²", "abc", "1+", "**"])
def test_208_unreadable_power_toughness_raises(text: str) -> None:
    with pytest.raises(PrintedValueError, match="power/toughness"):
        parse_pt(text)


def test_208_pt_value_rejects_unknown_star_forms() -> None:
    with pytest.raises(ValueError):
        PTValue(0, star=True, star_symbol="?")
    with pytest.raises(ValueError):
        PTValue(0, star=True, star_sign=2)


@pytest.mark.parametrize(("text", "expected"), [("3", 3), ("0", 0), ("7", 7), (None, None), ("", None)])
def test_209_1_printed_loyalty(text: str | None, expected: int | None) -> None:
    assert parse_loyalty(text) == expected


def test_209_1_loyalty_x_counts_0_off_the_battlefield() -> None:
    # Nissa, Steward of Elements: X is chosen on casting (CR 107.3a); undetermined, it is 0.
    assert parse_loyalty("X") == 0


@pytest.mark.parametrize("text", ["-1", "*", "1d4+1", "three"])
def test_209_unreadable_loyalty_raises(text: str) -> None:
    with pytest.raises(PrintedValueError, match="loyalty"):
        parse_loyalty(text)


def test_210_1_printed_defense() -> None:
    assert parse_defense("5") == 5
    assert parse_defense(None) is None
    with pytest.raises(PrintedValueError, match="defense"):
        parse_defense("?")


@pytest.mark.parametrize(("text", "expected"), [("+1", 1), ("-3", -3), ("0", 0), ("2", 2), (None, None)])
def test_211_1_and_212_1_vanguard_modifiers(text: str | None, expected: int | None) -> None:
    assert parse_modifier(text) == expected


def test_211_1_unreadable_modifier_raises() -> None:
    with pytest.raises(PrintedValueError, match="modifier"):
        parse_modifier("+")
