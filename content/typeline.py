"""Parse printed type lines (CR 205)."""

from __future__ import annotations

import re

from components.characteristics import CardType, Supertype, TypeLine
from components.subtypes import MULTI_WORD_SUBTYPES

__all__ = ["TypeLineError", "parse_type_line"]


class TypeLineError(ValueError):
    """A type line that can't be read; ``word`` is the offending word, when there is one."""

    def __init__(self, problem: str, text: str, word: str | None = None) -> None:
        super().__init__(f"{problem} in type line {text!r}")
        self.text = text
        self.word = word


_SUPERTYPE_WORDS: dict[str, Supertype] = {s.name.lower(): s for s in Supertype if s.name}
_CARD_TYPE_WORDS: dict[str, CardType] = {t.name.lower(): t for t in CardType if t.name}
# Kindred was called tribal until 2024; older data still says so.
_CARD_TYPE_WORDS["tribal"] = CardType.KINDRED

# The long dash before subtypes (CR 205.3b). Data sources also use a bare em dash or a spaced
# hyphen; a hyphen without spaces is part of a subtype ("Assembly-Worker", "Power-Plant").
_DASH = re.compile(r"\s*\u2014\s*|\s+-\s+")
_MULTI_WORD = sorted((tuple(name.split()) for name in MULTI_WORD_SUBTYPES), key=len, reverse=True)


def parse_type_line(text: str) -> TypeLine:
    """Parse a type line such as ``"Legendary Creature — Elf Warrior"`` (CR 205).

    Supertype and card-type words are matched case-insensitively, and "Tribal" reads as kindred.
    Each word after the dash is a subtype, except the two-word creature type "Time Lord" and the
    subtype of a plane, which is everything after the dash (CR 205.3b). Unknown subtypes are kept,
    since new sets add them; an unknown card type or supertype raises ``TypeLineError``. Typographic
    apostrophes become ASCII ones, as in Oracle data and ``components.subtypes``.
    """
    if "//" in text:
        raise TypeLineError("one type line per face: split multi-face type lines on '//' first", text)
    normalized = text.replace("\u2019", "'").strip()
    parts = _DASH.split(normalized, maxsplit=1)
    left = parts[0].split()
    right = parts[1].strip() if len(parts) > 1 else None

    supertypes = Supertype(0)
    types = CardType(0)
    for word in left:
        key = word.lower()
        if key in _SUPERTYPE_WORDS:
            supertypes |= _SUPERTYPE_WORDS[key]
        elif key in _CARD_TYPE_WORDS:
            types |= _CARD_TYPE_WORDS[key]
        else:
            raise TypeLineError(f"unknown card type or supertype {word!r}", text, word)
    if not types:
        raise TypeLineError("no card type", text)

    if right is None:
        return TypeLine(supertypes, types, ())
    if not right:
        raise TypeLineError("no subtype after the dash", text)
    if _DASH.search(right):
        raise TypeLineError("more than one dash", text)
    if types == CardType.PLANE:
        return TypeLine(supertypes, types, (" ".join(right.split()),))
    return TypeLine(supertypes, types, _split_subtypes(right.split()))


def _split_subtypes(words: list[str]) -> tuple[str, ...]:
    """Group subtype words, taking known multi-word subtypes ("Time Lord") whole (CR 205.3b, 205.3m)."""
    subtypes: list[str] = []
    index = 0
    while index < len(words):
        for phrase in _MULTI_WORD:
            if tuple(words[index : index + len(phrase)]) == phrase:
                subtypes.append(" ".join(phrase))
                index += len(phrase)
                break
        else:
            subtypes.append(words[index])
            index += 1
    return tuple(subtypes)
