"""Parse the printed numbers of a card: power/toughness, loyalty, defense, hand and life modifiers
(CR 208-212).

Values arrive as MTGJSON strings ("3", "1+*", "X"); ``None`` or ``""`` means the card has none.
"""

from __future__ import annotations

import re

from components.characteristics import PTValue

__all__ = [
    "PrintedValueError",
    "parse_defense",
    "parse_loyalty",
    "parse_modifier",
    "parse_pt",
]


class PrintedValueError(ValueError):
    """A printed number that can't be read; the message quotes it and says which value it was."""


_NUMBER = re.compile(r"-?[0-9]+")
_STAR = re.compile(r"[*X]")
_NUMBER_THEN_STAR = re.compile(r"(-?[0-9]+)([+-])([*X])")  # "1+*", "7-*" (Shapeshifter)
_STAR_THEN_NUMBER = re.compile(r"([*X])([+-])([0-9]+)")  # "*+1"
_UNSIGNED = re.compile(r"[0-9]+")
_MODIFIER = re.compile(r"[+-]?[0-9]+")


def parse_pt(text: str | None) -> PTValue | None:
    """Parse a printed power or toughness (CR 208.1, 208.2): ``"2"``, ``"-1"``, ``"*"``, ``"1+*"``.

    ``X`` is read like ``*``. ``"*+1"`` is read as ``1+*`` and renders that way. Un-set values
    ("?", "1.5", "∞") and augment modifiers ("+1") raise ``PrintedValueError``.
    """
    if not text:
        return None
    if _NUMBER.fullmatch(text):
        return PTValue(int(text))
    if _STAR.fullmatch(text):
        return PTValue(0, star=True, star_symbol=text)
    match = _NUMBER_THEN_STAR.fullmatch(text)
    if match:
        base, sign, symbol = match.groups()
        return PTValue(int(base), star=True, star_symbol=symbol, star_sign=1 if sign == "+" else -1)
    match = _STAR_THEN_NUMBER.fullmatch(text)
    if match:
        symbol, sign, number = match.groups()
        base = int(number) if sign == "+" else -int(number)
        return PTValue(base, star=True, star_symbol=symbol)
    raise PrintedValueError(f"unreadable power/toughness {text!r}")


def _parse_counter_number(text: str | None, what: str) -> int | None:
    if not text:
        return None
    if _UNSIGNED.fullmatch(text):
        return int(text)
    if text == "X":
        # X is chosen as the spell is cast (CR 107.3a) and the permanent enters with that many
        # counters; off the battlefield an undetermined X is 0, as for mana value (CR 202.3e).
        # The engine must read X from the spell, not from this printed value.
        return 0
    raise PrintedValueError(f"unreadable {what} {text!r}")


def parse_loyalty(text: str | None) -> int | None:
    """Parse a printed loyalty (CR 209.1, 306.5a); ``"X"`` gives 0 (see ``_parse_counter_number``)."""
    return _parse_counter_number(text, "loyalty")


def parse_defense(text: str | None) -> int | None:
    """Parse a printed defense (CR 210.1, 310.4); ``"X"`` gives 0, as for loyalty."""
    return _parse_counter_number(text, "defense")


def parse_modifier(text: str | None) -> int | None:
    """Parse a vanguard hand or life modifier such as ``"+1"``, ``"-3"`` or ``"0"`` (CR 211.1, 212.1)."""
    if not text:
        return None
    if _MODIFIER.fullmatch(text):
        return int(text)
    raise PrintedValueError(f"unreadable hand/life modifier {text!r}")
