"""Resource limits (issue 15.4): a runaway game ends as a draw with its reason.

CR 104.4b / 729.4: a loop of mandatory actions with no way to stop is a draw. An engine cannot
prove a loop endless, so a game that runs ``max_auto_steps`` steps of the priority loop with no
decision by anyone is ended as that draw; a game whose objects pass ``max_objects`` (a token loop
that grows) is ended as a draw too, instead of exhausting memory.
"""

from __future__ import annotations

import json

import pytest

from content.card_pool import card_from_json
from ecs import RandomAgent, new_game
from ecs.errors import SaveError
from ecs.game import Game


def _creature(name: str, pt: str, text: str = ""):
    return card_from_json({"name": name, "manaCost": "{0}", "type": "Creature — Spirit", "types": ["Creature"],
                           "subtypes": ["Spirit"], "power": pt, "toughness": pt, "text": text})


# A 0/0 token dies to 704.5f as soon as it is made, and its death makes the next one: no player ever
# gets a choice again (the loop has no optional action, 104.4b).
WELL = _creature("Test Zombie Well", "1", "Whenever a creature dies, create a 0/0 black Zombie creature token.")
WISP = _creature("Test Wisp", "0")
# A 1/1 token entering makes another one: the loop grows the board without bound.
NURSERY = _creature("Test Nursery", "1", "Whenever a creature enters, create a 1/1 green Saproling creature token.")


def _play(game) -> None:
    agent = RandomAgent(3)
    for _ in range(5000):
        if game.pending is None:
            return
        game.apply(agent.choose(game, game.legal_actions()))
    raise AssertionError("the game did not end")


def test_104_4b_loop_of_mandatory_actions_is_a_draw():
    # one Well in the game: two would ask their controller to order their triggers (a decision, 603.3b)
    decks = [[WELL] + [WISP] * 29, [WISP] * 30]
    game = new_game(decks, 1, log=False, mulligans=False, limits={"max_auto_steps": 3000})
    _play(game)
    assert game.result.winner is None
    assert "loop of mandatory actions (CR 104.4b, 729.4)" in game.result.reason
    assert game.pending is None and game.legal_actions() == []


def test_object_limit_ends_a_growing_loop_as_a_draw():
    deck = [NURSERY] * 20
    game = new_game([deck, deck], 2, log=False, limits={"max_objects": 400, "max_auto_steps": 10**9})
    _play(game)
    assert game.result.winner is None
    assert game.result.reason.startswith("object limit of 400 passed")
    assert game.world.count() > 400


def test_limits_are_kept_in_the_save_and_the_replay_ends_the_same_way():
    from content.decks import load_deck

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, 5, log=False, limits={"max_decisions": 30})
    _play(game)
    assert game.result.reason == "decision limit of 30 reached"
    save = json.loads(json.dumps(game.to_json()))
    assert save["origin"]["limits"] == {"max_decisions": 30}
    again = Game.from_json(save)
    assert again.result == game.result and again.history == game.history


@pytest.mark.parametrize("limits", [{"max_decisions": 0}, {"max_objects": "many"}, {"speed": 3}, [1]])
def test_bad_limits_in_a_save_are_refused_with_the_field(limits):
    from content.decks import load_deck

    game = new_game([load_deck("red_green_aggro")[1]] * 2, 1, log=False)
    save = game.to_json()
    save["origin"]["limits"] = limits
    with pytest.raises(SaveError, match="origin.limits"):
        Game.from_json(save)


def test_defaults_fit_a_large_board():
    game = Game(["a", "b"])
    assert game.max_objects == 20_000_000  # large-board benchmarks of 10^7 permanents fit
    assert game.max_auto_steps == 100_000
