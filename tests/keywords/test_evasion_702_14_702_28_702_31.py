"""Landwalk (CR 702.14), shadow (CR 702.28) and horsemanship (CR 702.31): who may block whom."""

from __future__ import annotations

import numpy as np
import pytest
from board import attack, build, pass_once, resolve_stack

from components.keywords import KEYWORD_NAMES, Keyword
from components.objects import Step
from content.card_pool import builtin_pool
from ecs.actions import ActivateAbility, DecisionKind, DeclareBlocker
from ecs.errors import IllegalActionError
from systems.combat import declare_bulk

COMBAT = {"step": "beginning_of_combat"}


def _blocks(game, blocker, attacker):
    """May ``blocker`` block ``attacker``? (When no block is possible at all, the declaration isn't asked.)"""
    while game.pending.kind == DecisionKind.PRIORITY and game.step < Step.DECLARE_BLOCKERS:
        pass_once(game)
    if game.pending.kind != DecisionKind.BLOCKERS:
        assert game.step >= Step.DECLARE_BLOCKERS and not game.combat.blocking  # nobody could block
        return False
    return DeclareBlocker(blocker, attacker) in game.pending.options


def _fight(attacker, blocker, bob_lands=(), alice_extra=()):
    sc = build([{"name": "alice", "battlefield": [{"card": attacker, "id": "att"}, *alice_extra]},
                {"name": "bob", "battlefield": [{"card": blocker, "id": "blk"}, *bob_lands]}], turn=COMBAT)
    attack(sc.game, [sc.ids["att"]])
    return sc


def test_702_14_landwalk_keywords_are_bits_read_from_keyword_lines():
    assert builtin_pool().get("Zodiac Monkey").keywords & Keyword.FORESTWALK
    assert builtin_pool().get("Rock Badger").keywords & Keyword.MOUNTAINWALK
    for word in ("plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "shadow", "horsemanship"):
        assert word in KEYWORD_NAMES


@pytest.mark.parametrize(("lands", "blockable"), [(["Forest"], False), (["Island"], True), ([], True)])
def test_702_14c_landwalk_unblockable_while_the_defending_player_controls_that_land_type(lands, blockable):
    sc = _fight("Zodiac Monkey", "Hill Giant", lands)
    assert _blocks(sc.game, sc.ids["blk"], sc.ids["att"]) is blockable


def test_702_14c_the_attacking_players_lands_dont_matter():
    sc = _fight("Zodiac Monkey", "Hill Giant", alice_extra=["Forest"])
    assert _blocks(sc.game, sc.ids["blk"], sc.ids["att"])


def test_305_7_a_land_that_became_a_forest_counts_for_forestwalk():
    from ecs.scenario import Scenario

    becomes_forest = {"layer": "type", "source": "isl", "targets": ["isl"], "subtypes_add": ["Forest"],
                      "subtypes_replace": True}
    sc = Scenario({"name": "t", "players": [{"name": "alice", "battlefield": [{"card": "Zodiac Monkey", "id": "att"}]},
                                            {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "blk"},
                                                                            {"card": "Island", "id": "isl"}]}],
                   "turn": COMBAT, "effects": [becomes_forest]}, "inline")
    attack(sc.game, [sc.ids["att"]])
    assert not _blocks(sc.game, sc.ids["blk"], sc.ids["att"])


def test_702_14c_landwalk_gained_until_end_of_turn():
    sc = build([{"name": "alice", "battlefield": [{"card": "Shore Snapper", "id": "att"}, "Island"]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "blk"}, "Island"]}], turn=COMBAT)
    game = sc.game
    (act,) = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    game.apply(act)
    resolve_stack(game)
    assert game.table.get(sc.ids["att"], "keywords") & Keyword.ISLANDWALK
    attack(game, [sc.ids["att"]])
    assert not _blocks(game, sc.ids["blk"], sc.ids["att"])


def test_702_14c_bulk_declarations_check_landwalk_too():
    sc = build([{"name": "alice", "battlefield": [{"card": "Zodiac Monkey", "id": "att"}]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "blk"}, "Forest"]}],
               turn={"step": "declare_attackers"})
    game = sc.game
    with pytest.raises(IllegalActionError, match="509.1b"):
        declare_bulk(game, np.array([sc.ids["att"]]), game.players[1], np.array([sc.ids["blk"]]),
                     np.array([sc.ids["att"]]))


@pytest.mark.parametrize(("attacker", "blocker", "ok"), [
    ("Dauthi Marauder", "Hill Giant", False),  # a creature with shadow can't be blocked by creatures without shadow
    ("Dauthi Marauder", "Dauthi Marauder", True),
    ("Hill Giant", "Dauthi Marauder", False),  # ... and a creature with shadow can't block one without
])
def test_702_28b_shadow(attacker, blocker, ok):
    sc = _fight(attacker, blocker)
    assert _blocks(sc.game, sc.ids["blk"], sc.ids["att"]) is ok


@pytest.mark.parametrize(("attacker", "blocker", "ok"), [
    ("Lu Meng, Wu General", "Hill Giant", False),  # can't be blocked except by creatures with horsemanship
    ("Lu Meng, Wu General", "Lu Meng, Wu General", True),
    ("Hill Giant", "Lu Meng, Wu General", True),  # a creature with horsemanship can block one without it
])
def test_702_31b_horsemanship(attacker, blocker, ok):
    sc = _fight(attacker, blocker)
    assert _blocks(sc.game, sc.ids["blk"], sc.ids["att"]) is ok
