"""Game.determinize and Game.information_state (CR 400.2: libraries and other players' hands are hidden)."""

from __future__ import annotations

import numpy as np
import pytest

from components.objects import CardObject, Zone
from content.decks import load_deck
from ecs import RandomAgent, new_game
from ecs.game import Game


def _midgame(seed: int = 4, turns: int = 4) -> Game:
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, seed, log=False)
    agents = [RandomAgent(seed + 1), RandomAgent(seed + 2)]
    while not game.is_over and game.turn < turns:
        game.apply(agents[game.pending.player].choose(game, game.pending.options))
    assert not game.is_over
    return game


def _names(game: Game, ents: list[int]) -> list[str]:
    return [game.world.get(e, CardObject).card.name for e in ents]


def test_400_2_determinize_keeps_everything_the_viewer_sees():
    game = _midgame()
    viewer = game.pending.player
    for i in range(5):
        other = game.determinize(viewer, np.random.default_rng(i))
        assert other.observation(viewer) == game.observation(viewer)
        assert other.information_state(viewer) == game.information_state(viewer)
        assert other.legal_actions() == game.legal_actions()


def test_400_2_determinize_resamples_hidden_cards_from_the_unseen_ones():
    game = _midgame()
    viewer = game.pending.player
    opp = 1 - viewer
    hidden = sorted(_names(game, game.zones[opp][Zone.HAND] + game.zones[opp][Zone.LIBRARY]))
    hands, libraries = set(), set()
    for i in range(8):
        other = game.determinize(viewer, np.random.default_rng(i))
        # The opponent's unseen cards are the same multiset, dealt differently between hand and library.
        assert sorted(_names(other, other.zones[opp][Zone.HAND] + other.zones[opp][Zone.LIBRARY])) == hidden
        assert len(other.zones[opp][Zone.HAND]) == len(game.zones[opp][Zone.HAND])
        hands.add(tuple(sorted(_names(other, other.zones[opp][Zone.HAND]))))
        libraries.add(tuple(_names(other, other.zones[viewer][Zone.LIBRARY])))
        # The viewer's own hand is what it is.
        assert _names(other, other.zones[viewer][Zone.HAND]) == _names(game, game.zones[viewer][Zone.HAND])
    assert len(hands) > 1  # the opponent's hand varies across generators
    assert len(libraries) > 1  # so does the order of the viewer's own library


def test_determinize_has_a_fresh_generator_and_leaves_the_original_alone():
    game = _midgame()
    viewer = game.pending.player
    before = game.information_state(1 - viewer)
    real_library = list(game.zones[1 - viewer][Zone.LIBRARY])
    states = {repr(game.determinize(viewer, np.random.default_rng(i)).rng.bit_generator.state) for i in range(3)}
    assert len(states) == 3 and repr(game.rng.bit_generator.state) not in states
    assert game.information_state(1 - viewer) == before
    assert game.zones[1 - viewer][Zone.LIBRARY] == real_library


def test_determinized_game_plays_to_the_end():
    game = _midgame()
    other = game.determinize(game.pending.player, np.random.default_rng(0))
    agents = [RandomAgent(5), RandomAgent(6)]
    while not other.is_over:
        other.apply(agents[other.pending.player].choose(other, other.pending.options))
    assert other.result is not None


def test_information_state_equal_when_only_hidden_things_differ():
    game = _midgame()
    viewer = game.pending.player
    opp = 1 - viewer
    changed = game.clone()
    # Swap one opponent hand card with a different card from their library, and reverse both libraries.
    hand, library = changed.zones[opp][Zone.HAND], changed.zones[opp][Zone.LIBRARY]
    a = changed.world.get(hand[0], CardObject)
    other = next(e for e in library if changed.world.get(e, CardObject).card.name != a.card.name)
    b = changed.world.get(other, CardObject)
    changed.set_card(hand[0], b.card, None)
    changed.set_card(other, a.card, None)
    for p in (viewer, opp):
        changed.zones[p][Zone.LIBRARY].reverse()
    assert changed.information_state(viewer) == game.information_state(viewer)
    assert changed.information_state(opp) != game.information_state(opp)  # the opponent knows their hand


@pytest.mark.parametrize("player", [0, 1])
def test_information_state_is_deterministic_text(player):
    game = _midgame()
    assert game.information_state(player) == game.clone().information_state(player)
    assert isinstance(game.information_state(player), str)
