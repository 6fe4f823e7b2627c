"""Every reader, fed arbitrary bytes or arbitrary JSON, gives a valid result or one clean error: an MtgError (a
ValueError subclass whose message names the file, line or field), nothing else (issue 15.2)."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from components.card import CardDef
from content.card_files import groups_from_json, read_card_entries
from content.card_pool import TEXT_FIELDS, CardEntry
from content.decks import parse_deck_list, read_deck
from ecs.errors import MtgError
from ecs.game import Game
from ecs.input_files import read_json
from ecs.saves import FORMAT, ORIGIN_KEYS
from ecs.scenario import TOP_KEYS, ScenarioResult, run_file

SETTINGS = settings(max_examples=int(__import__("os").environ.get("READER_EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=30), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=20)
# Values a card field might hold: the right type, mostly, and plausible text.
FIELD_TEXT = st.sampled_from(["", "?", "*", "1+*", "X", "{1}{G}", "{G/P}", "{", "Creature — Bear", "Instant",
                              "Legendary Planeswalker — Jace", "Flying", "{T}: Add {G}.", "split", "transform",
                              "adventure", "a", "b", "Turn // Burn", "Turn", "back"])
CARD = st.dictionaries(st.sampled_from(TEXT_FIELDS + ("colorIndicator", "faces")), FIELD_TEXT | JSON, max_size=8)


def _temp_file(content: bytes, suffix: str) -> Path:
    with tempfile.NamedTemporaryFile("wb", suffix=suffix, delete=False) as handle:
        handle.write(content)
    return Path(handle.name)


def _every_card_compiles_or_is_refused(entries: list[CardEntry]) -> None:
    for entry in entries:
        with contextlib.suppress(MtgError):
            assert isinstance(entry.card(), CardDef)


@SETTINGS
@given(st.binary(max_size=300) | st.builds(lambda v: json.dumps(v).encode(), JSON))
def test_a_card_file_of_any_bytes_loads_or_is_refused_cleanly(content):
    path = _temp_file(content, ".json")
    try:
        entries = read_card_entries(path)
    except MtgError as exc:
        assert path.name in str(exc)
    else:
        _every_card_compiles_or_is_refused(entries)
    finally:
        path.unlink()


@SETTINGS
@given(st.lists(CARD, max_size=4) | st.dictionaries(st.text(max_size=8), st.lists(CARD, max_size=3), max_size=3)
       .map(lambda d: {"data": d}) | st.builds(lambda cards: {"data": {"cards": cards}}, st.lists(CARD, max_size=3))
       | JSON)
def test_card_json_of_any_shape_loads_or_is_refused_cleanly(data):
    try:
        groups = groups_from_json(data, "test")
    except MtgError:
        return
    _every_card_compiles_or_is_refused([CardEntry(front, faces, where) for (front, faces), where in groups])


@SETTINGS
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode)
       | st.lists(st.tuples(st.integers(-5, 10**25), st.sampled_from(["Forest", "Shock", "Sideboard", "Deck",
                                                                       "Nope", "(M11) 1", ""])), max_size=5)
       .map(lambda lines: "\n".join(f"{n} {name}" for n, name in lines).encode()))
def test_a_deck_file_of_any_bytes_reads_or_is_refused_cleanly(content):
    path = _temp_file(content, ".txt")
    try:
        deck = read_deck(str(path), format="constructed")
    except MtgError:
        pass
    else:
        assert all(isinstance(c, CardDef) for c in deck.cards)
    finally:
        path.unlink()


@SETTINGS
@given(st.text(max_size=300))
def test_deck_text_parses_or_is_refused_cleanly(text):
    try:
        parse_deck_list(text, "deck.txt")
    except MtgError as exc:
        assert "deck.txt" in str(exc)


SCENARIO = st.dictionaries(st.sampled_from(sorted(TOP_KEYS)), JSON, max_size=5).map(
    lambda d: {**d, "name": "x", "players": d.get("players", [{"name": "a"}, {"name": "b"}])})


@SETTINGS
@given(st.binary(max_size=200).map(lambda b: (b, ".yaml")) | st.binary(max_size=200).map(lambda b: (b, ".json"))
       | SCENARIO.map(lambda d: (json.dumps(d).encode(), ".json")) | JSON.map(lambda d: (json.dumps(d).encode(), ".yaml")))
def test_a_scenario_file_of_any_bytes_runs_or_is_invalid_cleanly(case):
    content, suffix = case
    path = _temp_file(content, suffix)
    try:
        result = run_file(path)  # never raises: a bad file is an invalid result naming the file
        assert isinstance(result, ScenarioResult)
        if result.invalid:
            assert str(path) in result.failure or "actions" in result.failure or "expect" in result.failure
    finally:
        path.unlink()


SAVE = st.fixed_dictionaries({
    "format": st.just(FORMAT) | JSON,
    "origin": st.dictionaries(st.sampled_from(sorted(ORIGIN_KEYS)), JSON, max_size=6).map(
        lambda o: {"kind": "new_game", "decks": [["Forest"] * 3, ["Shock"]], "names": ["a", "b"], "seed": 1, **o}),
    "actions": st.lists(st.integers(-2, 5), max_size=5) | JSON})


@SETTINGS
@given(SAVE | JSON)
def test_a_save_of_any_json_replays_or_is_refused_cleanly(data):
    try:
        game = Game.from_json(data, "save.json")
    except MtgError as exc:
        assert "save.json" in str(exc)
    else:
        assert isinstance(game, Game)


@SETTINGS
@given(st.binary(max_size=200))
def test_a_json_file_of_any_bytes_reads_or_is_refused_cleanly(content):
    path = _temp_file(content, ".json")
    try:
        read_json(path, "saved game")
    except MtgError as exc:
        assert str(path) in str(exc)
    finally:
        path.unlink()
