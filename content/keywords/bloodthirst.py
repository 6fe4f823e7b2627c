"""Bloodthirst (CR 702.54): "Bloodthirst N".

702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1 counters on it." A
self-replacement effect on its entering (614.1c) with a condition ("opponent_damaged", checked as it
enters: systems/keywords/bloodthirst.py). 702.54c: each instance applies separately (each line is its own
effect). Bloodthirst X (702.54b) is not read.
"""

from __future__ import annotations

import re

from components.abilities import Ability, Condition, ReplacementSpec, StaticReplacement
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS

_LINE = re.compile(r"bloodthirst (\d+)")
OPPONENT_DAMAGED = Condition("opponent_damaged")


def bloodthirst(n: int) -> StaticReplacement:
    return StaticReplacement(f"Bloodthirst {n}", ReplacementSpec("enter", "counters", amount=n), self_only=True,
                             condition=OPPONENT_DAMAGED)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    return bloodthirst(int(m.group(1))) if m else None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, StaticReplacement) and a.condition == OPPONENT_DAMAGED and a.spec.modification == "counters" \
            and a.spec.counter_kind == "+1/+1" and a.self_only:
        return f"Bloodthirst {a.spec.amount}"
    return None


READERS.append(read)
RENDERERS.append(render)
