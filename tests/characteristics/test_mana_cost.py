"""Mana symbols, mana costs, colour and mana value (CR 107.4, 202, 204)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from components.characteristics import (
    COLOR_ORDER,
    COLORLESS,
    Color,
    ManaCost,
    ManaSymbol,
    SymbolKind,
)
from content.mana import ManaCostError, card_colors, color_from_indicator, parse_mana_cost

W, U, B, R, G = COLOR_ORDER


# --- Symbols (CR 107.4) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{W}", ManaSymbol(SymbolKind.COLORED, W, 1)),
        ("{G}", ManaSymbol(SymbolKind.COLORED, G, 1)),
        ("{0}", ManaSymbol(SymbolKind.GENERIC, COLORLESS, 0)),
        ("{1}", ManaSymbol(SymbolKind.GENERIC, COLORLESS, 1)),
        ("{10}", ManaSymbol(SymbolKind.GENERIC, COLORLESS, 10)),
        ("{15}", ManaSymbol(SymbolKind.GENERIC, COLORLESS, 15)),
        ("{C}", ManaSymbol(SymbolKind.COLORLESS, COLORLESS, 1)),
        ("{X}", ManaSymbol(SymbolKind.X, COLORLESS, 0, "X")),
        ("{Y}", ManaSymbol(SymbolKind.X, COLORLESS, 0, "Y")),
        ("{Z}", ManaSymbol(SymbolKind.X, COLORLESS, 0, "Z")),
        ("{W/U}", ManaSymbol(SymbolKind.HYBRID, W | U, 1)),
        ("{R/W}", ManaSymbol(SymbolKind.HYBRID, R | W, 1)),
        ("{2/W}", ManaSymbol(SymbolKind.MONO_HYBRID, W, 2)),
        ("{C/G}", ManaSymbol(SymbolKind.COLORLESS_HYBRID, G, 1)),
        ("{W/P}", ManaSymbol(SymbolKind.PHYREXIAN, W, 1)),
        ("{C/P}", ManaSymbol(SymbolKind.PHYREXIAN, COLORLESS, 1)),
        ("{W/U/P}", ManaSymbol(SymbolKind.HYBRID_PHYREXIAN, W | U, 1)),
        ("{G/W/P}", ManaSymbol(SymbolKind.HYBRID_PHYREXIAN, G | W, 1)),
        ("{S}", ManaSymbol(SymbolKind.SNOW, COLORLESS, 1)),
    ],
)
def test_107_4_each_symbol_kind_parses_and_renders_back(text: str, expected: ManaSymbol) -> None:
    cost = parse_mana_cost(text)
    assert cost.symbols == (expected,)
    assert expected.text == text
    assert cost.text == text


# The complete symbol list of CR 107.4, transcribed from the rule.
CR_107_4_SYMBOLS = re.findall(
    r"\{[^}]+\}",
    "{W}, {U}, {B}, {R}, {G}, and {C}; the numerical symbols {0}, {1}, {2}, {3}, {4}; the variable "
    "symbol {X}; the hybrid symbols {W/U}, {W/B}, {U/B}, {U/R}, {B/R}, {B/G}, {R/G}, {R/W}, {G/W}, "
    "and {G/U}; the monocolored hybrid symbols {2/W}, {2/U}, {2/B}, {2/R}, {2/G}, {C/W}, {C/U}, {C/B}, "
    "{C/R}, and {C/G}; the Phyrexian mana symbols {W/P}, {U/P}, {B/P}, {R/P}, and {G/P}; the hybrid "
    "Phyrexian symbols {W/U/P}, {W/B/P}, {U/B/P}, {U/R/P}, {B/R/P}, {B/G/P}, {R/G/P}, {R/W/P}, {G/W/P}, "
    "and {G/U/P}; and the snow mana symbol {S}.",
)


@pytest.mark.parametrize("text", CR_107_4_SYMBOLS)
def test_107_4_every_listed_symbol_round_trips(text: str) -> None:
    assert parse_mana_cost(text).text == text


def test_107_4_listed_symbols_are_all_transcribed() -> None:
    assert len(CR_107_4_SYMBOLS) == 48


@pytest.mark.parametrize(
    ("printed", "canonical"), [("{U/W}", "{W/U}"), ("{W/G}", "{G/W}"), ("{W/G/P}", "{G/W/P}")]
)
def test_107_4e_hybrid_colour_order_is_accepted_either_way(printed: str, canonical: str) -> None:
    assert parse_mana_cost(printed) == parse_mana_cost(canonical)
    assert parse_mana_cost(printed).text == canonical


def test_107_4_whole_cost_keeps_symbol_order() -> None:
    text = "{X}{2}{W/U}{2/B}{G/P}{C}{S}{R}"
    cost = parse_mana_cost(text)
    assert [s.kind for s in cost.symbols] == [
        SymbolKind.X,
        SymbolKind.GENERIC,
        SymbolKind.HYBRID,
        SymbolKind.MONO_HYBRID,
        SymbolKind.PHYREXIAN,
        SymbolKind.COLORLESS,
        SymbolKind.SNOW,
        SymbolKind.COLORED,
    ]
    assert cost.text == str(cost) == text


# --- No mana cost versus {0} (CR 202.1b, 202.3a) -------------------------------------------------


@pytest.mark.parametrize("text", [None, ""])
def test_202_1b_missing_cost_is_not_present(text: str | None) -> None:
    cost = parse_mana_cost(text)
    assert cost == ManaCost((), present=False)
    assert not cost.present
    assert cost.text == ""


def test_202_1b_zero_cost_differs_from_no_cost() -> None:
    zero = parse_mana_cost("{0}")
    assert zero.present
    assert zero != parse_mana_cost(None)
    assert zero.text == "{0}"


def test_202_3a_no_cost_and_zero_cost_both_have_mana_value_0() -> None:
    assert parse_mana_cost(None).mana_value() == 0
    assert parse_mana_cost("{0}").mana_value() == 0


def test_202_1b_missing_cost_cannot_hold_symbols() -> None:
    with pytest.raises(ValueError, match="present=False"):
        ManaCost((ManaSymbol.colored(W),), present=False)


# --- Colour (CR 202.2, 204) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "colors"),
    [
        ("{2}{W}", W),  # the three cases of the CR 202.2a example
        ("{2}", COLORLESS),
        ("{2}{W}{B}", W | B),
    ],
)
def test_202_2a_example_colour_from_cost(text: str, colors: Color) -> None:
    assert parse_mana_cost(text).colors == colors


@pytest.mark.parametrize("text", ["{C}", "{4}{C}{C}", "{X}", "{S}", "{C/P}{8}"])
def test_202_2b_no_coloured_symbols_is_colourless(text: str) -> None:
    assert parse_mana_cost(text).colors == COLORLESS


def test_202_2c_each_colour_of_a_multicoloured_cost() -> None:
    assert parse_mana_cost("{W}{U}{B}{R}{G}").colors == W | U | B | R | G


@pytest.mark.parametrize(
    ("text", "colors"),
    [
        ("{W/U}", W | U),
        ("{1}{R/G}{R/G}", R | G),
        ("{2/B}", B),
        ("{C/W}", W),
        ("{W/P}", W),
        ("{G/U/P}", G | U),
        ("{U}{B/P}", U | B),
    ],
)
def test_202_2d_hybrid_and_phyrexian_symbols_give_their_colours(text: str, colors: Color) -> None:
    assert parse_mana_cost(text).colors == colors


def test_204_2_colour_indicator_gives_a_costless_card_its_colour() -> None:
    # Dryad Arbor: no mana cost, green colour indicator.
    assert card_colors(parse_mana_cost(None), ["G"]) == G


def test_204_2_colour_indicator_colours_a_colourless_cost() -> None:
    # Transguild Courier: {4} with a five-colour indicator.
    assert card_colors(parse_mana_cost("{4}"), ["W", "U", "B", "R", "G"]) == W | U | B | R | G


@pytest.mark.parametrize("indicator", [None, []])
def test_202_2_without_indicator_colour_comes_from_cost(indicator: list[str] | None) -> None:
    assert card_colors(parse_mana_cost("{1}{U}{R}"), indicator) == U | R
    assert color_from_indicator(indicator) == COLORLESS


def test_204_color_indicator_letters() -> None:
    assert color_from_indicator(["W", "U"]) == W | U
    assert Color.from_letters("WU") == W | U
    assert (U | W).letters == "WU"
    with pytest.raises(ValueError, match="'Q'"):
        color_from_indicator(["Q"])


# --- Mana value (CR 202.3) -----------------------------------------------------------------------


def test_202_3_example_3UU_is_5() -> None:
    assert parse_mana_cost("{3}{U}{U}").mana_value() == 5


def test_202_3e_x_is_0_off_the_stack() -> None:
    assert parse_mana_cost("{X}{R}").mana_value() == 1


@pytest.mark.parametrize(("text", "x", "expected"), [("{X}{R}", 3, 4), ("{X}{X}{G}", 2, 5), ("{X}{U}", 0, 1)])
def test_202_3e_x_is_the_chosen_number_on_the_stack(text: str, x: int, expected: int) -> None:
    assert parse_mana_cost(text).mana_value(x) == expected


def test_202_3e_y_and_z_are_given_separately() -> None:
    assert parse_mana_cost("{X}{Y}{Z}{R}").mana_value(1, y=2, z=3) == 7


def test_202_3e_x_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        parse_mana_cost("{X}{R}").mana_value(-1)


@pytest.mark.parametrize(("text", "expected"), [("{1}{W/U}{W/U}", 3), ("{2/B}{2/B}{2/B}", 6)])
def test_202_3f_hybrid_counts_largest_component(text: str, expected: int) -> None:
    assert parse_mana_cost(text).mana_value() == expected


def test_202_3f_colorless_hybrid_counts_1() -> None:
    assert parse_mana_cost("{C/W}{C/W}").mana_value() == 2


@pytest.mark.parametrize(("text", "expected"), [("{1}{W/P}{W/P}", 3), ("{G/W/P}", 1), ("{8}{C/P}{C/P}", 10)])
def test_202_3g_phyrexian_counts_1(text: str, expected: int) -> None:
    assert parse_mana_cost(text).mana_value() == expected


@pytest.mark.parametrize(("text", "expected"), [("{S}{S}", 2), ("{C}{C}{4}", 6), ("{15}", 15)])
def test_202_3_snow_colourless_and_generic_count_their_mana(text: str, expected: int) -> None:
    assert parse_mana_cost(text).mana_value() == expected


def test_107_3_has_x_and_x_count() -> None:
    assert parse_mana_cost("{X}{X}{G}").has_x
    assert parse_mana_cost("{X}{X}{G}").x_count == 2
    assert not parse_mana_cost("{2}{G}").has_x
    assert not parse_mana_cost(None).has_x


def test_107_4b_generic_sums_numeric_symbols_only() -> None:
    assert parse_mana_cost("{10}{X}{W}{2/W}").generic == 10
    assert parse_mana_cost("{W}").generic == 0


# --- Malformed input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("{Q}", 0, "'{Q}'"),
        ("{W", 0, "unclosed"),
        ("W", 0, "expected '{'"),
        ("{1}{W}x", 6, "'x'"),
        ("{2}{}", 3, "'{}'"),
        ("{W/W}", 0, "'{W/W}'"),
        ("{01}", 0, "'{01}'"),
        ("{w}", 0, "'{w}'"),
        ("{3/W}", 0, "'{3/W}'"),
        ("{1} {W}", 3, "' '"),
    ],
)
def test_107_4_malformed_cost_names_text_and_position(text: str, position: int, fragment: str) -> None:
    with pytest.raises(ManaCostError) as caught:
        parse_mana_cost(text)
    assert caught.value.position == position
    assert caught.value.text == text
    message = str(caught.value)
    assert fragment in message
    assert repr(text) in message
    assert f"position {position}" in message


def test_mana_cost_error_is_a_value_error() -> None:
    assert issubclass(ManaCostError, ValueError)


@pytest.mark.parametrize(
    "make",
    [
        lambda: ManaSymbol(SymbolKind.COLORED, W | U, 1),
        lambda: ManaSymbol(SymbolKind.HYBRID, W, 1),
        lambda: ManaSymbol(SymbolKind.GENERIC, COLORLESS, -1),
        lambda: ManaSymbol(SymbolKind.X, COLORLESS, 0, "Q"),
        lambda: ManaSymbol(SymbolKind.SNOW, COLORLESS, 1, "X"),
    ],
)
def test_107_4_inconsistent_symbol_is_rejected(make: Callable[[], ManaSymbol]) -> None:
    with pytest.raises(ValueError):
        make()


# --- Round trip property ---------------------------------------------------------------------------

_colors = st.sampled_from(COLOR_ORDER)
_pairs = st.lists(_colors, min_size=2, max_size=2, unique=True).map(lambda pair: pair[0] | pair[1])
_symbols = st.one_of(
    st.integers(min_value=0, max_value=20).map(ManaSymbol.generic),
    _colors.map(ManaSymbol.colored),
    st.just(ManaSymbol.colorless()),
    st.sampled_from("XYZ").map(ManaSymbol.x),
    _pairs.map(ManaSymbol.hybrid),
    _colors.map(ManaSymbol.mono_hybrid),
    _colors.map(ManaSymbol.colorless_hybrid),
    st.sampled_from((COLORLESS, *COLOR_ORDER)).map(ManaSymbol.phyrexian),
    _pairs.map(ManaSymbol.hybrid_phyrexian),
    st.just(ManaSymbol.snow()),
)


@given(st.lists(_symbols, min_size=1, max_size=8))
def test_202_mana_cost_text_round_trips(symbols: list[ManaSymbol]) -> None:
    cost = ManaCost(tuple(symbols))
    parsed = parse_mana_cost(cost.text)
    assert parsed == cost
    assert parsed.text == cost.text
    # Colour is the union of the symbols' colours (CR 202.2); mana value their sum (CR 202.3).
    assert all(symbol.colors in parsed.colors for symbol in symbols)
    expected = sum(1 if symbol.kind is SymbolKind.X else symbol.amount for symbol in symbols)
    assert parsed.mana_value(x=1, y=1, z=1) == expected
