"""ecs/state_copy.py: deep copies with ``copy.deepcopy`` semantics that share what is immutable (issue 11)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from content.decks import load_deck
from ecs.state_copy import copy_state


@dataclass(frozen=True, slots=True)
class Frozen:
    n: int
    items: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FrozenHoldingList:
    values: list[int]


@dataclass(slots=True)
class Record:
    n: int
    values: list[int] = field(default_factory=list)
    frozen: Frozen | None = None


@dataclass(slots=True)
class Unset:
    n: int
    later: list[int] = field(init=False)  # no default: unset until assigned


@dataclass
class Plain:
    values: dict[str, list[int]]


class OwnCopy:
    copies = 0

    def __deepcopy__(self, memo):
        OwnCopy.copies += 1
        return OwnCopy()


class CountingDict(dict):
    pass


def test_immutable_values_are_shared_and_mutable_ones_copied():
    card = load_deck("red_green_aggro")[1][0]
    frozen = Frozen(1, (2, 3))
    holding = FrozenHoldingList([1])
    source = {"card": card, "frozen": frozen, "holding": holding, "tuple": (1, "a"), "nested": ((1,), [2])}
    out = copy_state(source, {})
    assert out["card"] is card  # card definitions are immutable by design
    assert out["frozen"] is frozen and out["tuple"] is source["tuple"]
    # a frozen value that holds something mutable is not immutable: copied, as deepcopy does
    assert out["holding"] is not holding and out["holding"].values == [1]
    assert out["holding"].values is not holding.values
    assert out["nested"] is not source["nested"] and out["nested"][0] is source["nested"][0]
    assert out["nested"][1] == [2] and out["nested"][1] is not source["nested"][1]


def test_dataclass_records_are_copied_field_by_field():
    record = Record(4, [1, 2], Frozen(5))
    out = copy_state(record, {})
    assert out == record and out is not record
    assert out.values is not record.values and out.frozen is record.frozen
    out.values.append(3)
    assert record.values == [1, 2]
    plain = Plain({"a": [1]})
    copied = copy_state(plain, {})
    assert copied == plain and copied.values["a"] is not plain.values["a"]


def test_an_unset_slot_stays_unset_in_the_copy():
    out = copy_state(Unset(3), {})
    assert out.n == 3 and not hasattr(out, "later")


def test_classes_with_their_own_copy_protocol_are_asked():
    before = OwnCopy.copies
    out = copy_state([OwnCopy()], {})
    assert isinstance(out[0], OwnCopy) and OwnCopy.copies == before + 1
    counting = CountingDict(a=[1])
    copied = copy_state(counting, {})
    assert type(copied) is CountingDict and copied == counting and copied["a"] is not counting["a"]


def test_sharing_and_cycles_are_kept_as_deepcopy_keeps_them():
    shared = [1]
    record = Record(1, shared)
    cycle: list[object] = []
    cycle.append(cycle)
    out = copy_state({"a": shared, "b": record, "c": cycle}, {})
    assert out["a"] is out["b"].values and out["a"] is not shared
    assert out["c"][0] is out["c"]
    reference = copy.deepcopy({"a": shared, "b": record})
    assert reference["a"] is reference["b"].values  # the same semantics as the standard library


def test_arrays_and_generators_are_independent_copies():
    array = np.arange(4)
    rng = np.random.default_rng(17)
    rng.integers(100, size=5)
    out = copy_state({"array": array, "rng": rng}, {})
    out["array"][0] = 9
    assert array[0] == 0
    assert out["rng"].integers(1 << 40, size=4).tolist() == rng.integers(1 << 40, size=4).tolist()


def test_engine_records_are_copied_with_every_attribute_and_their_mutable_values_independent():
    # The game's own record classes (compiled by mypyc in that build: a native class is copied from its __getstate__,
    # made without its interpreted __init__ or through its written native one, ecs/state_copy.py)
    from components.objects import PlayerState
    from ecs.actions import Decision, DecisionKind, PassPriority
    from ecs.records import Combat, StepProgress, TurnLog, UntapState

    log = TurnLog(this={"spells": {0: 1}}, last={"attacked_players": {1}})
    untap = UntapState(asking=7, kept={3}, skips={4: -1})
    player = PlayerState(index=1, name="b", life=13, poison=2, mana_pool=[0, 1, 0, 0, 0, 0], restricted_pool=[9])
    combat = Combat({5: 1}, {5: [6]}, {6: [5]}, {5}, True, [5], {5: ((6, 2),)}, bulk=True, blockers_queue=[1])
    step = StepProgress(tba_index=2, passes=1, cleanup_priority=True)
    memo: dict[int, object] = {}
    copies = [copy_state(record, memo) for record in (log, untap, player, combat, step)]
    for record, copied in zip((log, untap, player, combat, step), copies, strict=True):
        assert type(copied) is type(record) and copied is not record and copied == record
    log_copy, untap_copy, player_copy, combat_copy, step_copy = copies
    assert combat_copy.bulk and combat_copy.blockers_queue == [1] and step_copy.cleanup_priority
    log_copy.this["spells"][0] = 2
    untap_copy.kept.add(8)
    player_copy.mana_pool[0] = 5
    combat_copy.blocked[5].append(7)
    assert log.this == {"spells": {0: 1}} and untap.kept == {3} and player.mana_pool == [0, 1, 0, 0, 0, 0]
    assert combat.blocked == {5: [6]}
    assert copy_state(player, memo) is player_copy  # one copy per original within one memo
    # an immutable record whose fields are all immutable is shared; one holding something mutable is not
    decision = Decision(0, DecisionKind.PRIORITY, (PassPriority(),))
    assert copy_state(decision, {}) is decision
