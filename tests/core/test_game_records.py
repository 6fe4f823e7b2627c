"""A small core Game (issue 10): each core system keeps its own state in one typed record (ecs/records.py)."""

from __future__ import annotations

import dataclasses

from ecs.game import Game
from ecs.records import Combat, MulliganState, StepProgress, TurnLog, UntapState

RECORDS = {"combat": Combat, "progress": StepProgress, "untap": UntapState, "turn_log": TurnLog,
           "mulligans": MulliganState}
# The loose attributes the records replaced: a system must not grow them back on Game.
REPLACED = ("untap_asking", "untap_kept", "untap_skips", "untap_rule_cache", "this_turn", "last_turn", "passes",
            "tba_index", "cleanup_priority", "mulligan_queue", "mulligan_takers", "bottom_owed", "in_mulligans",
            "start_mulligans", "combat_blockers_queue", "combat_step_is_first")


def _slotted(cls: type) -> bool:
    """Its instances have fixed attributes (no ``__dict__``): a slotted class, or one compiled by mypyc (a native
    class, whose ``__mypyc_attrs__`` name them) without a ``__dict__``."""
    native = vars(cls).get("__mypyc_attrs__")
    return hasattr(cls, "__slots__") if native is None else "__dict__" not in native


def test_core_system_state_is_in_typed_slotted_records() -> None:
    game = Game(["alice", "bob"])
    for name, record in RECORDS.items():
        value = getattr(game, name)
        assert isinstance(value, record)
        assert dataclasses.is_dataclass(value) and _slotted(record), name
    assert not [name for name in REPLACED if hasattr(game, name)]


def test_a_clone_has_its_own_records() -> None:
    game = Game(["alice", "bob"])
    game.untap.skips[7] = -1  # 502.3: "doesn't untap during its controller's next untap step"
    game.turn_log.this["spells"] = 1
    other = game.clone()
    other.untap.skips.clear()
    other.turn_log.this.clear()
    assert game.untap.skips == {7: -1} and game.turn_log.this == {"spells": 1}
