"""Building games: a normal game from two or more decks (CR 103)."""

from __future__ import annotations

from collections.abc import Sequence

from components.card import CardDef
from components.objects import Zone
from ecs.game import Game
from systems.mulligan import start_game
from systems.zones import create_card


def new_game(
    decks: Sequence[Sequence[CardDef]],
    seed: int = 0,
    *,
    names: Sequence[str] | None = None,
    auto_pass: bool = True,
    max_turns: int = 100,
    mulligans: bool = True,
    log: bool = True,
) -> Game:
    """A game ready for its first decision: libraries shuffled, hands drawn, mulligans pending."""
    names = list(names) if names is not None else [f"player{i + 1}" for i in range(len(decks))]
    game = Game(names, seed, auto_pass=auto_pass, max_turns=max_turns, log=log)
    for player, deck in enumerate(decks):
        for card in deck:
            create_card(game, card, player, Zone.LIBRARY)
    game.origin = {"kind": "new_game", "decks": [[c.name for c in deck] for deck in decks], "names": names,
                   "seed": seed, "auto_pass": auto_pass, "max_turns": max_turns, "mulligans": mulligans}
    start_game(game, mulligans=mulligans)
    game.advance()
    return game
