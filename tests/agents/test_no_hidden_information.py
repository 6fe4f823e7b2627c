"""Agents never see hidden information (CR 400.2): changing the opponent's hand and the order of both
libraries (decklists are public) leaves every agent's decision identical."""

from __future__ import annotations

import numpy as np
import pytest

from components.objects import CardObject, Zone
from content.decks import load_deck
from ecs import new_game
from ecs.agents import HiddenInformationError, PlayerView, make_agent
from ecs.game import Game


def _positions(count: int = 4) -> list[Game]:
    """Mid-game positions where the player to act has several options and the opponent holds cards."""
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    found = []
    for seed in range(40):
        game = new_game(decks, seed, log=False)
        agents = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
        while not game.is_over and game.turn < 4 + seed % 4:
            game.apply(agents[game.pending.player].act(PlayerView(game, game.pending.player)))
        while not game.is_over and len(game.pending.options) < 2:
            game.apply(game.pending.options[0])
        if game.is_over:
            continue
        opp = 1 - game.pending.player
        if len(game.zones[opp][Zone.HAND]) >= 2:
            found.append(game)
        if len(found) == count:
            break
    return found


def _variants(game: Game) -> list[Game]:
    """The same position with different hidden cards: the opponent's hand dealt anew from their hidden
    cards, and both libraries in another order."""
    viewer = game.pending.player
    opp = 1 - viewer
    out = []
    for k in range(3):
        other = game.clone()
        rng = np.random.default_rng(100 + k)
        hidden = other.zones[opp][Zone.HAND] + other.zones[opp][Zone.LIBRARY]
        cards = [other.world.get(e, CardObject).card for e in hidden]
        for e, i in zip(hidden, rng.permutation(len(cards)), strict=True):
            other.set_card(e, cards[i], None)
        for p in (viewer, opp):
            library = other.zones[p][Zone.LIBRARY]
            other.zones[p][Zone.LIBRARY] = [library[i] for i in rng.permutation(len(library))]
        other.rng = np.random.default_rng(999 + k)
        out.append(other)
    names = {tuple(sorted(o.world.get(e, CardObject).card.name for e in o.zones[opp][Zone.HAND])) for o in out}
    assert len(names) > 1  # the variants really differ in what the viewer can't see
    return out


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=6,depth=4", "mc:playouts=4,depth=4"])
def test_400_2_decisions_do_not_depend_on_hidden_cards(spec):
    for game in _positions(3 if spec == "heuristic" else 1):
        player = game.pending.player
        expected = make_agent(spec, seed=7).act(PlayerView(game, player))
        for other in _variants(game):
            assert make_agent(spec, seed=7).act(PlayerView(other, player)) == expected


def test_400_2_a_view_refuses_hidden_cards():
    game = _positions(1)[0]
    player = game.pending.player
    view = PlayerView(game, player)
    with pytest.raises(HiddenInformationError):
        view.card(game.zones[1 - player][Zone.HAND][0])
    with pytest.raises(HiddenInformationError):
        view.card(game.zones[player][Zone.LIBRARY][0])
    for card in view.hand():
        assert view.card(card) is game.card(card)  # its own hand it may see
