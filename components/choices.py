"""Instructions that make a choice and effects that refer back to it (CR 608.2d, 115.1, 700.2), read by
content/oracle/choices.py and carried out by systems/choices.py.

Target fields are effect target indices (a target slot, SELF, EVENT_OBJECT, ATTACHED) like the other effects
of components/abilities.py.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from components.abilities import (
    CHOSEN_TYPE,
    ApplyContinuous,
    ContinuousPart,
    Effect,
    Group,
    Layer,
    PermanentFilter,
)
from components.keywords import Keyword

CHOSEN_COLOR_BIT = 1 << 6  # PermanentFilter.colors_any / colors_none: "of the chosen color" (608.2d)
COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
_PROTECTION = {"W": int(Keyword.PROTECTION_FROM_WHITE), "U": int(Keyword.PROTECTION_FROM_BLUE),
               "B": int(Keyword.PROTECTION_FROM_BLACK), "R": int(Keyword.PROTECTION_FROM_RED),
               "G": int(Keyword.PROTECTION_FROM_GREEN)}  # 702.16a


@dataclass(frozen=True, slots=True)
class ChooseTargets(Effect):
    """'Choose target creature [and target creature ...].' (CR 115.1, 601.2c): the targets are chosen as the
    spell is cast or the ability is put on the stack, like any other target; the sentence itself does nothing
    as it resolves. The instructions after it name the targets ("that creature", "those creatures")."""

    target: int  # the first of ``count`` target slots in a row
    count: int = 1


@dataclass(frozen=True, slots=True)
class FightEachOther(Effect):
    """'Those creatures fight each other.' (CR 701.12a): the two targets named before."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class ChooseThen(Effect):
    """'Choose a color. <instructions about the chosen color>' / 'Choose a creature type. <... of the chosen
    type>' (CR 608.2d: the choice is made as the spell or ability resolves, then the instructions after it are
    followed with the chosen value). ``kind``: "color" or "creature type"."""

    kind: str
    effects: tuple[Effect, ...]
    inline: bool = False  # "Creatures of the creature type of your choice get -3/-3 ..." (one sentence)


@dataclass(frozen=True, slots=True)
class ProtectionFromChosen(Effect):
    """'<objects> gain protection from the chosen color until end of turn' (702.16a) after "Choose a color."
    (608.2d): systems/choices.py turns it into the locked-in continuous effect once the color is chosen."""

    target: int
    group: Group | None = None


@dataclass(frozen=True, slots=True)
class ControllerMaySacrifice(Effect):
    """'Its controller may sacrifice it. If they don't, <instructions>.' (a choice another player makes as it
    resolves, 608.2d; 701.21a: they sacrifice a permanent they control)."""

    target: int
    then: tuple[Effect, ...]  # (named like MayEffect.then: content/oracle/__init__.py shifts its targets)


@dataclass(frozen=True, slots=True)
class ChooseOneOf(Effect):
    """'<object> gains your choice of flying, vigilance, or lifelink until end of turn' / 'create your choice of a
    Clue token, a Food token, or a Treasure token': the controller picks one alternative as it resolves (608.2d);
    ``labels`` name them for the decision; ``effects`` are their instructions one after another, ``sizes[i]`` of
    them for alternative i (one flat tuple, so that target indices shift like other nested instructions)."""

    labels: tuple[str, ...]
    effects: tuple[Effect, ...]
    sizes: tuple[int, ...]

    def option(self, i: int) -> tuple[Effect, ...]:
        start = sum(self.sizes[:i])
        return self.effects[start:start + self.sizes[i]]


def with_choice(value: Any, kind: str, chosen: str | int) -> Any:
    """``value`` (an effect, a filter, a tuple of them) with the chosen creature type or color written into every
    filter that refers to "the chosen type" / "the chosen color" (608.2d)."""
    if isinstance(value, PermanentFilter):
        if kind == "creature type" and isinstance(chosen, str):
            if CHOSEN_TYPE in value.subtypes_any or CHOSEN_TYPE in value.subtypes_none:
                return dataclasses.replace(
                    value, subtypes_any=tuple(chosen if s == CHOSEN_TYPE else s for s in value.subtypes_any),
                    subtypes_none=tuple(chosen if s == CHOSEN_TYPE else s for s in value.subtypes_none))
            return value
        if isinstance(chosen, str) and value.colors_any & CHOSEN_COLOR_BIT:  # the round trip's placeholder
            return dataclasses.replace(value, colors_any=value.colors_any & ~CHOSEN_COLOR_BIT,
                                       subtypes_any=(*value.subtypes_any, chosen))
        if isinstance(chosen, str) and value.colors_none & CHOSEN_COLOR_BIT:
            return dataclasses.replace(value, colors_none=value.colors_none & ~CHOSEN_COLOR_BIT,
                                       subtypes_none=(*value.subtypes_none, chosen))
        if value.colors_any & CHOSEN_COLOR_BIT or value.colors_none & CHOSEN_COLOR_BIT:
            bit = int(chosen)
            return dataclasses.replace(
                value,
                colors_any=(value.colors_any & ~CHOSEN_COLOR_BIT) | (bit if value.colors_any & CHOSEN_COLOR_BIT else 0),
                colors_none=(value.colors_none & ~CHOSEN_COLOR_BIT) | (bit if value.colors_none & CHOSEN_COLOR_BIT
                                                                       else 0))
        return value
    if isinstance(value, ProtectionFromChosen) and not isinstance(chosen, str):
        color = next(c for c, bit in COLOR_BITS.items() if bit == chosen)
        part = ContinuousPart(Layer.ABILITY, keywords_add=_PROTECTION[color])  # 702.16a, locked in (611.2c)
        return ApplyContinuous(value.target, (part,), True, value.group)
    if isinstance(value, ContinuousPart) and not isinstance(chosen, str) and value.colors_set == CHOSEN_COLOR_BIT:
        return dataclasses.replace(value, colors_set=int(chosen))  # "becomes the color of your choice" (105.3)
    if (isinstance(value, ContinuousPart) and CHOSEN_TYPE in value.subtypes_add and kind == "creature type"
            and isinstance(chosen, str)):  # (a creature type is a word)
        return dataclasses.replace(value, subtypes_add=tuple(chosen if s == CHOSEN_TYPE else s
                                                             for s in value.subtypes_add))
    if isinstance(value, tuple):
        return tuple(with_choice(v, kind, chosen) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            old = getattr(value, f.name)
            new = with_choice(old, kind, chosen)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
