"""Typed records of the core systems' state, owned by :class:`ecs.game.Game`.

They sit in the ECS core (below systems/) so that the systems that fill them can import them; ``Game`` holds
one of each (``game.combat``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended (CR 104): the winner's index, or None for a draw, and why."""

    winner: int | None
    reason: str
    turns: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(slots=True)
class Combat:
    """Who attacks whom and who blocks whom in the current combat (CR 506-511).

    The dicts are filled one decision at a time while attackers and blockers are declared. When the
    declarations are complete they are locked into the numpy arrays below (entity ids, so rows that
    move in the permanent table do not matter); combat damage is computed from the arrays as column
    operations. A bulk combat (``systems.combat.declare_bulk``) fills the arrays directly.
    """

    attackers: dict[int, int]  # attacking creature -> defending player or planeswalker entity
    blocked: dict[int, list[int]]  # attacking creature that became blocked -> its blockers (509.1h)
    blocking: dict[int, list[int]]  # blocking creature -> the attackers it blocks
    no_first_strike_at_start: set[int]  # combatants without first/double strike as step 1 began (702.7b)
    first_strike_step: bool
    pending_assignments: list[int]  # attackers, then blockers, whose damage division is still to be chosen
    assignments: dict[int, tuple[tuple[int, int], ...]]
    # --- locked-in declarations as arrays (None until blockers are declared) ---
    att: Any = None  # int64 attacking creature entities
    att_defender: Any = None  # int64 player or planeswalker entity each attacks (508.1b)
    att_player: Any = None  # int64 defending player index of each attacker
    att_blocked: Any = None  # bool: became blocked (509.1h)
    pair_blocker: Any = None  # int64 blocker entity of each (blocker, attacker) block pair
    pair_attacker: Any = None  # int64 index into ``att`` of the attacker it blocks
    pair_player: Any = None  # int64 controller (defending player) of the blocker as it blocked
    no_fs_att: Any = None  # bool per attacker: neither first nor double strike as step 1 began (510.4)
    no_fs_pair: Any = None  # bool per block pair, the same for its blocker
    auto_assign: bool = False  # divide damage by the default rule instead of asking (bulk combats)
    step_plan: Any = None  # the forced part of the current damage step while divisions are asked
    bulk: bool = False  # declared from arrays (declare_bulk): there are no dicts to keep in step

    @staticmethod
    def empty() -> Combat:
        return Combat({}, {}, {}, set(), False, [], {})
