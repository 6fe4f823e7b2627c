"""CR 120 (with 615, 702.2, 702.15, 702.16e, 702.80, 702.90, 702.164, 724.2b): a few simultaneous damage events
(a combat damage step, a spell) are dealt in plain Python (``systems.damage.deal_damage_lists``) and many with
column operations (``deal_damage_by_column``). Both implement the same rules, so from any position they must leave
the same game: the same amounts dealt, life, poison, marked damage, counters, deathtouch marks, prevention shields
left, history, triggered abilities waiting, in the same order."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from board import bear as creature
from board import combat_board as board
from board import planeswalker
from hypothesis import given, settings
from hypothesis import strategies as st

from components.characteristics import CardType
from components.keywords import PROTECTION_SHIFT, Keyword
from ecs.game import Game
from systems.damage import deal_damage_arrays, deal_damage_by_column, deal_damage_lists
from systems.prevention import PreventionEffect
from systems.protection import EVERYTHING, scalar_qualities

ALICE = ["a0", "a1", "a2", "toxic", "striker"]
BOB = ["b0", "b1", "sponge", "pw"]
GONE = 1_000_000  # an entity on no battlefield: the recipient left it
SOURCE_KEYWORDS = [Keyword.DEATHTOUCH, Keyword.LIFELINK, Keyword.INFECT, Keyword.WITHER]
# protection from green (offset 3: W U B R G), from creatures (offset 9), from everything (offset 7)
PROTECTIONS = [1 << (PROTECTION_SHIFT + 4), 1 << (PROTECTION_SHIFT + 9), 1 << (PROTECTION_SHIFT + 7)]


@functools.cache
def _scenario() -> tuple[Game, dict[str, int]]:
    sc = board([{"card": "Prop Bear", "id": a} for a in ALICE[:3]]
               + [{"card": "Prop Toxic", "id": "toxic"}, {"card": "Prop Striker", "id": "striker"}],
               [{"card": "Prop Bear", "id": b} for b in BOB[:2]]
               + [{"card": "Prop Sponge", "id": "sponge"}, {"card": "Prop Jace", "id": "pw"}],
               cards=[creature("Prop Bear", 2, 2), creature("Prop Toxic", 1, 1, "Toxic 2"),
                      creature("Prop Striker", 2, 2, "Whenever Prop Striker deals damage, you gain 1 life."),
                      creature("Prop Sponge", 0, 4, "Whenever Prop Sponge is dealt damage, you gain 2 life."),
                      planeswalker("Prop Jace", 3)])
    return sc.game, sc.ids


sometimes = st.integers(0, 5).map(lambda x: x == 0)
event = st.tuples(st.sampled_from(ALICE + ["spell"]), st.sampled_from(ALICE + BOB + ["alice", "bob", "gone"]),
                  st.integers(-1, 5))
shield = st.fixed_dictionaries({
    "combat_only": st.booleans(), "to": st.sampled_from([None, "b0", "pw", "bob", "alice"]),
    "by": st.sampled_from([None, "a0", "striker"]), "to_players": sometimes,
    "remaining": st.one_of(st.none(), st.integers(1, 3)), "once": sometimes,
})


@settings(max_examples=400, deadline=None)
@given(
    events=st.lists(event, min_size=1, max_size=6),
    keywords=st.lists(st.lists(st.sampled_from(SOURCE_KEYWORDS), max_size=2), min_size=5, max_size=5),
    protection=st.lists(st.one_of(st.none(), st.sampled_from(PROTECTIONS)), min_size=4, max_size=4),
    pw_is_creature=sometimes,
    shields=st.lists(shield, max_size=2),
    combat=st.booleans(),
    bob_lost=sometimes,
    monarch=st.sampled_from([-1, -1, 0, 1]),
    triggers=st.booleans(),
    log=st.booleans(),
)
def test_120_small_damage_events_agree_with_the_column_form(events, keywords, protection, pw_is_creature, shields,
                                                             combat, bob_lost, monarch, triggers, log):
    base, ids = _scenario()
    game = base.clone()
    t = game.table
    ent_of = dict(ids, alice=game.players[0], bob=game.players[1], gone=GONE, spell=-1)
    for name, kws in zip(ALICE, keywords, strict=True):
        kw = 0
        for k in kws:
            kw |= int(k)
        t.keywords[t.row_of[ids[name]]] |= kw
    for name, prot in zip(BOB, protection, strict=True):
        if prot is not None:
            t.keywords[t.row_of[ids[name]]] |= prot  # 702.16e
    if pw_is_creature:
        t.types[t.row_of[ids["pw"]]] |= int(CardType.CREATURE)  # a creature planeswalker: damage marked and loyalty
    t.forget_lists()  # (columns written directly: the table's kept lists of them are stale)
    for s in shields:
        game.prevention.append(PreventionEffect("test shield", s["combat_only"], ent_of.get(s["to"]),
                                                ent_of.get(s["by"]), s["to_players"], s["remaining"], None, s["once"]))
    game.player_states[1].lost = bob_lost
    game.monarch = monarch
    game.log_enabled = log
    if not triggers:
        game.trigger_sources.clear()
    src = [ent_of[s] for s in (e[0] for e in events)]
    rows = [t.row_of.get(e, -1) for e in src]
    kw = [int(t.keywords[r]) if r >= 0 else int(Keyword.LIFELINK) for r in rows]
    ctrl = [int(t.controller[r]) if r >= 0 else 0 for r in rows]
    qual = [scalar_qualities(int(t.colors[r]), int(t.types[r])) if r >= 0 else EVERYTHING for r in rows]
    rec = [ent_of[e[1]] for e in events]
    amount = [e[2] for e in events]
    names = None if all(r >= 0 for r in rows) else ["a spell"] * len(events)
    a, b, c = game.clone(), game.clone(), game.clone()
    small = deal_damage_lists(a, combat=combat, src_ent=src, src_keywords=kw, src_controller=ctrl, src_qualities=qual,
                              rec_ent=rec, amount=amount, src_names=names)
    column = deal_damage_by_column(
        b, combat=combat, src_ent=np.array(src, dtype=np.int64), src_keywords=np.array(kw, dtype=np.uint64),
        src_controller=np.array(ctrl, dtype=np.int64), src_qualities=np.array(qual, dtype=np.uint64),
        rec_ent=np.array(rec, dtype=np.int64), amount=np.array(amount, dtype=np.int64), src_names=names)
    # deal_damage_arrays hands these few events (their sources' controllers are players) to the plain path
    dispatched = deal_damage_arrays(
        c, combat=combat, src_ent=np.array(src), src_keywords=np.array(kw, dtype=np.uint64), src_controller=np.array(ctrl),
        src_qualities=np.array(qual, dtype=np.uint64), rec_ent=np.array(rec), amount=np.array(amount),
        src_names=names)
    assert small == column.tolist() == dispatched.tolist()
    assert _state(a) == _state(b) == _state(c)


def _state(game: Game) -> dict[str, Any]:
    t = game.table
    n = t.n
    return {
        "players": [(s.life, s.poison, s.lost) for s in game.player_states],
        "damaged_turn": dict(game.damaged_turn) if isinstance(game.damaged_turn, dict) else list(game.damaged_turn),
        "damage": t.damage[:n].tolist(), "deathtouched": t.deathtouched[:n].tolist(),
        "counters": sorted((k, repr(v)) for k, v in game.counters.items()),
        "prevention": [(e.text, e.to, e.by, e.remaining) for e in game.prevention],
        "history": repr(game.turn_log.this),
        "waiting": [repr(w) for w in game.waiting_triggers],
        "log": list(game.log)[-12:] if game.log_enabled else None,
        "versions": (t.version, t.layers_version, t.sba_dirty),
        "observation": game.observation(0),
    }
