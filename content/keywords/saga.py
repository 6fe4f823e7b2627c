"""Saga chapter abilities (CR 714.2): "I — [Effect]", "I, II — [Effect]".

714.2b: "{rN}—[Effect]" means "When one or more lore counters are put onto this Saga, if the number of lore
counters on it was less than N and became at least N, [effect]"; 714.2c: "{rN1}, {rN2}—[Effect]" is one such
ability per numeral. Each is a TriggeredAbility of kind CHAPTER with its number in ``trigger.nth``; the effect is
read like any triggered ability's. The rules (lore counters, 714.3; the sacrifice, 714.4) are
systems/keywords/saga.py.
"""

from __future__ import annotations

import re

from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
NUMERAL = {v: k for k, v in ROMAN.items()}
_NAMED = re.compile(r"([A-Z][\w'’-]*(?: [\w'’-]+){0,4}) [—-] (.+)", re.S)
_CHAPTERS = re.compile(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) [—-] (.+)", re.S)


def read(line: str, raw: str, name: str, types: CardType) -> tuple[TriggeredAbility, ...] | None:
    m = _CHAPTERS.fullmatch(line.strip())
    if not m or not types & CardType.ENCHANTMENT:
        return None
    from content.oracle.lines import _triggered_body
    from content.oracle.phrases import NoParse
    from content.oracle.text import lower

    numbers = [ROMAN[n] for n in m.group(1).split(", ")]
    if numbers != sorted(set(numbers)):
        return None
    body = lower(m.group(2).strip())
    named = _NAMED.match(m.group(2).strip())
    if named and named.group(1).startswith("Choose "):
        named = None  # "Choose one —" begins a modal chapter (700.2)
    if named:
        body = lower(named.group(2).strip())  # "I — Lunge — ...": the chapter's name is a flavor word (207.2d)
    try:
        return tuple(_triggered_body(line.strip(), TriggerCondition(TriggerKind.CHAPTER, "self", nth=n), "self", body)
                     for n in numbers)
    except NoParse:
        return None


def render(abilities: list[object]) -> str | None:
    if not abilities or not all(isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER
                                for a in abilities):
        return None
    import dataclasses

    from content.oracle.render import render_line

    first = abilities[0]
    assert isinstance(first, TriggeredAbility)
    # The effect as any triggered ability writes it, after its trigger: "When ~ enters, <effect>".
    shown = render_line([dataclasses.replace(first, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
    prefix = "When ~ enters, "
    if not shown.startswith(prefix):
        return None
    body = shown[len(prefix):]
    numerals = ", ".join(NUMERAL[a.trigger.nth] for a in abilities)  # type: ignore[attr-defined]
    m = _CHAPTERS.fullmatch(first.text.strip())
    named = _NAMED.match(m.group(2).strip()) if m else None
    name = f"{named.group(1)} — " if named and not named.group(1).startswith("Choose ") else ""  # the flavor word as printed (207.2d)
    return f"{numerals} — {name}{body[:1].upper()}{body[1:]}"


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
