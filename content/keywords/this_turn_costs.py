"""Prowl (CR 702.76), freerunning (702.173), surge (702.117) and spectacle (702.137): "Prowl [cost]", "Freerunning
[cost]", "Surge [cost]", "Spectacle [cost]". Only mana costs are read; the rules are
systems/keywords/this_turn_costs.py.

Also the linked intervening "if" of a permanent (603.4): "When ~ enters, if its [keyword] cost was paid, <effect>"
for the keywords of casting with a named cost (madness, prowl, surge, evoke, ...): the condition kind
"cost_paid_<keyword>" (systems/keywords/this_turn_costs.py).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, Condition, TriggeredAbility
from components.casting_keywords import ThisTurnAltCost
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost

_LINE = re.compile(r"(prowl|freerunning|surge|spectacle) ((?:\{[^}]+\})+)", re.I)
_PAID = re.compile(r"when ~ enters, if (?:its (?P<kw>[a-z-]+) cost was paid|(?P<who>it was|they were) cast using "
                   r"(?P<kw2>[a-z-]+)|the (?P<kw3>gift) was promised|it was (?P<kw4>bargained)), (?P<rest>.+)",
                   re.I | re.S)
PAID_KEYWORDS = frozenset({"madness", "prowl", "freerunning", "surge", "evoke", "offspring", "escape", "foretell",
                           "plot", "suspend", "awaken", "prototype", "casualty", "conspire", "spectacle", "dash",
                           "blitz", "squad", "emerge", "web-slinging", "gift", "bargain"})


def _paid_line(line: str) -> Ability | None:
    m = _PAID.fullmatch(line.strip())
    keyword = (m.group("kw") or m.group("kw2") or m.group("kw3") or m.group("kw4") or "").lower() if m else ""
    keyword = "bargain" if keyword == "bargained" else keyword
    if not m or keyword not in PAID_KEYWORDS:
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(f"When ~ enters, {m.group('rest')}", is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(inner) != 1 or not isinstance(inner[0], TriggeredAbility) or inner[0].condition is not None:
        return None
    wording = 3 if m.group("kw3") else 4 if m.group("kw4") else {"it was": 1, "they were": 2}.get(
        (m.group("who") or "").lower(), 0)
    return dataclasses.replace(inner[0], text=line.strip(), condition=Condition(f"cost_paid_{keyword}", n=wording))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.lower().startswith(("when ~ enters, if its ", "when ~ enters, if they were cast using ",
                                "when ~ enters, if it was cast using ", "when ~ enters, if the gift was promised",
                                "when ~ enters, if it was bargained")):
        return _paid_line(line)
    m = _LINE.fullmatch(line.strip())
    if not m or int(types) & int(CardType.LAND) or "X" in m.group(2).upper():
        return None
    keyword, cost = m.group(1).lower(), m.group(2).upper()
    return ThisTurnAltCost(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and a.condition is not None and a.condition.kind.startswith("cost_paid_"):
        from content.oracle.render import render_line

        inner = render_line([dataclasses.replace(a, condition=None)])
        head = "When ~ enters, "
        if not inner.startswith(head):
            return None
        keyword = a.condition.kind[len("cost_paid_"):]
        cond = {1: f"it was cast using {keyword}", 2: f"they were cast using {keyword}",
                3: "the gift was promised", 4: "it was bargained"}.get(a.condition.n, f"its {keyword} cost was paid")
        return f"{head}if {cond}, {inner[len(head):]}"
    return f"{a.keyword.capitalize()} {a.cost}" if isinstance(a, ThisTurnAltCost) else None


READERS.append(read)
RENDERERS.append(render)
