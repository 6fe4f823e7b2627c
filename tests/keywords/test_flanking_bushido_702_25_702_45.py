"""Flanking (CR 702.25) and bushido (CR 702.45): triggered abilities of blocks."""

from __future__ import annotations

from board import attack, block, build, creature, names, pass_once, resolve_stack

from components.abilities import TriggeredAbility, TriggerKind
from components.keywords import Keyword
from components.objects import Step, Zone
from content.card_pool import builtin_pool

COMBAT = {"step": "beginning_of_combat"}
TWO_GUARDS = creature("Test Twin Guard", 1, 1, "Bushido 1\nBushido 1")
SENTRY = creature("Test Sentry", 2, 3)


def _blocked(attacker, blockers, alice=None):
    ids = [f"b{i}" for i in range(len(blockers))]
    sc = build([{"name": "alice", "battlefield": [{"card": attacker, "id": "att"}], **(alice or {})},
                {"name": "bob", "battlefield": [{"card": c, "id": i} for c, i in zip(blockers, ids, strict=True)]}],
               cards=[TWO_GUARDS, SENTRY], turn=COMBAT)
    game = sc.game
    attack(game, [sc.ids["att"]])
    block(game, [(sc.ids[i], sc.ids["att"]) for i in ids])
    return sc, game


def test_702_25a_flanking_is_a_keyword_bit():
    assert builtin_pool().get("Searing Spear Askari").keywords & Keyword.FLANKING


def test_702_25a_a_blocker_without_flanking_gets_minus_1_minus_1():
    sc, game = _blocked("Searing Spear Askari", ["Hill Giant"])
    assert game.waiting_triggers or game.stack
    resolve_stack(game)
    giant = sc.ids["b0"]
    assert (game.table.get(giant, "power"), game.table.get(giant, "toughness")) == (2, 2)


def test_702_25a_the_blocker_is_smaller_before_combat_damage():
    """A 2/3 blocker becomes 1/2 and dies to the 2/2 attacker's 2 damage; the attacker takes only 1."""
    sc, game = _blocked("Searing Spear Askari", ["Test Sentry"])
    resolve_stack(game)
    while game.step < Step.END_OF_COMBAT:
        pass_once(game)
    assert names(game, 1, Zone.GRAVEYARD) == ["Test Sentry"]
    assert game.table.get(sc.ids["att"], "damage") == 1


def test_702_25a_509_3d_each_blocker_without_flanking_triggers_it():
    sc, game = _blocked("Searing Spear Askari", ["Hill Giant", "Hill Giant"])
    resolve_stack(game)
    for b in ("b0", "b1"):
        assert game.table.get(sc.ids[b], "toughness") == 2


def test_702_25a_a_blocker_with_flanking_doesnt_trigger_it():
    sc, game = _blocked("Searing Spear Askari", ["Searing Spear Askari"])
    assert not game.waiting_triggers and not game.stack
    assert game.table.get(sc.ids["b0"], "toughness") == 2


def test_702_45a_bushido_reads_as_one_triggered_ability():
    (a,) = [x for x in builtin_pool().get("Inner-Chamber Guard").abilities if isinstance(x, TriggeredAbility)]
    assert a.trigger.kind == TriggerKind.BLOCKS_OR_BECOMES_BLOCKED


def test_702_45a_bushido_when_it_blocks():
    sc = build([{"name": "alice", "battlefield": [{"card": "Hill Giant", "id": "att"}]},
                {"name": "bob", "battlefield": [{"card": "Inner-Chamber Guard", "id": "g"}]}], turn=COMBAT)
    game = sc.game
    attack(game, [sc.ids["att"]])
    block(game, [(sc.ids["g"], sc.ids["att"])])
    resolve_stack(game)
    assert (game.table.get(sc.ids["g"], "power"), game.table.get(sc.ids["g"], "toughness")) == (2, 4)


def test_702_45a_509_3c_bushido_when_it_becomes_blocked_triggers_once_whatever_the_number_of_blockers():
    sc, game = _blocked("Inner-Chamber Guard", ["Grizzly Bears", "Grizzly Bears"])
    resolve_stack(game)
    assert (game.table.get(sc.ids["att"], "power"), game.table.get(sc.ids["att"], "toughness")) == (2, 4)


def test_702_45a_not_blocked_no_bushido():
    sc = build([{"name": "alice", "battlefield": [{"card": "Inner-Chamber Guard", "id": "att"}]}, {"name": "bob"}],
               turn=COMBAT)
    attack(sc.game, [sc.ids["att"]])
    assert not sc.game.waiting_triggers and sc.game.table.get(sc.ids["att"], "power") == 0


def test_702_45b_each_bushido_instance_triggers():
    sc, game = _blocked("Test Twin Guard", ["Grizzly Bears"])
    resolve_stack(game)
    assert game.table.get(sc.ids["att"], "power") == 3
