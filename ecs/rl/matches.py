"""What the environments play: decks (built-in names, deck files or card lists), seats and the game's caps.

Shared by the PettingZoo, Gymnasium and OpenSpiel adapters so the three build games the same way.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from components.card import CardDef
from ecs.game import Game, GameResult

DEFAULT_DECKS = ("red_green_aggro", "white_blue_skies")
DeckRef = str | Sequence[CardDef]


@dataclass(frozen=True)
class Match:
    """The decks of a match, loaded once. ``random_seats``: each game deals the decks to the seats in a
    random order (from the environment's seeded generator), so a learner sees every deck in every seat."""

    names: tuple[str, ...]
    decks: tuple[tuple[CardDef, ...], ...]
    random_seats: bool
    max_turns: int

    @property
    def players(self) -> int:
        return len(self.decks)

    def new_game(self, rng: np.random.Generator) -> tuple[Game, tuple[int, ...]]:
        """A fresh game seeded from ``rng`` and which deck sits at each seat."""
        from ecs.setup import new_game

        order = tuple(int(i) for i in rng.permutation(self.players)) if self.random_seats else tuple(
            range(self.players))
        seed = int(rng.integers(2**31 - 1))
        game = new_game([self.decks[i] for i in order], seed, names=[f"player_{i}" for i in range(self.players)],
                        max_turns=self.max_turns, log=False)
        return game, order


def load_match(decks: Sequence[DeckRef] | None = None, *, cards: str | None = None, format: str | None = None,
               random_seats: bool = True, max_turns: int = 100) -> Match:
    """Decks by built-in name or deck file (``cards``: a card file they are read against, as ``--cards``), or
    given as lists of card definitions; ``format``: check each deck's legality in that format first."""
    from content.decks import load_deck

    refs = list(decks) if decks is not None else list(DEFAULT_DECKS)
    if len(refs) < 2:
        raise ValueError(f"a match needs at least two decks, got {len(refs)}")
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    pool = None
    if cards is not None:
        from content.card_pool import load_card_file

        pool = load_card_file(cards)
    if format is not None and "format" not in inspect.signature(load_deck).parameters:
        raise ValueError(f"format {format!r}: this engine has no format legality rules yet")
    names: list[str] = []
    loaded: list[tuple[CardDef, ...]] = []
    for i, ref in enumerate(refs):
        if isinstance(ref, str):
            # with a format, the deck reader checks legality and names what is wrong (CR 100.2, 100.4)
            name, deck = load_deck(ref, pool) if format is None else load_deck(ref, pool, format=format)
        elif format is not None:
            raise ValueError(f"deck {i}: a format is checked on deck names or files, not on lists of cards")
        else:
            name, deck = f"deck_{i}", list(ref)
            if not all(isinstance(c, CardDef) for c in deck):
                raise TypeError(f"deck {i}: expected a deck name, a deck file or a list of CardDef")
        names.append(name)
        loaded.append(tuple(deck))
    return Match(tuple(names), tuple(loaded), random_seats, max_turns)


def outcome(game: Game) -> tuple[list[float], bool]:
    """Per player index: +1 for the winner, -1 for the others, 0 for all on a draw; and whether the game
    was cut by a cap (the turn or decision limit) rather than ended by the rules (CR 104)."""
    result: GameResult | None = game.result
    n = game.num_players
    if result is None:
        return [0.0] * n, False
    if result.winner is None:
        capped = game.turn > game.max_turns or len(game.history) >= game.max_decisions
        return [0.0] * n, capped
    return [1.0 if p == result.winner else -1.0 for p in range(n)], False
