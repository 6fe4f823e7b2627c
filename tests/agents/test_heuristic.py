"""HeuristicAgent: the rules of thumb it promises, each on a small board."""

from __future__ import annotations

import pytest
from agent_boards import board, vanilla, view_of

from components.characteristics import CardType
from content.decks import load_deck
from ecs import new_game
from ecs.actions import (
    CastSpell,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    Keep,
    Mulligan,
    PlayLand,
)
from ecs.agents import HeuristicAgent, PlayerView, make_agent, play_out


def _act(scenario):
    return HeuristicAgent(0).act(view_of(scenario))


@pytest.mark.parametrize("seed", range(12))
def test_103_5_keeps_two_to_five_lands_in_seven(seed):
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, seed, log=False)
    assert game.pending.kind == DecisionKind.MULLIGAN
    view = PlayerView(game, game.pending.player)
    lands = sum(1 for c in view.hand() if view.card(c).type_bits & int(CardType.LAND))
    expected = Keep() if 2 <= lands <= 5 else Mulligan()
    assert HeuristicAgent(0).act(view) == expected


def test_305_1_plays_a_land_before_anything_else():
    s = board({"hand": ["Mountain", "Grizzly Bears"], "battlefield": ["Forest", "Forest"]}, {})
    action = _act(s)
    assert isinstance(action, PlayLand)


def test_spends_mana_on_the_most_expensive_spell_it_can_cast():
    s = board({"hand": ["Grizzly Bears", "Hill Giant"], "battlefield": ["Mountain", "Mountain", "Forest", "Forest"]}, {})
    action = _act(s)
    assert isinstance(action, CastSpell) and s.game.card(action.card).name == "Hill Giant"


def test_burn_to_the_face_when_lethal():
    s = board({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
              {"life": 3, "battlefield": [{"card": "Hill Giant", "id": "giant"}]})
    action = _act(s)
    assert isinstance(action, CastSpell) and action.targets == (s.game.players[1],)


def test_removal_on_the_best_threat_not_its_own_creature():
    s = board({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", {"card": "Grizzly Bears", "id": "mine"}]},
              {"battlefield": [{"card": "Grizzly Bears", "id": "bear"}, {"card": "Hill Giant", "id": "giant"}]})
    action = _act(s)
    assert isinstance(action, CastSpell) and action.targets == (s.ids["giant"],)


def test_burn_goes_face_when_no_creature_is_worth_it_and_never_at_its_own():
    s = board({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", {"card": "Grizzly Bears", "id": "mine"}]},
              {"battlefield": []})
    action = _act(s)
    assert isinstance(action, CastSpell) and action.targets == (s.game.players[1],)


def test_508_attacks_into_an_empty_board_but_not_into_a_bigger_blocker():
    cards = [vanilla("Test Bear", 2, 2), vanilla("Test Ogre", 4, 4)]
    s = board({"battlefield": [{"card": "Test Bear", "id": "bear"}]}, {"battlefield": []},
              step="declare_attackers", cards=cards)
    assert isinstance(_act(s), DeclareAttacker)
    s = board({"battlefield": [{"card": "Test Bear", "id": "bear"}]}, {"battlefield": ["Test Ogre"]},
              step="declare_attackers", cards=cards)
    assert _act(s) == FinishAttackers()


def test_509_blocks_with_a_creature_that_survives():
    cards = [vanilla("Test Bear", 2, 2), vanilla("Test Wall", 0, 4)]
    s = board({"battlefield": [{"card": "Test Bear", "id": "bear"}]},
              {"battlefield": [{"card": "Test Wall", "id": "wall"}]},
              step="declare_attackers", cards=cards)
    game = s.game
    game.apply(DeclareAttacker(s.ids["bear"], game.players[1]))
    game.apply(FinishAttackers())
    while game.pending.kind != DecisionKind.BLOCKERS:
        game.apply(game.pending.options[0])
    assert _act(s) == DeclareBlocker(s.ids["wall"], s.ids["bear"])


def test_heuristic_beats_random_and_finishes_games():
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    wins = 0
    for seed in range(6):
        game = new_game(decks, seed, log=False)
        seat = seed % 2
        agents = [make_agent("random", seed=seed), make_agent("random", seed=seed)]
        agents[seat] = make_agent("heuristic", seed=seed)
        wins += play_out(game, agents).winner == seat
    assert wins >= 5
