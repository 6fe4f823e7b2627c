"""Effect phrases of the keyword actions that put +1/+1 counters: bolster (CR 701.33), support (701.35) and amass
(701.44), and of players getting poison counters (122.1f). They register with content/oracle/effects.py's ``rule``; the effects are components/combat_keywords.py,
carried out by systems/mechanics/counter_actions.py; :func:`render_effect` writes them back for the round trip."""

from __future__ import annotations

import re

from components.abilities import PermanentFilter, TargetKind, TargetSpec
from components.characteristics import CardType
from components.combat_keywords import Amass, Bolster, DoubleCounters, GetPoison, Support
from content.oracle.effects import Ctx, rule
from content.oracle.phrases import NUMBER_RE, NoParse, number
from content.oracle.words import subtype

_N = rf"(?P<n>{NUMBER_RE})"
_WORD = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def _count(word: str) -> int:
    n = number(word)
    if not isinstance(n, int) or n <= 0:
        raise NoParse("keyword action count")  # "bolster X" and the like are not read
    return n


@rule(rf"bolster {_N}")
def _r_bolster(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Bolster(_count(m["n"]))]


@rule(rf"support {_N}")
def _r_support(ctx: Ctx, m: re.Match[str]) -> list[object]:
    n = _count(m["n"])
    if n > 3:
        raise NoParse("support over 3")  # every combination of up to N targets is offered as an option (601.2c)
    # 701.35a: a permanent's support puts counters on "other" target creatures; an instant's or sorcery's doesn't.
    f = PermanentFilter(types_any=int(CardType.CREATURE), exclude_source=ctx.is_permanent)
    first = len(ctx.targets)
    for _ in range(n):
        ctx.add_target(TargetSpec(TargetKind.CREATURE, f, optional=True))
    return [Support(n, first)]


@rule(rf"amass (?P<type>[a-z]+) {_N}")
def _r_amass(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from content.oracle.tokens import creature_token

    found = subtype(m["type"])
    if found is None:
        raise NoParse("amass subtype")
    name = found[0]
    token, _ = creature_token(0, 0, "black", f"{name.lower()} army", "creature", None)
    return [Amass(name, _count(m["n"]), token)]


@rule(rf"(?P<player>.+?) gets? {_N} poison counters?")
def _r_poison(ctx: Ctx, m: re.Match[str]) -> list[object]:
    n = _count(m["n"])
    if (n == 1) != m[0].endswith("counter"):
        raise NoParse("poison counter number")
    return [GetPoison(n, ctx.player(m["player"]))]


@rule(r"double the number of (?:(?P<each>each kind of counter)|(?P<kind>[+-]1/[+-]1|[a-z]+) counters) on (?P<obj>.+)")
def _r_double_counters(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"])
    kind = "each" if m["each"] else m["kind"]
    return [DoubleCounters(kind, i, g) for i, g in ref.each()]  # 701.9e


def render_effect(e: object, ctx: object) -> str | None:
    if isinstance(e, Bolster):
        return f"bolster {e.amount}"
    if isinstance(e, Support):
        return f"support {e.amount}"
    if isinstance(e, DoubleCounters):
        what = "each kind of counter" if e.kind == "each" else f"{e.kind} counters"
        return f"double the number of {what} on {ctx.obj(e.target, e.group)}"  # type: ignore[attr-defined]
    if isinstance(e, GetPoison):
        who = ctx.player(e.player)  # type: ignore[attr-defined]
        count = "a poison counter" if e.amount == 1 else f"{_WORD.get(e.amount, e.amount)} poison counters"
        return f"{who} {'get' if who == 'you' else 'gets'} {count}"
    if isinstance(e, Amass):
        from content.oracle.words import plural_of

        return f"amass {plural_of(e.subtype)} {e.amount}"
    return None
