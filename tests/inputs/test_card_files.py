"""Card files in every MTGJSON shape (issue 14.1), made in the test: AtomicCards, a set file, AllPrintings and a
plain list, with faces as separate objects, repeated printings and accented names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from content.card_files import CardFileWarning, load_card_files, read_card_entries
from content.card_pool import builtin_pool, name_key
from content.decks import read_deck
from ecs.cli import main
from ecs.errors import CardDataError, DeckError, InputFileError, MtgError

SURTR = {"name": "Surtr, Fiery Jötun", "manaCost": "{3}{R}{R}", "type": "Legendary Creature — Giant God Warrior",
         "power": "5", "toughness": "5", "layout": "normal",
         "text": "Trample (This creature can deal excess combat damage to the player it's attacking.)\n"
                 "Whenever you cast a historic spell, Surtr deals 3 damage to any target. "
                 "(Artifacts, legendaries, and Sagas are historic.)"}
EIDOLON = {"name": "Eidolon of the Great Revel", "manaCost": "{R}{R}", "type": "Enchantment Creature — Spirit",
           "power": "2", "toughness": "2", "layout": "normal",
           "text": "Whenever a player casts a spell with mana value 3 or less, this creature deals 2 damage to that "
                   "player."}
FUSE = "\nFuse (You may cast one or both halves of this card from your hand.)"
# A split card as MTGJSON set files give it: one object per half, full name, faceName and side.
WEAR = {"name": "Wear // Tear", "faceName": "Wear", "side": "a", "manaCost": "{1}{R}", "type": "Instant",
        "text": "Destroy target artifact." + FUSE, "layout": "split"}
TEAR = {"name": "Wear // Tear", "faceName": "Tear", "side": "b", "manaCost": "{W}", "type": "Instant",
        "text": "Destroy target enchantment." + FUSE, "layout": "split"}
# A transforming double-faced card (CR 712), each face its own object.
FARMER = {"name": "Desperate Farmer // Depraved Harvester", "faceName": "Desperate Farmer", "side": "a",
          "manaCost": "{2}{B}", "type": "Creature — Human Peasant", "power": "2", "toughness": "2",
          "text": "Lifelink\nWhen another creature you control dies, transform this creature.", "layout": "transform"}
HARVESTER = {"name": "Desperate Farmer // Depraved Harvester", "faceName": "Depraved Harvester", "side": "b",
             "type": "Creature — Human Knight", "power": "4", "toughness": "3", "text": "Lifelink",
             "layout": "transform"}
UNKNOWN_POWER = {"name": "Question Mark Golem", "manaCost": "{3}", "type": "Artifact Creature — Golem", "power": "?",
                 "toughness": "3", "text": "", "layout": "normal"}
CARDS = [SURTR, EIDOLON, WEAR, TEAR, FARMER, HARVESTER, UNKNOWN_POWER]


def _printing(card: dict, set_code: str) -> dict:
    """The same card as another printing carries it (extra fields a loader must ignore)."""
    return {**card, "setCode": set_code, "uuid": f"{set_code}-{card.get('faceName', card['name'])}",
            "foreignData": [{"language": "German", "name": "x"}], "legalities": {"vintage": "Legal"}}


def _shapes(tmp_path: Path) -> dict[str, Path]:
    atomic: dict[str, list[dict]] = {}
    for card in CARDS:
        atomic.setdefault(card["name"], []).append(card)
    shapes = {
        "atomic": {"meta": {"version": "5"}, "data": atomic},
        "set": {"meta": {}, "data": {"code": "TST", "name": "Test Set", "booster": {"default": {}},
                                     "tokens": [{"name": "Treasure", "type": "Token Artifact — Treasure"}],
                                     "cards": [_printing(c, "TST") for c in CARDS] + [_printing(SURTR, "TST")]}},
        "allprintings": {"meta": {}, "data": {
            "AAA": {"code": "AAA", "cards": [_printing(c, "AAA") for c in reversed(CARDS)], "tokens": []},
            "BBB": {"code": "BBB", "cards": [_printing(c, "BBB") for c in CARDS], "sealedProduct": [{"name": "x"}]}}},
        "list": [*CARDS, *CARDS],
    }
    paths = {}
    for shape, data in shapes.items():
        paths[shape] = tmp_path / f"{shape}.json"
        paths[shape].write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return paths


@pytest.mark.parametrize("shape", ["atomic", "set", "allprintings", "list"])
def test_every_mtgjson_shape_gives_the_same_cards_with_faces_joined(tmp_path, shape):
    path = _shapes(tmp_path)[shape]
    entries = read_card_entries(path)
    assert sorted(e.name for e in entries) == sorted({c["name"] for c in CARDS})  # printings collapse to one
    pool = load_card_files([path])
    wear = pool.get("Wear // Tear")
    assert wear.layout == "split" and [f.name for f in wear.faces] == ["Wear", "Tear"]  # CR 709
    farmer = pool.get("Desperate Farmer")
    assert farmer.layout == "transform" and [f.name for f in farmer.faces] == ["Desperate Farmer",
                                                                                "Depraved Harvester"]  # CR 712
    assert pool.get("Surtr, Fiery Jötun").power.base == 5


def test_names_match_as_players_type_them(tmp_path):
    pool = load_card_files([_shapes(tmp_path)["list"]])
    surtr = pool.get("Surtr, Fiery Jötun")
    for typed in ("Surtr, Fiery Jotun", "surtr, fiery jötun", "SURTR FIERY JOTUN"):
        assert pool.get(typed) is surtr
    assert pool.get("Tear") is pool.get("Wear // Tear") is pool.get("wear//tear")  # either half (709)
    assert pool.get("Depraved Harvester") is pool.get("Desperate Farmer // Depraved Harvester")  # either face
    assert name_key("Lim-Dûl’s Vault") == name_key("Lim-Dul's Vault") == name_key("lim dul's vault")
    assert name_key("Æther Vial") == name_key("Aether Vial")


def test_question_mark_power_refuses_that_card_with_its_reason_and_not_the_file(tmp_path):
    pool = load_card_files([_shapes(tmp_path)["atomic"]])
    with pytest.raises(CardDataError, match=r"Question Mark Golem.*power/toughness '\?'"):
        pool.get("Question Mark Golem")
    assert pool.get("Eidolon of the Great Revel").name == "Eidolon of the Great Revel"


def test_a_card_field_of_the_wrong_type_names_the_field(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{**EIDOLON, "text": 7}, {**SURTR, "manaCost": ["{R}"]}]), encoding="utf-8")
    pool = load_card_files([path])
    with pytest.raises(CardDataError, match="field 'text' must be text, got a number"):
        pool.get("Eidolon of the Great Revel")
    with pytest.raises(CardDataError, match="field 'manaCost' must be text, got a list"):
        pool.get("Surtr, Fiery Jötun")


def test_the_later_file_wins_with_a_warning(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps([SURTR]), encoding="utf-8")
    second.write_text(json.dumps([{**SURTR, "power": "6"}]), encoding="utf-8")
    with pytest.warns(CardFileWarning, match="also defined in"):
        pool = load_card_files([first, second])
    assert pool.get("Surtr, Fiery Jotun").power.base == 6
    assert "Surtr, Fiery Jötun" not in builtin_pool()  # the built-in pool is unchanged


def test_a_deck_with_unknown_and_unsupported_cards_is_refused_once_listing_each(tmp_path):
    pool = load_card_files([_shapes(tmp_path)["set"]])
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Surtr, Fiery Jotun\n4 Question Mark Golem\n4 Lightnin Bolt\n48 Mountain\n", encoding="utf-8")
    with pytest.raises(DeckError) as err:
        read_deck(str(deck), pool)
    message = str(err.value)
    assert "2 card(s)" in message and "line 2" in message and "'?'" in message
    assert "line 3: unknown card 'Lightnin Bolt'; did you mean 'Lightning Bolt'" in message


@pytest.mark.parametrize(("content", "match"), [
    (b"", "empty"),
    (b"\x00\x01\x02binary", "binary|not a JSON"),
    (b"\xff\xfe[\x00]\x00", "UTF-16"),
    (b'[{"name": "\xff"}]', "not a valid JSON"),
    (b"[" * 5000, "not a valid JSON|nested"),
    (b'{"data": 5}', "no card objects"),
    (b'[1, 2]', r"\[0\]: a card must be an object"),
    (b'{"data": {"cards": [{"nom": 1}]}}', r"data.cards\[0\]: a card needs a 'name'"),
])
def test_a_bad_card_file_is_one_clean_error_naming_the_file(tmp_path, content, match):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(MtgError, match=match) as err:
        load_card_files([path])
    assert str(path) in str(err.value) or "cards.json" in str(err.value)


def test_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps([SURTR]).encode())
    assert load_card_files([path]).get("Surtr, Fiery Jotun").name == "Surtr, Fiery Jötun"


def test_a_missing_card_file_is_an_input_error(tmp_path):
    with pytest.raises(InputFileError, match="cannot read card file"):
        load_card_files([tmp_path / "nope.json"])


def test_simulate_with_cards_plays_an_arena_export(tmp_path, capsys):
    cards = _shapes(tmp_path)["atomic"]
    deck = tmp_path / "my.txt"
    deck.write_text("About\nName Jotun Red\n\nDeck\n4 Surtr, Fiery Jotun (KHM) 1\n4 Eidolon of the Great Revel (JOU) 94\n"
                    "4 Lightning Bolt (M11) 149\n24 Mountain (ZNR) 278\n24 Shock (M19) 156\n\nSideboard\n"
                    "2 Question Mark Golem (XXX) 1\n", encoding="utf-8")
    out = tmp_path / "report.json"
    code = main(["simulate", "--cards", str(cards), "--decks", str(deck), "red_green_aggro", "--games", "2",
                 "--no-progress", "--no-validate", "--max-turns", "8", "--json", str(out)])
    assert code == 0, capsys.readouterr().err
    assert json.loads(out.read_text())["games"] == 2


def test_a_save_of_a_game_with_file_cards_carries_them_and_replays(tmp_path, capsys):
    cards = _shapes(tmp_path)["list"]
    deck = tmp_path / "my.txt"
    deck.write_text("4 Surtr, Fiery Jotun\n4 Eidolon of the Great Revel\n4 Desperate Farmer\n4 Wear // Tear\n"
                    "24 Mountain\n20 Swamp\n", encoding="utf-8")
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--cards", str(cards), "--decks", str(deck), "red_green_aggro",
                 "--max-turns", "12", "--save", str(save)]) == 0
    played = capsys.readouterr().out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert {o["name"] for o in data["origin"]["cards"]} == {
        "Surtr, Fiery Jötun", "Eidolon of the Great Revel", "Desperate Farmer // Depraved Harvester", "Wear // Tear"}
    assert main(["replay", str(save)]) == 0  # no --cards needed: the save carries them
    assert capsys.readouterr().out == played
