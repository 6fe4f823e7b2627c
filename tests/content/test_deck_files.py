"""Deck files: errors name the file and the line; Arena exports and sideboards parse (fixtures in tests/fixtures/decks)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from content.card_pool import CardPool, builtin_pool, load_card_file
from content.decks import load_deck, parse_deck_text
from ecs.cli import main
from ecs.errors import DeckError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decks"


def test_unknown_card_names_the_file_and_line():
    path = FIXTURES / "unknown_card.txt"
    with pytest.raises(DeckError) as err:
        load_deck(str(path))
    message = str(err.value)
    assert str(path) in message and "line 4" in message and "Lightning Boltt" in message


def test_unsupported_card_names_the_file_line_and_reason():
    refused = load_card_file(FIXTURES / "unsupported_cards.json", strict=False)
    assert "Panopticon" in refused.unsupported and "Panopticon" not in refused
    pool = CardPool(builtin_pool().cards.values(), refused.unsupported)
    path = FIXTURES / "unsupported_card.txt"
    with pytest.raises(DeckError) as err:
        load_deck(str(path), pool)
    message = str(err.value)
    assert str(path) in message and "line 4" in message
    assert refused.unsupported["Panopticon"] in message  # the reason the card is not supported


def test_malformed_line_names_the_file_and_line():
    path = FIXTURES / "malformed_line.txt"
    with pytest.raises(DeckError) as err:
        load_deck(str(path))
    message = str(err.value)
    assert str(path) in message and "line 3" in message and "Lightning Bolt x4" in message


def test_deck_errors_exit_with_status_2_from_the_cli(capsys):
    assert main(["play", "--decks", str(FIXTURES / "unknown_card.txt"), "red_green_aggro"]) == 2
    assert "line 4" in capsys.readouterr().err


def test_arena_export_parses_set_codes_and_ignores_the_sideboard():
    path = FIXTURES / "arena_export.txt"
    name, cards = load_deck(str(path))
    assert name == "arena_export"
    counts = Counter(c.name for c in cards)
    assert len(cards) == 60
    assert counts["Lightning Bolt"] == 4 and counts["Mountain"] == 23 and counts["Havoc Devils"] == 2
    assert "Electrickery" not in counts  # sideboard cards are not in the main deck
    entries = parse_deck_text(path.read_text(encoding="utf-8"), str(path))
    assert (4, "Lightning Bolt", 2) in entries
    assert all("(" not in entry_name for _, entry_name, _ in entries)


def test_plain_sideboard_section_and_x_counts_parse():
    name, cards = load_deck(str(FIXTURES / "with_sideboard.txt"))
    counts = Counter(c.name for c in cards)
    assert len(cards) == 60
    assert counts["Grizzly Bears"] == 4 and counts["Forest"] == 24
    assert "Plummet" not in counts and "Nourish" not in counts


def test_fixture_card_file_is_a_json_list_of_card_objects():
    data = json.loads((FIXTURES / "unsupported_cards.json").read_text(encoding="utf-8"))
    assert [obj["name"] for obj in data] == ["Panopticon"]
