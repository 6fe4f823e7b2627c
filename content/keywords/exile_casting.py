"""Suspend (CR 702.62), plot (702.170) and foretell (702.143): keywords that exile the card from its owner's hand
as a special action (116.2f, 116.2k, 116.2h), to be cast from exile later.

* "Suspend N—[cost]" (702.62a); only a number of time counters and a mana cost are read.
* "Plot [cost]" (702.170a), "Foretell [cost]" (702.143a); only mana costs are read.

* In an instant or sorcery with foretell, "<instructions>. If this spell was foretold, <one more instruction>."
  (702.143c): the last instruction is followed only if the spell was foretold (a Conditional instruction, 608.2c,
  condition kind "foretold"). It must not have targets of its own nor refer back to the rest of the text.

The rules are systems/keywords/exile_casting.py.
"""

from __future__ import annotations

import re

from components.abilities import Ability, Condition, Conditional, SpellAbility
from components.casting_keywords import ExileFromHand
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_SUSPEND = re.compile(r"suspend (\d+)\s*[—-]\s*((?:\{[^}]+\})+)", re.I)
_PLOT = re.compile(r"(plot|foretell) ((?:\{[^}]+\})+)", re.I)


_FORETOLD = re.compile(r"(?P<pre>.+?)\s*if ~ was foretold, (?P<post>[^.]+\.?)", re.I | re.S)
_BACK_REFERENCE = re.compile(r"\b(it|its|they|them|their|that|those|this way|these|another)\b", re.I)
FORETOLD = Condition("foretold")
SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


def _foretold_line(text: str) -> Ability | None:
    m = _FORETOLD.fullmatch(text)
    if not m or _BACK_REFERENCE.search(m.group("post")):
        return None
    post = m.group("post").strip()
    # imported here, not at the top: loading that module registers its reader (content/keywords MODULES order)
    from content.keywords.cast_conditions import one_spell

    pre = one_spell(m.group("pre").strip())
    extra = one_spell(post[:1].upper() + post[1:])
    if pre is None or extra is None or extra.targets:
        return None
    return SpellAbility(text, pre.targets, (*pre.effects, Conditional(FORETOLD, extra.effects)))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if int(types) & SPELL_TYPES and "if ~ was foretold" in text.lower():
        return _foretold_line(text)
    if int(types) & int(CardType.LAND):
        return None  # a land card is played, not cast (the cast from exile is all these keywords do)
    m = _SUSPEND.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        n, cost = int(m.group(1)), m.group(2).upper()
        if n <= 0:
            return None
        return ExileFromHand(f"Suspend {n}—{cost}", "suspend", parse_mana_cost(cost), n)
    m = _PLOT.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        return ExileFromHand(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, SpellAbility) and a.effects and isinstance(a.effects[-1], Conditional) \
            and a.effects[-1].condition == FORETOLD:
        from content.oracle.render import render_line

        pre = render_line([SpellAbility("", a.targets, a.effects[:-1])])
        post = render_line([SpellAbility("", (), a.effects[-1].effects)])
        return f"{pre} If ~ was foretold, {post[:1].lower()}{post[1:]}"
    if not isinstance(a, ExileFromHand):
        return None
    if a.keyword == "suspend":
        return f"Suspend {a.time_counters}—{a.cost}"
    return f"{a.keyword.capitalize()} {a.cost}"


READERS.append(read)
RENDERERS.append(render)
