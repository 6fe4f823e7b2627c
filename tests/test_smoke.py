"""Whole games between random agents: they finish, and the same seed gives the same game."""

from content.decks import load_deck
from ecs import RandomAgent, new_game, play_out


def _decks():
    return [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]


def test_104_random_games_end_with_a_result():
    for seed in range(5):
        game = new_game(_decks(), seed)
        result = play_out(game, [RandomAgent(seed), RandomAgent(seed + 100)])
        assert result is not None and game.is_over and game.pending is None


def test_same_seed_same_game_log():
    logs = []
    for _ in range(2):
        game = new_game(_decks(), 42)
        play_out(game, [RandomAgent(1), RandomAgent(2)])
        logs.append("\n".join(game.log))
    assert logs[0] == logs[1]
