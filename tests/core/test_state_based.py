"""State-based actions on permanents (CR 704.5f-h) and indestructible (CR 702.12b)."""

from __future__ import annotations

import pytest
from board import build, cast, pass_priority, vanilla

from components.objects import Zone

INDESTRUCTIBLE_BEAR = vanilla("Test Indestructible Bear", 2, 2, "Indestructible")


def _names(game, player, zone):
    return [game.card(e).name for e in game.zones[player][zone]]


def test_702_12b_704_5g_lethal_damage_does_not_destroy_an_indestructible_creature():
    sc = build([{"name": "alice", "hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Test Indestructible Bear", "id": "bear"}]}],
               cards=[INDESTRUCTIBLE_BEAR])
    game = sc.game
    cast(game, "Lightning Bolt", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sc.ids["bear"] in game.battlefield()
    assert game.table.get(sc.ids["bear"], "damage") == 3


def test_702_12b_701_8_destroy_does_nothing_to_an_indestructible_creature():
    sc = build([{"name": "alice", "hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
                {"name": "bob", "battlefield": [{"card": "Test Indestructible Bear", "id": "bear"}]}],
               cards=[INDESTRUCTIBLE_BEAR])
    game = sc.game
    cast(game, "Murder", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sc.ids["bear"] in game.battlefield()
    assert _names(game, 0, Zone.GRAVEYARD) == ["Murder"]


def test_704_5f_zero_toughness_kills_even_an_indestructible_creature():
    sc = build([{"name": "alice", "hand": ["Disfigure"], "battlefield": ["Swamp"]},
                {"name": "bob", "battlefield": [{"card": "Test Indestructible Bear", "id": "bear"}]}],
               cards=[INDESTRUCTIBLE_BEAR])
    game = sc.game
    cast(game, "Disfigure", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sc.ids["bear"] not in game.battlefield()
    assert _names(game, 1, Zone.GRAVEYARD) == ["Test Indestructible Bear"]


def test_704_5g_514_2_damage_accumulates_within_a_turn_until_lethal():
    """1 marked damage plus Bolt's 3 is lethal to a 2/2; the check runs before anyone gets priority."""
    sc = build([{"name": "alice", "hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"},
                                                {"card": "Walking Corpse", "id": "corpse", "damage": 1}]}])
    game = sc.game
    cast(game, "Shock", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sorted(_names(game, 1, Zone.GRAVEYARD)) == ["Grizzly Bears"]
    assert game.table.get(sc.ids["corpse"], "damage") == 1  # marked damage stays until cleanup (514.2)
    cast(game, "Lightning Bolt", [sc.ids["corpse"]])
    pass_priority(game, 2)
    assert sorted(_names(game, 1, Zone.GRAVEYARD)) == ["Grizzly Bears", "Walking Corpse"]


def test_704_5g_damage_marked_at_setup_counts():
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant", "damage": 1}]}])
    game = sc.game
    cast(game, "Shock", [sc.ids["giant"]])
    pass_priority(game, 2)
    assert sc.ids["giant"] not in game.battlefield()


def test_704_5g_plus_counters_raise_the_lethal_threshold():
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear", "counters": {"+1/+1": 1}}]}])
    game = sc.game
    cast(game, "Shock", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sc.ids["bear"] in game.battlefield()  # a 3/3 with 2 damage survives


def test_704_3_the_column_facts_row_by_row_equal_the_array_ones_on_random_tables():
    """The state check's screen (two legends or worlds 704.5j-k, a creature at toughness 0 or a planeswalker
    704.5f/i, an attachment 704.5m-p, a -1/-1 counter 704.5q) read row by row on small boards equals the array
    reductions used on large ones."""
    import numpy as np

    from ecs.table import PermanentTable
    from systems.state_based import (
        CREATURE,
        LEGENDARY,
        PLANESWALKER,
        WORLD,
        _column_facts,
        _column_facts_small,
    )

    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(1000):
        t = PermanentTable()
        for ent in range(int(rng.integers(0, 12))):
            t.add(ent, types=int(rng.choice([0, 1, CREATURE, CREATURE | 1, PLANESWALKER])),
                  supertypes=int(rng.choice([0, 1, LEGENDARY, WORLD])), toughness=int(rng.integers(-2, 3)))
            t.attached_to[t.row_of[ent]] = int(rng.choice([-1, -1, -1, 0]))
            t.minus1[t.row_of[ent]] = int(rng.choice([0, 0, 0, 1]))
        facts = _column_facts(t)
        assert _column_facts_small(t) == facts
        seen.add(facts)
    assert len(seen) == 16  # every combination of the four facts came up


def test_704_5f_i_the_rows_to_die_row_by_row_equal_the_array_ones_on_random_tables():
    """704.5f-i read row by row on small boards (toughness 0, lethal or deathtouch damage unless indestructible, a
    planeswalker without loyalty) equal the array masks used on large ones, including creature planeswalkers."""
    import numpy as np

    from ecs.table import PermanentTable
    from systems.state_based import _INDESTRUCTIBLE, CREATURE, PLANESWALKER, _to_die, _to_die_small

    rng = np.random.default_rng(7)
    kinds = set()
    for _ in range(1000):
        t = PermanentTable()
        for ent in range(int(rng.integers(0, 10))):
            t.add(ent, types=int(rng.choice([0, CREATURE, PLANESWALKER, CREATURE | PLANESWALKER])),
                  toughness=int(rng.integers(-1, 4)), keywords=int(rng.choice([0, 0, _INDESTRUCTIBLE])),
                  loyalty=int(rng.integers(0, 3)), damage=int(rng.choice([0, 0, 1, 3])),
                  deathtouched=bool(rng.random() < 0.2))
        at_risk = bool(rng.random() < 0.5)
        put, destroyed = _to_die(t, at_risk)
        put_small, destroyed_small = _to_die_small(t, at_risk)
        assert put_small.tolist() == put.tolist() and destroyed_small.tolist() == destroyed.tolist()
        kinds.add((len(put) > 0, len(destroyed) > 0))
    assert len(kinds) == 4


def test_704_5g_h_damage_marked_is_down_only_while_no_row_has_damage_or_is_deathtouched():
    """The state check skips 704.5g-h while ``damage_marked`` is down: every way damage or deathtouch is marked raises
    it, and it comes down only when damage wears off with no row deathtouched (514.2)."""
    import numpy as np

    from ecs.table import PermanentTable
    from systems.state_based import CREATURE, _to_die_small

    t = PermanentTable()
    t.add(1, types=CREATURE, toughness=2)
    assert not t.damage_marked
    t.add_damage(1, 2)
    assert t.damage_marked and t.copy().damage_marked
    assert _to_die_small(t, False)[1].tolist() == [0]  # 704.5g: lethal damage is still seen
    t.remove_all_damage()
    assert not t.damage_marked
    t.mark_deathtouched(np.array([0]))
    t.remove_all_damage()
    assert t.damage_marked  # still deathtouched (704.5h)
    t.clear_deathtouched()
    t.remove_all_damage()
    assert not t.damage_marked
    t.mark_damage(np.array([0]), np.array([1]))
    assert t.damage_marked
    t.remove_all_damage()
    t.add(2, types=CREATURE, toughness=1, damage=1)  # a row put back as it was (phasing in, 702.26d)
    assert t.damage_marked


# (counts state_based.check_state_based_actions calls through a replacement; compiled code calls the real one)
@pytest.mark.plain_python
def test_704_3_a_quiet_row_alone_makes_no_whole_check_but_a_row_that_may_die_does(monkeypatch):
    """After a complete check, a land played (its row alone changed, and it can't make an action apply) is looked at
    alone; a 0/0 creature entering takes the whole check and dies (704.5f)."""
    from board import creature, play_land

    import systems.state_based as state_based

    zero = creature("Test Zero Shade", 0, 0, cost="{B}")
    sc = build([{"name": "alice", "hand": ["Swamp", "Test Zero Shade"], "battlefield": ["Swamp"]}, {"name": "bob"}],
               cards=[zero])
    game = sc.game
    whole = []
    real = state_based.check_state_based_actions
    monkeypatch.setattr(state_based, "check_state_based_actions", lambda g: (g is game and whole.append(1)) or real(g))  # (CHECK_CACHES checks on copies too)
    play_land(game, "Swamp")
    assert not whole and not game.table.sba_dirty  # the quiet row's check
    cast(game, "Test Zero Shade")
    pass_priority(game, 2)
    assert whole  # the shade's row may die: the whole check, which finds it
    assert _names(game, 0, Zone.GRAVEYARD) == ["Test Zero Shade"]


# (counts whole checks and looks through replaced state_based functions; compiled code calls the real ones)
@pytest.mark.plain_python
def test_704_3_the_facts_a_check_found_none_of_are_carried_past_a_quiet_row(monkeypatch):
    """A complete check that found no legendary pair, creature at 0 toughness, planeswalker, attachment or -1/-1
    counter keeps that answer past a land played (a quiet row, looked at alone): the next complete check reads it
    without looking at the rows again, and it is the answer a fresh look gives."""
    from board import play_land

    import systems.state_based as state_based

    sc = build([{"name": "alice", "hand": ["Swamp"], "battlefield": ["Swamp", "Grizzly Bears"]}, {"name": "bob"}])
    game = sc.game
    assert game.sba_layer_facts is not None and game.sba_layer_facts[1] == (False, False, False, False)
    whole = []
    real_check = state_based.check_state_based_actions
    monkeypatch.setattr(state_based, "check_state_based_actions", lambda g: whole.append(1) or real_check(g))
    play_land(game, "Swamp")
    assert not whole and not game.table.sba_dirty  # the land's row was looked at alone
    looks = []
    real = state_based._column_facts_small
    monkeypatch.setattr(state_based, "_column_facts_small", lambda t: looks.append(1) or real(t))
    kept = state_based._layer_facts(game)
    assert not looks and kept == (False, False, False, False)
    game.sba_layer_facts = None
    assert state_based._layer_facts(game) == kept and looks  # a fresh look agrees


# (counts whole checks and fact looks through replaced state_based functions; compiled code calls the real ones)
@pytest.mark.plain_python
def test_704_5q_a_minus_counter_alone_is_a_quiet_row_and_both_kinds_take_the_whole_check(monkeypatch):
    """A creature given a -1/-1 counter (infect, wither) and still above 0 toughness can't make an action apply: its
    row is looked at alone, and the facts the last complete check found are carried with the counter in them (the
    answer a fresh look gives). A +1/+1 counter on it then takes the whole check: 704.5q removes one of each."""
    import systems.state_based as state_based
    from systems.counters import add_counters

    sc = build([{"name": "alice", "battlefield": ["Swamp", {"card": "Grizzly Bears", "id": "bears"}]},
                {"name": "bob"}])
    game = sc.game
    bears = sc.ids["bears"]
    assert game.sba_layer_facts is not None and game.sba_layer_facts[1] == (False, False, False, False)
    whole = []
    real_check = state_based.check_state_based_actions
    monkeypatch.setattr(state_based, "check_state_based_actions", lambda g: whole.append(1) or real_check(g))
    add_counters(game, bears, "-1/-1", 1)
    assert not state_based.state_check(game) and not whole and not game.table.sba_dirty  # looked at alone
    looks = []
    real = state_based._column_facts_small
    monkeypatch.setattr(state_based, "_column_facts_small", lambda t: looks.append(1) or real(t))
    kept = state_based._layer_facts(game)
    assert not looks and kept == (False, False, False, True)  # carried: a -1/-1 counter is on the board now
    game.sba_layer_facts = None
    assert state_based._layer_facts(game) == kept and looks  # a fresh look agrees
    add_counters(game, bears, "+1/+1", 1)
    assert state_based.state_check(game) and whole  # both kinds on one permanent: the whole check
    t = game.table
    assert t.get(bears, "plus1") == 0 and t.get(bears, "minus1") == 0  # 704.5q
    assert t.get(bears, "toughness") == 2


def test_704_5f_minus_counters_to_zero_toughness_still_kill_after_a_quiet_minus_counter():
    """The first -1/-1 counter leaves a 2/2 alive (its row looked at alone); the second puts it at 0 toughness, and it
    dies (704.5f)."""
    from systems.counters import add_counters
    from systems.state_based import state_check

    sc = build([{"name": "alice", "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}, {"name": "bob"}])
    game = sc.game
    bears = sc.ids["bears"]
    add_counters(game, bears, "-1/-1", 1)
    assert not state_check(game) and bears in game.battlefield()
    add_counters(game, bears, "-1/-1", 1)
    assert state_check(game) and bears not in game.battlefield()
    assert _names(game, 0, Zone.GRAVEYARD) == ["Grizzly Bears"]
