"""'Tap another untapped Rogue you control: ...', 'Tap five untapped Elves you control: ...' (CR 602.2b, 118.3,
701.26a): a cost paid by tapping that many untapped permanents of that kind; "another" excludes the source; summoning
sickness doesn't matter (302.6 is about a creature's own {T})."""

from __future__ import annotations

from board import activations, alice_battlefield, assert_creature_lines_round_trip


def _creature(name, subtype, text=""):
    return {"name": name, "manaCost": "{G}", "type": f"Creature — {subtype}", "types": ["Creature"],
            "subtypes": [subtype], "supertypes": [], "text": text, "power": "1", "toughness": "1"}


SNEAK = _creature("Test Sneak", "Rogue", "Tap another untapped Rogue you control: Test Sneak can't be blocked this "
                                         "turn.")
VOICE = _creature("Test Voice", "Human", "Tap five untapped Elves you control: Create a 7/7 green Elemental creature "
                                         "token with trample.")
ROGUE = _creature("Test Rogue", "Rogue")
ELF = _creature("Test Elf", "Elf")
CARDS = [SNEAK, VOICE, ROGUE, ELF]


def _game(battlefield):
    return alice_battlefield(battlefield, CARDS)


def test_readers_and_renderers_round_trip():
    assert_creature_lines_round_trip((SNEAK, VOICE))


def test_118_3_another_excludes_the_source():
    assert activations(_game(["Test Sneak"])) == []
    game = _game(["Test Sneak", "Test Rogue"])
    (option,) = activations(game)
    assert [game.card(e).name for e in option.tapped] == ["Test Rogue"]
    game.apply(option)
    (rogue,) = [e for e in game.battlefield() if game.card(e).name == "Test Rogue"]
    assert game.table.get(rogue, "tapped")


def test_118_3_five_untapped_elves_four_are_not_enough():
    assert activations(_game(["Test Voice"] + ["Test Elf"] * 4)) == []
    game = _game(["Test Voice"] + ["Test Elf"] * 5)
    (option,) = activations(game)  # alike Elves: one choice
    game.apply(option)
    elves = [e for e in game.battlefield() if game.card(e).name == "Test Elf"]
    assert all(game.table.get(e, "tapped") for e in elves)
