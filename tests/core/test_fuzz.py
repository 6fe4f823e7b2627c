"""``mtg-ecs fuzz`` (issue 15.1): odd agents and random decks with invariants after every action.

CI runs a short fuzz here. The issue asks for 100 games in at most 60 s; with every check on (layers
against the per-object reference after each action, clone() every 16 actions, a save replay per
game) the first 20 games of seed 0 cost 17 s of CPU (0.85 s a game, 0.58 ms an action; 1.11 ms an
action before the faster clone() was merged), so 100 games would take about 70 s: CI plays 20 games and the
10,000-game run is the command's job (docs/NOTES.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

from ecs import fuzz
from ecs.actions import ActivateAbility, CastSpell, FinishAttackers, PassPriority
from ecs.errors import IllegalActionError
from ecs.invariants import InvariantViolation, fingerprint
from ecs.scenario import run_file

ROOT = Path(__file__).resolve().parents[2]


def test_short_fuzz_run_keeps_every_invariant(tmp_path):
    summary = fuzz.run_fuzz(20, seed=0, workers=1, out_dir=str(tmp_path), progress_every=0)
    assert summary.games == 20 and not summary.interrupted
    assert summary.violations == [], summary.files
    assert summary.actions > 500 and summary.illegal_refused > 0
    assert set(summary.players) >= {2, 3}  # free-for-all games of three or four players too
    assert summary.decks["random"] > 0 and len(summary.decks) > 8
    assert set(summary.agents) == set(fuzz.AGENT_KINDS)
    assert summary.replays_checked == summary.games  # games with a concession too: saves record them (104.3a)


def test_plans_depend_on_seed_and_index_only():
    assert fuzz.plan_game(3, 7) == fuzz.plan_game(3, 7)
    assert fuzz.plan_game(3, 7) != fuzz.plan_game(3, 8)


def test_random_deck_has_60_cards_and_basic_lands_of_its_colours():
    import numpy as np

    deck = fuzz.random_deck(np.random.default_rng(5), fuzz.deck_spells())
    assert len(deck) == fuzz.DECK_SIZE
    lands = [c for c in deck if c.name in fuzz.BASICS.values()]
    assert len(lands) >= fuzz.LANDS
    colors = 0
    for c in deck:
        if c.name not in fuzz.BASICS.values():
            colors |= int(c.colors)
    land_bits = {bit for bit, name in fuzz.BASICS.items() if any(c.name == name for c in lands)}
    assert land_bits <= {bit for bit in fuzz.BASICS if colors & bit} or not colors


@pytest.mark.parametrize("bad", [None, "pass", 0, CastSpell(10**9), ActivateAbility(5, 10**9)])
def test_illegal_input_is_refused_and_changes_nothing(bad):
    # an action naming an object or ability that does not exist must be refused like any other (it
    # used to raise IndexError while the refusal message was written)
    game = fuzz.build_game(fuzz.plan_game(0, 1))
    while PassPriority() not in game.legal_actions():
        game.apply(game.legal_actions()[0])
    before, history = fingerprint(game), list(game.history)
    with pytest.raises(IllegalActionError):
        game.apply(bad)
    assert fingerprint(game) == before and game.history == history


def test_action_json_round_trip():
    for action in (CastSpell(4, targets=(1, 2), cost="kicker"), ActivateAbility(3, 1, mana="G"), PassPriority(),
                   None, "pass"):
        assert fuzz.action_from_json(fuzz.action_to_json(action)) == action


def _break_damage_on_turn(monkeypatch, turn: int) -> None:
    """A planted engine bug: from ``turn`` on, the state check leaves a negative damage mark."""
    import systems.priority as priority

    real = priority.state_check

    def broken(game):
        happened = real(game)
        if game.turn >= turn and game.table.n:
            game.table.damage[0] = -1
        return happened

    monkeypatch.setattr(priority, "state_check", broken)


# (plants a bug by replacing priority.state_check; compiled code calls the real one)
@pytest.mark.plain_python
def test_a_violation_is_shrunk_to_the_shortest_prefix_and_written_as_a_scenario(tmp_path, monkeypatch):
    _break_damage_on_turn(monkeypatch, 4)
    plan = fuzz.plan_game(0, 0)
    report = fuzz.play_plan(plan)
    scenario = report.violation
    assert scenario is not None and "negative amount" in scenario["name"]
    steps = scenario["replay"]["steps"]
    origin = scenario["replay"]["origin"]
    sizes = [len(d) for d in origin["decks"]]
    assert fuzz.replay_steps(origin, steps, sizes)[0] == "negative amount"
    assert fuzz.replay_steps(origin, steps[:-1], sizes, finish=False) is None  # the shortest prefix
    path = Path(fuzz.write_violation(scenario, str(tmp_path), 0, 0))
    result = run_file(path)
    assert not result.passed and not result.invalid and "negative amount" in result.failure
    # marked as a known failure, the scenario passes while the bug is there ...
    data = yaml.safe_load(path.read_text())
    data["known_failure"] = "negative damage"
    path.write_text(yaml.safe_dump(data))
    assert run_file(path).passed
    # ... and fails once it is fixed, so that the mark is removed
    monkeypatch.undo()
    result = run_file(path)
    assert not result.passed and "no longer happens" in result.failure
    del data["known_failure"]
    path.write_text(yaml.safe_dump(data))
    assert run_file(path).passed


@pytest.mark.parametrize("replay", [{"origin": {}, "steps": [-1]}, {"origin": {}, "steps": [{"jump": 1}]},
                                    {"steps": []}, "x"])
def test_invalid_replay_scenario_is_reported_as_invalid(tmp_path, replay):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"name": "bad", "replay": replay}))
    result = run_file(path)
    assert result.invalid and "replay" in result.failure


def test_invariant_violation_names_its_kind():
    exc = InvariantViolation("negative amount", "damage")
    assert str(exc) == "negative amount: damage" and exc.kind == "negative amount"


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games: must be at least 1"),
    (["--seed", "-1"], "--seed: must be between 0 and 2^63-1"),
    (["--workers", "x"], "--workers: must be an integer"),
])
def test_cli_refuses_bad_numbers_with_exit_2(args, message):
    proc = subprocess.run([sys.executable, "-m", "ecs", "fuzz", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_cli_runs_a_game_and_prints_the_summary(tmp_path):
    out = tmp_path / "summary.json"
    proc = subprocess.run([sys.executable, "-m", "ecs", "fuzz", "--games", "2", "--seed", "4", "--out",
                           str(tmp_path / "f"), "--json", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "2 of 2 games" in proc.stdout and "violations: 0" in proc.stdout
    assert yaml.safe_load(out.read_text())["games"] == 2



def test_601_2_a_whole_play_completing_an_offered_announcement_is_not_taken_for_an_illegal_action():
    """Found by the 10,000-game fuzz (game 3117 of seed 0): the illegal-action agent tried a whole cast of Nyxborn
    Eidolon, offered as an announcement (cast it, or bestow it, 702.103a); apply() takes a whole legal play
    (``whole_actions``), so the fuzz reported "illegal action accepted". It now asks ``Game.accepts``, which
    apply() itself uses."""
    from board import build

    from ecs.actions import Announce

    sc = build([{"name": "alice", "hand": ["Nyxborn Eidolon"], "battlefield": ["Swamp"] * 5 + ["Hill Giant"]},
                {"name": "bob", "library": ["Island"] * 3}], turn={"active": "alice", "step": "precombat_main",
                                                                    "number": 2})
    game = sc.game
    assert any(isinstance(o, Announce) for o in game.pending.options)
    whole = [w for w in game.whole_actions() if isinstance(w, CastSpell)]
    assert len(whole) == 2  # cast as a creature, or bestowed on Hill Giant
    for w in whole:
        assert w not in game.pending.options and game.accepts(w)
    assert not game.accepts(CastSpell(10**9)) and not game.accepts(FinishAttackers())
    rng = np.random.default_rng(0)
    for _ in range(200):  # the fuzz's illegal candidates are never actions apply() takes
        bad = fuzz.illegal_action(game, rng, whole)
        assert bad is None or not game.accepts(bad)
    copy = game.clone()
    copy.apply(whole[0])  # taken, as accepts said
    assert copy.stack


def test_endings_of_several_losers_are_one_class_whichever_lost_first():
    # 104.3a, 704.5a: a game whose losers conceded and went to 0 life is one ending, in either order of losing
    first = fuzz._reason_class("p0-ann conceded; p1-bob life total 0 or less (CR 704.5a)")
    second = fuzz._reason_class("p1-bob life total 0 or less (CR 704.5a); p0-ann conceded")
    assert first == second == "conceded + life total 0 or less"
    assert fuzz._reason_class("p2-cy life total 0 or less (CR 704.5a)") == "life total 0 or less"
