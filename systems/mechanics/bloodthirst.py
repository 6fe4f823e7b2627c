"""Bloodthirst (CR 702.54): "Bloodthirst N".

702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1 counters on it." A
self-replacement effect on its entering (614.1c) with a condition ("opponent_damaged", checked as it
enters: systems/mechanics/bloodthirst.py). 702.54c: each instance applies separately (each line is its own
effect). Bloodthirst X (702.54b) is not read.

Rules: Bloodthirst (CR 702.54): "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
counters on it." (702.54a)

The condition ("opponent_damaged") is checked as the permanent enters (systems/replacement.py
``enter_modifications``), for the player it enters under the control of. Damage dealt to players is noted per
turn by systems/damage.py (``game.damaged_turn``: player -> the last turn they were dealt damage, 120.3a);
damage prevented isn't dealt, so it doesn't count.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, ReplacementSpec, StaticReplacement
from components.characteristics import CardType
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


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


registry.reader(read, priority=290)
registry.renderer(render, priority=250)


# ---------------------------------------------------------------- rules


@registry.condition("opponent_damaged")
def opponent_damaged(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """Was an opponent of ``controller`` dealt damage this turn?"""
    return any(game.damaged_turn.get(p) == game.turn for p in range(game.num_players) if p != controller)
