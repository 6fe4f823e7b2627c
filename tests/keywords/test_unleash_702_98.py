"""Unleash (CR 702.98)."""

from __future__ import annotations

from board import build, cast, choose, creature, one, pass_once, plus1, pt

from components.abilities import KeywordAbility
from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import Step, Zone
from content.oracle import compile_text
from ecs.actions import DecisionKind, DeclareAttacker, DeclareBlocker, FinishAttackers
from systems.counters import add_counters
from systems.zones import create_card

UNLEASHED = creature("Test Rager", 2, 2, "Unleash (You may have this creature enter with a +1/+1 counter on it. "
                     "It can't block as long as it has a +1/+1 counter on it.)", cost="{1}{R}")
BEAR = creature("Test Bear", 2, 2)


def _cast_rager():
    sc = build([{"name": "alice", "hand": ["Test Rager"], "battlefield": ["Mountain", "Mountain"]},
                {"name": "bob"}], cards=[UNLEASHED, BEAR])
    game = sc.game
    cast(game, "Test Rager")
    pass_once(game)
    pass_once(game)
    return sc, game


def test_702_98a_unleash_reads_as_the_unleash_keyword():
    abilities, keywords = compile_text("Test Rager", UNLEASHED["text"], CardType.CREATURE)
    assert abilities == (KeywordAbility("Unleash", int(Keyword.UNLEASH), (int(Keyword.UNLEASH),)),)
    assert keywords & Keyword.UNLEASH


def test_702_98a_the_controller_may_have_it_enter_with_a_counter_chosen_as_it_resolves():
    """The choice is made by the spell's controller while it resolves: the spell is still on the stack
    and nothing has entered yet; "yes" makes it enter with the +1/+1 counter."""
    sc, game = _cast_rager()
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 0
    assert [game.card(e).name for e in game.stack] == ["Test Rager"]
    assert not [e for e in game.battlefield() if game.card(e).name == "Test Rager"]
    choose(game, 0, True)
    rager = one(game, "Test Rager")
    assert plus1(game, rager) == 1 and pt(game, rager) == (3, 3)
    assert not game.stack and game.pending.kind == DecisionKind.PRIORITY


def test_702_98a_declining_it_enters_without_a_counter():
    sc, game = _cast_rager()
    choose(game, 0, False)
    rager = one(game, "Test Rager")
    assert plus1(game, rager) == 0 and pt(game, rager) == (2, 2)


def test_702_98a_the_counter_is_on_it_as_it_enters():
    """A replacement effect, not a later counter: an 'enters' trigger comparing power already sees 3/3
    (here an evolve creature, 702.100a, which triggers only for a bigger creature)."""
    evolver = creature("Test Evolver", 2, 2, "Evolve")
    sc = build([{"name": "alice", "hand": ["Test Rager"], "battlefield": ["Mountain", "Mountain", "Test Evolver"]},
                {"name": "bob"}], cards=[UNLEASHED, evolver])
    game = sc.game
    cast(game, "Test Rager")
    pass_once(game)
    pass_once(game)
    choose(game, 0, True)
    assert len(game.waiting_triggers) + len(game.stack) == 1  # the evolve trigger saw a 3/3 enter


def _combat(bob_battlefield):
    """Alice's Test Bear is about to attack bob, who controls ``bob_battlefield``."""
    return build([{"name": "alice", "battlefield": [{"card": "Test Bear", "id": "attacker"}]},
                  {"name": "bob", "battlefield": bob_battlefield}],
                 cards=[UNLEASHED, BEAR], turn={"step": "beginning_of_combat"})


def _declare_and_get_blockers(sc):
    """Attack bob with alice's bear; the creatures bob may declare as blockers (509.1a-b)."""
    game = sc.game
    while game.pending.kind == DecisionKind.PRIORITY:
        pass_once(game)
    attack = next(o for o in game.whole_actions() if isinstance(o, DeclareAttacker)
                  and o.creature == sc.ids["attacker"] and o.defender in game.player_of_entity)
    game.apply(attack)
    game.apply(FinishAttackers())
    while game.pending.kind == DecisionKind.PRIORITY:
        pass_once(game)
    assert game.pending.kind == DecisionKind.BLOCKERS and game.pending.player == 1
    return {o.blocker for o in game.whole_actions() if isinstance(o, DeclareBlocker)}


def test_702_98a_it_cant_block_as_long_as_it_has_a_plus1_counter():
    sc = _combat([{"card": "Test Rager", "id": "r", "counters": {"+1/+1": 1}}, {"card": "Test Bear", "id": "b"}])
    blockers = _declare_and_get_blockers(sc)
    assert sc.ids["r"] not in blockers and sc.ids["b"] in blockers


def test_702_98a_without_a_counter_it_can_block():
    sc = _combat([{"card": "Test Rager", "id": "r"}])
    assert sc.ids["r"] in _declare_and_get_blockers(sc)


def test_702_98a_a_counter_from_anywhere_stops_it_blocking_and_other_creatures_are_unaffected():
    """Any +1/+1 counter counts, not only the unleash one; a creature without unleash with a counter can
    still block."""
    sc = _combat([{"card": "Test Rager", "id": "r"}, {"card": "Test Bear", "id": "b", "counters": {"+1/+1": 2}}])
    add_counters(sc.game, sc.ids["r"], "+1/+1", 1)  # e.g. put there by a spell later on
    blockers = _declare_and_get_blockers(sc)
    assert sc.ids["r"] not in blockers and sc.ids["b"] in blockers


def test_702_98a_once_the_counters_are_gone_it_can_block_again():
    """+1/+1 and -1/-1 counters annihilate (704.5q): with no +1/+1 counter left it may block."""
    sc = _combat([{"card": "Test Rager", "id": "r", "counters": {"+1/+1": 1, "-1/-1": 1}}])
    assert sc.ids["r"] in _declare_and_get_blockers(sc)
    assert plus1(sc.game, sc.ids["r"]) == 0


def test_702_98a_the_restriction_is_an_ability_lost_with_all_abilities():
    """613.1f: a creature that lost all its abilities no longer has unleash's restriction."""
    sc = _combat([{"card": "Test Rager", "id": "r", "counters": {"+1/+1": 1}}])
    from components.abilities import Layer
    from components.objects import ContinuousEffect
    from systems.layers import add_effect

    game = sc.game
    add_effect(game, ContinuousEffect(layer=Layer.ABILITY, timestamp=game.new_timestamp(), source=sc.ids["r"],
                                      controller=1, until_end_of_turn=True, from_static=False,
                                      fixed=(sc.ids["r"],), lose_all_abilities=True))
    assert sc.ids["r"] in _declare_and_get_blockers(sc)


def test_702_98a_put_onto_the_battlefield_without_a_resolution_nobody_is_asked():
    """Outside a resolution that can stop for a choice (a set-up here) no one is asked and no counter
    is added (the engine's documented limit, systems/mechanics/entering.py)."""
    sc = build([{"name": "alice"}, {"name": "bob"}], cards=[UNLEASHED])
    game = sc.game
    rager = create_card(game, sc.pool.get("Test Rager"), 0, Zone.BATTLEFIELD)
    assert plus1(game, rager) == 0 and game.pending.kind == DecisionKind.PRIORITY
    assert game.step == Step.PRECOMBAT_MAIN
