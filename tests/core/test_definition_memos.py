"""The per-definition memos of systems/definition_memos.py: an answer is kept only for its own object."""

from __future__ import annotations

import pytest

from systems import definition_memos
from systems.definition_memos import recall, remember


class _Def:
    def __init__(self, name: str) -> None:
        self.name = name


def test_recall_works_an_answer_out_once_per_object() -> None:
    calls: list[str] = []

    def find(d: _Def) -> str:
        calls.append(d.name)
        return d.name.upper()

    memo: dict[int, tuple[_Def, str]] = {}
    a, b = _Def("a"), _Def("b")
    assert [recall(memo, a, find, False), recall(memo, b, find, False), recall(memo, a, find, False)] == ["A", "B", "A"]
    assert calls == ["a", "b"]


def test_recall_does_not_take_another_objects_answer_at_the_same_id() -> None:
    """An entry whose kept object is not the one asked about (an id reused after its object was freed) is a miss."""
    memo: dict[int, tuple[_Def, str]] = {}
    asked = _Def("new")
    memo[id(asked)] = (_Def("old"), "OLD")
    assert recall(memo, asked, lambda d: d.name, False) == "new"
    assert memo[id(asked)] == (asked, "new")


def test_recall_under_check_asserts_a_stale_answer() -> None:
    memo: dict[int, tuple[_Def, str]] = {}
    d = _Def("x")
    remember(memo, d, "stale")
    assert recall(memo, d, lambda obj: "stale", True) == "stale"
    with pytest.raises(AssertionError, match="stale"):
        recall(memo, d, lambda obj: "fresh", True)


def test_remember_empties_a_memo_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(definition_memos, "LIMIT", 2)
    memo: dict[int, tuple[_Def, int]] = {}
    kept = [_Def(str(i)) for i in range(3)]
    for i, d in enumerate(kept):
        assert remember(memo, d, i) == i
    assert memo == {id(kept[2]): (kept[2], 2)}
