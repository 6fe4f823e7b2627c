"""Deck files as players have them (issue 14.2): byte-order marks, Arena exports with every section, MTGO .dek
files, and legality per format (CR 100.2a-b, 100.4a, 903.4-903.5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from components.characteristics import Color
from content.card_files import load_card_files
from content.decks import color_identity, copy_limit, read_deck
from ecs.cli import main
from ecs.errors import DeckError, InputFileError

RED = "20 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Minotaur\n4 Gray Ogre\n4 Nest Robber\n"


def _write(tmp_path: Path, text: str | bytes, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_a_byte_order_mark_is_ignored(tmp_path):
    deck = read_deck(str(_write(tmp_path, b"\xef\xbb\xbf" + (RED + "20 Mountain\n").encode())))
    assert len(deck.cards) == 60 and deck.cards[0].name == "Mountain"


def test_arena_export_sections(tmp_path):
    text = ("About\nName Burn It All\n\nCommander\n1 Gray Ogre (M19) 145\n\nCompanion\n1 Shock (M19) 156\n\n"
            "Deck\n4 Lightning Bolt (M11) 149\n36 Mountain (ZNR) 278 *F*\n\nSideboard\n3 Shock (M19) 156\n")
    deck = read_deck(str(_write(tmp_path, text)))
    listing = deck.listing
    assert listing.name == "Burn It All"
    assert [(e.count, e.name) for e in listing.commander] == [(1, "Gray Ogre")]
    assert [(e.count, e.name) for e in listing.companion] == [(1, "Shock")]
    assert [(e.count, e.name) for e in listing.sideboard] == [(3, "Shock")]
    assert len(deck.cards) == 40 and {c.name for c in deck.cards} == {"Lightning Bolt", "Mountain"}


def test_mtgo_dek_file(tmp_path):
    text = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            '  <NetDeckID>0</NetDeckID>\n'
            '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />\n'
            '  <Cards CatID="2" Quantity="56" Sideboard="false" Name="Mountain" Annotation="0" />\n'
            '  <Cards CatID="3" Quantity="2" Sideboard="true" Name="Shock" Annotation="0" />\n</Deck>\n')
    deck = read_deck(str(_write(tmp_path, text, "burn.dek")), format="constructed")
    assert len(deck.cards) == 60 and [(e.count, e.name) for e in deck.listing.sideboard] == [(2, "Shock")]


@pytest.mark.parametrize(("text", "match"), [
    ("99999999999999999999 Forest\n", r"line 1: the count 99999999999999999999 must be between 1 and 1000"),
    ("0 Forest\n", "line 1: the count 0 must be between 1 and 1000"),
    ("4 Forest\nForest x4\n", "line 2: expected 'COUNT CARD NAME'"),
    ("// only a comment\n", "the deck has no cards"),
    ("<Deck><Cards Quantity='-1' Name='Forest'/></Deck>", "Quantity must be a whole number"),
    ("<Deck><Cards", "line 1: not a valid MTGO .dek"),
])
def test_a_malformed_deck_names_the_file_and_line(tmp_path, text, match):
    path = _write(tmp_path, text)
    with pytest.raises(DeckError, match=match) as err:
        read_deck(str(path))
    assert str(path) in str(err.value)


@pytest.mark.parametrize(("content", "match"), [
    (b"", "empty"), (b"4 Forest\x00\x00", "binary"), (b"4 F\xe9rest\n", "line 1: not a deck list: byte 0xe9"),
    (b"\xff\xfe4\x00", "UTF-16"),
])
def test_a_deck_file_that_is_not_text_is_refused(tmp_path, content, match):
    with pytest.raises(InputFileError, match=match):
        read_deck(str(_write(tmp_path, content)))


def test_100_2a_constructed_needs_60_cards_and_at_most_four_copies(tmp_path):
    path = _write(tmp_path, "20 Mountain\n5 Lightning Bolt\n4 Shock\n\nSideboard\n16 Gray Ogre\n")
    with pytest.raises(DeckError) as err:
        read_deck(str(path), format="constructed")
    message = str(err.value)
    assert "29 cards in the main deck; a constructed deck has at least 60 (CR 100.2a)" in message
    assert "5 copies of 'Lightning Bolt'" in message and "16 copies of 'Gray Ogre'" in message
    assert "16 cards in the sideboard; at most 15 (CR 100.4a)" in message
    assert "Mountain" not in message.split("(CR 100.2a)", 1)[1]  # basic lands: any number


def test_100_4a_the_four_card_limit_counts_the_sideboard_too(tmp_path):
    path = _write(tmp_path, RED + "20 Mountain\n\nSideboard\n1 Shock\n")
    with pytest.raises(DeckError, match="5 copies of 'Shock' in the deck and sideboard"):
        read_deck(str(path), format="constructed")


def test_100_2b_limited_needs_40_cards_and_no_copy_limit(tmp_path):
    assert len(read_deck(str(_write(tmp_path, "17 Mountain\n23 Shock\n")), format="limited").cards) == 40
    with pytest.raises(DeckError, match=r"39 cards in the main deck; a limited deck has at least 40 \(CR 100.2b\)"):
        read_deck(str(_write(tmp_path, "17 Mountain\n22 Shock\n")), format="limited")


def test_100_2a_a_card_that_says_otherwise_sets_its_own_limit():
    assert copy_limit("Relentless Rats", "A deck can have any number of cards named Relentless Rats.") is None
    assert copy_limit("Seven Dwarves", "A deck can have up to seven cards named Seven Dwarves.") == 7
    assert copy_limit("Forest", "") is None and copy_limit("Shock", "Shock deals 2 damage") == 4


def _commander_cards(tmp_path: Path) -> Path:
    cards = [
        {"name": "Krenko, Test Boss", "manaCost": "{2}{R}{R}", "type": "Legendary Creature — Goblin Warrior",
         "power": "3", "toughness": "3", "text": "", "layout": "normal"},
        {"name": "Test Hybrid Bear", "manaCost": "{1}", "type": "Creature — Bear", "power": "2",
         "toughness": "2", "text": "{G}: This creature gets +1/+1 until end of turn.", "layout": "normal"},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def test_903_4_colour_identity_includes_mana_symbols_in_the_rules_text(tmp_path):
    pool = load_card_files([_commander_cards(tmp_path)])
    assert color_identity(pool.get("Test Hybrid Bear")) == int(Color.G)  # colourless cost, {G} in its text
    assert color_identity(pool.get("Krenko, Test Boss")) == int(Color.R)


def test_903_5_commander_deck_rules(tmp_path):
    pool = load_card_files([_commander_cards(tmp_path)])
    good = _write(tmp_path, "Commander\n1 Krenko, Test Boss\n\nDeck\n1 Lightning Bolt\n98 Mountain\n", "good.txt")
    assert len(read_deck(str(good), pool, format="commander").commander) == 1
    bad = _write(tmp_path, "Commander\n1 Krenko, Test Boss\n\nDeck\n2 Lightning Bolt\n1 Test Hybrid Bear\n"
                           "95 Mountain\n", "bad.txt")
    with pytest.raises(DeckError) as err:
        read_deck(str(bad), pool, format="commander")
    message = str(err.value)
    assert "99 cards including the commander; a commander deck has exactly 100 (CR 903.5a)" in message
    assert "2 copies of 'Lightning Bolt'" in message and "(CR 903.5b)" in message
    assert "'Test Hybrid Bear' has a colour outside the commander's colour identity (CR 903.4, 903.5c)" in message
    no_commander = _write(tmp_path, "1 Lightning Bolt\n99 Mountain\n", "none.txt")
    with pytest.raises(DeckError, match=r"no commander.*\(CR 903.3\)"):
        read_deck(str(no_commander), pool, format="commander")


def test_cli_refuses_an_illegal_deck_unless_no_validate(tmp_path, capsys):
    small = _write(tmp_path, "10 Mountain\n4 Shock\n")
    assert main(["play", "--decks", str(small), "red_green_aggro", "--max-turns", "2"]) == 2
    assert "a constructed deck has at least 60" in capsys.readouterr().err
    assert main(["play", "--decks", str(small), "red_green_aggro", "--max-turns", "2", "--no-validate"]) == 0
    capsys.readouterr()
    assert main(["play", "--decks", str(small), "red_green_aggro", "--format", "limited"]) == 2
    assert "at least 40" in capsys.readouterr().err
