"""The scenario runner itself: an expectation that can't hold must fail, an illegal action must be refused.

A runner check that always passes would hide engine bugs, so each feature is tested both ways.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ecs.scenario import Scenario, run_file


def _run(tmp_path: Path, data: dict) -> tuple[bool, str]:
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(data, sort_keys=False))
    r = run_file(f)
    return r.passed, r.failure


def _combat(actions, expect=()):
    return {
        "name": "combat runner check",
        "players": [
            {"name": "alice", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]},
            {"name": "bob", "battlefield": [{"card": "Walking Corpse", "id": "corpse"}]},
        ],
        "turn": {"number": 3, "active": "alice", "step": "declare_attackers"},
        "actions": list(actions),
        "expect": list(expect),
    }


def test_illegal_cast_that_is_legal_fails_the_scenario(tmp_path):
    """A legal cast (CR 117.1a) marked illegal must fail the scenario."""
    data = {"name": "x", "players": [{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"]},
                                     {"name": "bob"}],
            "actions": [{"player": "alice", "cast": "Shock", "targets": ["bob"], "illegal": True}]}
    passed, failure = _run(tmp_path, data)
    assert not passed and "must be illegal" in failure


def test_illegal_play_that_is_legal_fails_the_scenario(tmp_path):
    """A legal land play (CR 305.2) marked illegal must fail the scenario."""
    data = {"name": "x", "players": [{"name": "alice", "hand": ["Forest"]}, {"name": "bob"}],
            "actions": [{"player": "alice", "play": "Forest", "illegal": True}]}
    passed, _ = _run(tmp_path, data)
    assert not passed


def test_wrong_expectation_fails_and_right_one_passes(tmp_path):
    """CR 510.1b, 508.1f: the bear deals 2 and taps; a wrong life total must fail."""
    good = _combat([{"player": "alice", "attack": ["bear"]}, {"pass_until": "end_of_combat"}],
                   [{"player": "bob", "life": 18}, {"object": "bear", "tapped": True, "attacking": True}])
    assert _run(tmp_path, good) == (True, "")
    bad = _combat([{"player": "alice", "attack": ["bear"]}, {"pass_until": "end_of_combat"}],
                  [{"player": "bob", "life": 20}])
    passed, failure = _run(tmp_path, bad)
    assert not passed and "18" in failure


def test_attack_with_a_creature_that_cannot_attack_fails(tmp_path):
    """CR 302.6: attacking with a summoning-sick creature fails the scenario."""
    data = _combat([{"player": "alice", "attack": ["bear"]}])
    data["players"][0]["battlefield"][0]["sick"] = True  # CR 302.6
    passed, failure = _run(tmp_path, data)
    assert not passed and "attackers" in failure  # no attack is possible, so no attackers decision


def test_illegal_attack_that_is_legal_fails_the_scenario(tmp_path):
    """CR 508.1a: the untapped, non-sick bear may attack, so `illegal: true` must fail."""
    data = _combat([{"player": "alice", "attack": ["bear"], "illegal": True}])
    passed, _ = _run(tmp_path, data)
    assert not passed


def test_illegal_block_that_is_legal_fails_the_scenario(tmp_path):
    """CR 509.1a: the corpse may block the bear, so `illegal: true` must fail."""
    data = _combat([{"player": "alice", "attack": ["bear"]}, {"pass_until": "declare_blockers"},
                    {"player": "bob", "block": {"corpse": "bear"}, "illegal": True}])
    passed, _ = _run(tmp_path, data)
    assert not passed


def test_cast_one_of_two_identical_cards_by_id(tmp_path):
    """CR 120.3a: two Shocks to bob, each cast by its set-up id, leave him at 16."""
    data = {"name": "x",
            "players": [{"name": "alice", "hand": [{"card": "Shock", "id": "s1"}, {"card": "Shock", "id": "s2"}],
                         "battlefield": ["Mountain", "Mountain"]}, {"name": "bob"}],
            "actions": [{"player": "alice", "cast": "s1", "targets": ["bob"]}, {"pass": 1},
                        {"player": "alice", "cast": "s2", "targets": ["bob"]}, {"pass": 1}],
            "expect": [{"player": "bob", "life": 16}]}
    passed, failure = _run(tmp_path, data)
    assert passed, failure


def test_103_8a_turn_one_active_player_is_the_starting_player():
    sc = Scenario({"name": "x", "players": [{"name": "alice", "library": ["Forest"]},
                                            {"name": "bob", "library": ["Island"]}],
                   "turn": {"number": 1, "active": "bob", "step": "upkeep"}}, "inline")
    game = sc.game
    while game.step.label != "precombat_main":
        game.apply(game.whole_actions()[0])
    assert len(game.zones[1][1]) == 0  # bob's hand: no draw on the starting player's first turn


def test_scenario_setup_runs_the_starting_steps_turn_based_actions():
    """The game starts at the beginning of turn.step: a draw step set-up draws (CR 504.1)."""
    sc = Scenario({"name": "x", "players": [{"name": "alice", "library": ["Forest", "Island"]}, {"name": "bob"}],
                   "turn": {"number": 3, "active": "alice", "step": "draw"}}, "inline")
    game = sc.game
    assert [game.card(e).name for e in game.zones[0][1]] == ["Forest"]
