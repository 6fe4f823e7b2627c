"""The mana units systems/mana.py keeps between priority stops (issue 11): given out as they are, read only, with
``payable``'s memo for their masks; and the per-player unit templates carried from one layers version to the next.

Every answer here is also compared with a fresh computation under ``mana.CHECKS.on`` (MTG_ECS_CHECK_CACHES=1)."""

from __future__ import annotations

import random

import pytest
from board import build

from content.mana import parse_mana_cost
from ecs.game import Game
from systems import mana
from systems.mana import mana_sources

W, U, B, R, G, C = 1, 2, 4, 8, 16, 32


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mana.CHECKS, "on", True)


def _lands_game() -> Game:
    game: Game = build([{"name": "alice", "battlefield": ["Forest", "Island", "Mountain"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Swamp"], "library": ["Forest"] * 5}]).game
    return game


def test_605_3a_the_kept_units_are_given_out_as_they_are(checking: None) -> None:
    """A second ask with nothing changed answers the kept list itself (no copy per ask), equal to a fresh scan."""
    game = _lands_game()
    first = mana_sources(game, 0)
    assert sorted(m for m, _e in first) == [U, R, G]
    assert mana_sources(game, 0) is first


def test_the_check_mode_catches_a_caller_that_changes_the_kept_units(checking: None) -> None:
    """The list is read only: a caller that changed it would make the kept answer stale, and the check reports it."""
    game = _lands_game()
    units = mana_sources(game, 0)
    units.append((W, 999))  # (what no caller may do)
    with pytest.raises(AssertionError, match="stale mana units"):
        mana_sources(game, 0)


def test_601_2g_payable_over_the_kept_units_is_find_payments_answer(checking: None) -> None:
    """CR 601.2g-h: ``payable`` over the kept units (their masks' memo found once, kept with them) and over a list of
    the same units of the caller's own answers as the payment search does, for costs payable and not."""
    game = _lands_game()
    units = mana_sources(game, 0)
    rng = random.Random(5)
    texts = ["{G}", "{1}{U}", "{U}{R}{G}", "{W}", "{2}{G}{G}", "{3}", "{4}", "{R/W}", "{C}", "{0}", "{X}{G}"]
    for _ in range(60):
        cost = parse_mana_cost(rng.choice(texts))
        expected = mana.find_payment(game, 0, cost, 0, list(units)) is not None
        assert mana.payable(game, 0, cost, units) is expected
        assert mana.payable(game, 0, cost, list(units)) is expected
    kept = game.mana_units_cache[0]
    masks = tuple(sorted(m for m, _e in units))  # (the memo's key: the masks in order of value, as a multiset)
    assert kept[3] is units and kept[4] == [(masks, mana._PAYABLE[masks])]


def test_601_2g_payable_is_one_answer_for_the_same_units_in_any_order(checking: None) -> None:
    """CR 601.2g-h: whether units can pay a cost does not depend on their order, so ``payable``'s memo is keyed by the
    masks as a multiset: the same lands in another order (rows moved) find the answers already there, and they are
    find_payment's (``checking``)."""
    game = _lands_game()
    units = list(mana_sources(game, 0))
    cost = parse_mana_cost("{1}{U}{R}")
    assert mana.payable(game, 0, cost, units)
    memo = mana._PAYABLE[tuple(sorted(m for m, _e in units))]
    assert memo[id(cost)] == (cost, True)
    size = len(mana._PAYABLE)
    two_blue = parse_mana_cost("{U}{U}")
    assert mana.payable(game, 0, cost, units[::-1])
    assert not mana.payable(game, 0, two_blue, units[::-1])
    assert len(mana._PAYABLE) == size  # (no memo of its own for the reversed order)
    assert memo[id(two_blue)] == (two_blue, False)  # (the reversed order's answer, in the first order's memo)


def _put_onto_battlefield(game: Game, name: str, controller: int) -> int:
    """A new permanent of the built-in card ``name`` under ``controller`` (a new row: a new layers version)."""
    from components.objects import Zone
    from content.card_pool import builtin_pool
    from systems.zones import create_card, move

    return move(game, create_card(game, builtin_pool().get(name), controller, Zone.LIBRARY), Zone.BATTLEFIELD,
                controller=controller)


def _carried(game: Game) -> bool:
    """Would the templates at this layers version be carried from the last ones (no whole layer pass since)?"""
    game.refresh_layers()
    basis = game.land_rows_cache[mana._KEPT][0].basis
    return mana._templates_since(game, basis) is not None


def test_305_6_units_kept_as_if_untapped_follow_rows_that_leave_and_enter(checking: None) -> None:
    """CR 305.6, 400.7, 605.3a: a land leaving the battlefield takes its unit away and the last row moves into its
    place (the units stay in row order); a land entering with another leaving, and a creature land, likewise. The
    templates are carried from the last layers version (no whole layer pass: only the new rows are read), and
    ``checking`` compares the rows' facts carried and the templates with those read afresh, and each answer with the
    whole-table scan."""
    from components.objects import Zone
    from systems.zones import move

    game = build([{"name": "alice", "battlefield": ["Forest", "Island", "Mountain", "Plains", "Grizzly Bears"],
                   "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Swamp", "Swamp"], "library": ["Forest"] * 5}]).game
    t = game.table
    units = mana_sources(game, 0)
    assert [m for m, _e in units] == [G, U, R, W]
    island = units[1][1]
    move(game, island, Zone.GRAVEYARD)  # (a row in the middle: the last row moves into it)
    assert _carried(game)
    assert sorted(m for m, _e in mana_sources(game, 0)) == [W, R, G]
    assert [e for _m, e in mana_sources(game, 0)] == [e for e in t.entity_list if e in {u[1] for u in units}]
    mountain = next(e for m, e in mana_sources(game, 0) if m == R)
    move(game, mountain, Zone.GRAVEYARD)
    arbor = _put_onto_battlefield(game, "Dryad Arbor", 0)  # (one left and one entered in the same version)
    t.set_sick(arbor, False)
    assert _carried(game)
    assert sorted(m for m, _e in mana_sources(game, 0)) == [W, G, G]
    assert len(mana_sources(game, 1)) == 2


def test_400_7_a_permanent_without_mana_leaving_keeps_the_templates(checking: None) -> None:
    """CR 400.7: a creature leaving the battlefield, with another creature the last row moved into its place, moves
    no land's row: the templates are the old ones (the same objects), and the answers those of the scan."""
    from components.objects import Zone
    from systems.zones import move

    game = build([{"name": "alice", "battlefield": ["Forest", "Grizzly Bears", "Island"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Swamp", "Grizzly Bears"], "library": ["Forest"] * 5}]).game
    t = game.table
    before = list(mana_sources(game, 0))
    bears = next(e for e in t.entity_list if game.name(e) == "Grizzly Bears")
    move(game, bears, Zone.GRAVEYARD)  # (alice's; bob's, the last row, moves into its place)
    game.refresh_layers()
    basis = game.land_rows_cache[mana._KEPT][0].basis
    carried = mana._templates_since(game, basis)
    assert carried is not None and carried[0] is basis[5]
    assert mana_sources(game, 0) == before
    assert [m for m, _e in mana_sources(game, 1)] == [B]


def test_613_a_whole_layer_pass_reads_the_columns_again(checking: None) -> None:
    """CR 613.1: a change the layers see as more than rows entering, leaving or given counters (here: marked
    changed) takes a whole pass, which may change any row: the templates are not carried across it."""
    game = _lands_game()
    mana_sources(game, 0)
    game.table.mark_changed()
    assert not _carried(game)
    assert sorted(m for m, _e in mana_sources(game, 0)) == [U, R, G]


def test_613_a_whole_layer_pass_that_changes_no_mana_fact_keeps_the_templates(checking: None) -> None:
    """CR 613.4c: Glorious Anthem entering brings a whole layer pass (a new continuous effect), which changes power
    and toughness only: the templates are carried over it (the same objects: no row of a land moved), and each
    answer is the scan's (``checking`` compares the templates carried with those made from the columns)."""
    game = build([{"name": "alice", "battlefield": ["Forest", "Grizzly Bears", "Island"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Swamp"], "library": ["Forest"] * 5}]).game
    t = game.table
    before = list(mana_sources(game, 0))
    templates = game.land_rows_cache[mana._KEPT][0].templates
    passes = t.whole_passes
    _put_onto_battlefield(game, "Glorious Anthem", 0)
    assert mana_sources(game, 0) == before
    assert t.whole_passes > passes
    kept = game.land_rows_cache[mana._KEPT][0]
    assert kept.version == t.layers_version and kept.templates is templates
    assert [m for m, _e in mana_sources(game, 1)] == [B]


def test_302_6_haste_granted_by_a_whole_layer_pass_ungates_the_carried_units(checking: None) -> None:
    """CR 302.6, 702.10: a land creature and a mana creature that entered this turn can't tap for mana; Tahngarth
    ("Creatures you control have haste") entering brings a whole layer pass, and the units carried over it are read
    again for haste: both can tap for mana now (``checking`` compares each answer with the scan)."""
    game = build([{"name": "alice", "battlefield": ["Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Swamp"], "library": ["Forest"] * 5}]).game
    arbor = _put_onto_battlefield(game, "Dryad Arbor", 0)
    birds = _put_onto_battlefield(game, "Birds of Paradise", 0)
    game.table.set_sick(arbor, True)
    game.table.set_sick(birds, True)
    assert [e for _m, e in mana_sources(game, 0)] == [next(e for _m, e in mana_sources(game, 0))]
    passes = game.table.whole_passes
    _put_onto_battlefield(game, "Tahngarth", 0)
    assert {arbor, birds} <= {e for _m, e in mana_sources(game, 0)}
    assert game.table.whole_passes > passes
