"""``mtg-ecs bench board`` (issue 11): the bulk layers (CR 613) are checked against the per-object reference on a
board small enough for plain Python, whatever sizes are timed."""

from __future__ import annotations

import json

from ecs.benchmarks import board as bench
from ecs.cli import main


def test_613_bench_board_compares_with_per_object_layers_on_a_small_board_only(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    built: dict[int, int] = {}  # id of each board built -> the permanents asked
    compared: list[int] = []  # the permanents asked of each board compared
    build, compare = bench.build_board, bench._compare_with_per_object

    def building(n, effects, seed=0, players=3):  # type: ignore[no-untyped-def]
        game = build(n, effects, seed, players)
        built[id(game)] = n
        return game

    def comparing(game, repeat):  # type: ignore[no-untyped-def]
        compared.append(built[id(game)])
        return compare(game, repeat)

    monkeypatch.setattr(bench, "build_board", building)
    monkeypatch.setattr(bench, "_compare_with_per_object", comparing)
    monkeypatch.setattr(bench, "REFERENCE_MAX", 300)
    # every size asked is larger than the reference's: the comparison is made on a board of its own
    assert main(["bench", "board", "--permanents", "600", "--effects", "5", "--repeat", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["permanents"] for r in out["rows"]] == [600] and out["speedup_vs_per_object"] > 0
    assert compared == [300]
    # the smallest size asked is small enough: it is compared on that very board, once
    compared.clear()
    assert main(["bench", "board", "--permanents", "200", "600", "--effects", "5", "--repeat", "1", "--json"]) == 0
    capsys.readouterr()
    assert compared == [200]
