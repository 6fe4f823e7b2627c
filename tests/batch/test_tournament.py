"""`mtg-ecs tournament` and the batch engine: reports that add up, per-game records that replay, resume,
engine-error isolation and output paths checked before any game is played."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ecs.batch import agent_seed, find_record, game_seed, read_records, replay_record
from ecs.cli import main
from ecs.game import Game
from ecs.simulate import wilson_interval
from ecs.tournament import tournament_jobs

DECKS = ["red_green_aggro", "white_blue_skies", "mono_red_burn"]


def _tournament(tmp_path: Path, *extra: str, games: int = 2, name: str = "t") -> tuple[int, dict[str, Path]]:
    paths = {k: tmp_path / f"{name}.{k}" for k in ("json", "csv", "jsonl")}
    argv = ["tournament", "--decks", *DECKS, "--games", str(games), "--seed", "3", "--no-progress",
            "--json", str(paths["json"]), "--csv", str(paths["csv"]), *extra]
    if "--resume" not in extra:
        argv += ["--records", str(paths["jsonl"])]
    return main(argv), paths


def _without_timing(records: list[dict]) -> list[dict]:
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in records), key=lambda r: r["game"])


def test_round_robin_jobs_alternate_seats_and_seed_by_index_only():
    jobs = tournament_jobs(3, "round-robin", 4, seed=5)
    assert len(jobs) == 3 * 4  # three pairs of three entrants
    assert [j.game for j in jobs] == list(range(12))
    assert all(j.seed == game_seed(5, j.game) for j in jobs)
    assert [j.seats for j in jobs[:4]] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert {frozenset(j.seats) for j in jobs} == {frozenset(p) for p in [(0, 1), (0, 2), (1, 2)]}
    gauntlet = tournament_jobs(3, "gauntlet", 2, seed=0)
    assert all(0 in j.seats for j in gauntlet) and len(gauntlet) == 4


def test_tournament_writes_consistent_json_csv_and_records(tmp_path, capsys):
    status, paths = _tournament(tmp_path, "--plot", str(tmp_path / "t.png"))
    assert status == 0
    report = json.loads(paths["json"].read_text())
    header, records = read_records(paths["jsonl"])
    assert header["command"] == "tournament" and header["settings"]["games_per_pairing"] == 2
    assert [r["game"] for r in records] == list(range(6))
    assert report["finished_games"] == 6 and report["planned_games"] == 6 and not report["engine_errors"]
    for r in records:
        assert r["seed"] == game_seed(3, r["game"])
        assert r["agent_seeds"] == [agent_seed(r["seed"], 0), agent_seed(r["seed"], 1)]
        assert r["winner"] in (0, 1, None) and r["starting_seat"] in (0, 1) and r["turns"] >= 1
    matrix = report["matrix"]
    for a in DECKS:
        total = report["totals"][a]
        assert total["games"] == sum(matrix[a][b]["games"] for b in matrix[a])
        assert total["wins"] == sum(matrix[a][b]["wins"] for b in matrix[a])
        for b, cell in matrix[a].items():
            assert cell["games"] == 2
            assert cell["wins"] + cell["losses"] + cell["draws"] == cell["games"]
            assert cell["wins"] == matrix[b][a]["losses"] and cell["draws"] == matrix[b][a]["draws"]
            assert cell["on_the_play"]["games"] + cell["on_the_draw"]["games"] == cell["games"]
            assert cell["on_the_play"]["wins"] + cell["on_the_draw"]["wins"] == cell["wins"]
            lo, hi = cell["ci95"]
            assert lo <= cell["win_rate"] <= hi
            assert (lo, hi) == pytest.approx(wilson_interval(cell["wins"], cell["games"]), abs=1e-6)
            # the cell agrees with the records of its games
            mine = [r for r in records if set(r["seats"]) == {a, b}]
            assert cell["wins"] == sum(r["winner"] is not None and r["seats"][r["winner"]] == a for r in mine)
    draws = sum(r["winner"] is None for r in records)
    assert report["draws"] == draws == sum(report["draw_reasons"].values())
    rows = list(csv.DictReader(paths["csv"].open()))
    assert len(rows) == 6 + 3  # ordered pairs and one row per entrant against the field
    for row in rows:
        cell = (report["totals"][row["entrant"]] if row["opponent"] == "*"
                else matrix[row["entrant"]][row["opponent"]])
        assert int(row["wins"]) == cell["wins"] and float(row["ci95_low"]) == cell["ci95"][0]
    png = (tmp_path / "t.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert "win rate of the row against the column" in capsys.readouterr().out


def test_replay_game_n_from_the_records_reproduces_its_record(tmp_path, capsys):
    _, paths = _tournament(tmp_path)
    header, record = find_record(str(paths["jsonl"]), 3)
    game, mismatches = replay_record(header, record, "t")
    assert mismatches == []
    assert game.result.turns == record["turns"] and game.result.winner == record["winner"]
    capsys.readouterr()
    assert main(["replay", str(paths["jsonl"]), "--game", "3"]) == 0
    out = capsys.readouterr().out
    assert "game 3: matches its record" in out and out.count("\n") > 20  # the game's log is printed
    # a record that does not match what the game does is reported, not accepted
    lines = paths["jsonl"].read_text().splitlines()
    forged = json.loads(lines[4])
    forged["turns"] += 1
    lines[4] = json.dumps(forged)
    paths["jsonl"].write_text("\n".join(lines) + "\n")
    assert main(["replay", str(paths["jsonl"]), "--game", str(forged["game"])]) == 1
    assert "differs from its record" in capsys.readouterr().err


def test_resume_continues_a_partial_run_to_the_same_result(tmp_path, capsys):
    status, full = _tournament(tmp_path, name="full")
    assert status == 0
    lines = full["jsonl"].read_text().splitlines(keepends=True)
    partial = tmp_path / "partial.jsonl"
    # the header, two finished games out of order, and a line torn by a killed run
    partial.write_text(lines[0] + lines[4] + lines[2] + lines[5][:40])
    status, resumed = _tournament(tmp_path, "--resume", str(partial), name="resumed")
    assert status == 0
    assert _without_timing(read_records(partial)[1]) == _without_timing(read_records(full["jsonl"])[1])
    a, b = json.loads(full["json"].read_text()), json.loads(resumed["json"].read_text())
    assert a["matrix"] == b["matrix"] and a["totals"] == b["totals"] and a["draw_reasons"] == b["draw_reasons"]


def test_resume_refuses_changed_settings_naming_the_setting(tmp_path, capsys):
    _tournament(tmp_path)
    capsys.readouterr()
    records = tmp_path / "t.jsonl"
    argv = ["tournament", "--decks", *DECKS, "--games", "2", "--seed", "4", "--no-progress", "--resume", str(records)]
    assert main(argv) == 2
    assert "seed: 3 -> 4" in capsys.readouterr().err
    argv = ["tournament", "--decks", *DECKS[:2], "--games", "2", "--seed", "3", "--no-progress",
            "--resume", str(records)]
    assert main(argv) == 2
    assert "entrants" in capsys.readouterr().err


# (injects a failure by replacing priority.handle_action; compiled code calls the real one)
@pytest.mark.plain_python
def test_an_engine_error_is_recorded_with_a_save_and_the_batch_goes_on(tmp_path, monkeypatch, capsys):
    """Inject an engine failure at the 10th decision of game 1: its record holds the seed, the error and a
    save that replays to the failing decision; the other games finish; the run exits 3."""
    import systems.priority

    real = systems.priority.handle_action
    failing_seed = game_seed(3, 1)

    def flaky(game, pending, action):
        if game.seed == failing_seed and len(game.history) == 10:
            raise RuntimeError("injected engine failure")
        return real(game, pending, action)

    monkeypatch.setattr(systems.priority, "handle_action", flaky)
    status, paths = _tournament(tmp_path)
    assert status == 3
    report = json.loads(paths["json"].read_text())
    assert [e["game"] for e in report["engine_errors"]] == [1]
    assert report["finished_games"] == 5
    header, record = find_record(str(paths["jsonl"]), 1)
    assert record["seed"] == failing_seed and "injected engine failure" in record["error"]
    assert record["winner"] is None and len(record["save"]["actions"]) == 10
    assert "engine errors: 1" in capsys.readouterr().out
    # the save replays to the failing decision: with the fault still there it raises again (exit 3) ...
    assert main(["replay", str(paths["jsonl"]), "--game", "1"]) == 3
    assert "injected engine failure" in capsys.readouterr().out
    # ... and without it the same decisions load into a game in progress
    monkeypatch.setattr(systems.priority, "handle_action", real)
    game = Game.from_json(record["save"])
    assert game.result is None and len(game.history) == 10


def test_unwritable_outputs_fail_before_any_game(tmp_path, capsys):
    records = tmp_path / "r.jsonl"
    for option in ("--json", "--csv", "--plot"):
        argv = ["tournament", "--games", "50", "--no-progress", "--records", str(records),
                option, str(tmp_path / "missing" / "out")]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert option in err and "does not exist" in err
        assert not records.exists()  # nothing was started
    assert main(["simulate", "--games", "50", "--no-progress", "--records", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_bad_agent_spec_exits_2(capsys):
    assert main(["tournament", "--games", "1", "--no-progress", "--agents", "nonsense"]) == 2
    assert "nonsense" in capsys.readouterr().err


def test_simulate_json_has_settings_agents_and_records(tmp_path):
    out, records = tmp_path / "s.json", tmp_path / "s.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "2", "--no-progress", "--json", str(out),
                 "--records", str(records)]) == 0
    report = json.loads(out.read_text())
    assert report["settings"]["seed"] == 2 and report["settings"]["games"] == 3
    assert [e["agent"] for e in report["settings"]["entrants"]] == ["random", "random"]
    assert report["records"] == str(records)
    _, rows = read_records(records)
    assert [r["seed"] for r in rows] == [game_seed(2, i) for i in range(3)]
    assert sum(r["winner"] is not None for r in rows) == sum(report["wins"].values())
    for rate in report["win_rates"].values():
        assert rate["ci95"][0] <= rate["rate"] <= rate["ci95"][1]


GIANT = {"name": "Surtr, Fiery Jötun", "manaCost": "{3}{R}{R}", "type": "Legendary Creature — Giant God Warrior",
         "power": "5", "toughness": "5", "layout": "normal",
         "text": "Trample (This creature can deal excess combat damage to the player it's attacking.)"}


def test_records_of_a_run_with_card_files_name_them_embed_the_cards_and_replay_without_them(tmp_path, capsys):
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([GIANT]), encoding="utf-8")
    deck = tmp_path / "giants.txt"
    deck.write_text("4 Surtr, Fiery Jotun\n4 Lightning Bolt\n24 Mountain\n28 Shock\n", encoding="utf-8")
    records = tmp_path / "r.jsonl"
    argv = ["tournament", "--cards", str(cards), "--decks", str(deck), "red_green_aggro", "--games", "2",
            "--max-turns", "10", "--no-progress", "--no-validate", "--records", str(records)]
    assert main(argv) == 0, capsys.readouterr().err
    header, rows = read_records(records)
    assert header["settings"]["card_files"] == [str(cards)]
    assert [o["name"] for o in header["settings"]["card_objects"]] == ["Surtr, Fiery Jötun"]
    assert "Surtr, Fiery Jötun" in header["settings"]["entrants"][0]["cards"]
    cards.unlink()  # the records carry the cards: the games replay without the file
    capsys.readouterr()
    assert main(["replay", str(records), "--game", "1"]) == 0
    assert "game 1: matches its record" in capsys.readouterr().out
