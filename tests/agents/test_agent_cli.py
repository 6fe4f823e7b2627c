"""Agents on the command line: play --agents, play --human (stdin), simulate --agents, scenario --play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, stdin: str = "", timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ecs", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=timeout)


def test_play_with_named_agents_is_deterministic():
    a = _run("play", "--seed", "4", "--agents", "heuristic", "ismcts:iterations=2,depth=2", "--max-turns", "3")
    b = _run("play", "--seed", "4", "--agents", "heuristic", "ismcts:iterations=2,depth=2", "--max-turns", "3")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout and "result:" in a.stdout


@pytest.mark.parametrize("args, words", [
    (["--agents", "nosuch", "random"], "unknown agent 'nosuch'"),
    (["--agents", "random"], "give one per player"),
    (["--agents", "ismcts:iterations=zero", "random"], "iterations"),
    (["--human", "5"], "--human 5"),
])
def test_play_bad_agent_arguments_exit_2_without_traceback(args, words):
    r = _run("play", *args)
    assert r.returncode == 2
    assert words in r.stderr and "Traceback" not in r.stderr


def test_104_3a_human_plays_numbers_survives_bad_lines_and_concedes(tmp_path):
    save = tmp_path / "game.json"
    r = _run("play", "--seed", "3", "--human", "0", "--save", str(save), stdin="1\nnot a number\n0\n99\n1\nc\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Traceback" not in out + r.stderr
    assert "-- your hand:" in out and "your decision" in out and "  1. " in out
    assert "'not a number' is not a number" in out
    assert "0 is out of range" in out and "99 is out of range" in out
    assert "conceded" in out and "result: " in out
    # The save replays to the same end, the concession included.
    replay = _run("replay", str(save))
    assert replay.returncode == 0 and "conceded" in replay.stdout.splitlines()[-1]


def test_human_input_ending_leaves_the_game_cleanly(tmp_path):
    save = tmp_path / "game.json"
    r = _run("play", "--seed", "3", "--human", "1", "--save", str(save), stdin="1\n")
    assert r.returncode == 0, r.stderr
    assert "game left unfinished" in r.stdout and "Traceback" not in r.stderr
    data = json.loads(save.read_text())
    assert data["actions"] and "concessions" not in data


def test_human_never_sees_the_opponents_hand():
    r = _run("play", "--seed", "3", "--human", "0", "--stops", "all", stdin="b\n?\nq\n")
    assert r.returncode == 0
    assert r.stdout.count("-- your hand:") >= 2  # shown again on "b"
    opp_line = next(line for line in r.stdout.splitlines() if line.startswith("-- white_blue_skies"))
    assert "hand 7" in opp_line or "hand 6" in opp_line  # a count only


def test_simulate_with_agents_reports_per_agent_wins():
    r = _run("simulate", "--games", "4", "--agents", "heuristic", "random", "--no-progress", "--max-turns", "30")
    assert r.returncode == 0, r.stderr
    assert "seats alternated" in r.stdout and "heuristic" in r.stdout and "95% CI" in r.stdout


def test_scenario_play_starts_from_the_scenario_position(tmp_path):
    scenario = tmp_path / "bolt.yaml"
    scenario.write_text(
        "name: bolt position\n"
        "players:\n"
        "  - {name: alice, hand: [Lightning Bolt], battlefield: [Mountain], library: [Mountain, Mountain]}\n"
        "  - {name: bob, life: 3, library: [Forest, Forest]}\n")
    r = _run("scenario", str(scenario), "--play", "--human", "0", stdin="3\n")
    assert r.returncode == 0, r.stderr
    assert "cast Lightning Bolt -> bob" in r.stdout
    assert "result: alice" in r.stdout
