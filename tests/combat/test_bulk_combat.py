"""The bulk combat path (CR 508-510 and 704 as column operations) agrees with the rules and with the
one-object-at-a-time path, and ``mtg-ecs bench combat`` runs."""

from __future__ import annotations

import json

import numpy as np
import pytest
from board import (
    bear as creature,
)
from board import (
    combat_board as board,
)

from components.objects import Zone
from ecs.benchmarks.combat import build_combat, run_combat
from ecs.cli import main
from ecs.errors import IllegalActionError
from systems import state_based
from systems.combat import begin_combat_damage, declare_bulk, first_strike_needed
from systems.state_based import state_check


def _bulk_board():
    return board(
        [{"card": "Test Knight", "id": "k"}, {"card": "Test Wurm", "id": "w"}, {"card": "Test Cleric", "id": "c"},
         {"card": "Test Bear", "id": "a"}, {"card": "Test Flyer", "id": "f"}],
        [{"card": "Test Bear", "id": "x"}, {"card": "Test Bear", "id": "y"}, {"card": "Test Wall", "id": "z"},
         {"card": "Test Viper", "id": "v"}],
        cards=[creature("Test Knight", 2, 2, "First strike"), creature("Test Wurm", 5, 4, "Trample"),
               creature("Test Cleric", 2, 3, "Lifelink"), creature("Test Bear", 2, 2),
               creature("Test Flyer", 1, 1, "Flying"), creature("Test Wall", 0, 4),
               creature("Test Viper", 1, 1, "Deathtouch")],
    )


def _run_bulk(sc, blocks):
    game = sc.game
    attackers = np.array([sc.ids[a] for a in ("k", "w", "c", "a", "f")])
    blockers = np.array([sc.ids[b] for b, _ in blocks], dtype=np.int64)
    blocked = np.array([sc.ids[a] for _, a in blocks], dtype=np.int64)
    declare_bulk(game, attackers, game.players[1], blockers, blocked)
    if first_strike_needed(game):
        begin_combat_damage(game, True)
        state_check(game)
    begin_combat_damage(game, False)
    state_check(game)


def test_510_bulk_combat_deals_the_damage_the_rules_demand():
    sc = _bulk_board()
    _run_bulk(sc, [("x", "k"), ("y", "w"), ("z", "c"), ("v", "a")])
    game = sc.game
    t = game.table
    alive = {k for k, e in sc.ids.items() if e in t.row_of}
    # 702.7b: the knight kills x first; 702.19b: the wurm assigns 2 to y and tramples over 3;
    # 702.15b: the cleric gains 2; 702.2b: the viper and the bear kill each other; the flyer is unblocked.
    assert alive == {"k", "w", "c", "z", "f"}
    assert game.player_states[1].life == 20 - 3 - 1
    assert game.player_states[0].life == 22
    assert t.get(sc.ids["z"], "damage") == 2 and t.get(sc.ids["w"], "damage") == 2


def test_509_1_bulk_declaration_rejects_illegal_blocks_and_changes_nothing():
    for blocks in ([("x", "f")], [("x", "k"), ("x", "w")]):  # 702.9b flying; 509.1a one attacker each
        sc = _bulk_board()
        game = sc.game
        with pytest.raises(IllegalActionError):
            _run_bulk(sc, blocks)
        assert not game.table.tapped[: game.table.n].any() and game.combat.att is None


def test_702_111b_bulk_declaration_rejects_a_single_blocker_on_menace():
    sc = board([{"card": "Test Brute", "id": "b"}], [{"card": "Test Bear", "id": "x"}, {"card": "Test Bear", "id": "y"}],
               cards=[creature("Test Brute", 3, 3, "Menace"), creature("Test Bear", 2, 2)])
    game = sc.game
    with pytest.raises(IllegalActionError):
        declare_bulk(game, np.array([sc.ids["b"]]), game.players[1], np.array([sc.ids["x"]]), np.array([sc.ids["b"]]))
    declare_bulk(game, np.array([sc.ids["b"]]), game.players[1], np.array([sc.ids["x"], sc.ids["y"]]),
                 np.array([sc.ids["b"], sc.ids["b"]]))
    begin_combat_damage(game, False)
    assert game.player_states[1].life == 20


def test_508_1d_bulk_declaration_enforces_attacks_each_combat():
    sc = board([{"card": "Test Berserker", "id": "b"}, {"card": "Test Bear", "id": "a"}], [],
               cards=[creature("Test Berserker", 3, 1, "This creature attacks each combat if able."),
                      creature("Test Bear", 2, 2)])
    with pytest.raises(IllegalActionError):
        declare_bulk(sc.game, np.array([sc.ids["a"]]), sc.game.players[1])


def test_704_3_bulk_deaths_match_one_by_one_moves(monkeypatch):
    """The bulk zone change (many deaths at once) leaves the same game as one move per creature."""
    results = []
    for threshold in (1, 10**9):
        monkeypatch.setattr(state_based, "BULK_DEATHS", threshold)
        game, attackers, blockers, blocked = build_combat(300, seed=5)
        run_combat(game, attackers, blockers, blocked)
        t = game.table
        # Simultaneous deaths may enter a graveyard in any order (the owner's choice): compare contents.
        names = [sorted(game.card(e).name for e in game.zones[p][Zone.GRAVEYARD]) for p in range(2)]
        board_state = sorted(zip(t.entity[: t.n].tolist(), t.damage[: t.n].tolist(), t.tapped[: t.n].tolist(),
                                 strict=True))
        lki = {k: v for k, v in game.lki.items()}
        results.append((names, board_state, [s.life for s in game.player_states], len(lki)))
        for e in t.entity[: t.n].tolist():
            assert t.row_of[e] == t.rowmap[e]
    assert results[0][0] == results[1][0]
    assert [x[1:] for x in results[0][1]] == [x[1:] for x in results[1][1]]
    assert results[0][2:] == results[1][2:]


def test_bench_combat_json(capsys):
    assert main(["bench", "combat", "--attackers", "50", "200", "--repeat", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["attackers"] for r in out["rows"]] == [50, 200]
    assert all(r["ms_per_combat"] > 0 for r in out["rows"])
