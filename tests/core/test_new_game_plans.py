"""new_game keeps what is immutable across games (ecs/setup.py's library plans, systems/zones.py's card notes): a game
made after others, of the same decks and seed, is the very game made first."""

from __future__ import annotations

import pytest

from components.objects import Zone
from content.decks import load_deck
from ecs import RandomAgent, new_game, play_out
from ecs import setup as ecs_setup
from ecs.scenario import state_fingerprint
from systems import mana, zones


def _decks(*names: str) -> list[list]:
    return [load_deck(name)[1] for name in names]


def _played(decks, seed: int) -> tuple[list[int], list[str], str, tuple]:
    game = new_game(decks, seed, log=True)
    start = (state_fingerprint(game), [list(z[Zone.LIBRARY]) for z in game.zones], game.mechanics,
             game.graveyard_abilities_seen, game.combat_types_watched, game.top_rules_seen)
    play_out(game, [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)])
    return list(game.history), list(game.log), state_fingerprint(game), start


@pytest.fixture(params=[False, True], ids=["plain", "check-caches"])
def fresh_memos(request, monkeypatch):
    monkeypatch.setattr(mana.CHECKS, "on", request.param)
    ecs_setup._PLANS.clear()
    zones._CARD_NOTES.clear()
    yield
    ecs_setup._PLANS.clear()
    zones._CARD_NOTES.clear()


@pytest.mark.parametrize("pair", [("red_green_aggro", "white_blue_skies"), ("rakdos_graveyard", "rakdos_morph")])
def test_the_same_new_game_after_other_games_plays_the_same_game(fresh_memos, pair):
    decks = _decks(*pair)
    first = _played(decks, 5)  # made first: nothing kept yet
    assert ecs_setup._PLANS  # (kept now)
    _played(_decks(*reversed(pair)), 6)  # the same decks in the other seats
    _played([decks[0], _decks("golgari_infect")[0]], 7)  # one deck shared
    _played(decks, 8)  # the same decks, another seed
    again = _played(decks, 5)
    assert again == first
    ecs_setup._PLANS.clear()
    zones._CARD_NOTES.clear()
    assert _played(decks, 5) == first  # made first again


def test_a_deck_changed_in_place_is_planned_anew(fresh_memos):
    decks = _decks("red_green_aggro", "white_blue_skies")
    _played(decks, 3)
    decks[0][0], decks[0][-1] = decks[0][-1], decks[0][0]  # the same list object, other cards in its first place
    decks[1][5] = decks[0][5]
    after = _played(decks, 3)
    ecs_setup._PLANS.clear()
    zones._CARD_NOTES.clear()
    assert _played(decks, 3) == after


def test_games_of_one_plan_are_independent(fresh_memos):
    decks = _decks("red_green_aggro", "white_blue_skies")
    one, two = new_game(decks, 4, log=False), new_game(decks, 4, log=False)
    before = state_fingerprint(two)
    play_out(one, [RandomAgent(1), RandomAgent(2)])
    assert state_fingerprint(two) == before
