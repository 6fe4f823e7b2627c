"""CR 510 (with 506.4, 702.4, 702.7, 702.19): a combat of a few creatures plans its damage step in plain Python
(``systems.combat._plan_small``) and a big one with column operations (``_plan`` over ``_Step``); both implement
the same rules, so on any board they must give the same forced damage events, in the same order, and the same
divisions left to the creatures' controllers. The same holds for the other small-board paths beside a column
path: the creatures that may attack (508.1a), and the look-ups of battlefield rows and players (120.3, 506.4)."""

from __future__ import annotations

import functools

import numpy as np
from board import bear as creature
from board import combat_board as board
from board import planeswalker, set_tapped_row
from hypothesis import given, settings
from hypothesis import strategies as st

from components.characteristics import CardType
from components.keywords import Keyword
from ecs.game import Game
from ecs.records import Combat
from systems.combat import (
    _plan,
    _plan_small,
    _Standing,
    _Step,
    attack_candidates,
    attack_candidates_by_column,
    first_strike_needed,
    lock_in,
)
from systems.damage import entity_rows, entity_rows_by_column, player_indices, player_indices_by_column

ALICE = [f"a{i}" for i in range(5)]
BOB = [f"b{i}" for i in range(5)]
GONE = 1_000_000  # an entity that is on no battlefield: the combatant left it (506.4)
KEYWORDS = [Keyword.FIRST_STRIKE, Keyword.DOUBLE_STRIKE, Keyword.TRAMPLE, Keyword.TRAMPLE_OVER_PLANESWALKERS,
            Keyword.DEATHTOUCH, Keyword.LIFELINK, Keyword.FLYING]


@functools.cache
def _scenario() -> tuple[Game, dict[str, int]]:
    sc = board([{"card": "Prop Bear", "id": a} for a in ALICE],
               [{"card": "Prop Bear", "id": b} for b in BOB] + [{"card": "Prop Jace", "id": "pw"}],
               cards=[creature("Prop Bear", 2, 2), planeswalker("Prop Jace", 3)])
    return sc.game, sc.ids


sometimes = st.integers(0, 7).map(lambda x: x == 0)  # an unusual event: one time in eight
combatant = st.fixed_dictionaries({
    "keywords": st.lists(st.sampled_from(KEYWORDS), max_size=3),
    "power": st.integers(-1, 4),
    "creature": sometimes.map(lambda x: not x),  # 506.4: stopped being a creature
    "other_controller": sometimes,  # 506.4: changed controller
    "gone": sometimes,  # 506.4: left the battlefield
    "removed": sometimes,  # removed from combat by an effect (701.15a)
    "had_first_strike": st.booleans(),  # 510.4: as the first-strike step began
})


@settings(max_examples=500, deadline=None)
@given(
    attackers=st.lists(st.tuples(st.sampled_from(ALICE), st.sampled_from(["bob", "pw"])), max_size=5,
                       unique_by=lambda x: x[0]),
    blocks=st.lists(st.tuples(st.sampled_from(BOB), st.integers(0, 4)), max_size=7, unique=True),
    states=st.lists(combatant, min_size=10, max_size=10),
    pw_state=st.sampled_from(["there", "there", "there", "gone", "not a planeswalker", "other controller"]),
    bob_lost=sometimes,
    step=st.sampled_from(["first strike", "second after first", "only"]),
)
def test_510_1_small_combat_plan_agrees_with_the_column_plan(attackers, blocks, states, pw_state, bob_lost, step):
    game, ids = _scenario()
    t = game.table
    bob = game.players[1]
    c = Combat.empty()
    game.combat = c
    for a, d in attackers:
        c.attackers[ids[a]] = bob if d == "bob" else ids["pw"]
    declared = list(c.attackers)
    for b, j in blocks:
        if declared:
            a = declared[j % len(declared)]
            c.blocking.setdefault(ids[b], []).append(a)
            c.blocked.setdefault(a, []).append(ids[b])
    for name, state in zip(ALICE + BOB, states, strict=True):
        row = t.row_of[ids[name]]
        kw = 0
        for k in state["keywords"]:
            kw |= int(k)
        t.keywords[row] = kw
        t.power[row] = state["power"]
        t.types[row] = int(CardType.CREATURE) if state["creature"] else int(CardType.ARTIFACT)
        t.controller[row] = 0 if name in ALICE else 1
    pw_row = t.row_of[ids["pw"]]
    t.types[pw_row] = int(CardType.ARTIFACT) if pw_state == "not a planeswalker" else int(CardType.PLANESWALKER)
    t.controller[pw_row] = 0 if pw_state == "other controller" else 1
    t.forget_lists()  # (columns written directly: the table's kept lists of them are stale)
    game.player_states[1].lost = bob_lost
    try:
        lock_in(game)
        state_of = dict(zip(ALICE + BOB, states, strict=True))
        for name, state in state_of.items():
            ent = ids[name]
            if state["other_controller"]:
                t.controller[t.row_of[ent]] ^= 1
            if state["removed"]:
                c.attackers.pop(ent, None)
                c.blocking.pop(ent, None)
        t.forget_lists()
        for i, e in enumerate(c.att.tolist()):
            if state_of[_name(ids, e)]["gone"]:
                c.att[i] = GONE + e
        for k, e in enumerate(c.pair_blocker.tolist()):
            if state_of[_name(ids, e)]["gone"]:
                c.pair_blocker[k] = GONE + e
        if pw_state == "gone":
            c.att_defender[c.att_defender == ids["pw"]] = GONE
        if step == "second after first":
            c.no_fs_att = np.array([not state_of[_name(ids, e % GONE)]["had_first_strike"] for e in c.att.tolist()],
                                   dtype=bool)
            c.no_fs_pair = np.array([not state_of[_name(ids, e % GONE)]["had_first_strike"]
                                     for e in c.pair_blocker.tolist()], dtype=bool)
        first = step == "first strike"
        forced, choice_a, choice_b = _plan(game, _Step(game, first))
        src, rec, amt, small_a, small_b = _plan_small(game, first)
        assert [a.tolist() for a in forced] == [src, rec, amt]
        assert (choice_a.tolist(), choice_b.tolist()) == (small_a, small_b)
        # who is still in combat, and what the attackers attack, as the divisions asked about read them (510.1c-d)
        column, small_standing = _Step(game, first), _Standing(game)
        for name in ("a_ok", "p_ok", "d_is_player", "d_ok", "d_player_ent"):
            assert getattr(column, name).tolist() == getattr(small_standing, name), name
        # 702.7b, 702.4b: the first-strike step exists whichever path looks (a bulk combat reads the column path).
        small = first_strike_needed(game)
        c.bulk = True
        assert first_strike_needed(game) == small
    finally:
        game.player_states[1].lost = False
        game.combat = Combat.empty()
        t.forget_lists()


def _name(ids: dict[str, int], ent: int) -> str:
    return next(k for k, v in ids.items() if v == ent)


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.fixed_dictionaries({
    "types": st.sampled_from([CardType.CREATURE, CardType.ARTIFACT | CardType.CREATURE, CardType.LAND,
                              CardType.CREATURE | CardType.BATTLE]),
    "controller": st.integers(0, 1),
    "tapped": sometimes,
    "sick": st.booleans(),
    "keywords": st.lists(st.sampled_from([Keyword.HASTE, Keyword.DEFENDER, Keyword.CANT_ATTACK, Keyword.FLYING]),
                         max_size=2),
}), min_size=11, max_size=11), player=st.integers(0, 1))
def test_508_1a_attack_candidates_agree_with_the_column_form(rows, player):
    game, ids = _scenario()
    t = game.table
    saved = [column[: t.n].copy() for column in (t.types, t.controller, t.sick, t.keywords)]
    was_tapped = list(t.tapped_list)
    try:
        for row, state in zip(range(t.n), rows, strict=False):
            t.types[row] = int(state["types"])
            t.controller[row] = state["controller"]
            set_tapped_row(t, row, state["tapped"])  # (by the table's operations: it keeps a list of the column)
            t.sick[row] = state["sick"]
            kw = 0
            for k in state["keywords"]:
                kw |= int(k)
            t.keywords[row] = kw
        t.forget_lists()  # (columns written directly: the table's kept lists of them are stale)
        mine = (t.controller[: t.n] == player).nonzero()[0]
        assert attack_candidates(t, player) == attack_candidates_by_column(t, mine)
    finally:
        for column, values in zip((t.types, t.controller, t.sick, t.keywords), saved, strict=True):
            column[: t.n] = values
        for row, tapped in enumerate(was_tapped):
            set_tapped_row(t, row, tapped)
        t.forget_lists()



@settings(max_examples=200, deadline=None)
@given(picks=st.lists(st.integers(0, 10_000), max_size=20))
def test_120_3_row_and_player_look_ups_agree_with_the_column_form(picks):
    game, ids = _scenario()
    t = game.table
    # permanents, players, and entities on no battlefield (negative, beyond the dense map, in between)
    pool = sorted(ids.values()) + list(game.players) + [-1, 0, 2, 255, 256, 10**6]
    ents = np.array([pool[p % len(pool)] for p in picks], dtype=np.int64)
    assert entity_rows(t, ents).tolist() == entity_rows_by_column(t, ents).tolist()
    assert player_indices(game, ents).tolist() == player_indices_by_column(game, ents).tolist()
