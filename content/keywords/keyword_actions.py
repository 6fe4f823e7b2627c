"""The keyword actions adapt (CR 701.43) and monstrosity (CR 701.31) as instructions: "{2}{G}: Adapt 2.",
"{5}{G}{G}: Monstrosity 3.". They act on the ability's own permanent (``~``); systems/keywords/keyword_actions.py
runs them. The rules register with content/oracle/effects.py's ``rule`` (imported by it)."""

from __future__ import annotations

import re

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_actions import Adapt, Monstrosity
from content.keywords import READERS, RENDERERS
from content.oracle.effects import Ctx, rule
from content.oracle.phrases import NUMBER_RE, NoParse, number


def _n(word: str) -> int:
    value = number(word)
    if not isinstance(value, int) or value <= 0:
        raise NoParse("keyword action number")
    return value


@rule(rf"adapt (?P<n>{NUMBER_RE})")
def _r_adapt(ctx: Ctx, m: re.Match[str]) -> list[object]:
    if not ctx.is_permanent:
        raise NoParse("adapt without a permanent")
    return [Adapt(_n(m["n"]))]


@rule(rf"monstrosity (?P<n>{NUMBER_RE})")
def _r_monstrosity(ctx: Ctx, m: re.Match[str]) -> list[object]:
    if not ctx.is_permanent:
        raise NoParse("monstrosity without a permanent")
    return [Monstrosity(_n(m["n"]))]


def render_effect(e: object, ctx: object) -> str | None:
    if isinstance(e, Adapt):
        return f"adapt {e.amount}"
    if isinstance(e, Monstrosity):
        return f"monstrosity {e.amount}"
    return None


# "When ~ becomes monstrous, [effect]" (701.31a-b, 603.2): a triggered ability of kind BECOMES_MONSTROUS, triggered by
# systems/keywords/keyword_actions.py as the monstrosity instruction makes the permanent monstrous.
_MONSTROUS = re.compile(r"when ~ becomes monstrous, (?P<rest>.+)", re.I | re.S)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _MONSTROUS.fullmatch(line.strip())
    if not m or int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle.lines import _triggered_body
    from content.oracle.text import lower

    try:
        return _triggered_body(line.strip(), TriggerCondition(TriggerKind.BECOMES_MONSTROUS, "self"), "self",
                               lower(m["rest"].strip()))
    except NoParse:
        return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_MONSTROUS:
        return None
    import dataclasses

    from content.oracle.render import render_line

    shown = render_line([dataclasses.replace(a, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
    prefix = "When ~ enters, "
    return f"When ~ becomes monstrous, {shown[len(prefix):]}" if shown.startswith(prefix) else None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)
