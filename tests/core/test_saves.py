"""Saved games are replays: the same set-up and decisions give the same game (determinism)."""

from __future__ import annotations

import json

import pytest

from content.decks import load_deck
from ecs import Game, RandomAgent, new_game, play_out
from ecs.cli import main
from ecs.errors import SaveError


def _decks():
    return [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]


def test_a_saved_finished_game_replays_to_the_same_log_and_result():
    game = new_game(_decks(), 11)
    play_out(game, [RandomAgent(3), RandomAgent(4)])
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.result == game.result and again.log == game.log


def test_a_game_saved_midway_continues_identically():
    game = new_game(_decks(), 12)
    agents = [RandomAgent(5), RandomAgent(6)]
    for _ in range(40):
        game.apply(agents[game.pending.player].choose(game, game.pending.options))
    resumed = Game.from_json(game.to_json())
    assert resumed.whole_actions() == game.whole_actions()
    for _ in range(30):
        if game.pending is None:
            break
        i = game.pending.options.index(agents[game.pending.player].choose(game, game.pending.options))
        game.apply(game.pending.options[i])
        resumed.apply(resumed.pending.options[i])
    assert resumed.log == game.log


@pytest.mark.parametrize(("mutate", "field"), [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["origin"]["decks"][0].__setitem__(0, "No Such Card"), "origin.decks[0][0]"),
    (lambda d: d["actions"].append(999), "actions["),
    (lambda d: d["origin"].update(seed="x"), "origin.seed"),
    (lambda d: d["origin"].update(colour="blue"), "unknown field"),
])
def test_a_malformed_save_is_refused_naming_the_field(mutate, field):
    game = new_game(_decks(), 13)
    data = json.loads(json.dumps(game.to_json()))
    mutate(data)
    with pytest.raises(SaveError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Game.from_json(data)


def test_cli_play_save_then_replay_prints_the_same_game(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "--seed", "4", "--save", str(path)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == played


def test_cli_replay_of_a_broken_file_exits_2_naming_it(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "mtg-ecs/3", "origin": 3}')
    assert main(["replay", str(path)]) == 2
    assert "bad.json" in capsys.readouterr().err
