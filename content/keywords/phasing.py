"""Phasing (CR 702.26): the keyword "Phasing" and the instruction "[permanent] phases out".

"Phasing" reads as the static ability :class:`Phasing`; "~ phases out" and "target creature you don't control
phases out" as the effect :class:`PhaseOut` (one object: groups are not read). systems/keywords/phasing.py.
The effect rule registers with content/oracle/effects.py's ``rule`` (imported by it).
"""

from __future__ import annotations

import re

from components.abilities import Ability
from components.characteristics import CardType
from components.phasing import PhaseOut, Phasing
from content.keywords import READERS, RENDERERS
from content.oracle.effects import Ctx, rule
from content.oracle.phrases import NoParse


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() == "phasing" and not int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return Phasing()  # type: ignore[return-value]
    return None


def render(abilities: list[object]) -> str | None:
    return "Phasing" if len(abilities) == 1 and isinstance(abilities[0], Phasing) else None


@rule(r"(?P<what>~|target [^.,]+?) phases out")
def _r_phase_out(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["what"], plural_ok=False)
    if ref.group is not None or len(ref.indices) != 1:
        raise NoParse("phasing a group")
    return [PhaseOut(ref.indices[0])]


def render_effect(e: object, ctx: object) -> str | None:
    if not isinstance(e, PhaseOut):
        return None
    obj = getattr(ctx, "obj")  # noqa: B009 - render._Ctx.obj
    return f"{obj(e.target)} phases out"


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
