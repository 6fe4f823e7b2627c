"""``mtg-ecs bench games`` (issue 11.1): a round robin of all built-in decks, and its figures."""

from __future__ import annotations

import json
import platform

from content.decks import builtin_deck_names
from ecs.benchmarks import games as bench
from ecs.cli import main


def test_round_robin_covers_every_pairing_of_the_built_in_decks_once():
    names = builtin_deck_names()
    pairs = bench.round_robin(names)
    assert len(pairs) == len(names) * (len(names) - 1) // 2 == bench.DEFAULT_GAMES
    assert len(set(pairs)) == len(pairs) and all(a < b for a, b in pairs)


def test_bench_counts_games_decisions_and_priority_stops():
    b = bench.GamesBench()
    bench.play_round_robin(b, 3)
    figures = b.to_json()
    assert figures["games"] == 3 and figures["pairings"] == 3
    assert b.decisions > 0 and b.stops.stops > 0
    # a pass-only stop is a stop; every priority decision of an agent was a stop too
    assert 0 < b.stops.pass_only <= b.stops.stops
    assert figures["us_per_decision"] > 0 and figures["us_per_pass_only_stop"] > 0
    # the counting probe is removed afterwards
    import systems.priority as priority

    assert priority.STOP_PROBE is None


def test_the_stop_probe_sees_every_stop_changes_no_game_and_is_restored():
    from ecs.actions import DecisionKind
    from ecs.agents import RandomAgent
    from ecs.agents.base import decide
    from ecs.setup import new_game
    from systems import priority

    decks = bench._decks(["red_green_aggro", "white_blue_skies"])

    def played() -> tuple[list[int], int]:
        game = new_game(decks, 3, log=False)
        agents = [RandomAgent(1), RandomAgent(2)]
        asked = 0  # priority decisions: stops with more than the pass (CR 117.1)
        while game.pending is not None:
            asked += game.pending.kind == DecisionKind.PRIORITY
            game.apply(decide(game, agents[game.pending.player]))
        return game.history, asked

    plain, _ = played()
    seen: list[int] = []

    def probe(game, player):
        options = priority.stop_options(game, player)
        seen.append(len(options))
        return options

    assert priority.set_stop_probe(probe) is None
    try:
        probed, asked = played()
    finally:
        assert priority.set_stop_probe(None) is probe
    assert probed == plain  # a probe that returns the stop's options leaves the game as it was
    # stops were probed: pass-only ones passed by themselves, each other one asked a priority decision (a decision
    # comes back without a new stop when an announcement is cancelled, 730.1)
    assert seen.count(1) > 0 and 0 < len(seen) - seen.count(1) <= asked
    assert priority.STOP_PROBE is None


def test_the_text_says_start_up_was_not_measured_rather_than_zero_seconds():
    b = bench.GamesBench()
    bench.play_round_robin(b, 1)
    assert "start-up: not measured" in b.text() and "cold (no caches) 0.0 s" not in b.text()
    b.startup_seconds, b.warm_startup_seconds = 1.25, 0.5
    assert "cold (no caches) 1.25 s" in b.text() and "warm 0.5 s" in b.text()


def test_mid_game_position_is_turn_8_of_a_game_in_progress():
    game, seed = bench.mid_game_position(bench.POSITION_PAIRINGS[0])
    assert game.turn == bench.POSITION_TURN and game.pending is not None and seed >= 1
    again, same_seed = bench.mid_game_position(bench.POSITION_PAIRINGS[0])
    assert same_seed == seed and again.history == game.history  # a fixed, seeded position


def test_cli_json_and_cprofile_fallback(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pyinstrument(name, *args, **kwargs):
        if name == "pyinstrument":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyinstrument)
    monkeypatch.setattr(bench, "POSITION_PAIRINGS", bench.POSITION_PAIRINGS[:1])
    profile = tmp_path / "run.prof"
    assert main(["bench", "games", "--games", "2", "--no-startup", "--json", "--profile", str(profile)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 2 and len(figures["positions"]) == 1
    position = figures["positions"][0]
    assert position["turn"] == 8 and position["clone_ms"] > 0
    # a playout from turn 8 ends at or after turn 8 and takes at least one decision (a game in progress)
    assert position["playout_end_turn"] >= 8 and position["playout_decisions"] >= 1
    assert figures["python"] == f"{platform.python_implementation()} {platform.python_version()}"
    import systems.priority

    assert figures["build"] == ("plain Python" if systems.priority.__file__.endswith(".py") else "compiled (mypyc)")
    import pstats

    assert pstats.Stats(str(profile)).total_calls > 0


def test_cli_refuses_zero_games_and_a_missing_profile_folder(tmp_path, capsys):
    import pytest

    with pytest.raises(SystemExit) as exc:
        main(["bench", "games", "--games", "0"])
    assert exc.value.code == 2 and "must be at least 1" in capsys.readouterr().err
    assert main(["bench", "games", "--games", "1", "--no-startup", "--profile", str(tmp_path / "no" / "p")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_startup_is_measured_cold_without_caches_and_warm_with_primed_ones(monkeypatch):
    """Issue 11's start-up target is for a warm start: bytecode files and the compiled-card cache present. Both
    live in a scratch directory (the user's caches are neither read nor written); cold runs use neither."""
    import os
    import subprocess

    launches: list[dict[str, str]] = []
    monkeypatch.setattr(subprocess, "run", lambda *args, env, **kwargs: launches.append(env))
    monkeypatch.setenv("MTG_ECS_CACHE_DIR", "/the/users/own/cache")
    bench.startup_seconds(2)
    cold = launches[:]
    assert len(cold) == 2
    for env in cold:
        assert env["MTG_ECS_NO_CACHE"] == "1" and env["PYTHONDONTWRITEBYTECODE"] == "1"
    launches.clear()
    bench.startup_seconds(2, warm=True)
    assert len(launches) == 3  # one unmeasured run fills the caches, then the measured ones
    for env in launches:
        assert "MTG_ECS_NO_CACHE" not in env and "PYTHONDONTWRITEBYTECODE" not in env
        assert env["MTG_ECS_CACHE_DIR"] != "/the/users/own/cache"
        assert os.path.commonpath([env["MTG_ECS_CACHE_DIR"], env["PYTHONPYCACHEPREFIX"]]) not in ("", "/")
    assert len({env["MTG_ECS_CACHE_DIR"] for env in launches}) == 1  # the measured runs read what the first wrote
