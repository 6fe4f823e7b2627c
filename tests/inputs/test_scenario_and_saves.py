"""The scenario runner as a user expects it (issue 15.5) and saves that stay readable (issue 15.3)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ecs.cli import main
from ecs.errors import SaveError
from ecs.game import Game
from ecs.saves import FORMAT
from ecs.scenario import run_file

ROOT = Path(__file__).resolve().parents[2]


def test_an_empty_scenario_folder_is_an_error(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    assert main(["scenario", str(tmp_path)]) == 2
    assert f"{tmp_path}: no scenario files" in capsys.readouterr().err


@pytest.mark.parametrize(("field", "yaml_value", "path"), [
    ("life", "'twenty'", "players[0].life"),
    ("life", "true", "players[0].life"),
    ("poison", "-1", "players[0].poison"),
    ("life", "99999999999999999999", "players[0].life"),
])
def test_number_fields_say_must_be_an_integer_and_nothing_unrelated(tmp_path, field, yaml_value, path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(f"name: x\nplayers:\n- {{name: a, {field}: {yaml_value}}}\n- {{name: b}}\n", encoding="utf-8")
    result = run_file(scenario)
    assert result.invalid and f"{path}: must be an integer" in result.failure
    assert "poison" not in result.failure.replace(path, "")  # no text about another field


def test_a_scenario_cards_list_may_name_a_card_file_in_any_mtgjson_shape(tmp_path):
    cards = {"data": {"Test Bear": [{"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear",
                                     "power": "2", "toughness": "2", "text": "", "layout": "normal"}]}}
    (tmp_path / "atomic.json").write_text(json.dumps(cards), encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text("name: a card file\ncards: [atomic.json]\nplayers:\n- {name: a, battlefield: [test bear]}\n"
                        "- {name: b}\nexpect:\n- {object: Test Bear, power: 2}\n", encoding="utf-8")
    result = run_file(scenario)
    assert result.passed, result.failure


def test_a_save_of_another_format_version_is_refused():
    # only this version's format is read; any other version is refused, naming the field
    with pytest.raises(SaveError, match=r"field 'format' must be one of \['mtg-ecs/3'\], got 'mtg-ecs/9'"):
        Game.from_json({"format": "mtg-ecs/9", "origin": {}, "actions": []})
    assert FORMAT == "mtg-ecs/3"


@pytest.mark.parametrize("old", ["mtg-ecs/1", "mtg-ecs/2"])
def test_a_save_of_an_earlier_version_is_refused_with_the_reason(old):
    # their option indices meant other actions (whole plays, capped set choices): replaying them would not error but
    # silently play another game, so they are refused by name
    with pytest.raises(SaveError, match=rf"field 'format' is '{old}', a save of an earlier version"):
        Game.from_json({"format": old, "origin": {"kind": "new_game"}, "actions": []})


def test_a_save_written_by_this_version_replays_byte_identically_in_another_process(tmp_path):
    save = tmp_path / "game.json"
    played = subprocess.run([sys.executable, "-m", "ecs", "play", "--seed", "21", "--save", str(save)], cwd=ROOT,
                            capture_output=True, timeout=300)
    assert played.returncode == 0, played.stderr
    assert json.loads(save.read_text(encoding="utf-8"))["format"] == FORMAT
    replayed = subprocess.run([sys.executable, "-m", "ecs", "replay", str(save)], cwd=ROOT, capture_output=True,
                              timeout=300)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == played.stdout  # the same log and result, byte for byte
