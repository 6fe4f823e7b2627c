"""The Oracle-text compiler proper (``content.oracle`` re-exports its names and imports it on first use).

A line is read by the first reader that knows its template: keywords, 'Enchant X', mana abilities,
activated abilities ('[Cost]: [Effect]'), triggered abilities ('When/Whenever/At ...'), static
abilities, and the instructions of instants and sorceries. A card is supported only when every line
compiles; otherwise :class:`UnsupportedCardError` names the first line that could not be read.
Nothing is dropped or approximated.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import (
    Ability,
    ColorDefining,
    Effect,
    KeywordAbility,
    Mode,
    SpellAbility,
    SpellRule,
    TargetSpec,
)
from components.characteristics import CardType
from content import registry
from content.oracle.lines import (
    activated_line,
    combat_line,
    enchant_line,
    keyword_line,
    mana_line,
    spell_line,
    static_line,
    triggered_line,
)
from content.oracle.phrases import NoParse
from content.oracle.target_shift import shift_targets
from content.oracle.text import ability_lines, lower, normalise, short_name, strip_ability_word
from ecs.errors import UnsupportedCardError

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


@dataclass(frozen=True, slots=True)
class LineResult:
    """One ability line: its raw and normalised text, and what it compiled to (or why not)."""

    raw: str
    text: str  # normalised: reminder text dropped, the card's name written ~
    abilities: tuple[Ability, ...]
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


def compile_line(line: str, *, is_spell: bool, is_permanent: bool = True) -> list[Ability]:
    """Compile one normalised ability line ('~' for the card itself); raises NoParse."""
    registry.ensure_discovered()  # mechanics add sentence rules too (adapt, phasing: systems/mechanics)
    text = strip_ability_word(line)
    low = lower(text)
    kw = keyword_line(low.rstrip("."), text)
    if kw is not None and kw:
        return kw
    if not is_spell:
        combat = combat_line(low, text)
        if combat is not None:
            return [combat]
        enchant = enchant_line(low.rstrip("."), text)
        if enchant is not None:
            return [enchant]
        mana = mana_line(low, text)
        if mana is not None:
            return [mana]
        trig = triggered_line(low, text, is_permanent)
        if trig is not None:
            return list(trig)
        act = activated_line(low, text, is_permanent)
        if act is not None:
            return [act]
        return [static_line(low, text)]  # (it always gives an ability, or raises NoParse with the reason)
    act = activated_line(low, text, False) if ": " in low and low.split(": ")[0].count("{") else None
    if act is not None and act.from_hand:
        return [act]
    if low.startswith("when you cycle ~, "):
        return list(triggered_line(low, text, True) or [])  # 702.29c: it triggers from the graveyard
    return [spell_line(low, text)]


def compile_lines(name: str, text: str | None, types: CardType | int) -> list[LineResult]:
    """Compile every ability line of a card's text, keeping going after a line fails (for reports)."""
    types = int(types)
    is_spell = bool(types & SPELL_TYPES)
    short = short_name(name)
    from content.oracle.text import set_current_card_name

    set_current_card_name(name)
    out: list[LineResult] = []
    for raw in ability_lines(text or ""):
        line = normalise(raw, name, short)
        if not line:
            continue
        from content.oracle.text import set_current_raw_line

        set_current_raw_line(raw)  # quoted abilities tell the card's name from "this creature" (grants.py)
        try:
            abilities = compile_line(line, is_spell=is_spell)
        except NoParse as exc:
            # Keyword abilities with their own rules register readers in systems/mechanics (issue 6).
            from content.registry import read_keyword_ability

            ability = read_keyword_ability(line, raw.strip(), name, CardType(types))
            if ability is not None:
                # a reader may return several abilities for one line ("Cascade, cascade": 702.85b)
                out.append(LineResult(raw, line, ability if isinstance(ability, tuple) else (ability,)))
            else:
                out.append(LineResult(raw, line, (), str(exc) or "not read"))
            continue
        except (ValueError, KeyError) as exc:  # a malformed symbol inside the text
            out.append(LineResult(raw, line, (), f"{type(exc).__name__}: {exc}"))
            continue
        from content.registry import all_hooks

        # "defending player controls", "with a counter on it" (506.2, 122.1): what a mechanic can't do yet
        problem = next((p for check in all_hooks("compile.line_problem") if (p := check(abilities))), None)
        out.append(LineResult(raw, line, (), problem) if problem else LineResult(raw, line, tuple(abilities)))
    from content.registry import all_hooks

    for gate in all_hooks("compile.lines"):
        out = gate(out)  # 716.2a: a Class's level sections (systems/mechanics/class_levels.py)
    return out


def compile_text(name: str, text: str | None, types: CardType | int) -> tuple[tuple[Ability, ...], int]:
    """Compile a card's text: its abilities (the instructions of a spell merged into one
    SpellAbility, in printed order) and its printed keyword mask. Raises UnsupportedCardError."""
    results = compile_lines(name, text, types)
    for r in results:
        if not r.ok:
            raise UnsupportedCardError(f"{name}: cannot read ability text {r.raw.strip()!r}")
    abilities: list[Ability] = [a for r in results for a in r.abilities]
    from content.registry import all_hooks

    for link in all_hooks("compile.abilities"):
        abilities = link(name, abilities)  # backup grants the abilities printed below it (702.165a)
    keywords = 0
    for a in abilities:
        if isinstance(a, KeywordAbility):
            keywords |= a.mask
    return tuple(merge_spell_abilities(name, abilities)), keywords


def merge_spell_abilities(name: str, abilities: list[Ability]) -> list[Ability]:
    """An instant's or sorcery's instruction lines are one spell ability (CR 113.3a): their targets are
    numbered in the order they appear (601.2c)."""
    spells = [a for a in abilities if isinstance(a, SpellAbility)]
    if len(spells) <= 1:
        return abilities
    if any(s.modes for s in spells):
        raise UnsupportedCardError(f"{name}: a modal spell with further instruction lines is not supported yet")
    if any(s.instead is not None for s in spells):
        raise UnsupportedCardError(f"{name}: a kicked alternative with further instruction lines is not supported")
    targets: list[TargetSpec] = []
    effects: list[Effect] = []
    for s in spells:
        offset = len(targets)
        targets.extend(s.targets)
        effects.extend(shift_targets(e, offset) for e in s.effects)
    merged = SpellAbility("\n".join(s.text for s in spells), tuple(targets), tuple(effects))
    out: list[Ability] = []
    placed = False
    for a in abilities:
        if isinstance(a, SpellAbility):
            if not placed:
                out.append(merged)
                placed = True
        else:
            out.append(a)
    return out


def read_abilities(name: str, text: str | None, types: CardType) -> tuple[tuple[Ability, ...], int]:
    """Compile every line of ``text``; returns the abilities and the printed keyword mask."""
    return compile_text(name, text, types)


__all__ = ["ColorDefining", "LineResult", "Mode", "SPELL_TYPES", "SpellRule", "UnsupportedCardError", "compile_line",
           "compile_lines", "compile_text", "merge_spell_abilities", "read_abilities", "shift_targets"]


# The statics family registers its reader and renderer (asked after every mechanic's) when imported.
from content.oracle import statics as _statics  # noqa: E402,F401
