"""CR 509.1a-c (with 702.9b, 702.13b, 702.14c, 702.16f, 702.17b, 702.28b, 702.31b, 702.36b, 702.98a, 702.111b): the
block options of a player with few permanents are found in plain Python (``systems.combat._block_pairs_small``,
``can_block_pair``) and of one with many with column operations (``_block_pairs_by_column``, ``can_block_mask``).
Both implement the same rules, so on any board they must offer the same blocks in the same order."""

from __future__ import annotations

import functools

import numpy as np
from board import bear as creature
from board import combat_board as board
from board import set_tapped_row
from hypothesis import given, settings
from hypothesis import strategies as st

from components.characteristics import CardType
from components.keywords import PROTECTION_SHIFT, Keyword
from ecs.game import Game
from ecs.records import Combat
from systems.combat import _block_pairs_by_column, _block_pairs_small, can_block_mask, can_block_pair

ALICE = [f"a{i}" for i in range(4)]
BOB = [f"b{i}" for i in range(5)]
EVASION = [Keyword.FLYING, Keyword.REACH, Keyword.FEAR, Keyword.INTIMIDATE, Keyword.CANT_BE_BLOCKED, Keyword.MENACE,
           Keyword.SHADOW, Keyword.HORSEMANSHIP, Keyword.FORESTWALK, Keyword.ISLANDWALK, Keyword.CANT_BLOCK,
           Keyword.UNLEASH, Keyword.BLOCKS_ADDITIONAL, Keyword.BLOCKS_ANY_NUMBER]
# protection from black (offset 2), from green (4), from artifacts (8), from creatures (9)
PROTECTIONS = [1 << (PROTECTION_SHIFT + k) for k in (2, 4, 8, 9)]
TYPES = [CardType.CREATURE, CardType.CREATURE, CardType.ARTIFACT | CardType.CREATURE, CardType.ARTIFACT,
         CardType.CREATURE | CardType.BATTLE]

keywords = st.lists(st.sampled_from(EVASION + PROTECTIONS), max_size=3).map(
    lambda ks: functools.reduce(lambda x, y: x | int(y), ks, 0))


@settings(max_examples=500, deadline=None)
@given(bkw=keywords, btypes=st.sampled_from(TYPES), bcolors=st.integers(0, 31), akw=keywords,
       acolors=st.integers(0, 31), lands=st.sampled_from([0, int(Keyword.FORESTWALK), int(Keyword.ISLANDWALK)]))
def test_509_1b_one_pair_agrees_with_the_column_mask(bkw, btypes, bcolors, akw, acolors, lands):
    game, ids = _scenario()
    t = game.table
    b, a = t.row_of[ids["b0"]], t.row_of[ids["a0"]]
    saved = [(column, column[: t.n].copy()) for column in (t.keywords, t.types, t.colors)]
    try:
        t.keywords[b], t.types[b], t.colors[b] = bkw, int(btypes), bcolors
        t.keywords[a], t.colors[a] = akw, acolors
        column = can_block_mask(t, np.array([b]), np.array([a]), np.array([lands], dtype=np.uint64))
        assert can_block_pair(bkw, int(btypes), bcolors, akw, acolors, lands) == bool(column[0])
    finally:
        for column, values in saved:
            column[: t.n] = values
        t.forget_lists()


@functools.cache
def _scenario() -> tuple[Game, dict[str, int]]:
    sc = board([{"card": "Prop Bear", "id": a} for a in ALICE],
               [{"card": "Prop Bear", "id": b} for b in BOB] + [{"card": "Forest", "id": "forest"}],
               cards=[creature("Prop Bear", 2, 2)], step="declare_blockers")
    return sc.game, sc.ids


blocker = st.fixed_dictionaries({"keywords": keywords, "types": st.sampled_from(TYPES), "colors": st.integers(0, 31),
                                 "tapped": st.integers(0, 5).map(lambda x: x == 0), "plus1": st.integers(0, 1)})
attacker = st.fixed_dictionaries({"keywords": keywords, "colors": st.integers(0, 31)})


@settings(max_examples=400, deadline=None)
@given(blockers=st.lists(blocker, min_size=5, max_size=5), attackers=st.lists(attacker, min_size=4, max_size=4),
       attacking=st.lists(st.sampled_from(ALICE), min_size=1, max_size=4, unique=True),
       blocks=st.lists(st.tuples(st.sampled_from(BOB), st.integers(0, 3)), max_size=4, unique=True))
def test_509_1a_small_block_options_agree_with_the_column_form(blockers, attackers, attacking, blocks):
    game, ids = _scenario()
    t = game.table
    saved = [(column, column[: t.n].copy()) for column in (t.keywords, t.types, t.colors, t.plus1)]
    was_tapped = list(t.tapped_list)
    try:
        for name, state in zip(BOB, blockers, strict=True):
            row = t.row_of[ids[name]]
            t.keywords[row], t.types[row], t.colors[row] = state["keywords"], int(state["types"]), state["colors"]
            t.plus1[row] = state["plus1"]
            set_tapped_row(t, row, state["tapped"])  # (by the table's operations: it keeps a list of the column)
        for name, state in zip(ALICE, attackers, strict=True):
            row = t.row_of[ids[name]]
            t.keywords[row], t.colors[row] = state["keywords"], state["colors"]
        t.forget_lists()  # (columns written directly: the table's kept lists of them are stale)
        c = Combat.empty()
        game.combat = c
        for name in attacking:
            c.attackers[ids[name]] = game.players[1]
        declared = list(c.attackers)
        for b, j in blocks:
            a = declared[j % len(declared)]
            c.blocking.setdefault(ids[b], []).append(a)
            c.blocked.setdefault(a, []).append(ids[b])
        # as block_decision: menace attackers with one blocker first (702.111b)
        short = [a for a in declared if len(c.blocked.get(a, ())) == 1 and int(t.keywords[t.row_of[a]]) & Keyword.MENACE]
        targets = short or declared
        rows = (t.controller[: t.n] == 1).nonzero()[0]
        assert _block_pairs_small(game, 1, rows, targets, bool(short)) == _block_pairs_by_column(
            game, rows, targets, bool(short))
    finally:
        for column, values in saved:
            column[: t.n] = values
        for row, tapped in enumerate(was_tapped):
            set_tapped_row(t, row, tapped)
        t.forget_lists()
        game.combat = Combat.empty()

