"""The card loader (JSON lists and AtomicCards, multi-face layouts) and `mtg-ecs cards check`.

The fixtures are real card objects copied from the development card file (tests never read
/work/shared): tests/fixtures/oracle/cards50.json (a list) and cards50_atomic.json (AtomicCards,
with a split card whose two halves are present).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from content.card_pool import card_from_json, card_groups, load_card_file
from content.oracle import UnsupportedCardError
from content.oracle.report import check, check_file, roundtrip_normal
from content.oracle.text import statistic_key
from ecs.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures" / "oracle"
LIST = FIXTURES / "cards50.json"
ATOMIC = FIXTURES / "cards50_atomic.json"


def test_both_file_shapes_load_the_same_cards():
    listed = load_card_file(LIST, strict=False)
    atomic = load_card_file(ATOMIC, strict=False)
    assert len(json.loads(LIST.read_text())) == 50
    assert set(listed.cards) <= set(atomic.cards)
    assert set(listed.unsupported) == set(atomic.unsupported)
    assert "Generous Stray" in listed and "Day of Judgment" in listed


def test_unsupported_cards_keep_their_reason_and_strict_loading_raises():
    pool = load_card_file(LIST, strict=False)
    assert "roll X d6" in pool.unsupported["Neverwinter Hydra"]  # a line the compiler doesn't read
    with pytest.raises(UnsupportedCardError):
        pool.get("Neverwinter Hydra")
    with pytest.raises(UnsupportedCardError):
        load_card_file(LIST)


def test_709_a_split_card_without_both_halves_is_refused_with_the_reason():
    obj = next(o for o in json.loads(LIST.read_text()) if o["name"] == "Life // Death")
    with pytest.raises(UnsupportedCardError, match="split card .* other face or half is not in the data"):
        card_from_json(obj)


def test_715_and_712_missing_faces_and_lone_back_faces_are_refused():
    objs = {o["name"]: o for o in json.loads(LIST.read_text())}
    with pytest.raises(UnsupportedCardError, match="adventurer card"):
        card_from_json(objs["Hezrou // Demonic Stench"])
    with pytest.raises(UnsupportedCardError, match="back face of 'Baithook Angler'"):
        card_from_json(objs["Hook-Haunt Drifter"])


def test_atomic_cards_faces_are_grouped():
    groups = dict((front["name"], rest) for front, rest in card_groups(json.loads(ATOMIC.read_text())))
    assert len(groups["Wax // Wane"]) == 1


def test_a_back_face_joins_its_front_in_a_list():
    front = {"name": "Test Front // Test Back", "manaCost": "{1}", "type": "Creature — Human", "power": "1",
             "toughness": "1", "text": "", "layout": "transform"}
    back = {"name": "Test Back", "face": "back", "front": "Test Front", "manaCost": None, "type": "Creature — Horror",
            "power": "3", "toughness": "3", "text": "Trample", "layout": "transform"}
    (group,) = card_groups([front, back])
    assert group[1] == [back]


def test_cards_check_report_counts_and_json_shape(capsys):
    assert main(["cards", "check", str(LIST), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"cards", "supported", "abilities", "abilities_supported", "unsupported"}
    assert out["cards"] == 50 and out["supported"] + len(out["unsupported"]) == 50
    assert out["abilities"] >= out["abilities_supported"] > 0
    assert all(set(u) == {"name", "reason"} for u in out["unsupported"])


def test_cards_check_text_summary_lists_common_unsupported_texts(capsys):
    assert main(["cards", "check", str(LIST), "--top", "3"]) == 0
    text = capsys.readouterr().out
    assert "fully supported" in text and "the 3 most common unsupported ability texts" in text


def test_cards_check_roundtrip(capsys):
    assert main(["cards", "check", str(LIST), "--roundtrip"]) == 0
    assert "round trip:" in capsys.readouterr().out
    report = check_file(LIST, roundtrip=True)
    assert report.roundtrip_checked == report.supported
    assert report.roundtrip_exact >= 0.8 * report.roundtrip_checked


def test_statistic_keys_write_numbers_as_n():
    assert statistic_key("~ deals 3 damage to any target.") == "~ deals N damage to any target."
    assert statistic_key("Equip {2}") == "Equip {N}"


def test_roundtrip_normalisation_is_about_spelling_only():
    assert roundtrip_normal("Whenever ~ attacks, draw a card.") == roundtrip_normal("When ~ attacks, draw a card")
    assert roundtrip_normal("target creature you don't control") == roundtrip_normal(
        "target creature an opponent controls")


def test_non_game_cards_are_refused():
    plane = {"name": "Test Plane", "manaCost": None, "type": "Plane — Dominaria", "text": "Whenever you roll {CHAOS}, "
             "draw a card."}
    report = check([plane])
    assert report.supported == 0 and "supplementary casual format" in report.unsupported[0]["reason"]


def test_the_report_is_fast_enough_for_large_files():
    """`cards check` must do 35,000 cards in under 2 minutes: 50 cards take far less than 0.17 s."""
    import time

    data = json.loads(LIST.read_text())
    check(data)  # warm up: the one-time (lazy) imports of the compiler and the mechanic modules are not per-card work
    start = time.perf_counter()
    check(data * 4)
    assert time.perf_counter() - start < 2.0
