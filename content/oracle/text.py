"""Oracle text preparation: reminder text, the card's own name, ability lines (CR 113.2, 201.4-201.5).

Every ability is one text line (CR 113.2c / 207.1); the bullets of a modal ability ("Choose one —",
CR 700.2) are joined to the line that introduces them. Reminder text (in parentheses, CR 207.2) has
no rules meaning and is dropped. A card refers to itself by name or as "this creature" / "this
spell" / ...; both are written ``~`` (CR 201.4-201.5).
"""

from __future__ import annotations

import re

REMINDER = re.compile(r"\s*\([^()]*(?:\([^()]*\)[^()]*)*\)")
_SELF_WORDS = re.compile(
    r"\bthis (?:creature|spell|enchantment|artifact|land|permanent|equipment|aura|vehicle|planeswalker|card|"
    r"saga|battle|class|case|token|source|object)\b", re.I)
_ABILITY_WORD = re.compile(r"^(?:[A-Z][\w'’-]*)(?: [\w'’-]+){0,4} — (?=\S)")
_SPACES = re.compile(r"[ \t]+")
_BRACES = re.compile(r"\{[^}]*\}")
_MINUS = str.maketrans({"−": "-", "’": "'", "‘": "'", "“": '"', "”": '"'})


def short_name(name: str) -> str:
    """The name a legendary card uses for itself in its text: "Jedit Ojanen" -> "Jedit Ojanen",
    "Arcee, Sharpshooter" -> "Arcee" (Oracle text writes the part before the comma)."""
    if "," in name:
        return name.split(",", 1)[0].strip()
    # 201.5c: "Zur the Enchanter" -> "Zur", "Svyelun of Sea and Sky" -> "Svyelun"; not when the first word is a
    # card type or subtype ("Knight of the Mists" says "target Knight", "Case of the ..." says "this Case")
    m = re.match(r"([A-Z][\w'-]*) (?:the|of) ", name)
    if m:
        from content.oracle.words import TYPE_WORDS, subtype

        word = m.group(1)
        if word.lower() not in TYPE_WORDS and subtype(word) is None:
            return word
    return ""


def normalise(line: str, name: str, short: str = "") -> str:
    """Drop reminder text and write the card's references to itself as '~' (case kept)."""
    line = REMINDER.sub("", line).translate(_MINUS).strip()
    if name:
        line = line.replace(name, "~")
        if name.startswith("A-"):  # a digital rebalanced card keeps its name in its text
            line = line.replace(name[2:], "~")
        if " // " in name:
            for half in name.split(" // "):
                line = line.replace(half, "~")
    if short and short in line:
        line = re.sub(rf"\b{re.escape(short)}\b", "~", line)
    line = _SELF_WORDS.sub("~", line)
    return "\n".join(_SPACES.sub(" ", part).strip() for part in line.split("\n"))


_CHAPTER_SYMBOLS = re.compile(r"(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* [—-] ")


def strip_ability_word(line: str) -> str:
    """CR 207.2c: an ability word ("Landfall — ...") has no rules meaning; the text after it counts.
    Keyword costs written with a dash ("Ward—Discard a card") are left alone."""
    if line.startswith(("Choose ", "•", "Max speed", "Max Speed")) or _CHAPTER_SYMBOLS.match(line):
        # "Max speed — [ability]" is a keyword ability (702.178a): systems/mechanics/speed.py
        return line  # 714.2: a Saga's chapter symbols are a keyword ability, not an ability word
    m = _ABILITY_WORD.match(line)
    return line[m.end():] if m else line


def lower(line: str) -> str:
    """Lower-case the words but keep mana and other symbols in braces as printed ({T}, {2}{G})."""
    out = line.lower()
    return _BRACES.sub(lambda m: m.group(0).upper(), out)


def ability_lines(text: str) -> list[str]:
    """The raw ability lines of a text: one per line, bullets joined to their modal line."""
    lines: list[str] = []
    for raw in (text or "").split("\n"):
        raw = raw.strip()
        if not raw:
            continue
        if raw.startswith("•") and lines:
            lines[-1] += "\n" + raw
        else:
            lines.append(raw)
    return lines


_NUMBER = re.compile(r"\b\d+\b")

_CURRENT: list[str] = [""]


def current_card_name() -> str:
    """The name of the card whose text is compiling ("a card named ~")."""
    return _CURRENT[-1]


def set_current_card_name(name: str) -> None:
    _CURRENT[-1] = name


_RAW: list[str] = [""]


def current_raw_line() -> str:
    """The line being compiled as printed (before the card's name is written ~): inside quotes the name means
    the card, "this creature" the object the ability is granted to (content/oracle/grants.py)."""
    return _RAW[-1]


def set_current_raw_line(raw: str) -> None:
    _RAW[-1] = raw


def statistic_key(line: str) -> str:
    """An ability text for counting how common it is: numbers written N (the name is already ~)."""
    return _NUMBER.sub("N", line.replace("\n", " "))
