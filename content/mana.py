"""Parse printed mana costs and colour indicators (CR 107.4, 202, 204)."""

from __future__ import annotations

import re

from components.characteristics import (
    COLOR_ORDER,
    VARIABLE_LETTERS,
    Color,
    ManaCost,
    ManaSymbol,
)

__all__ = ["ManaCostError", "card_colors", "color_from_indicator", "parse_mana_cost"]


class ManaCostError(ValueError):
    """A mana cost that can't be read; the message quotes the cost and the failing position."""

    def __init__(self, problem: str, text: str, position: int) -> None:
        super().__init__(f"{problem} at position {position} in mana cost {text!r}")
        self.text = text
        self.position = position


def _build_symbol_table() -> dict[str, ManaSymbol]:
    """Every fixed symbol body (the text between braces) of CR 107.4, mapped to its symbol.

    Hybrid symbols are accepted with their colours in either order ("W/U" and "U/W"), since data
    sources disagree; they always render in the CR's order.
    """
    table: dict[str, ManaSymbol] = {
        "C": ManaSymbol.colorless(),
        "S": ManaSymbol.snow(),
        "C/P": ManaSymbol.phyrexian(),
    }
    for letter in VARIABLE_LETTERS:
        table[letter] = ManaSymbol.x(letter)
    for color in COLOR_ORDER:
        c = color.letters
        table[c] = ManaSymbol.colored(color)
        table[f"2/{c}"] = ManaSymbol.mono_hybrid(color)
        table[f"C/{c}"] = ManaSymbol.colorless_hybrid(color)
        table[f"{c}/P"] = ManaSymbol.phyrexian(color)
        for other in COLOR_ORDER:
            if other is not color:
                pair = color | other
                table[f"{c}/{other.letters}"] = ManaSymbol.hybrid(pair)
                table[f"{c}/{other.letters}/P"] = ManaSymbol.hybrid_phyrexian(pair)
    return table


_SYMBOLS = _build_symbol_table()
# No leading zeros, so that every generic symbol renders back to the text it was read from.
_GENERIC = re.compile(r"0|[1-9][0-9]*")


def parse_mana_cost(text: str | None) -> ManaCost:
    """Parse a printed mana cost such as ``"{2}{W/U}{W/U}"`` (CR 107.4, 202.1).

    ``None`` or ``""`` means the object has no mana cost (CR 202.1b), which is not the same as
    ``"{0}"``. Raises ``ManaCostError`` naming the bad symbol and where it is.
    """
    if not text:
        return ManaCost((), present=False)
    symbols: list[ManaSymbol] = []
    position = 0
    while position < len(text):
        if text[position] != "{":
            raise ManaCostError(f"expected '{{' but found {text[position]!r}", text, position)
        close = text.find("}", position + 1)
        if close < 0:
            raise ManaCostError("unclosed '{'", text, position)
        body = text[position + 1 : close]
        symbol = _SYMBOLS.get(body)
        if symbol is None and _GENERIC.fullmatch(body):
            symbol = ManaSymbol.generic(int(body))
        if symbol is None:
            raise ManaCostError(f"unknown mana symbol {text[position : close + 1]!r}", text, position)
        symbols.append(symbol)
        position = close + 1
    return ManaCost(tuple(symbols))


def color_from_indicator(letters: list[str] | None) -> Color:
    """The colour a colour indicator denotes (CR 204.2), from MTGJSON-style letters ``["W", "U"]``.

    ``None`` or an empty list means no colour indicator and gives ``Color(0)``.
    """
    return Color.from_letters(letters or ())


def card_colors(mana_cost: ManaCost, color_indicator: list[str] | None = None) -> Color:
    """An object's printed colour: its cost's colours and its colour indicator's (CR 202.2, 204.2).

    Both rules say the object "is" those colours, so the two are combined. In practice a card with
    a colour indicator has no coloured symbols (Dryad Arbor, Transguild Courier's {4}), so the
    indicator decides its colour whenever it is present.
    """
    return mana_cost.colors | color_from_indicator(color_indicator)
