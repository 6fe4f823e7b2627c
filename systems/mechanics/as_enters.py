"""Choices made as a land enters (CR 614.12, 614.1c): "As ~ enters, you may pay 2 life. If you don't, it
enters tapped." and "As ~ enters, choose a color." with its linked ability "{T}: Add one mana of the chosen
color." (607.2d). The rules are systems/as_enters.py.

A land is played as a special action (305.1), so its choice is part of the enumerated ``PlayLand`` option. A
permanent spell's "As ~ enters, choose a creature type / a color." is asked as the spell resolves (614.12,
systems/mechanics/entering.py); its statics about "creatures [you control] of the chosen type / color" and "{T}:
Add one mana of the chosen color" are linked to that choice (607.2d).
"""

from __future__ import annotations

import re

from components.abilities import (
    CHOSEN_COLOR,
    CHOSEN_TYPE,
    Ability,
    AsEntersChooseColor,
    AsEntersChooseType,
    AsEntersPayLife,
    ManaAbility,
    StaticEffect,
)
from components.characteristics import CardType
from components.choices import CHOSEN_COLOR_BIT
from content import registry

LAND = int(CardType.LAND)
_PAY = re.compile(r"as ~ enters, you may pay (?P<n>\d+) life\. if you don't, it enters tapped\.?")
_COLOR = re.compile(r"(?P<tapped>~ enters tapped\. as it enters|as ~ enters), choose a color\.?")
_MANA = re.compile(r"\{t\}: add one mana of the chosen color\.?")


_TYPE = re.compile(r"as ~ enters, choose a creature type\.?")
_OF_CHOSEN = " of the chosen type"
_OF_CHOSEN_COLOR = " of the chosen color"


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    low = line.strip().lower()
    if not int(types) & LAND:
        return _read_type(line, low)

    if m := _PAY.fullmatch(low):
        return AsEntersPayLife(line.strip(), int(m["n"]))
    if m := _COLOR.fullmatch(low):
        return AsEntersChooseColor(line.strip(), tapped=m["tapped"].startswith("~"))
    if _MANA.fullmatch(low):
        return ManaAbility(line.strip(), (CHOSEN_COLOR,))
    return None


def _read_type(line: str, low: str) -> Ability | None:
    """A permanent spell's "As ~ enters, choose a creature type." (asked as it resolves, 614.12) and its
    static abilities about "creatures [you control] of the chosen type" (607.2d)."""
    if _TYPE.fullmatch(low):
        return AsEntersChooseType(line.strip())
    if (m := _COLOR.fullmatch(low)) and not m["tapped"].startswith("~"):
        return AsEntersChooseColor(line.strip())  # asked as its spell resolves (614.12; systems/mechanics/entering.py)
    if _MANA.fullmatch(low):
        return ManaAbility(line.strip(), (CHOSEN_COLOR,))  # 607.2d: the color chosen as it entered
    of_chosen = _OF_CHOSEN if _OF_CHOSEN in low else _OF_CHOSEN_COLOR
    if low.count(of_chosen) != 1:
        return None
    subject, _, rest = low.partition(of_chosen)
    if not re.fullmatch(r"(?:all |other )?creatures(?: you control)?", subject) or not rest.startswith(" "):
        return None
    from content.oracle.lines import _static_effect
    from content.oracle.phrases import NoParse

    try:
        inner = _static_effect((subject + rest).rstrip("."), line.strip())
    except NoParse:
        return None
    f = inner.affected
    if f.subtypes_any or inner.condition is not None or any(p.dynamic is not None for p in inner.parts):
        return None
    import dataclasses

    if of_chosen == _OF_CHOSEN_COLOR:  # "Creatures you control of the chosen color get +1/+1" (607.2d)
        if f.colors_any or f.colors_none:
            return None
        return StaticEffect(line.strip(), dataclasses.replace(f, colors_any=CHOSEN_COLOR_BIT), inner.parts)
    return StaticEffect(line.strip(), dataclasses.replace(f, subtypes_any=(CHOSEN_TYPE,)), inner.parts)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, AsEntersChooseType):
        return "As ~ enters, choose a creature type."
    chosen_color = isinstance(a, StaticEffect) and a.affected.colors_any == CHOSEN_COLOR_BIT
    if isinstance(a, StaticEffect) and (a.affected.subtypes_any == (CHOSEN_TYPE,) or chosen_color):
        import dataclasses

        from content.oracle.render import render_line

        plain_filter = dataclasses.replace(a.affected, colors_any=0) if chosen_color else \
            dataclasses.replace(a.affected, subtypes_any=())
        plain = render_line([dataclasses.replace(a, affected=plain_filter)])
        for subject in ("Other creatures you control", "Creatures you control", "All creatures", "Other creatures",
                        "Creatures"):
            if plain.startswith(subject + " "):
                return subject + (_OF_CHOSEN_COLOR if chosen_color else _OF_CHOSEN) + plain[len(subject):]
        return None
    if isinstance(a, AsEntersPayLife):
        return f"As ~ enters, you may pay {a.life} life. If you don't, it enters tapped."
    if isinstance(a, AsEntersChooseColor):
        return "~ enters tapped. As it enters, choose a color." if a.tapped else "As ~ enters, choose a color."
    if isinstance(a, ManaAbility) and a.produces == (CHOSEN_COLOR,):
        return "{T}: Add one mana of the chosen color."
    return None


registry.reader(read, priority=360)
registry.renderer(render, priority=320)
