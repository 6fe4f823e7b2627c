"""Typed records of the core systems' state, owned by :class:`ecs.game.Game`.

They sit in the ECS core (below systems/) so that the systems that fill them can import them; ``Game`` holds
one of each (``game.combat``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    blockers_queue: list[int] = field(default_factory=list)  # defending players still to declare (509.1)
    damage_step_is_first: bool = False  # the combat damage step being resolved is the first-strike one (510.4)
    # Attackers are being chosen (508.1a-j): the creatures in ``attackers`` become attacking creatures only when
    # the declaration is complete (508.1k), so "attacking creatures get +2/+0" does not apply to them yet.
    declaring_attackers: bool = False
    # What systems/combat.attack_decision last read for this declaration: (table version, active player, each
    # player's lost flag, the creatures that may attack, the defenders, and each creature's options made from them),
    # asked again after each attacker declared (a cache only: neither shown nor compared).
    attack_listing: Any = field(default=None, repr=False, compare=False)

    @staticmethod
    def empty() -> Combat:
        return Combat({}, {}, {}, set(), False, [], {})


@dataclass(slots=True)
class StepProgress:
    """Where the current step is (systems/turn.py, systems/priority.py)."""

    tba_index: int = 0  # the next of the step's turn-based actions to run (STEP_SYSTEMS)
    passes: int = 0  # players who passed priority in a row with nothing changing (117.4, 500.2)
    cleanup_priority: bool = False  # something happened in the cleanup step: players get priority (514.3a)


@dataclass(slots=True)
class UntapState:
    """The untap step's bookkeeping and untap restrictions (CR 502.3, systems/turn.py)."""

    asking: int = -1  # the permanent a "you may choose not to untap" question is about now
    kept: set[int] = field(default_factory=set)  # those its controller chose to leave tapped this untap step
    skips: dict[int, int] = field(default_factory=dict)  # object -> -1: "its controller's next untap step";
    #                                                       p: player p's next untap step
    rule_cache: Any = None  # per characteristic class, its untap rules (systems/turn.py)


@dataclass(slots=True)
class TurnLog:
    """What happened this turn and the previous one (systems/history.py): conditions such as "if a creature
    died this turn" (morbid), "if you attacked this turn" (raid), "if no spells were cast last turn" read it."""

    this: dict[str, Any] = field(default_factory=dict)  # reset as each turn begins
    last: dict[str, Any] = field(default_factory=dict)  # the previous turn's ``this``


@dataclass(slots=True)
class MulliganState:
    """Mulligan bookkeeping (CR 103.5, systems/mulligan.py)."""

    queue: list[int] = field(default_factory=list)  # players still deciding
    takers: list[int] = field(default_factory=list)  # players who took a mulligan
    bottom_owed: dict[int, int] = field(default_factory=dict)  # player -> cards they must put on the bottom
    active: bool = False  # the mulligan procedure is under way
    start: bool = True  # start_game's mulligans flag, kept while card names are chosen first (702.106a)
