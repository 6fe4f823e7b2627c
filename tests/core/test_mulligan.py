"""The London mulligan (CR 103.5) as enumerated decisions."""

from __future__ import annotations

from collections import Counter

from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs import DecisionKind, Keep, Mulligan, PutOnBottom, new_game


def _decks():
    pool = builtin_pool()
    deck = [pool.get(n) for n in ("Forest", "Island", "Mountain", "Plains", "Swamp")] * 4
    return [list(deck), list(deck)]


def _game(seed: int = 11):
    return new_game(_decks(), seed=seed, auto_pass=False)


def _hand(game, p):
    return list(game.zones[p][Zone.HAND])


def _cards(game, p):
    return Counter(game.card(e).name for z in (Zone.HAND, Zone.LIBRARY) for e in game.zones[p][z])


def test_103_5_both_draw_seven_and_the_starting_player_decides_first():
    game = _game()
    first = game.starting_player
    assert all(len(_hand(game, p)) == 7 for p in range(2))
    assert game.pending.kind == DecisionKind.MULLIGAN and game.pending.player == first
    assert game.whole_actions() == [Keep(), Mulligan()]
    assert game.turn == 0  # no turn has begun during mulligans


def test_103_5_keep_keeps_seven_and_the_game_begins():
    game = _game()
    first = game.starting_player
    game.apply(Keep())
    assert game.pending.kind == DecisionKind.MULLIGAN and game.pending.player == 1 - first
    game.apply(Keep())
    assert game.turn == 1 and game.active == first
    assert game.pending.kind == DecisionKind.PRIORITY
    assert len(_hand(game, first)) == 7 and len(_hand(game, 1 - first)) == 7


def test_103_5_london_mulligan_draws_seven_then_bottoms_one_after_keeping():
    game = _game()
    first = game.starting_player
    other = 1 - first
    before = _cards(game, first)
    old_hand = _hand(game, first)
    game.apply(Mulligan())
    # every player declares before any mulligan is taken: the other player decides on their first hand
    assert game.pending.player == other and game.pending.kind == DecisionKind.MULLIGAN
    assert _hand(game, first) == old_hand
    game.apply(Keep())
    # the mulligan is taken: a fresh hand of seven, then a new declaration for that player
    assert game.pending.player == first and game.pending.kind == DecisionKind.MULLIGAN
    new_hand = _hand(game, first)
    assert len(new_hand) == 7 and not set(new_hand) & set(old_hand)  # new objects (CR 400.7)
    assert _cards(game, first) == before  # shuffled back, nothing lost
    game.apply(Keep())
    # after keeping, one card (one mulligan taken) goes to the bottom: each card in hand is an option
    assert game.pending.kind == DecisionKind.BOTTOM and game.pending.player == first
    assert sorted(o.card for o in game.whole_actions()) == sorted(new_hand)
    assert all(isinstance(o, PutOnBottom) for o in game.whole_actions())
    chosen = new_hand[3]
    chosen_name = game.card(chosen).name
    game.apply(PutOnBottom(chosen))
    assert len(_hand(game, first)) == 6
    assert game.card(game.zones[first][Zone.LIBRARY][-1]).name == chosen_name  # the bottom
    assert game.turn == 1 and game.pending.kind == DecisionKind.PRIORITY
    assert _cards(game, first) == before
    assert len(_hand(game, other)) == 7


def test_103_5_two_mulligans_bottom_two():
    game = _game(4)
    first = game.starting_player
    game.apply(Mulligan())
    game.apply(Keep())  # other keeps
    game.apply(Mulligan())  # second mulligan
    assert game.pending.player == first and game.pending.kind == DecisionKind.MULLIGAN
    assert len(_hand(game, first)) == 7
    game.apply(Keep())
    for _ in range(2):
        assert game.pending.kind == DecisionKind.BOTTOM
        game.apply(game.whole_actions()[0])
    assert len(_hand(game, first)) == 5
    assert game.turn == 1


def test_103_5_both_players_mulligan_at_the_same_time():
    game = _game(2)
    first = game.starting_player
    game.apply(Mulligan())
    game.apply(Mulligan())
    # both redraw, then declare again starting with the starting player
    assert game.pending.player == first and game.pending.kind == DecisionKind.MULLIGAN
    game.apply(Keep())
    owed = []
    declared = [first]
    while game.turn == 0:
        if game.pending.kind == DecisionKind.MULLIGAN:
            declared.append(game.pending.player)
            game.apply(Keep())
            continue
        assert game.pending.kind == DecisionKind.BOTTOM  # when a player keeps, one card per mulligan
        owed.append(game.pending.player)
        game.apply(game.whole_actions()[0])
    assert declared == [first, 1 - first]
    assert sorted(owed) == [0, 1]
    assert len(_hand(game, 0)) == len(_hand(game, 1)) == 6


def test_103_5_no_mulligan_once_the_hand_would_be_zero_cards():
    game = _game(9)
    first = game.starting_player
    for taken in range(7):
        assert game.pending.player == first
        assert Mulligan() in game.whole_actions(), taken
        game.apply(Mulligan())
        if game.pending.player != first:
            game.apply(Keep())  # the other player keeps on their first declaration
    assert game.pending.player == first and game.player_states[first].mulligans == 7
    assert game.whole_actions() == [Keep()]
    game.apply(Keep())
    for _ in range(7):
        game.apply(game.whole_actions()[0])
    assert _hand(game, first) == [] and len(game.zones[first][Zone.LIBRARY]) == 20
    assert game.turn == 1 and game.step >= Step.UPKEEP
