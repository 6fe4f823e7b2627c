"""Kicker (CR 702.33): "Kicker [cost]" and the abilities linked to it (702.33e).

* "Kicker {cost}" (mana only) is a :class:`Kicker` ability (702.33a); casting with it is systems/mechanics/
  additional_costs.py. "Kicker {A} and/or {B}" (702.33b), multikicker (702.33c) and kicker costs that
  aren't mana are not read.
* The linked abilities say what happens if it was kicked (702.33d). Their condition is
  ``Condition("kicked")`` (checked by systems/mechanics/additional_costs.py); the rest of the line is
  compiled by the Oracle compiler (content/oracle) and must compile on its own:

  - "When ~ enters, if it was kicked, <effect>": an intervening "if" (603.4) on the triggered ability;
  - "If ~ was kicked, it enters with N +1/+1 counters on it": a self-replacement effect (614.1c) that
    applies only if it was kicked;
  - in an instant or sorcery, "<instructions>. If ~ was kicked, <one more instruction>." (a Conditional
    instruction, 608.2c) and "<instructions>. If ~ was kicked, <instruction> instead." (the last
    instruction is replaced by the kicked one: both are compiled, with the same targets, and each is
    followed only if the spell was, or wasn't, kicked).

  A kicked part with targets of its own (702.33g: chosen only if kicked) or referring to something the
  rest of the line names ("those creatures", "the life lost this way") is not read, so such a card stays
  unsupported.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import (
    Ability,
    Condition,
    Conditional,
    SpellAbility,
    StaticReplacement,
    TriggeredAbility,
)
from components.characteristics import CardType
from components.keyword_abilities import Kicker
from content import registry
from content.mana import parse_mana_cost

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
KICKED = Condition("kicked")
NOT_KICKED = Condition("kicked", negate=True)

_KICKER = re.compile(r"kicker ((?:\{[^}]+\})+)", re.I)
_ETB = re.compile(r"when ~ enters(?: the battlefield)?, if it (was|wasn't) kicked, (?P<rest>.+)", re.I | re.S)
_ENTERS_WITH = re.compile(r"if ~ was kicked, it (?P<rest>enters with .+ counters? on it\.?)", re.I)
_SPELL = re.compile(r"(?P<pre>.*?)\s*if ~ was kicked, (?P<post>.+)", re.I | re.S)
# A kicked instruction that refers back to the rest of the line can't be compiled on its own.
_BACK_REFERENCE = re.compile(r"\b(it|its|they|them|their|that|those|this way|these|another)\b", re.I)


def _compile(text: str, *, is_spell: bool) -> list[Ability] | None:
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        return compile_line(text, is_spell=is_spell)
    except (NoParse, ValueError, KeyError):
        return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+", text.strip()) if s]


def _one_spell(text: str) -> SpellAbility | None:
    out = _compile(text, is_spell=True)
    if not out or len(out) != 1 or not isinstance(out[0], SpellAbility) or out[0].modes:
        return None
    return out[0]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    m = _KICKER.fullmatch(text)
    if m:
        return Kicker(f"Kicker {m.group(1)}", parse_mana_cost(m.group(1)))
    m = _ETB.fullmatch(text)
    if m and not int(types) & SPELL_TYPES:
        inner = _compile(f"When ~ enters, {m.group('rest')}", is_spell=False)
        if not inner or len(inner) != 1 or not isinstance(inner[0], TriggeredAbility) or inner[0].condition:
            return None
        cond = KICKED if m.group(1).lower() == "was" else NOT_KICKED
        return dataclasses.replace(inner[0], text=text, condition=cond)  # 603.4 intervening "if"
    m = _ENTERS_WITH.fullmatch(text)
    if m and not int(types) & SPELL_TYPES:
        inner = _compile(f"~ {m.group('rest')}", is_spell=False)
        if not inner or len(inner) != 1 or not isinstance(inner[0], StaticReplacement) or not inner[0].self_only:
            return None
        return dataclasses.replace(inner[0], text=text, condition=KICKED)
    m = _SPELL.fullmatch(text)
    if m and int(types) & SPELL_TYPES:
        return _spell_line(text, m.group("pre").strip(), m.group("post").strip())
    return None


def _spell_line(text: str, pre: str, post: str) -> SpellAbility | None:
    if len(_sentences(post)) != 1:
        return None  # only the one instruction after "If this spell was kicked," is conditional
    if post.endswith(" instead."):
        return _instead(text, pre, post[: -len(" instead.")])
    if _BACK_REFERENCE.search(post):
        return None
    extra = _one_spell(_cap(post))
    if extra is None or extra.targets:
        return None  # 702.33g: a kicked part with targets of its own is not supported
    targets: tuple = ()
    effects: tuple = ()
    if pre:
        first = _one_spell(pre)
        if first is None:
            return None
        targets, effects = first.targets, first.effects
    return SpellAbility(text, targets, (*effects, Conditional(KICKED, extra.effects)))


def _instead(text: str, pre: str, kicked: str) -> SpellAbility | None:
    """'<instructions>. If ~ was kicked, <instruction> instead.': the kicked instruction replaces the last one."""
    sentences = _sentences(pre)
    if not sentences:
        return None
    plain = _one_spell(pre)
    if plain is None:
        return None
    head = sentences[:-1]
    candidates = [" ".join([*head, _cap(kicked) + "."])]
    if re.search(r"\bthat (creature|permanent|artifact|player)\b", kicked):
        candidates.append(" ".join([*head, _cap(re.sub(r"\bthat (creature|permanent|artifact|player)\b",
                                                        r"target \1", kicked)) + "."]))
    dm = re.fullmatch(r"it deals (\d+) damage(?: to that (?:creature|permanent|player))?", kicked)
    if dm and len(re.findall(r"deals \d+ damage", sentences[-1])) == 1:
        changed = re.sub(r"deals \d+ damage", f"deals {dm.group(1)} damage", sentences[-1])
        candidates.append(" ".join([*head, changed]))
    for candidate in candidates:
        other = _one_spell(candidate)
        if other is None or other.targets != plain.targets:
            continue
        k = 0
        while k < min(len(plain.effects), len(other.effects)) and plain.effects[k] == other.effects[k]:
            k += 1
        if k == len(plain.effects) or k == len(other.effects):
            continue
        effects = (*plain.effects[:k], Conditional(NOT_KICKED, plain.effects[k:]),
                   Conditional(KICKED, other.effects[k:]))
        return SpellAbility(text, plain.targets, effects)
    return None


def render(abilities: list[object]) -> str | None:
    """The text of a kicker line, written from the compiled data (content/oracle/render.py's round trip)."""
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, Kicker):
        return f"Kicker {a.cost}"
    from content.oracle.render import render_line

    if isinstance(a, TriggeredAbility) and a.condition is not None and a.condition.kind == "kicked":
        inner = render_line([dataclasses.replace(a, condition=None)])
        head = "When ~ enters, "
        if not inner.startswith(head):
            return None
        return f"{head}if it {'wasn' + chr(39) + 't' if a.condition.negate else 'was'} kicked, {inner[len(head):]}"
    if isinstance(a, StaticReplacement) and a.condition is not None and a.condition.kind == "kicked":
        inner = render_line([dataclasses.replace(a, condition=None)])
        return "If ~ was kicked, it " + inner[len("~ "):] if inner.startswith("~ enters") else None
    if isinstance(a, SpellAbility) and a.effects and isinstance(a.effects[-1], Conditional) \
            and a.effects[-1].condition == KICKED:
        last = a.effects[-1]
        before = a.effects[:-1]
        if before and isinstance(before[-1], Conditional) and before[-1].condition == NOT_KICKED:
            common = before[:-1]  # "... instead": the kicked instruction replaces the last one
            plain = render_line([SpellAbility("", a.targets, (*common, *before[-1].effects))])
            # a target of the replaced instruction is named again as "it" / "that creature" (as printed); a set of
            # permanents ("each creature you control") is written out again
            again = () if any(getattr(e, "group", None) is not None for e in last.effects) else before[-1].effects
            kicked = _sentences(render_line([SpellAbility("", a.targets, (*common, *again, *last.effects))]))[-1]
            return f"{plain} If ~ was kicked, {kicked[:1].lower()}{kicked[1:].rstrip('.')} instead."
        extra = render_line([SpellAbility("", (), last.effects)])
        text = f"If ~ was kicked, {extra[:1].lower()}{extra[1:]}"
        return f"{render_line([SpellAbility('', a.targets, before)])} {text}" if before else text
    return None


registry.reader(read, priority=190)
registry.renderer(render, priority=150)
