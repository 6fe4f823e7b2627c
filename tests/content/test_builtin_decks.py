"""The built-in decks (content/decks/*.txt): legal 60-card lists that play random games to the end."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from components.characteristics import CardType, Supertype
from content.decks import DECK_DIR, builtin_deck_names, load_deck
from ecs import RandomAgent, new_game, play_out

DECKS = builtin_deck_names()
# Issue #5: the keyword abilities of the seed cards; random games with the built-in decks exercise them.
SEED_KEYWORDS = ("Miracle", "Soulbond", "Overload", "Scavenge", "Unleash", "Cipher", "Evolve", "Extort",
                 "Fuse", "Bestow", "Tribute", "Dethrone")


def test_at_least_ten_builtin_decks_including_the_first_two():
    assert len(DECKS) >= 10
    assert {"red_green_aggro", "white_blue_skies"} <= set(DECKS)


@pytest.mark.parametrize("name", DECKS)
def test_builtin_deck_is_a_legal_60_card_list_with_a_header(name):
    deck_name, cards = load_deck(name)
    assert deck_name == name
    assert len(cards) == 60  # CR 100.2a
    copies = Counter(c.name for c in cards if not c.type_line.supertypes & Supertype.BASIC)
    assert max(copies.values()) <= 4, copies.most_common(1)  # CR 100.2a: at most four of a non-basic card
    lands = sum(1 for c in cards if c.type_bits & CardType.LAND)
    assert 22 <= lands <= 26
    title, description = (DECK_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()[:2]
    assert re.fullmatch(r"// \S.*", title) and re.fullmatch(r"// \S.{20,}", description), (title, description)


@pytest.mark.parametrize("name", DECKS)
def test_builtin_deck_plays_three_random_games_to_completion(name):
    opponent = DECKS[(DECKS.index(name) + 1) % len(DECKS)]
    decks = [load_deck(name)[1], load_deck(opponent)[1]]
    for seed in range(3):
        game = new_game(decks, seed, max_turns=60, log=False)
        result = play_out(game, [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)], max_decisions=100_000)
        assert game.is_over and result is game.result
        assert result.winner in (None, 0, 1) and result.reason


def test_builtin_decks_contain_the_seed_keyword_cards_and_planeswalkers():
    texts: dict[str, set[str]] = {}
    planeswalkers: set[str] = set()
    for name in DECKS:
        for card in load_deck(name)[1]:
            for keyword in SEED_KEYWORDS:
                if re.search(rf"(^|\n){keyword}\b", card.text):
                    texts.setdefault(keyword, set()).add(card.name)
            if card.type_bits & CardType.PLANESWALKER:
                planeswalkers.add(card.name)
    assert set(texts) == set(SEED_KEYWORDS), set(SEED_KEYWORDS) - set(texts)
    assert "Jace, the Living Guildpact" in planeswalkers
    assert len(planeswalkers) >= 2
