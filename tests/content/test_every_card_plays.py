"""Every card of the built-in pool plays in a random game (issue #5).

The pool's deckable cards, sorted by name, are cut into chunks of ``CHUNK`` distinct cards; each chunk
becomes a 60-card deck of three copies of each card plus basic lands of the chunk's colours (CR 100.2a
asks for at least 60 cards), and chunks meet in pairs between random agents. Conspiracies and vanguards
cannot be in a deck (CR 315.3, 313.2): they start in the command zone of the first pairing's games.
A game must end cleanly: no exception, and a result (a win, or the turn limit).
"""

from __future__ import annotations

import pytest

from components.card import CardDef
from components.characteristics import CardType, Color, Supertype
from content.card_pool import builtin_pool
from ecs import RandomAgent, new_game, play_out

POOL = builtin_pool()
CHUNK = 15
COPIES = 3
MAX_TURNS = 30
MAX_DECISIONS = 50_000
BASICS = {Color.W: "Plains", Color.U: "Island", Color.B: "Swamp", Color.R: "Mountain", Color.G: "Forest"}
CONSPIRACIES = sorted(n for n, c in POOL.cards.items() if c.type_bits & CardType.CONSPIRACY)
VANGUARDS = sorted(n for n, c in POOL.cards.items() if c.type_bits & CardType.VANGUARD)


def _is_basic(card: CardDef) -> bool:
    return bool(card.type_line.supertypes & Supertype.BASIC)


def _deckable() -> list[str]:
    command = int(CardType.CONSPIRACY | CardType.VANGUARD)
    # A double-faced card is also filed under its full name "Front // Back" (CR 712): it plays once.
    return sorted(n for n, c in POOL.cards.items()
                  if n == c.name and not (c.type_bits & command) and not _is_basic(c))


def _pairings() -> list[tuple[list[str], list[str]]]:
    names = _deckable()
    chunks = [names[i:i + CHUNK] for i in range(0, len(names), CHUNK)]
    if len(chunks) % 2:
        chunks.append(chunks[0])
    return [(chunks[i], chunks[i + 1]) for i in range(0, len(chunks), 2)]


def _deck(names: list[str]) -> list[CardDef]:
    cards = [POOL.get(n) for n in names]
    colors = 0
    for card in cards:
        colors |= int(card.colors)
    basics = [name for color, name in BASICS.items() if colors & int(color)] or list(BASICS.values())
    deck = [card for card in cards for _ in range(COPIES)]
    deck += [POOL.get(basics[i % len(basics)]) for i in range(max(0, 60 - len(deck)))]
    return deck


PAIRINGS = _pairings()


def _command_zone(index: int) -> dict[str, object]:
    """The first pairing's game starts with every conspiracy (and a vanguard) in player 1's command zone;
    a vanguard per game, since a player has at most one (CR 902.2)."""
    extra: dict[str, object] = {}
    if index == 0 and CONSPIRACIES:
        extra["conspiracies"] = [[POOL.get(n) for n in CONSPIRACIES], []]
    if index < len(VANGUARDS):
        extra["vanguards"] = [POOL.get(VANGUARDS[index]), None]
    return extra


def test_pairings_put_every_builtin_card_in_some_game():
    assert len(VANGUARDS) <= len(PAIRINGS)
    in_games = {card.name for a, b in PAIRINGS for card in _deck(a) + _deck(b)}
    in_games |= set(CONSPIRACIES) | set(VANGUARDS)
    assert in_games == {card.name for card in POOL.cards.values()}
    for a, b in PAIRINGS:
        assert len(_deck(a)) == len(_deck(b)) == 60


@pytest.mark.parametrize("index", range(len(PAIRINGS)), ids=lambda i: f"{PAIRINGS[i][0][0]}..{PAIRINGS[i][1][-1]}")
def test_random_game_with_every_card_of_two_chunks(index):
    chunk_a, chunk_b = PAIRINGS[index]
    game = new_game([_deck(chunk_a), _deck(chunk_b)], seed=index, max_turns=MAX_TURNS, log=False,
                    **_command_zone(index))
    result = play_out(game, [RandomAgent(2 * index + 1), RandomAgent(2 * index + 2)], max_decisions=MAX_DECISIONS)
    assert game.is_over and game.pending is None
    assert result is game.result
    assert result.winner in (None, 0, 1)
    assert 1 <= result.turns <= MAX_TURNS
    assert result.reason
