"""Answers kept per definition: pure functions of a frozen card definition, ability or filter.

Hot paths ask the same question of the same definition again and again (a card's triggered abilities at each event,
a permanent's entering facts at each entering, a filter's shape at each target listing). A definition is frozen, so
the answer is kept in a dict keyed by ``id(obj)``, with ``obj`` itself beside it: while the answer is kept the object
is alive, so its id cannot be reused by another object (a look-up also tests ``known[0] is obj``). A memo is emptied
when it grows past :data:`LIMIT` (random card pools make many definitions).

Most memos read their hit inline (a call per hit costs on the hottest paths) and share only the miss, through
:func:`remember`; the others call :func:`recall`. Under ``MTG_ECS_CHECK_CACHES`` (``systems.mana.CHECKS.on``, passed
in as ``check``) :func:`recall` works each kept answer out afresh and asserts it is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

LIMIT = 100_000  # definitions a memo keeps before it is emptied (a memo only: nothing depends on a hit)


def remember(memo: dict[int, tuple[K, V]], obj: K, found: V) -> V:
    """Keep ``found`` as ``obj``'s answer in ``memo`` (with ``obj``, so its id stays its own) and give it back."""
    if len(memo) >= LIMIT:
        memo.clear()
    memo[id(obj)] = (obj, found)
    return found


def recall(memo: dict[int, tuple[K, V]], obj: K, find: Callable[[K], V], check: bool) -> V:
    """``find(obj)``, kept in ``memo`` per definition; with ``check``, a kept answer is compared with a fresh one."""
    known = memo.get(id(obj))
    if known is not None and known[0] is obj:
        if check:
            fresh = find(obj)
            assert known[1] == fresh, f"stale {find.__name__} of {getattr(obj, 'name', obj)}: {known[1]} != {fresh}"
        return known[1]
    return remember(memo, obj, find(obj))
