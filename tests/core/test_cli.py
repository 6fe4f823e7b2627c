"""The command line (``python -m ecs`` / ``mtg-ecs``): play, simulate, scenario, and its exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ecs.cli import main

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "fixtures" / "bad_scenarios"
SCENARIOS = ROOT / "tests" / "scenarios"

# fixture file -> text the message must contain to name the offending field
BAD_FIXTURES = {
    "unknown_top_level_key.yaml": ["expectations"],
    "unknown_card.yaml": ["players[0].hand[0]", "Lightning Boltt"],
    "unknown_id_in_action.yaml": ["actions[0].targets", "beer"],
    "unknown_step.yaml": ["turn.step", "second_main"],
    "missing_players.yaml": ["'players'"],
    "bad_yaml.yaml": ["YAML", "line 4"],
    "unknown_player_in_action.yaml": ["actions[0].player", "carol"],
    "unknown_expectation_field.yaml": ["expect[0]", "powr"],
}


def _run_module(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.run([sys.executable, "-m", "ecs", *args], cwd=ROOT, env=env, capture_output=True,
                          timeout=60)


def test_play_same_seed_gives_identical_bytes_across_processes():
    """Two separate processes (with different string-hash seeds) print byte-identical games."""
    a = _run_module("play", "--seed", "5", hash_seed="1")
    b = _run_module("play", "--seed", "5", hash_seed="2")
    assert a.returncode == 0 and b.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert b"result:" in a.stdout


def test_play_different_seeds_differ(capsys):
    """README contract: `play` prints a log ending in the result line; CR 103.3 shuffles differ by seed."""
    assert main(["play", "--seed", "1"]) == 0
    one = capsys.readouterr().out
    assert main(["play", "--seed", "2"]) == 0
    two = capsys.readouterr().out
    assert one != two
    assert one.strip().splitlines()[-1].startswith("result: ")


def test_simulate_writes_json_report(tmp_path, capsys):
    """README contract: `simulate --json` writes games, wins, draws, mean_turns, games_per_second."""
    out = tmp_path / "report.json"
    assert main(["simulate", "--games", "20", "--json", str(out), "--no-progress"]) == 0
    report = json.loads(out.read_text())
    assert set(report) >= {"games", "wins", "draws", "mean_turns", "games_per_second"}
    assert report["games"] == 20
    assert set(report["wins"]) == {"red_green_aggro", "white_blue_skies"}
    assert sum(report["wins"].values()) + report["draws"] == 20
    assert report["mean_turns"] >= 1  # 103.8 etc.: a game lasts at least one turn
    assert report["games_per_second"] > 0
    assert "20 games" in capsys.readouterr().out


def test_simulate_is_deterministic_in_its_outcomes(tmp_path):
    """README contract: a simulation depends only on its seed (timings aside)."""
    reports = []
    for i in range(2):
        out = tmp_path / f"r{i}.json"
        assert main(["simulate", "--games", "6", "--seed", "3", "--json", str(out), "--no-progress"]) == 0
        r = json.loads(out.read_text())
        reports.append((r["wins"], r["draws"], r["mean_turns"]))
    assert reports[0] == reports[1]


def test_unknown_deck_exits_2_with_message(capsys):
    """README contract: bad input (a missing deck) exits 2 with a message naming it."""
    assert main(["play", "--decks", "no_such_deck", "red_green_aggro"]) == 2
    err = capsys.readouterr().err
    assert "no_such_deck" in err


def test_unknown_deck_exits_2_for_simulate(capsys):
    """README contract: bad input exits 2 for `simulate` too."""
    assert main(["simulate", "--games", "1", "--decks", "red_green_aggro", "no_such_deck", "--no-progress"]) == 2
    assert "no_such_deck" in capsys.readouterr().err


def test_scenario_exit_0_for_the_shipped_scenarios(capsys):
    """README contract: `scenario` exits 0 when every file passes."""
    assert main(["scenario", str(SCENARIOS)]) == 0
    out = capsys.readouterr().out
    assert "0 failed" in out


PASSING = """\
name: Lightning Bolt to the face (CR 120.3a)
players:
  - name: alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: bob
actions:
  - {player: alice, cast: Lightning Bolt, targets: [bob]}
  - {pass: 1}
expect:
  - {player: bob, life: 17}
"""


def test_scenario_exit_0_for_a_passing_file(tmp_path, capsys):
    """README contract: exit 0 for a passing file (CR 120.3a: Bolt to the face costs 3 life)."""
    f = tmp_path / "ok.yaml"
    f.write_text(PASSING)
    assert main(["scenario", str(f)]) == 0
    assert "PASS" in capsys.readouterr().out


def test_scenario_exit_1_for_a_failing_expectation(tmp_path, capsys):
    """README contract: exit 1 for a failing expectation, naming the values that differ."""
    f = tmp_path / "wrong.yaml"
    f.write_text(PASSING.replace("life: 17", "life: 18"))
    assert main(["scenario", str(f)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "wrong.yaml" in out
    assert "17" in out and "18" in out  # names what differed


def test_scenario_exit_1_when_an_illegal_action_is_accepted(tmp_path, capsys):
    """README contract: an action marked illegal that the game accepts is a failure (exit 1)."""
    f = tmp_path / "not_illegal.yaml"
    f.write_text(PASSING.replace("targets: [bob]}", "targets: [bob], illegal: true}"))
    assert main(["scenario", str(f)]) == 1
    assert "must be illegal" in capsys.readouterr().out


def test_scenario_json_output(tmp_path, capsys):
    """README contract: `scenario --json` prints the outcome as JSON."""
    f = tmp_path / "ok.yaml"
    f.write_text(PASSING)
    assert main(["scenario", "--json", str(f)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] == 1 and data["failed"] == 0 and data["results"][0]["passed"] is True


@pytest.mark.parametrize("fixture", sorted(BAD_FIXTURES))
def test_scenario_invalid_fixture_exits_2_naming_file_and_field(fixture, capsys):
    """README contract: an invalid scenario exits 2; the message names the file and the field."""
    path = BAD / fixture
    assert path.is_file()
    assert main(["scenario", str(path)]) == 2
    out = capsys.readouterr()
    text = out.out + out.err
    assert "INVALID" in text
    assert str(path) in text  # names the file
    for needle in BAD_FIXTURES[fixture]:
        assert needle in text, (needle, text)  # names the field


def test_every_bad_fixture_is_covered():
    """Each fixture in tests/fixtures/bad_scenarios has its expected message here."""
    assert sorted(p.name for p in BAD.iterdir() if p.suffix in (".yaml", ".yml", ".json")) == sorted(BAD_FIXTURES)


def test_scenario_invalid_wins_over_failing(tmp_path, capsys):
    """README contract: any invalid file makes the exit status 2, even next to a failing one."""
    f = tmp_path / "wrong.yaml"
    f.write_text(PASSING.replace("life: 17", "life: 18"))
    assert main(["scenario", str(f), str(BAD / "unknown_card.yaml")]) == 2


def test_scenario_cli_via_module_exit_code():
    """README contract: `python -m ecs scenario` exits 2 for an invalid file (real process)."""
    r = _run_module("scenario", str(BAD / "unknown_step.yaml"))
    assert r.returncode == 2
    assert b"unknown_step.yaml" in r.stdout + r.stderr


def test_output_reader_leaving_ends_quietly():
    """`mtg-ecs play | head` style: when the reader of the output has gone, the command stops without a traceback
    (the standard's "never a traceback") and exits 1."""
    proc = subprocess.Popen([sys.executable, "-m", "ecs", "play", "--seed", "5"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the game is printed: every write the command makes finds no reader
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 1
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err
