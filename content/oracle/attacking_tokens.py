"""Tokens created tapped and attacking (CR 508.4): "create two 1/1 white Soldier creature tokens that are tapped and
attacking", and mobilize N (its reminder text: "Whenever this creature attacks, create N tapped and attacking 1/1 red
Warrior creature tokens. Sacrifice them at the beginning of the next end step.").

Read only in abilities that trigger as attackers are declared ("Whenever ~ attacks", "Whenever you attack"): they
resolve in the declare attackers step, before blockers are declared (systems/mechanics/combat_triggers.py
``filter_problem``); executed by systems/mechanics/combat_triggers.py.
"""

from __future__ import annotations

import re

from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import CreateAttackingTokens
from content import registry
from content.oracle.effects import _TOKEN, SENTENCE_GROUPS, Ctx, Ref, rule
from content.oracle.phrases import NoParse

_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


@rule(_TOKEN.pattern + r" that(?:'s| are| is) tapped and attacking(?: for each (?P<count>.+))?")
def _r_attacking_tokens(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from content.oracle.tokens import creature_token

    if m["tapped"]:
        raise NoParse("tapped twice")
    token, description = creature_token(int(m["p"]), int(m["t"]), m["colors"], m["subs"], m["types"], m["kw"])
    n, dynamic = ctx.amount(m["n"])
    if dynamic is not None or n < 1 or (m["count"] and n != 1):
        raise NoParse("attacking tokens count")
    each = ctx.count(m["count"]) if m["count"] else None  # "a ... token ... for each creature card in your graveyard"
    ctx.it = Ref()
    return [CreateAttackingTokens(token, n, description, dynamic=each)]


_SACRIFICE_THEM = re.compile(r"sacrifice (?:it|them|those tokens) at the beginning of the next end step\.?")


def _then_sacrifice(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[object], int] | None:
    """'Create ... tokens that are tapped and attacking. Sacrifice them at the beginning of the next end step.'"""
    if i + 1 >= len(sentences) or not _SACRIFICE_THEM.fullmatch(sentences[i + 1].strip().lower()):
        return None
    from content.oracle.effects import sentence

    snap = ctx.snapshot()
    try:
        first = sentence(ctx, sentences[i])
    except NoParse:
        ctx.restore(snap)
        return None
    if len(first) != 1 or not isinstance(first[0], CreateAttackingTokens) or first[0].dynamic is not None:
        ctx.restore(snap)
        return None
    many = first[0].amount > 1
    if many != (sentences[i + 1].strip().lower().startswith(("sacrifice them", "sacrifice those"))):
        ctx.restore(snap)
        return None
    from dataclasses import replace

    return [replace(first[0], sacrifice_at_end=True)], 2


SENTENCE_GROUPS.append(_then_sacrifice)  # type: ignore[arg-type]


def render_effect(e: object, ctx: object) -> str | None:
    if not isinstance(e, CreateAttackingTokens):
        return None
    if e.sacrifice_at_end:
        inner = render_effect(replace_effect(e), ctx)
        them = "them" if e.amount > 1 else "it"
        return f"{inner}. Sacrifice {them} at the beginning of the next end step"
    many = e.amount > 1
    what = e.description.replace(" token", " tokens") if many else e.description
    verb = "that are" if many else "that's"
    text = f"create {_WORDS.get(e.amount, e.amount)} {what} {verb} tapped and attacking"
    if e.dynamic is not None:
        from content.oracle.render import _for_each

        text += " " + _for_each(e.dynamic)
    return text


# ------------------------------------------------------------------ mobilize (the keyword line)

_MOBILIZE = re.compile(r"mobilize (\d+)")


def mobilize(n: int) -> TriggeredAbility:
    from content.oracle.tokens import creature_token

    token, description = creature_token(1, 1, "red", "warrior", "creature", None)
    return TriggeredAbility(f"Mobilize {n}", TriggerCondition(TriggerKind.ATTACKS), (),
                            (CreateAttackingTokens(token, n, description, sacrifice_at_end=True),))


def read(line: str, raw: str, name: str, types: CardType) -> TriggeredAbility | None:
    m = _MOBILIZE.fullmatch(line.strip().rstrip(".").lower())
    if not m or not int(types) & CardType.CREATURE or int(m.group(1)) < 1:
        return None
    return mobilize(int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], CreateAttackingTokens) \
            and a.effects[0].sacrifice_at_end and a == mobilize(a.effects[0].amount):
        return f"Mobilize {a.effects[0].amount}"
    return None


registry.reader(read, priority=30)
registry.renderer(render, priority=40)


def replace_effect(e: CreateAttackingTokens) -> CreateAttackingTokens:
    from dataclasses import replace

    return replace(e, sacrifice_at_end=False)
