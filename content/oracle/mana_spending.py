"""Mana abilities whose mana may be spent only on some things (CR 106.6): "{T}: Add {W}. Spend this mana only to
cast a creature spell.", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell." (Powerstone,
111.10s). The restriction rides on the ManaAbility (components/mana_spending.py); systems/mana_spending.py
enforces it when costs are paid."""

from __future__ import annotations

import dataclasses
import re

from components.abilities import ActivatedAbility, ManaAbility, PermanentFilter
from components.mana_spending import SpendRestriction
from content.oracle.phrases import NoParse

_SPLIT = re.compile(r"(?P<mana>\{T\}(?:, sacrifice ~)?: add .+?)\. "
                    r"(?P<rule>spend this mana only .+|this mana can't be spent to cast .+)")


def _spells(text: str) -> tuple[PermanentFilter, bool]:
    """'a creature spell' / 'creature spells' -> (filter, plural)."""
    from content.oracle.phrases import noun_phrase

    noun, rest = noun_phrase(text)
    if rest or noun.head != "spell" or noun.det not in ("", "a", "an"):
        raise NoParse(f"spend restriction spells {text!r}")
    f = noun.filter()
    if f.controller not in ("any", "") or f.self_only or f.exclude_source:
        raise NoParse(f"spend restriction spells {text!r}")
    return f, noun.det == ""


def _abilities(text: str) -> tuple[PermanentFilter | None, bool]:
    """'an ability' / 'abilities' / 'abilities of artifacts' -> (sources, plural)."""
    if text == "an ability":
        return None, False
    if text == "abilities":
        return None, True
    if m := re.fullmatch(r"abilities of ([a-z]+) sources", text):
        # "abilities of Elemental sources": sources of that subtype (any permanent or card)
        from content.oracle.phrases import noun_phrase

        noun, rest = noun_phrase(m[1] + "s")
        f = noun.filter()
        if rest or noun.head != "permanent" or f != PermanentFilter(subtypes_any=f.subtypes_any) or \
                len(f.subtypes_any) != 1:
            raise NoParse(f"spend restriction abilities {text!r}")
        return f, True
    if m := re.fullmatch(r"abilities of (.+)", text):
        from content.oracle.phrases import noun_phrase

        noun, rest = noun_phrase(m[1])
        if rest or noun.head != "permanent" or noun.det != "":
            raise NoParse(f"spend restriction abilities {text!r}")
        f = noun.filter()
        if f != PermanentFilter(types_any=f.types_any, subtypes_any=f.subtypes_any):
            raise NoParse(f"spend restriction abilities {text!r}")
        return f, True
    raise NoParse(f"spend restriction abilities {text!r}")


def restriction(rule: str) -> SpendRestriction:
    """The sentence after the mana ability, lower case, without its period."""
    if m := re.fullmatch(r"this mana can't be spent to cast a non(?P<what>[a-z]+) spell", rule):
        # "can't be spent to cast a nonartifact spell": artifact spells and any activated ability (Powerstone)
        f, _ = _spells(f"an {m['what']} spell")
        return SpendRestriction(spells=f, abilities=True, negated=True)
    m = re.fullmatch(r"spend this mana only to (?P<body>.+)", rule)
    if not m:
        raise NoParse("spend restriction")
    body = m["body"]
    if m := re.fullmatch(r"cast (?P<spells>.+?)(?: or (?P<to>to )?activate (?P<abil>.+))?", body):
        f, plural = _spells(m["spells"])
        if m["abil"] is None:
            return SpendRestriction(spells=f, plural=plural)
        sources, aplural = _abilities(m["abil"])
        return SpendRestriction(spells=f, abilities=True, ability_sources=sources, plural=plural,
                                abilities_plural=aplural, to_again=bool(m["to"]))
    if m := re.fullmatch(r"activate (?P<abil>.+?)(?: or (?P<to>to )?cast (?P<spells>.+))?", body):
        sources, aplural = _abilities(m["abil"])
        if m["spells"] is None:
            return SpendRestriction(abilities=True, ability_sources=sources, abilities_plural=aplural)
        f, plural = _spells(m["spells"])
        return SpendRestriction(spells=f, abilities=True, ability_sources=sources, plural=plural,
                                abilities_plural=aplural, abilities_first=True, to_again=bool(m["to"]))
    raise NoParse("spend restriction")


def restricted_mana_line(low: str, text: str) -> ManaAbility | ActivatedAbility | None:
    """'{T}: Add <mana>. Spend this mana only ...' -> the mana ability with its restriction, or None when the
    line has no such sentence."""
    m = _SPLIT.fullmatch(low.rstrip("."))
    if not m:
        return _activated(low, text)
    from content.oracle.lines import mana_line

    cut = len(m["mana"]) + 1
    inner = mana_line(m["mana"] + ".", text[:cut])  # "{T}: add ...": a ManaAbility or None
    if not isinstance(inner, ManaAbility) or inner.condition is not None:
        raise NoParse("spend restriction on this mana ability")
    return dataclasses.replace(inner, text=text, restriction=restriction(m["rule"]))


_ACTIVATED = re.compile(r"(?P<head>[^:]+: add .+?)\. (?P<rule>spend this mana only .+|this mana can't be spent to cast .+)")


def _activated(low: str, text: str) -> ActivatedAbility | None:
    """'{T}, Pay 1 life: Add {B}. Spend this mana only to cast an instant or sorcery spell.': a mana ability with
    other costs (an activated ability that adds mana, 605.1a) whose mana keeps its restriction in the pool."""
    from components.abilities import AddMana
    from content.oracle.lines import activated_line

    m = _ACTIVATED.fullmatch(low.rstrip("."))
    if not m:
        return None
    cut = len(m["head"]) + 1
    act = activated_line(m["head"] + ".", text[:cut], True)
    if not isinstance(act, ActivatedAbility) or len(act.effects) != 1 or not isinstance(act.effects[0], AddMana) \
            or act.targets or act.modes:
        raise NoParse("spend restriction on this ability")
    effect = dataclasses.replace(act.effects[0], restriction=restriction(m["rule"]))
    return dataclasses.replace(act, text=text, effects=(effect,))


def x_mana_line(what: str, text: str, sac: bool) -> ManaAbility:
    """'{T}: Add X mana of any one color, where X is ~'s power.' (106.1a: one color for all; 107.3a: X is found as
    the ability is activated)."""
    from components.mana_spending import ONE_COLOR
    from content.oracle.effects import Ctx

    count = Ctx("activated").count(what[len("x mana of any one color, where x is "):])
    if count.kind in ("x", "event_amount"):
        raise NoParse("x mana count")
    return ManaAbility(text, (31 | ONE_COLOR,), sac, dynamic=count)


def x_mana_text(a: ManaAbility) -> str:
    from content.oracle.render import _Ctx, count_phrase

    sac = ", Sacrifice ~" if a.sacrifice_self else ""
    return f"{{T}}{sac}: Add X mana of any one color, where X is {count_phrase(a.dynamic, _Ctx(()))}."  # type: ignore[arg-type]


def restriction_text(r: SpendRestriction) -> str:
    """The Oracle sentence of a restriction (content/oracle/render.py)."""
    from content.oracle.render import noun

    def spells() -> str:
        assert r.spells is not None
        if r.plural:
            return noun(r.spells, plural=True, base="spell", head="spell")
        words = noun(r.spells, base="spell", head="spell")
        return ("an " if words[:1].lower() in "aeiou" else "a ") + words

    def abilities() -> str:
        f = r.ability_sources
        if f is not None and f.subtypes_any and not f.types_any:
            return f"abilities of {f.subtypes_any[0]} sources"
        if f is not None:
            return "abilities of " + noun(f, plural=True)
        return "abilities" if r.abilities_plural else "an ability"

    if r.negated:
        assert r.spells is not None
        return f"This mana can't be spent to cast a non{noun(r.spells, base='spell', head='spell')}."
    to = "to " if r.to_again else ""
    if r.spells is None:
        return f"Spend this mana only to activate {abilities()}."
    if not r.abilities:
        return f"Spend this mana only to cast {spells()}."
    if r.abilities_first:
        return f"Spend this mana only to activate {abilities()} or {to}cast {spells()}."
    return f"Spend this mana only to cast {spells()} or {to}activate {abilities()}."
