"""A first, small Oracle-text reader: the templates of the built-in v0 pool, nothing more.

Each text line is one ability (reminder text in parentheses ignored). A card is supported only if
every line is read; otherwise loading it raises :class:`UnsupportedCardError` naming the line.
Nothing is dropped or approximated. The general compiler is a later piece of work.
"""

from __future__ import annotations

import re

from components.abilities import (
    Ability,
    DealDamage,
    Destroy,
    DrawCards,
    GainLife,
    KeywordAbility,
    ModifyPowerToughness,
    PermanentFilter,
    SpellAbility,
    StaticPump,
    TargetKind,
    TargetSpec,
)
from components.characteristics import CardType
from components.keywords import KEYWORD_NAMES
from ecs.errors import CardDataError


class UnsupportedCardError(CardDataError):
    """The card has an ability the engine cannot execute; the message names the text."""


_REMINDER = re.compile(r"\s*\([^)]*\)")
_SELF_WORDS = re.compile(r"\bthis (creature|spell|enchantment|artifact|land|permanent)\b", re.I)
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TARGET_PHRASES = {kind.value: kind for kind in TargetKind}

_DAMAGE = re.compile(r"~ deals (\d+) damage to (any target|target [a-z ]+)\.")
_PUMP = re.compile(r"target creature gets ([+-]\d+)/([+-]\d+) until end of turn\.")
_DESTROY = re.compile(r"destroy target creature\.")
_GAIN = re.compile(r"you gain (\d+) life\.")
_DRAW = re.compile(r"draw (a|one|two|three|four|five|\d+) cards?\.")
_ANTHEM = re.compile(r"creatures you control get ([+-]\d+)/([+-]\d+)\.")


def normalise(line: str, name: str) -> str:
    """Drop reminder text and refer to the card itself as '~' (CR 201.4-201.5)."""
    line = _REMINDER.sub("", line).strip()
    if name:
        line = line.replace(name, "~")
    return _SELF_WORDS.sub("~", line)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _read_keywords(line: str) -> KeywordAbility | None:
    mask = 0
    for part in line.split(","):
        bit = KEYWORD_NAMES.get(part.strip().lower())
        if bit is None:
            return None
        mask |= bit
    return KeywordAbility(line, int(mask))


def _read_spell(line: str) -> SpellAbility | None:
    low = line[0].lower() + line[1:] if line else line
    if m := _DAMAGE.fullmatch(low):
        kind = _TARGET_PHRASES.get(m.group(2))
        if kind is None:
            return None
        return SpellAbility(line, (TargetSpec(kind),), (DealDamage(int(m.group(1)), 0),))
    if m := _PUMP.fullmatch(low):
        effect = ModifyPowerToughness(int(m.group(1)), int(m.group(2)), 0)
        return SpellAbility(line, (TargetSpec(TargetKind.CREATURE),), (effect,))
    if _DESTROY.fullmatch(low):
        return SpellAbility(line, (TargetSpec(TargetKind.CREATURE),), (Destroy(0),))
    if m := _GAIN.fullmatch(low):
        return SpellAbility(line, (), (GainLife(int(m.group(1))),))
    if m := _DRAW.fullmatch(low):
        return SpellAbility(line, (), (DrawCards(_count(m.group(1))),))
    return None


def _read_static(line: str) -> StaticPump | None:
    low = line[0].lower() + line[1:] if line else line
    if m := _ANTHEM.fullmatch(low):
        affected = PermanentFilter(types_any=int(CardType.CREATURE), controller="you")
        return StaticPump(line, affected, int(m.group(1)), int(m.group(2)))
    return None


def read_abilities(name: str, text: str | None, types: CardType) -> tuple[tuple[Ability, ...], int]:
    """Compile every line of ``text``; returns the abilities and the printed keyword mask."""
    abilities: list[Ability] = []
    keywords = 0
    is_spell = bool(types & (CardType.INSTANT | CardType.SORCERY))
    for raw in (text or "").split("\n"):
        line = normalise(raw, name)
        if not line:
            continue
        ability: Ability | None = _read_keywords(line)
        if ability is not None:
            keywords |= ability.mask
        elif is_spell:
            ability = _read_spell(line)
        else:
            ability = _read_static(line)
        if ability is None:
            raise UnsupportedCardError(f"{name}: cannot read ability text {raw.strip()!r}")
        abilities.append(ability)
    spells = [a for a in abilities if isinstance(a, SpellAbility)]
    if len(spells) > 1:
        raise UnsupportedCardError(f"{name}: more than one spell instruction line is not supported yet")
    return tuple(abilities), keywords
