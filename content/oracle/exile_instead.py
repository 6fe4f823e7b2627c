"""'If that creature would die this turn, exile it instead.' and 'If a creature dealt damage this way would die this
turn, exile it instead.' (CR 614.1a): the sentence after a damage instruction (systems/exile_instead.py)."""

from __future__ import annotations

import re

from components.exile_instead import DealtThisWay, ExileIfDiesThisTurn
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


@rule(r"(?P<who>creatures dealt damage this way|a creature dealt damage this way) can't (?P<what>be regenerated|block) "
      r"this turn")
def _r_dealt_this_way(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [DealtThisWay("cant_regenerate" if m["what"] == "be regenerated" else "cant_block",
                         plural=m["who"].startswith("creatures"))]


def render_effect(e: object, ctx: object) -> str | None:
    if isinstance(e, DealtThisWay):
        who = "creatures dealt damage this way" if e.plural else "a creature dealt damage this way"
        return f"{who} can't {'be regenerated' if e.what == 'cant_regenerate' else 'block'} this turn"
    if not isinstance(e, ExileIfDiesThisTurn):
        return None
    if e.dealt_this_way:
        return "if a creature dealt damage this way would die this turn, exile it instead"
    return f"if {e.written} would die this turn, exile it instead"
