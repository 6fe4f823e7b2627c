"""Phrases inside abilities: descriptions of objects and players, numbers, keyword lists, P/T changes.

Parsers work on normalised, lower-cased text (content/oracle/text.py) and raise :class:`NoParse`
when the words are not a phrase they know; nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from components.abilities import PermanentFilter, TargetKind, TargetSpec
from components.keywords import KEYWORD_NAMES
from components.subtypes import PLANESWALKER_TYPES as PLANESWALKER_SUBTYPES
from content.oracle.words import (
    COLOR_WORDS,
    NUMBER_WORDS,
    PERMANENT_TYPES,
    SUPERTYPE_WORDS,
    TYPE_PLURALS,
    TYPE_WORDS,
    subtype,
)


class NoParse(Exception):
    """The text is not a phrase this parser knows."""


CREATURE = TYPE_WORDS["creature"]
PLANESWALKER = TYPE_WORDS["planeswalker"]
LAND = TYPE_WORDS["land"]

# ------------------------------------------------------------------ numbers


NUMBER_RE = r"(?:\d+|x|a|an|one|two|three|four|five|six|seven|eight|nine|ten|that many)"


def number(word: str) -> int | str:
    """A number word: an int, or "x" / "that many" for a value found on resolution."""
    word = word.strip()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if word in ("x", "that many"):
        return word
    raise NoParse(word)


# ------------------------------------------------------------------ keywords


def keyword_list(text: str) -> tuple[int, tuple[int, ...]]:
    """'flying', 'flying and first strike', 'flying, vigilance, and haste' -> (mask, bits in order)."""
    text = text.strip()
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", text)
    mask = 0
    order: list[int] = []
    for part in parts:
        part = part.strip()
        bit = KEYWORD_NAMES.get(part)
        if bit is None:
            raise NoParse(part)
        mask |= int(bit)
        order.append(int(bit))
    return mask, tuple(order)


# ------------------------------------------------------------------ power/toughness changes


PT_RE = r"[+-](?:\d+|x)/[+-](?:\d+|x)"


def pt_change(text: str) -> tuple[int, int, bool]:
    """'+2/+0' -> (2, 0, False); '+X/+X' -> (1, 1, True): the numbers multiply X."""
    m = re.fullmatch(r"([+-])(\d+|x)/([+-])(\d+|x)", text.strip())
    if not m:
        raise NoParse(text)
    sp, p, stt, t = m.groups()
    if "x" in (p, t):
        if (p, t) not in (("x", "x"), ("x", "0"), ("0", "x")):
            raise NoParse(text)
        pv = 0 if p == "0" else (1 if sp == "+" else -1)
        tv = 0 if t == "0" else (1 if stt == "+" else -1)
        return pv, tv, True
    return (int(p) if sp == "+" else -int(p)), (int(t) if stt == "+" else -int(t)), False


# ------------------------------------------------------------------ object descriptions


@dataclass
class Noun:
    """A parsed description of objects: 'target nonblack creature an opponent controls'."""

    det: str = ""  # "target", "each", "all", "a", "another", "up to", "" (plural set) ...
    number: int = 1
    head: str = "permanent"  # "permanent", "spell", "card", "player", "opponent", "any", "player_or_pw"
    plural: bool = False
    f: dict[str, Any] = field(default_factory=dict)
    zone: str = ""  # "graveyard" for cards in a graveyard
    typed: bool = False  # a card type or subtype was named

    def filter(self) -> PermanentFilter:
        return PermanentFilter(**self.f)


_DET = re.compile(
    r"(?P<det>up to (?P<upto>one|two|three|four|five|x) (?:other )?target|any number of target|"
    r"another target|(?P<count>two|three|four|five|x) target|target|each other|each|all other|all|"
    r"another|other|an|a)\s+")
_ADJ_WORDS = {
    "tapped": ("tapped", True), "untapped": ("tapped", False),
    "attacking": ("combat", "attacking"), "blocking": ("combat", "blocking"),
    "nontoken": ("token", False), "colorless": ("colorless", True), "multicolored": ("multicolored", True),
    "monocolored": ("monocolored", True), "nonlegendary": ("supertypes_none", SUPERTYPE_WORDS["legendary"]),
    "nonbasic": ("supertypes_none", SUPERTYPE_WORDS["basic"]),
}


def _adjectives(words: list[str], i: int, f: dict[str, Any]) -> int:
    """Consume adjectives from words[i:]; returns the new position."""
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w == "," and i > 0 and words[i - 1].startswith("non") and nxt.startswith("non"):
            i += 1  # "nonartifact, nonblack creature": a list of non- adjectives
            continue
        if w == "attacking" and nxt == "or" and i + 2 < len(words) and words[i + 2] == "blocking":
            f["combat"] = "attacking_or_blocking"
            i += 3
            continue
        if w in _ADJ_WORDS:
            key, value = _ADJ_WORDS[w]
            if key == "colorless":
                f["colors_none"] = f.get("colors_none", 0) | 31
            elif key in ("multicolored", "monocolored"):
                if f.get("color_count", key) != key:
                    raise NoParse(w)
                f["color_count"] = key  # 105.1, 105.2b: how many colors it has
            elif key == "supertypes_none":
                f[key] = f.get(key, 0) | value
            else:
                f[key] = value
            i += 1
            continue
        if w in SUPERTYPE_WORDS:
            f["supertypes_any"] = f.get("supertypes_any", 0) | SUPERTYPE_WORDS[w]
            i += 1
            continue
        if w in COLOR_WORDS:
            colors = COLOR_WORDS[w]
            j = i + 1
            while j + 1 < len(words) and words[j] in ("or", "and/or") and words[j + 1] in COLOR_WORDS:
                colors |= COLOR_WORDS[words[j + 1]]
                j += 2
            f["colors_any"] = f.get("colors_any", 0) | colors
            i = j
            continue
        if w.startswith("non"):
            rest = w[3:].lstrip("-")
            if rest in COLOR_WORDS:
                f["colors_none"] = f.get("colors_none", 0) | COLOR_WORDS[rest]
                i += 1
                continue
            if rest in TYPE_WORDS:
                f["types_none"] = f.get("types_none", 0) | TYPE_WORDS[rest]
                i += 1
                continue
            sub = subtype(rest)
            if sub is not None and w.startswith("non-") and not sub[1]:
                f["subtypes_none"] = (*f.get("subtypes_none", ()), sub[0])  # "non-Human"
                i += 1
                continue
            raise NoParse(w)
        break
    return i


_PLANESWALKER_TYPES = {name.lower(): (name, False) for name in PLANESWALKER_SUBTYPES}
_HEAD_NOUNS = {"permanent": "permanent", "permanents": "permanent", "spell": "spell", "spells": "spell",
               "card": "card", "cards": "card", "token": "token", "tokens": "token"}


def _unit(words: list[str], i: int) -> tuple[list[tuple[str, str | int]], bool, int]:
    """One run of type/subtype/noun words: 'artifact creature', 'goblin', 'instant', 'creature token'."""
    items: list[tuple[str, str | int]] = []
    plural = False
    while i < len(words):
        w = words[i]
        if w in TYPE_WORDS:
            items.append(("type", TYPE_WORDS[w]))
        elif w in TYPE_PLURALS:
            items.append(("type", TYPE_WORDS[TYPE_PLURALS[w]]))
            plural = True
        elif w in _HEAD_NOUNS:
            items.append(("noun", _HEAD_NOUNS[w]))
            plural = plural or w.endswith("s")
        else:
            sub = subtype(w)
            if sub is None and i + 1 < len(words) and words[i + 1] in ("planeswalker", "planeswalkers"):
                sub = _PLANESWALKER_TYPES.get(w)  # "a Teferi planeswalker" (205.3j): only before the card type
            if sub is None or w in ("and", "or"):
                break
            items.append(("sub", sub[0]))
            plural = plural or sub[1]
        i += 1
    return items, plural, i


def _head(words: list[str], i: int, noun: Noun) -> int:
    units: list[list[tuple[str, str | int]]] = []
    plural = False
    while True:
        items, pl, j = _unit(words, i)
        if not items:
            break
        units.append(items)
        plural = plural or pl
        i = j
        if i < len(words) and words[i] in ("or", "and", "and/or"):
            i += 1
            continue
        if i + 1 < len(words) and words[i] == "," and words[i + 1] in ("or", "and", "and/or"):
            i += 2
            continue
        if i < len(words) and words[i] == ",":
            i += 1
            continue
        break
    if not units:
        raise NoParse("no type")
    # A noun word ("spell", "card", "permanent", "token") at the end applies to every alternative.
    tail = units[-1][-1]
    head_noun = ""
    if tail[0] == "noun":
        head_noun = str(tail[1])
        units[-1] = units[-1][:-1]
        if not units[-1]:
            units.pop()
    f = noun.f
    if head_noun == "token":
        f["token"] = True
        head_noun = "permanent"
    noun.head = head_noun or "permanent"
    noun.plural = plural
    if not units:
        return i
    noun.typed = True
    if units == [[("noun", "permanent")]] and head_noun == "card":
        f["types_any"] = PERMANENT_TYPES  # "permanent cards" (110.4b: cards of the permanent types)
        return i
    if len(units) == 1:
        types = [v for k, v in units[0] if k == "type"]
        subs = [v for k, v in units[0] if k == "sub"]
        if any(k == "noun" for k, _ in units[0]) or len(subs) > 1:
            raise NoParse("compound head")
        if len(types) > 1:
            f["types_all"] = sum(int(t) for t in types)
        elif types:
            f["types_any"] = int(types[0])
        if subs:
            f["subtypes_any"] = (str(subs[0]),)
        return i
    types_any = 0
    subs_any: list[str] = []
    for unit in units:
        if len(unit) != 1 or unit[0][0] == "noun":
            raise NoParse("compound alternative")
        kind, value = unit[0]
        if kind == "type":
            types_any |= int(value)
        else:
            subs_any.append(str(value))
    if types_any and subs_any:
        raise NoParse("type or subtype")
    if types_any:
        f["types_any"] = types_any
    else:
        f["subtypes_any"] = tuple(subs_any)
    return i


_POST = [
    (re.compile(r"with (?P<kw>[a-z ]+?) or (?P<kw2>[a-z ]+?)(?= |$)"), "kw_or"),
    (re.compile(r"with power (?P<n>\d+) or (?P<dir>less|greater)"), "power"),
    (re.compile(r"with toughness (?P<n>\d+) or (?P<dir>less|greater)"), "toughness"),
    (re.compile(r"with mana value (?P<n>\d+) or (?P<dir>less|greater)"), "mv"),
    (re.compile(r"with mana value (?P<n>\d+)"), "mv_is"),
    (re.compile(r"with (?P<kw>flying|reach|first strike|double strike|deathtouch|defender|haste|"
                r"indestructible|lifelink|menace|trample|vigilance|hexproof|shadow|horsemanship|flanking|infect|"
                r"wither)"), "kw"),
    (re.compile(r"without (?P<kw>flying|reach|first strike|double strike|deathtouch|defender|haste|"
                r"indestructible|lifelink|menace|trample|vigilance|hexproof|shadow|horsemanship|flanking|infect|"
                r"wither)"), "nokw"),
    (re.compile(r"you control"), "you"),
    (re.compile(r"you don't control"), "opponent"),
    (re.compile(r"defending player controls"), "defending"),  # 506.2: targets only (systems/targeting.py)
    (re.compile(r"blocking (?P<src>~|it)(?= |$)"), "blocking_source"),  # 509.1g (systems/mechanics/combat_triggers.py)
    (re.compile(r"(?P<neg>with|without) an? (?:(?P<ck>[+-]1/[+-]1) )?counters? on (?:it|them)"), "counter"),
    (re.compile(r"an opponent controls"), "opponent"),
    (re.compile(r"your opponents control"), "opponent"),
    (re.compile(r"(?:from|in) your graveyard"), "your_gy"),
    (re.compile(r"(?:from|in) a graveyard"), "any_gy"),
    (re.compile(r"on the battlefield"), "noop"),
    (re.compile(r"other than ~"), "other"),
    (re.compile(r"(?P<neg>that aren't )?of the chosen (?P<what>type|color)"), "chosen"),  # content/oracle/choices.py
]


def _post(text: str, noun: Noun) -> str:
    f = noun.f
    while text:
        for rx, kind in _POST:
            m = rx.match(text)
            if not m:
                continue
            if kind == "kw":
                f["keywords_any"] = f.get("keywords_any", 0) | int(KEYWORD_NAMES[m.group("kw")])
            elif kind == "kw_or":
                a, b = KEYWORD_NAMES.get(m.group("kw")), KEYWORD_NAMES.get(m.group("kw2"))
                if a is None or b is None:
                    continue
                f["keywords_any"] = f.get("keywords_any", 0) | int(a) | int(b)
            elif kind == "nokw":
                f["keywords_none"] = f.get("keywords_none", 0) | int(KEYWORD_NAMES[m.group("kw")])
            elif kind == "power":
                f["power_at_most" if m.group("dir") == "less" else "power_at_least"] = int(m.group("n"))
            elif kind == "toughness":
                f["toughness_at_most" if m.group("dir") == "less" else "toughness_at_least"] = int(m.group("n"))
            elif kind == "mv":
                key = "mana_value_at_most" if m.group("dir") == "less" else "mana_value_at_least"
                f[key] = int(m.group("n"))
            elif kind == "mv_is":
                f["mana_value_is"] = int(m.group("n"))
            elif kind == "blocking_source":
                f["blocking_source"] = m.group("src")
            elif kind == "counter":  # 122.1: game state (checked where objects are chosen; systems/mechanics/...)
                key = "with_counter" if m.group("neg") == "with" else "without_counter"
                if key in f:
                    raise NoParse("two counter conditions")
                f[key] = m.group("ck") or "any"
            elif kind in ("you", "opponent", "defending"):
                if "controller" in f:
                    raise NoParse("two controllers")
                f["controller"] = kind
            elif kind == "your_gy":
                noun.zone = "graveyard"
                f["controller"] = "you"
            elif kind == "any_gy":
                noun.zone = "graveyard"
            elif kind == "other":
                f["exclude_source"] = True
            elif kind == "chosen":  # "of the chosen type/color" (608.2d): only after "Choose a ..." (choices.py)
                from content.oracle.choices import chosen_filter

                chosen_filter(f, m.group("what"), bool(m.group("neg")))
            text = text[m.end():].lstrip()
            break
        else:
            return text
    return text


def noun_phrase(text: str, *, allow_rest: bool = False) -> tuple[Noun, str]:
    """Parse a description of objects at the start of ``text``; returns it and the unread rest."""
    text = text.strip()
    noun = Noun()
    m = _DET.match(text + " ")
    if m:
        det = m.group("det")
        if m.group("upto"):
            noun.det = "up to"
            noun.number = 99 if m.group("upto") == "x" else NUMBER_WORDS[m.group("upto")]
            if m.group("upto") == "x":
                raise NoParse("up to x")
            if " other " in det:
                noun.f["exclude_source"] = True
        elif m.group("count"):
            if m.group("count") == "x":
                raise NoParse("x targets")
            noun.det = "target"
            noun.number = NUMBER_WORDS[m.group("count")]
        elif det == "another target":
            noun.det = "target"
            noun.f["exclude_source"] = True
        elif det in ("each other", "all other"):
            noun.det = det.split()[0]
            noun.f["exclude_source"] = True
        elif det == "another":
            noun.det = "a"
            noun.f["exclude_source"] = True
        elif det == "other":
            noun.det = ""
            noun.f["exclude_source"] = True
        elif det == "an":
            noun.det = "a"
        elif det == "any number of target":
            raise NoParse("any number of targets")
        else:
            noun.det = det
        text = text[m.end():] if m.end() <= len(text) else ""
    # special heads
    for words, head in (("any other target", "any_other"), ("any target", "any"),
                        ("player or planeswalker", "player_or_pw"), ("players", "player"), ("player", "player"),
                        ("opponents", "opponent"), ("opponent", "opponent")):
        if text == words or text.startswith(words + " ") or text.startswith(words + ","):
            if head == "any_other":
                noun.f["exclude_source"] = True
                head = "any"
            if head == "any":
                noun.det = "target"
            noun.head = head
            noun.plural = words.endswith("s") and words not in ("players", "opponents") or words in (
                "players", "opponents")
            rest = text[len(words):].strip()
            if not allow_rest and rest:
                raise NoParse(rest)
            return noun, rest
    tokens: list[str] = re.findall(r"[a-z0-9~'/+-]+|,", text)
    i = _adjectives(tokens, 0, noun.f)
    i = _head(tokens, i, noun)
    if noun.det in ("a", "target") and noun.number == 1:
        noun.plural = False  # "an Equipment", "target Merfolk": the same word in both numbers
    i = _adjectives(tokens, i, noun.f) if i < len(tokens) and tokens[i] in ("tapped", "untapped") else i
    # the rest as text again
    rest = _rejoin(tokens[i:])
    rest = _post(rest, noun)
    if rest and not allow_rest:
        raise NoParse(rest)
    if noun.head == "permanent" and noun.f.get("types_any", 0) & ~PERMANENT_TYPES:
        # "instant" without "spell" or "card" is not a permanent
        raise NoParse("not a permanent type")
    return noun, rest


def _rejoin(words: list[str]) -> str:
    out = ""
    for w in words:
        out += w if w == "," else (" " + w if out else w)
    return out.strip()


def target_spec(noun: Noun) -> TargetSpec:
    """The target slot a 'target ...' description makes (CR 115.1)."""
    f = dict(noun.f)
    optional = noun.det == "up to"
    if noun.head == "any":
        return TargetSpec(TargetKind.ANY, PermanentFilter(**f) if f else None, optional)
    if noun.head == "player":
        if f:
            raise NoParse("player filter")
        return TargetSpec(TargetKind.PLAYER, None, optional)
    if noun.head == "opponent":
        return TargetSpec(TargetKind.OPPONENT, None, optional)
    if noun.head == "player_or_pw":
        return TargetSpec(TargetKind.PLAYER_OR_PLANESWALKER, None, optional)
    if noun.head == "spell":
        if set(f) - {"types_any", "types_none", "colors_any", "colors_none", "controller", "mana_value_at_most",
                     "mana_value_at_least", "mana_value_is", "subtypes_none"}:
            raise NoParse("spell filter")
        return TargetSpec(TargetKind.SPELL, PermanentFilter(**f) if f else None, optional)
    if noun.head == "card":
        if noun.zone != "graveyard":
            raise NoParse("card outside a graveyard")
        return TargetSpec(TargetKind.CARD_IN_GRAVEYARD, PermanentFilter(**f), optional)
    if noun.zone:
        raise NoParse("zone")
    types = f.get("types_any", 0)
    if types == CREATURE and not f.get("types_all"):
        del f["types_any"]
        return TargetSpec(TargetKind.CREATURE, PermanentFilter(**f) if f else None, optional)
    if types == CREATURE | PLANESWALKER and not f.get("types_all"):
        del f["types_any"]
        return TargetSpec(TargetKind.CREATURE_OR_PLANESWALKER, PermanentFilter(**f) if f else None, optional)
    return TargetSpec(TargetKind.PERMANENT, PermanentFilter(**f) if f else None, optional)
