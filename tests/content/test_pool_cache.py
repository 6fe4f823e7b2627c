"""The compiled-card cache (content/pool_cache.py, issue 11 "fast start"): keyed on the card file and the engine,
rebuilt when corrupt, skipped when it can't be written, off with MTG_ECS_NO_CACHE; cards read back equal the
compiled ones and play the same games."""

from __future__ import annotations

import json
import pickle

import pytest

from content import pool_cache
from content.card_files import read_card_entries
from content.card_pool import BUILTIN_CARDS, CardPool
from content.decks import load_deck
from ecs import RandomAgent, new_game, play_out

BEARS = {"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "text": "",
         "power": "2", "toughness": "2"}
KNIGHT = {"name": "Test Knight", "manaCost": "{W}{W}", "type": "Creature — Human Knight",
          "text": "First strike\nWhenever Test Knight attacks, you gain 1 life.", "power": "2", "toughness": "2"}
BROKEN = {"name": "Test Broken", "manaCost": "{1}", "type": "Artifact", "text": "Xyzzy the plugh."}


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    directory = tmp_path / "cache"
    monkeypatch.setenv(pool_cache.ENV_DIR, str(directory))
    monkeypatch.delenv(pool_cache.ENV_OFF, raising=False)
    return directory


def _card_file(tmp_path, cards, name="cards.json"):
    path = tmp_path / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def _compile_all(path):
    """Read a card file and compile each card as a game would; returns {name: card or error text}."""
    out = {}
    for entry in read_card_entries(path):
        try:
            out[entry.name] = entry.card()
        except Exception as exc:  # noqa: BLE001 - the refusal is part of what is cached
            out[entry.name] = f"{type(exc).__name__}: {exc}"
    return out


def test_a_second_read_takes_the_cards_from_the_cache(cache_dir, tmp_path, monkeypatch):
    path = _card_file(tmp_path, [BEARS, KNIGHT, BROKEN])
    fresh = _compile_all(path)
    pool_cache.flush()
    assert len(list(cache_dir.glob("cards-*.pickle"))) == 1
    import content.card_pool as card_pool

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled although the cache has the card")

    monkeypatch.setattr(card_pool, "card_from_json", no_compiling)
    cached = _compile_all(path)
    assert cached == fresh  # the same cards (dataclass equality, abilities included) and the same refusal
    assert isinstance(cached["Test Knight"], type(fresh["Grizzly Bears"]))
    assert cached["Test Broken"].startswith("UnsupportedCardError") or cached["Test Broken"].startswith("CardData")


def test_a_second_read_takes_the_card_file_from_the_cache_without_parsing_it(cache_dir, tmp_path, monkeypatch):
    path = _card_file(tmp_path, [BEARS, KNIGHT, BROKEN])
    first = [(e.name, e.front, e.faces, e.where) for e in read_card_entries(path)]
    pool_cache.flush()
    import content.card_files as card_files

    def no_parsing(*args, **kwargs):
        raise AssertionError("parsed although the cache has the file's cards")

    with monkeypatch.context() as patched:
        patched.setattr(card_files, "_stream_into", no_parsing)
        again = [(e.name, e.front, e.faces, e.where) for e in read_card_entries(path)]
        assert again == first
        assert _compile_all(path)["Grizzly Bears"].power.base == 2
    # the same bytes under another name with the same stem (so the same cache file): each card's place names the
    # file read
    other = _card_file(tmp_path, [BEARS, KNIGHT, BROKEN], name="cards.txt")
    assert [e.where for e in read_card_entries(other)] == [w.replace("cards.json", "cards.txt") for *_, w in first]
    assert len(list(cache_dir.glob("cards-*.pickle"))) == 1


def test_a_damaged_list_of_parsed_cards_is_parsed_again(cache_dir, tmp_path):
    path = _card_file(tmp_path, [BEARS])
    read_card_entries(path)
    pool_cache.flush()
    cache_file = cache_dir / f"cards-{pool_cache.file_key(path)}.pickle"
    with cache_file.open("rb") as fh:
        stored = pickle.load(fh)
    (key,) = [key for key in stored if not isinstance(key, str)]
    stored[key] = [("not", "a card")]
    cache_file.write_bytes(pickle.dumps(stored))
    assert [e.name for e in read_card_entries(path)] == ["Grizzly Bears"]


def test_the_key_changes_when_the_card_file_changes(cache_dir, tmp_path):
    path = _card_file(tmp_path, [BEARS])
    before = pool_cache.file_key(path)
    assert pool_cache.file_key(path) == before  # stable for the same bytes and engine
    path.write_text(json.dumps([{**BEARS, "power": "3"}]), encoding="utf-8")
    assert pool_cache.file_key(path) != before
    _compile_all(path)
    pool_cache.flush()
    # the changed file's card is compiled from its new text, not read from the old file's cache
    assert _compile_all(path)["Grizzly Bears"].power.base == 3


def test_the_key_changes_when_the_engine_changes(cache_dir, tmp_path, monkeypatch):
    path = _card_file(tmp_path, [BEARS])
    before = pool_cache.file_key(path)
    monkeypatch.setattr(pool_cache, "_engine_key", "another engine")
    assert pool_cache.file_key(path) != before


def test_the_engine_key_reads_every_engine_source_file(monkeypatch):
    import os

    source = pool_cache._ROOT / "systems" / "mechanics" / "saga.py"  # a file two folders down
    stat = source.stat()
    monkeypatch.setattr(pool_cache, "_engine_key", None)
    before = pool_cache.engine_key()
    try:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        monkeypatch.setattr(pool_cache, "_engine_key", None)
        assert pool_cache.engine_key() != before  # an edited mechanic is another engine
    finally:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    monkeypatch.setattr(pool_cache, "_engine_key", None)
    assert pool_cache.engine_key() == before


def test_a_corrupt_cache_is_ignored_and_rebuilt(cache_dir, tmp_path):
    path = _card_file(tmp_path, [BEARS, KNIGHT])
    cache_file = cache_dir / f"cards-{pool_cache.file_key(path)}.pickle"
    cache_dir.mkdir()
    cache_file.write_bytes(b"\x80\x05 this is not a pickle")
    cards = _compile_all(path)
    assert cards["Grizzly Bears"].name == "Grizzly Bears"
    pool_cache.flush()
    with cache_file.open("rb") as fh:
        rebuilt = pickle.load(fh)
    assert {key for key in rebuilt if isinstance(key, str)} == {"Grizzly Bears", "Test Knight"}
    # a well-formed file with a bad entry: that card is compiled again, the others still read
    rebuilt["Test Knight"] = ("card", b"garbage")
    cache_file.write_bytes(pickle.dumps(rebuilt))
    assert _compile_all(path) == cards


def test_no_cache_opt_out(cache_dir, tmp_path, monkeypatch):
    monkeypatch.setenv(pool_cache.ENV_OFF, "1")
    path = _card_file(tmp_path, [BEARS])
    assert all(entry.cache is None for entry in read_card_entries(path))
    _compile_all(path)
    pool_cache.flush()
    assert not cache_dir.exists()


def test_an_unwritable_cache_directory_is_skipped_quietly(tmp_path, monkeypatch, recwarn, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(pool_cache.ENV_DIR, str(blocker / "cache"))  # can't be created, even by root
    monkeypatch.delenv(pool_cache.ENV_OFF, raising=False)
    path = _card_file(tmp_path, [BEARS])
    assert _compile_all(path)["Grizzly Bears"].name == "Grizzly Bears"
    pool_cache.flush()  # no exception, no warning, no output
    assert not (blocker / "cache").exists()
    assert len(recwarn) == 0 and capsys.readouterr() == ("", "")


def test_cached_builtin_cards_play_the_same_game_as_compiled_ones(cache_dir):
    names = [name for deck in ("red_green_aggro", "white_blue_skies") for name in
             (card.name for card in load_deck(deck)[1])]

    def decks_from(entries):
        pool = CardPool()
        for entry in entries:
            pool.add(entry)
        cards = [pool.get(n) for n in names]
        return [cards[:len(cards) // 2], cards[len(cards) // 2:]]

    fresh = decks_from(read_card_entries(BUILTIN_CARDS, external=False))
    pool_cache.flush()
    cached = decks_from(read_card_entries(BUILTIN_CARDS, external=False))
    assert all(a == b and a is not b for a, b in zip(fresh[0] + fresh[1], cached[0] + cached[1], strict=True))
    games = []
    for decks in (fresh, cached):
        game = new_game(decks, 7, log=False)
        play_out(game, [RandomAgent(1), RandomAgent(2)])
        games.append((game.history, game.result))
    assert games[0] == games[1]


def test_a_deck_read_from_a_given_pool_compiles_only_its_own_cards(tmp_path, monkeypatch):
    """Issue 11 (fast start): reading a deck against a pool compiles the deck's cards when first used, not the
    whole pool (``read_deck(..., pool)`` once asked the pool for its length, which compiles every card)."""
    import content.card_pool as card_pool
    from content.card_files import load_card_files
    from content.decks import read_deck

    monkeypatch.setenv(pool_cache.ENV_OFF, "1")
    compiled: list[str] = []
    real = card_pool.card_from_json

    def counting(obj, *args, **kwargs):
        compiled.append(str(obj.get("name")))
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(card_pool, "card_from_json", counting)
    pool = load_card_files([_card_file(tmp_path, [BEARS, KNIGHT, BROKEN])], base=CardPool())
    deck_file = tmp_path / "bears.txt"
    deck_file.write_text("20 Grizzly Bears\n", encoding="utf-8")
    deck = read_deck(str(deck_file), pool)
    assert [c.name for c in deck.cards] == ["Grizzly Bears"] * 20
    assert compiled == ["Grizzly Bears"]
    assert pool  # a pool is true whatever it holds, without compiling anything
    assert compiled == ["Grizzly Bears"]


def test_a_process_reading_its_cards_from_the_cache_does_not_load_the_compiler(tmp_path):
    """Issue 11 (fast start): with every card of a game in the compiled-card cache, a new process plays the game
    without importing the Oracle compiler (content/oracle/compiler.py and its readers, content/oracle/effects.py among
    them, which the mechanic modules the game discovers for its hooks register their clause readers beside, not
    with) or the JSON stream reader (ijson: the card file's cards come from the cache too), which the first process,
    compiling the cards, does import."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = ("import sys\n"
              "from content.decks import load_deck\n"
              "from ecs import RandomAgent, new_game, play_out\n"
              "decks = [load_deck('red_green_aggro')[1], load_deck('white_blue_skies')[1]]\n"
              "play_out(new_game(decks, 1, log=False), [RandomAgent(8), RandomAgent(9)])\n"
              "from content.registry import ensure_discovered\n"
              "ensure_discovered()  # every mechanic module, as a game's first hook loads them\n"
              "from content.double_faced import face_down_card\n"
              "face_down_card(False)  # a morph's face-down characteristics (708.2a), as its first game builds them\n"
              "print('content.oracle.compiler' in sys.modules, 'content.oracle.effects' in sys.modules,\n"
              "      'ijson' in sys.modules)\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, **{pool_cache.ENV_DIR: str(tmp_path / "cache")}, PYTHONPATH=str(root))
    env.pop(pool_cache.ENV_OFF, None)

    def loaded() -> str:
        return subprocess.run([sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True,
                              check=True, timeout=120).stdout.strip()

    assert loaded() == "True True True"  # compiling the decks' cards
    assert loaded() == "False False False"  # every card read back from the cache
