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
    assert kept[3] is units and kept[4] == [(tuple(m for m, _e in units), mana._PAYABLE[tuple(m for m, _e in units)])]
