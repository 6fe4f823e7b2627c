"""No traceback, ever, on input (issue 15.2): every command x every class of bad input exits 2 with one message
naming the file, line, field or option. The cases run in one subprocess (each through ``ecs.cli.main``, as
``python -m ecs`` does), and a few through ``python -m ecs`` itself, to keep the suite fast."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Runs each argv through the CLI entry point; an exception escaping main() is reported as a traceback.
DRIVER = r"""
import contextlib, io, json, sys, traceback
from ecs.cli import main
out = []
for argv in json.loads(sys.argv[1]):
    err = io.StringIO()  # stdout too: the scenario command reports invalid files in its listing
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            traceback.print_exc()
            code = "exception"
    out.append([argv, code, err.getvalue()])
print(json.dumps(out))
"""

CARD = {"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
        "text": "", "layout": "normal"}


def _files(tmp: Path) -> dict[str, Path]:
    """One file per class of bad input."""
    deep = "[" * 100_000 + "]" * 100_000
    files: dict[str, bytes | str] = {
        "binary": b"\x00\x01\x02\x03\xff\xfe\x00binary",
        "latin1": "4 Forêt\n".encode("latin-1"),
        "empty": b"",
        "bom_only": b"\xef\xbb\xbf",
        "utf16": "4 Forest\n".encode("utf-16"),
        "deep_json": deep,
        "huge_number": '{"format": "mtg-ecs/3", "origin": {"kind": "new_game", "seed": ' + "9" * 5000 + "}}",
        "huge_count_deck": "99999999999999999999 Forest\n",
        "text_is_number": json.dumps([{**CARD, "text": 7}]),
        "cost_is_number": json.dumps([{**CARD, "manaCost": 3}]),
        "question_power": json.dumps([{**CARD, "power": "?"}]),
        "star_power": json.dumps([{**CARD, "power": "*", "text": ""}]),
        "unknown_layout": json.dumps([{**CARD, "layout": "hologram"}]),
        "wrong_shape": json.dumps({"cards": 5}),
        "other_version": json.dumps({"format": "mtg-ecs/999", "origin": {}, "actions": []}),
        "save_bad_seed": json.dumps({"format": "mtg-ecs/3", "origin": {"kind": "new_game", "decks": [["Forest"],
                                     ["Forest"]], "names": ["a", "b"], "seed": -1}, "actions": []}),
        "deck_uses_bad_card": "60 Test Bear\n",
        "scenario_huge_life": "name: x\nplayers:\n- {name: a, life: 99999999999999999999999}\n- {name: b}\n",
        "scenario_deep_yaml": "a: " + "[" * 5000 + "]" * 5000 + "\n",
    }
    paths = {}
    for name, content in files.items():
        path = tmp / f"{name}.txt"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        paths[name] = path
    for name in ("binary", "latin1", "empty", "deep_json", "huge_number", "scenario_huge_life", "scenario_deep_yaml"):
        suffix = ".json" if name in ("deep_json", "huge_number") else ".yaml"
        paths[f"scenario_{name}"] = paths[name].with_name(f"scn_{name}{suffix}")
        paths[f"scenario_{name}"].write_bytes(paths[name].read_bytes())
    (tmp / "empty_folder").mkdir()
    paths["empty_folder"] = tmp / "empty_folder"
    paths["missing"] = tmp / "no_such_file.json"
    paths["missing_folder_out"] = tmp / "no_such_folder" / "out.json"
    return paths


def _cases(p: dict[str, Path]) -> list[tuple[list[str], str]]:
    """(argv, text the message must contain)."""
    s = {k: str(v) for k, v in p.items()}
    rg = "red_green_aggro"
    cases: list[tuple[list[str], str]] = []
    for command in ("play", "simulate"):
        extra = ["--no-progress", "--games", "1"] if command == "simulate" else []
        for name in ("binary", "latin1", "empty", "bom_only", "utf16", "deep_json", "huge_count_deck", "missing"):
            cases.append(([command, "--decks", s[name], rg, *extra], p[name].name))
        for name in ("binary", "latin1", "empty", "utf16", "deep_json", "huge_number", "wrong_shape", "missing"):
            cases.append(([command, "--cards", s[name], *extra], p[name].name))
        for name in ("text_is_number", "cost_is_number", "question_power", "unknown_layout"):
            cases.append(([command, "--cards", s[name], "--decks", s["deck_uses_bad_card"], rg, "--no-validate",
                           *extra], "Test Bear"))
        for option, value in (("--seed", "-1"), ("--seed", "x"), ("--seed", "9" * 40), ("--max-turns", "-3"),
                              ("--max-turns", "0")):
            cases.append(([command, option, value, *extra], option))
        cases.append(([command, "--decks", rg], "--decks"))
        cases.append(([command, "--format", "vintage", *extra], "--format"))
    cases.append((["play", "--save", s["missing_folder_out"]], "--save"))
    cases.append((["simulate", "--json", s["missing_folder_out"], "--no-progress"], "--json"))
    cases.append((["simulate", "--json", s["empty_folder"], "--no-progress"], "--json"))
    for option in ("--games", "--workers"):
        for value in ("0", "-2"):
            cases.append((["simulate", option, value], option))
    for name in ("binary", "latin1", "empty", "bom_only", "utf16", "deep_json", "huge_number", "wrong_shape",
                 "other_version", "save_bad_seed", "missing", "empty_folder"):
        cases.append((["replay", s[name]], p[name].name))
    for name in ("scenario_binary", "scenario_latin1", "scenario_empty", "scenario_deep_json", "scenario_huge_number",
                 "scenario_scenario_huge_life", "scenario_scenario_deep_yaml", "empty_folder", "missing"):
        cases.append((["scenario", s[name]], p[name].name))
    for name in ("binary", "latin1", "empty", "utf16", "deep_json", "huge_number", "wrong_shape", "missing"):
        cases.append((["cards", "check", s[name]], p[name].name))
    cases.append((["cards", "check", s["text_is_number"], "--top", "-1"], "--top"))
    for bench, option in (("board", "--permanents"), ("combat", "--attackers")):
        for value in ("0", "-5", "nan", "1e30", "x"):
            cases.append((["bench", bench, option, value], option))
        cases.append((["bench", bench, "--repeat", "0"], "--repeat"))
        cases.append((["bench", bench, "--seed", "-1"], "--seed"))
    cases.append((["bench", "board", "--effects", "-1"], "--effects"))
    return cases


def test_every_command_refuses_every_class_of_bad_input_with_exit_2_and_no_traceback(tmp_path):
    cases = _cases(_files(tmp_path))
    run = subprocess.run([sys.executable, "-c", DRIVER, json.dumps([argv for argv, _ in cases])], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads(run.stdout)
    wrong = []
    for (argv, code, err), (_, named) in zip(results, cases, strict=True):
        if code != 2 or "Traceback" in err or named not in err:
            wrong.append(f"{argv}: exit {code}: {err[-600:]}")
    assert not wrong, "\n".join(wrong)


def test_cards_files_with_wrong_field_types_still_report_the_other_cards(tmp_path, capsys):
    from ecs.cli import main

    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{**CARD, "text": 7}, {**CARD, "name": "Good Bear"}, {**CARD, "name": "Q", "power": "?"}]),
                    encoding="utf-8")
    assert main(["cards", "check", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] == 3 and report["supported"] == 1
    reasons = {u["name"]: u["reason"] for u in report["unsupported"]}
    assert "field 'text' must be text" in reasons["Test Bear"] and "'?'" in reasons["Q"]


@pytest.mark.parametrize("argv", [["simulate", "--seed", "-1"], ["play", "--max-turns", "-3"],
                                  ["scenario", "tests/fixtures/no_such_folder"]])
def test_python_m_ecs_itself_exits_2_without_a_traceback(argv):
    run = subprocess.run([sys.executable, "-m", "ecs", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.strip()
