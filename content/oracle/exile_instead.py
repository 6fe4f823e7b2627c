"""'If that creature would die this turn, exile it instead.' and 'If a creature dealt damage this way would die this
turn, exile it instead.' (CR 614.1a): the sentence after a damage instruction (systems/exile_instead.py)."""

from __future__ import annotations

import re

from components.exile_instead import ExileIfDiesThisTurn
from content.oracle.effects import Ctx, rule
from content.oracle.phrases import NoParse


@rule(r"if (?P<obj>that creature|it) would die this turn, exile it instead")
def _r_exile_if_dies(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"])
    if len(ref.indices) != 1 or ref.group is not None:
        raise NoParse("exile instead: one creature")
    return [ExileIfDiesThisTurn(ref.indices[0], m["obj"])]


@rule(r"if a creature dealt damage this way would die this turn, exile it instead")
def _r_exile_if_dealt_damage_dies(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ExileIfDiesThisTurn(dealt_this_way=True)]


def render_effect(e: object, ctx: object) -> str | None:
    if not isinstance(e, ExileIfDiesThisTurn):
        return None
    if e.dealt_this_way:
        return "if a creature dealt damage this way would die this turn, exile it instead"
    return f"if {e.written} would die this turn, exile it instead"
