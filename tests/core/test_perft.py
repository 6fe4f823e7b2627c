"""Golden legal-action counts ("perft"): for fixed positions, the number of legal actions (and of decision paths two
deep) is pinned in tests/core/perft.yaml with the rules that make it so, so a change to what is legal shows up as a
failing count (CR 117.1, 601.2, 602.2, 605.3a)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from board import build

from ecs.game import Game

DATA = yaml.safe_load((Path(__file__).with_name("perft.yaml")).read_text(encoding="utf-8"))
TURN = {"number": 3, "active": "alice", "step": "precombat_main"}


def position(spec: dict[str, Any]) -> Game:
    players = [{"name": "alice", "library": ["Island"] * 3, **spec.get("alice", {})},
               {"name": "bob", "library": ["Island"] * 3, **spec.get("bob", {})}]
    sc = build(players, cards=spec.get("cards", ()), turn=spec.get("turn", TURN),
               mana_at_priority=spec.get("mana_at_priority", False))
    return sc.game


def depth2(game: Game) -> int:
    total = 0
    for option in game.legal_actions():
        clone = game.clone()
        clone.apply(option)
        total += len(clone.legal_actions())
    return total


@pytest.mark.parametrize("spec", DATA["positions"], ids=[p["name"] for p in DATA["positions"]])
def test_117_1_golden_legal_action_counts(spec):
    game = position(spec)
    counts = {"legal": len(game.legal_actions()), "whole": len(game.whole_actions())}
    wanted = {"legal": spec["legal"], "whole": spec["whole"]}
    if "depth2" in spec:
        counts["depth2"] = depth2(game)
        wanted["depth2"] = spec["depth2"]
    assert counts == wanted, [game.action_to_string(o) for o in game.whole_actions()]


def test_perft_covers_at_least_ten_positions_each_explained():
    assert len(DATA["positions"]) >= 10
    assert all(p.get("why") for p in DATA["positions"])
