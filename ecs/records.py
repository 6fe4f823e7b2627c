"""Typed records of the core systems' state, owned by :class:`ecs.game.Game`.

They sit in the ECS core (below systems/) so that the systems that fill them can import them; ``Game`` holds
one of each (``game.combat``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended (CR 104): the winner's index, or None for a draw, and why."""

    winner: int | None
    reason: str
    turns: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(slots=True, init=False)
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
    # --- locked-in declarations as arrays (None until blockers are declared), read through the properties without
    # the underscore (at the end of the class). A combat declared one at a time is locked
    # in as Python lists (``locked``, systems/combat.lock_in), which its damage steps read; the arrays are made from
    # them when first read.
    _att: Any = field(default=None, repr=False)  # int64 attacking creature entities
    _att_defender: Any = field(default=None, repr=False)  # int64 player or planeswalker entity each attacks (508.1b)
    _att_player: Any = field(default=None, repr=False)  # int64 defending player index of each attacker
    _att_blocked: Any = field(default=None, repr=False)  # bool: became blocked (509.1h)
    _pair_blocker: Any = field(default=None, repr=False)  # int64 blocker entity of each (blocker, attacker) block pair
    _pair_attacker: Any = field(default=None, repr=False)  # int64 index into ``att`` of the attacker it blocks
    _pair_player: Any = field(default=None, repr=False)  # int64 controller (defending player) of the blocker as it blocked
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
    # The seven locked-in declarations above as lists, in that order, until their arrays are made (None: none locked in,
    # or the arrays hold them: made at a first read, or set, as a bulk combat's are).
    locked: Any = field(default=None, repr=False)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, attackers: dict[int, int], blocked: dict[int, list[int]], blocking: dict[int, list[int]],
                 no_first_strike_at_start: set[int], first_strike_step: bool, pending_assignments: list[int],
                 assignments: dict[int, tuple[tuple[int, int], ...]], _att: Any = None, _att_defender: Any = None,
                 _att_player: Any = None, _att_blocked: Any = None, _pair_blocker: Any = None,
                 _pair_attacker: Any = None, _pair_player: Any = None, no_fs_att: Any = None, no_fs_pair: Any = None,
                 auto_assign: bool = False, step_plan: Any = None, bulk: bool = False,
                 blockers_queue: list[int] | None = None, damage_step_is_first: bool = False,
                 declaring_attackers: bool = False, attack_listing: Any = None, locked: Any = None) -> None:
        self.attackers = attackers
        self.blocked = blocked
        self.blocking = blocking
        self.no_first_strike_at_start = no_first_strike_at_start
        self.first_strike_step = first_strike_step
        self.pending_assignments = pending_assignments
        self.assignments = assignments
        self._att = _att
        self._att_defender = _att_defender
        self._att_player = _att_player
        self._att_blocked = _att_blocked
        self._pair_blocker = _pair_blocker
        self._pair_attacker = _pair_attacker
        self._pair_player = _pair_player
        self.no_fs_att = no_fs_att
        self.no_fs_pair = no_fs_pair
        self.auto_assign = auto_assign
        self.step_plan = step_plan
        self.bulk = bulk
        self.blockers_queue = [] if blockers_queue is None else blockers_queue
        self.damage_step_is_first = damage_step_is_first
        self.declaring_attackers = declaring_attackers
        self.attack_listing = attack_listing
        self.locked = locked

    @staticmethod
    def empty() -> Combat:
        return Combat({}, {}, {}, set(), False, [], {})

    def __repr__(self) -> str:
        # The locked-in declarations shown as lists, whether their arrays were made yet or not: reading them changes
        # nothing in the game (ecs/scenario.state_fingerprint compares this text).
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr]
        arrays = (self._att, self._att_defender, self._att_player, self._att_blocked, self._pair_blocker,
                  self._pair_attacker, self._pair_player)
        locked = self.locked if self.locked is not None else tuple(
            None if a is None else a.tolist() for a in arrays)
        return f"Combat({', '.join(shown)}, locked={locked!r})"

    @property
    def locked_in(self) -> bool:
        """Are the declarations locked in (``att`` is not None), without making the arrays?"""
        return self.locked is not None or self._att is not None

    def lock(self, lists: tuple[list[int], list[int], list[int], list[bool], list[int], list[int], list[int]]) -> None:
        """Lock the declarations in as lists (the seven of ``locked``); the arrays are made when first read."""
        self.locked = lists
        self._att = self._att_defender = self._att_player = self._att_blocked = None
        self._pair_blocker = self._pair_attacker = self._pair_player = None

    def lists(self) -> tuple[list[int], list[int], list[int], list[bool], list[int], list[int], list[int]]:
        """The seven locked-in declarations as lists (read only)."""
        if self.locked is not None:
            return self.locked  # type: ignore[no-any-return]
        return tuple(a.tolist() for a in (self._att, self._att_defender, self._att_player,
                                          self._att_blocked, self._pair_blocker, self._pair_attacker,
                                          self._pair_player))

    # The locked-in declarations as arrays, read without the underscore: made from ``locked``'s lists first if they
    # hold them. Read only: a bulk combat sets all seven at once (``set_arrays``), so that lists and arrays never
    # hold the declarations half and half.
    @property
    def att(self) -> Any:
        return self._att if self.locked is None else self._arrays()[0]

    @property
    def att_defender(self) -> Any:
        return self._att_defender if self.locked is None else self._arrays()[1]

    @property
    def att_player(self) -> Any:
        return self._att_player if self.locked is None else self._arrays()[2]

    @property
    def att_blocked(self) -> Any:
        return self._att_blocked if self.locked is None else self._arrays()[3]

    @property
    def pair_blocker(self) -> Any:
        return self._pair_blocker if self.locked is None else self._arrays()[4]

    @property
    def pair_attacker(self) -> Any:
        return self._pair_attacker if self.locked is None else self._arrays()[5]

    @property
    def pair_player(self) -> Any:
        return self._pair_player if self.locked is None else self._arrays()[6]

    def set_arrays(self, att: Any, att_defender: Any, att_player: Any, att_blocked: Any, pair_blocker: Any,
                   pair_attacker: Any, pair_player: Any) -> None:
        """Lock the declarations in as the seven arrays (a bulk combat, declared from arrays)."""
        self.locked = None
        self._att, self._att_defender, self._att_player, self._att_blocked = att, att_defender, att_player, att_blocked
        self._pair_blocker, self._pair_attacker, self._pair_player = pair_blocker, pair_attacker, pair_player

    def _make_arrays(self) -> None:
        """The arrays from the lists, which are then dropped: from now on the arrays hold the declarations (a
        reader may write into them; ``lists`` reads them back)."""
        lists = self.locked
        assert lists is not None
        self._att, self._att_defender, self._att_player, self._att_blocked, self._pair_blocker, \
            self._pair_attacker, self._pair_player = (np.array(values, dtype=dtype) for values, dtype in zip(
                lists, _LOCKED_DTYPES, strict=True))
        self.locked = None

    def _arrays(self) -> tuple[Any, ...]:
        """The seven arrays, made from the lists first."""
        self._make_arrays()
        return (self._att, self._att_defender, self._att_player, self._att_blocked, self._pair_blocker,
                self._pair_attacker, self._pair_player)


_LOCKED_DTYPES = (np.int64, np.int64, np.int64, bool, np.int64, np.int64, np.int64)


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
