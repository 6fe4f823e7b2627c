"""Abilities of a permanent linked to the creature type or color chosen as it entered (CR 607.2d), with "As ~
enters, choose a creature type / a color." (systems/mechanics/as_enters.py):

- "Whenever another creature you control of the chosen type enters, ..." (the trigger's filter);
- "{1}, Sacrifice a creature of the chosen type: ..." (the sacrifice cost's filter);
- "{W}{W}, {T}: Destroy target permanent of the chosen color." (a target's filter).

The filters name CHOSEN_TYPE / CHOSEN_COLOR_BIT; systems/choices.py ``linked_choice`` writes in the value chosen
for the ability's source where those filters are read (systems/triggers.py, systems/costs.py,
systems/targeting.py). None chosen: the placeholder matches no object. A line that names the chosen value
anywhere else (its effects' groups, amounts ...) is not read.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, overload

from components.abilities import (
    CHOSEN_TYPE,
    Ability,
    ActivatedAbility,
    CostModifier,
    PermanentFilter,
    TriggeredAbility,
)
from components.characteristics import CardType
from components.choices import CHOSEN_COLOR_BIT
from content import registry

_PERMANENT = int(CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.PLANESWALKER)
_OF = {"type": " of the chosen type", "color": " of the chosen color"}
_PLACEHOLDER = "Zzchosenplaceholder"


def _mentions(value: object) -> bool:
    """Does the value name the chosen type or color anywhere?"""
    if isinstance(value, PermanentFilter):
        return CHOSEN_TYPE in value.subtypes_any or CHOSEN_TYPE in value.subtypes_none or bool(
            (value.colors_any | value.colors_none) & CHOSEN_COLOR_BIT)
    if isinstance(value, str):
        return value == CHOSEN_TYPE
    if isinstance(value, tuple):
        return any(_mentions(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_mentions(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


@overload
def _blank(f: PermanentFilter) -> PermanentFilter: ...


@overload
def _blank(f: None) -> None: ...


def _blank(f: PermanentFilter | None) -> PermanentFilter | None:
    """The filter without the chosen-value placeholders (None stays None)."""
    if f is None:
        return None
    return dataclasses.replace(f, subtypes_any=tuple(s for s in f.subtypes_any if s != CHOSEN_TYPE),
                               colors_any=f.colors_any & ~CHOSEN_COLOR_BIT)


def _linked_places_only(a: Ability) -> bool:
    """The chosen value is named only where systems/ reads it for the source (see the module docstring)."""
    rest: Any
    if isinstance(a, TriggeredAbility):
        f, spell = a.trigger.filter, a.trigger.spell
        if f is not None and f.colors_any & CHOSEN_COLOR_BIT or spell is not None and spell.colors_any & CHOSEN_COLOR_BIT:
            return False  # (trigger filters read the chosen type only)
        rest = dataclasses.replace(a, trigger=dataclasses.replace(a.trigger, filter=_blank(f), spell=_blank(spell)),
                                   targets=tuple(dataclasses.replace(t, filter=_blank(t.filter)) for t in a.targets))
    elif isinstance(a, ActivatedAbility):
        s = a.sacrifice
        if s is not None and s.colors_any & CHOSEN_COLOR_BIT:
            return False
        rest = dataclasses.replace(a, sacrifice=_blank(s),
                                   targets=tuple(dataclasses.replace(t, filter=_blank(t.filter)) for t in a.targets))
    elif isinstance(a, CostModifier):  # "Creature spells you cast of the chosen type cost {1} less" (601.2f)
        if a.spells is None or a.spells.colors_any & CHOSEN_COLOR_BIT:
            return False
        rest = dataclasses.replace(a, spells=_blank(a.spells))
    else:
        return False
    return _mentions(a) and not _mentions(rest)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    low = line.strip().lower()
    kinds = [k for k, words in _OF.items() if words in low]
    if not int(types) & _PERMANENT or len(kinds) != 1 or low.startswith("as ") or " your choice" in low:
        return None
    from content.oracle import compile_line
    from content.oracle.choices import _OPEN
    from content.oracle.phrases import NoParse

    printed = line.strip()
    m = re.fullmatch(r"(?P<spells>.+? spells)(?P<who> you cast| your opponents cast)? of the chosen type "
                     r"(?P<rest>costs? .+)", line.strip(), re.I)
    if m:  # the cost change reads "<spells> of the chosen type [you cast]" (content/oracle/lines.py)
        line = f"{m['spells']} of the chosen type{m['who'] or ''} {m['rest']}"
    _OPEN.append(kinds[0])
    try:
        abilities = compile_line(line, is_spell=False)
    except NoParse:
        return None
    finally:
        _OPEN.pop()
    if len(abilities) != 1 or not _linked_places_only(abilities[0]):
        return None
    a = abilities[0]
    return dataclasses.replace(a, text=printed) if m and isinstance(a, CostModifier) else a


def _shown(f: PermanentFilter | None) -> PermanentFilter | None:
    """The filter with the chosen value written as a placeholder subtype (for the renderer)."""
    if f is None or not _mentions(f):
        return f
    return dataclasses.replace(_blank(f), subtypes_any=(_PLACEHOLDER,))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, CostModifier) and _linked_places_only(a):
        from content.oracle.render import render_line

        text = render_line([dataclasses.replace(a, spells=_shown(a.spells))])
        text, n = re.subn(rf"(?i){_PLACEHOLDER}s? (?:([a-z]+?)s? )?spells((?: you cast| your opponents cast)?)",
                          lambda m: f"{m[1] + ' ' if m[1] else ''}spells{m[2]}{_OF['type']}", text)
        return text[:1].upper() + text[1:] if n == 1 else None
    if not isinstance(a, TriggeredAbility | ActivatedAbility) or not _linked_places_only(a):
        return None  # (a choice made as it resolves, "of your choice", is content/oracle/choices.py's)
    kind = "color" if any(f is not None and f.colors_any & CHOSEN_COLOR_BIT for f in (
        getattr(a, "sacrifice", None), getattr(getattr(a, "trigger", None), "filter", None),
        *(t.filter for t in a.targets))) else "type"
    targets = tuple(dataclasses.replace(t, filter=_shown(t.filter)) for t in a.targets)
    if isinstance(a, TriggeredAbility):
        shown: object = dataclasses.replace(a, trigger=dataclasses.replace(
            a.trigger, filter=_shown(a.trigger.filter), spell=_shown(a.trigger.spell)), targets=targets)
    else:
        shown = dataclasses.replace(a, sacrifice=_shown(a.sacrifice), targets=targets)
    from content.oracle.render import render_line

    text = render_line([shown])
    text = re.sub(rf"(?i){_PLACEHOLDER}s? (?:([a-z]+?)s? )?spells?\b",
                  lambda m: f"{m[1] + ' ' if m[1] else ''}spell{_OF[kind]}", text)  # "a creature spell of ..."
    text = re.sub(rf"(?i){_PLACEHOLDER}s? (creatures?|permanents?)((?: you control| an opponent controls)?)",
                  rf"\1\2{_OF[kind]}", text)
    text = re.sub(rf"(?i){_PLACEHOLDER}s\b", f"permanents{_OF[kind]}", text)
    text = re.sub(rf"(?i){_PLACEHOLDER}\b", f"permanent{_OF[kind]}", text)
    return text


registry.reader(read, priority=830)
registry.renderer(render, priority=780)
