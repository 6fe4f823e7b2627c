"""`mtg-ecs simulate` with two of the built-in decks added for issue #5."""

from __future__ import annotations

import json

from ecs.cli import main


def test_simulate_twenty_games_between_two_new_builtin_decks(tmp_path, capsys):
    out = tmp_path / "report.json"
    argv = ["simulate", "--games", "20", "--decks", "dimir_cipher", "gruul_monsters", "--no-progress",
            "--json", str(out)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith("20 games: dimir_cipher vs gruul_monsters")
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["games"] == 20
    assert set(report["wins"]) == {"dimir_cipher", "gruul_monsters"}
    assert sum(report["wins"].values()) + report["draws"] == 20
