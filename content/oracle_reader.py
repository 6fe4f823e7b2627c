"""A first, small Oracle-text reader: the templates of the built-in v0 pool, nothing more.

Each text line is one ability (reminder text in parentheses ignored). A card is supported only if
every line is read; otherwise loading it raises :class:`UnsupportedCardError` naming the line.
Nothing is dropped or approximated. The general compiler is a later piece of work.
"""

from __future__ import annotations

import re

from components.abilities import (
    SELF,
    Ability,
    ActivatedAbility,
    ApplyContinuous,
    ContinuousPart,
    DealDamage,
    Destroy,
    DrawCards,
    EnchantAbility,
    GainLife,
    KeywordAbility,
    Layer,
    ModifyPowerToughness,
    PermanentFilter,
    Regenerate,
    ReplacementSpec,
    SpellAbility,
    StaticEffect,
    StaticReplacement,
    TargetKind,
    TargetSpec,
)
from components.characteristics import CardType, Color
from components.keywords import COMBAT_LINES, KEYWORD_NAMES
from content.mana import parse_mana_cost
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
_ENCHANT = re.compile(r"enchant (creature|land|artifact|enchantment|planeswalker|permanent)")
_ENCHANTED = re.compile(r"enchanted creature (?:gets ([+-]\d+)/([+-]\d+))?(?: and )?(?:has ([a-z ,]+?))?\.")
_REGEN_TARGET = re.compile(r"regenerate target creature\.")
_FROG = re.compile(r"until end of turn, target creature loses all abilities and becomes an? "
                   r"(white|blue|black|red|green) ([A-Z][a-z]+) with base power and toughness (\d+)/(\d+)\.", re.I)
_ACTIVATED = re.compile(r"((?:\{[^T}][^}]*\})+)?(?:, )?(\{T\})?: regenerate ~\.", re.I)
_TYPE_WORDS = {"creature": CardType.CREATURE, "land": CardType.LAND, "artifact": CardType.ARTIFACT,
               "enchantment": CardType.ENCHANTMENT, "planeswalker": CardType.PLANESWALKER}
_COLOR_WORDS = {"white": Color.W, "blue": Color.U, "black": Color.B, "red": Color.R, "green": Color.G}


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
        bit = KEYWORD_NAMES.get(part.strip().lower()) or _read_quality_list(part.strip().lower())
        if bit is None:
            return None
        mask |= bit
    return KeywordAbility(line, int(mask))


def _read_quality_list(part: str) -> int | None:
    """'protection from black and from red' (702.16g), 'hexproof from X and from Y' (702.11f)."""
    for lead in ("protection from ", "hexproof from "):
        if part.startswith(lead) and " and from " in part:
            mask = 0
            for quality in part[len(lead):].split(" and from "):
                bit = KEYWORD_NAMES.get(lead + quality.strip())
                if bit is None:
                    return None
                mask |= bit
            return mask
    return None


def _read_combat_line(line: str) -> KeywordAbility | None:
    """'This creature can't block.' and the other combat restrictions/requirements kept as bits."""
    bit = COMBAT_LINES.get(line[0].lower() + line[1:] if line else line)
    return None if bit is None else KeywordAbility(line, int(bit))


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
    if _REGEN_TARGET.fullmatch(low):
        return SpellAbility(line, (TargetSpec(TargetKind.CREATURE),), (Regenerate(0),))
    if m := _FROG.fullmatch(line):
        # Turn to Frog: layers 4 (type), 5 (colour), 6 (abilities) and 7b (base P/T), CR 613.1.
        parts = (
            ContinuousPart(Layer.TYPE, subtypes_add=(m.group(2),), subtypes_replace=True),
            ContinuousPart(Layer.COLOR, colors_set=int(_COLOR_WORDS[m.group(1).lower()])),
            ContinuousPart(Layer.ABILITY, lose_all_abilities=True),
            ContinuousPart(Layer.PT_SET, power=int(m.group(3)), toughness=int(m.group(4))),
        )
        return SpellAbility(line, (TargetSpec(TargetKind.CREATURE),), (ApplyContinuous(0, parts),))
    if m := _GAIN.fullmatch(low):
        return SpellAbility(line, (), (GainLife(int(m.group(1))),))
    if m := _DRAW.fullmatch(low):
        return SpellAbility(line, (), (DrawCards(_count(m.group(1))),))
    return None


_ENTERS_TAPPED = re.compile(r"~ enters tapped\.")
_ENTERS_WITH = re.compile(r"~ enters with (a|an|one|two|three|four|five|\d+) ([+-]1/[+-]1) counters? on it\.")
_OTHERS_ENTER_TAPPED = re.compile(r"(creatures|artifacts|lands|permanents) your opponents control enter tapped\.")
_DIE_EXILE = re.compile(r"if a (nontoken )?creature( an opponent controls)? would die, "
                        r"(exile it|return it to its owner's hand|put it on the bottom of its owner's library) instead\.")
_DIE_TO = {"exile it": "exile", "return it to its owner's hand": "hand",
           "put it on the bottom of its owner's library": "library"}
_SKIP_STEP = re.compile(r"skip your (untap|upkeep|draw) step\.")
_STEP_NUMBERS = {"untap": 0, "upkeep": 1, "draw": 2}  # components.objects.Step values
_PLURAL_TYPES = {"creatures": CardType.CREATURE, "artifacts": CardType.ARTIFACT, "lands": CardType.LAND}


def _read_replacement(line: str) -> Ability | None:
    """Replacement effects (CR 614.1): "enters tapped", "enters with", "instead", "skip"."""
    low = line[0].lower() + line[1:] if line else line
    if _ENTERS_TAPPED.fullmatch(low):
        return StaticReplacement(line, ReplacementSpec("enter", "tapped"), self_only=True)
    if m := _ENTERS_WITH.fullmatch(low):
        return StaticReplacement(line, ReplacementSpec("enter", "counters", amount=_count(m.group(1)),
                                                       counter_kind=m.group(2)), self_only=True)
    if m := _OTHERS_ENTER_TAPPED.fullmatch(low):
        types = int(_PLURAL_TYPES.get(m.group(1), 0))
        return StaticReplacement(line, ReplacementSpec(
            "enter", "tapped", affected=PermanentFilter(types_any=types, controller="opponent")))
    if m := _DIE_EXILE.fullmatch(low):
        f = PermanentFilter(types_any=int(CardType.CREATURE), token=False if m.group(1) else None,
                            controller="opponent" if m.group(2) else "any")
        return StaticReplacement(line, ReplacementSpec("die", _DIE_TO[m.group(3)], affected=f))
    if m := _SKIP_STEP.fullmatch(low):
        return StaticReplacement(line, ReplacementSpec("step", "skip", player="you", step=_STEP_NUMBERS[m.group(1)]))
    return None


def _read_static(line: str) -> Ability | None:
    replacement = _read_replacement(line)
    if replacement is not None:
        return replacement
    low = line[0].lower() + line[1:] if line else line
    if m := _ANTHEM.fullmatch(low):
        affected = PermanentFilter(types_any=int(CardType.CREATURE), controller="you")
        part = ContinuousPart(Layer.PT_MODIFY, power=int(m.group(1)), toughness=int(m.group(2)))
        return StaticEffect(line, affected, (part,))
    if m := _ENCHANT.fullmatch(low):
        word = m.group(1)
        f = PermanentFilter() if word == "permanent" else PermanentFilter(types_any=int(_TYPE_WORDS[word]))
        return EnchantAbility(line, f)
    if (m := _ENCHANTED.fullmatch(low)) and (m.group(1) or m.group(3)):
        parts: list[ContinuousPart] = []
        if m.group(3):
            kw = _read_keywords(m.group(3).replace(" and ", ", "))
            if kw is None:
                return None
            parts.append(ContinuousPart(Layer.ABILITY, keywords_add=kw.mask))
        if m.group(1):
            parts.append(ContinuousPart(Layer.PT_MODIFY, power=int(m.group(1)), toughness=int(m.group(2))))
        return StaticEffect(line, PermanentFilter(attached=True), tuple(parts))
    if m := _ACTIVATED.fullmatch(line):
        cost_text = m.group(1)
        tap = bool(m.group(2)) or cost_text is None
        cost = parse_mana_cost(cost_text) if cost_text else None
        return ActivatedAbility(line, cost, tap, (), (Regenerate(SELF),))
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
        ability: Ability | None = _read_keywords(line) or (None if is_spell else _read_combat_line(line))
        if ability is not None:
            keywords |= ability.mask
        elif is_spell:
            ability = _read_spell(line)
        else:
            ability = _read_static(line)
        if ability is None:
            from content.keywords import read_keyword_ability

            ability = read_keyword_ability(line, raw.strip(), name, types)
        if ability is None:
            raise UnsupportedCardError(f"{name}: cannot read ability text {raw.strip()!r}")
        abilities.append(ability)
    spells = [a for a in abilities if isinstance(a, SpellAbility)]
    if len(spells) > 1:
        raise UnsupportedCardError(f"{name}: more than one spell instruction line is not supported yet")
    return tuple(abilities), keywords
