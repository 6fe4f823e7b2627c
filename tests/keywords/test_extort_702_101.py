"""Extort (CR 702.101)."""

from __future__ import annotations

from board import build, cast, choose, creature, pass_once, resolve_stack

from components.abilities import TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import ExtortPayment
from content.oracle import compile_text
from ecs.actions import Choose, DecisionKind

EXTORT_TEXT = ("Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and "
               "you gain that much life.)")
EXTORTER = creature("Test Extorter", 1, 1, EXTORT_TEXT, cost="{W}{B}")
BEAR = creature("Test Bear", 2, 2)


def _setup(lands, *, extorters=1, players=2, hand=("Test Bear",)):
    names = ["alice", "bob", "carol"][:players]
    data = [{"name": "alice", "hand": list(hand), "battlefield": ["Test Extorter"] * extorters + list(lands)}]
    data += [{"name": n} for n in names[1:]]
    sc = build(data, cards=[EXTORTER, BEAR])
    return sc, sc.game


def _life(game):
    return [s.life for s in game.player_states]


def test_702_101a_extort_reads_as_a_cast_trigger():
    (ability,), _ = compile_text("Test Extorter", EXTORT_TEXT, CardType.CREATURE)
    assert isinstance(ability, TriggeredAbility)
    assert ability.trigger.kind == TriggerKind.CAST and ability.trigger.whose == "your"
    assert ability.effects == (ExtortPayment(),)


def test_702_101a_paying_drains_each_opponent_and_gains_that_much():
    sc, game = _setup(["Forest", "Swamp"])
    cast(game, "Test Bear")  # paid with the Forest: the Swamp is left for extort
    assert len(game.stack) + len(game.waiting_triggers) == 2  # the spell and the extort trigger
    pass_once(game)
    pass_once(game)  # the trigger resolves first
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 0
    assert set(game.pending.options) == {Choose(True), Choose(False)}
    choose(game, 0, True)
    assert _life(game) == [21, 19]
    swamp = next(e for e in game.battlefield() if game.card(e).name == "Swamp")
    assert game.table.get(swamp, "tapped")  # {W/B} was paid


def test_702_101a_the_hybrid_cost_can_be_paid_with_white_too():
    sc, game = _setup(["Forest", "Plains"])
    cast(game, "Test Bear")
    pass_once(game)
    pass_once(game)
    choose(game, 0, True)
    assert _life(game) == [21, 19]


def test_702_101a_declining_changes_nothing():
    sc, game = _setup(["Forest", "Swamp"])
    cast(game, "Test Bear")
    pass_once(game)
    pass_once(game)
    choose(game, 0, False)
    assert _life(game) == [20, 20]
    swamp = next(e for e in game.battlefield() if game.card(e).name == "Swamp")
    assert not game.table.get(swamp, "tapped")


def test_702_101a_yes_is_offered_only_when_the_cost_can_be_paid():
    """Without white or black mana left the only answer is "no": nobody is asked and nothing happens."""
    sc, game = _setup(["Forest", "Forest"])
    cast(game, "Test Bear")
    pass_once(game)
    pass_once(game)
    assert game.pending.kind == DecisionKind.PRIORITY  # the trigger resolved without a question
    assert _life(game) == [20, 20]


def test_702_101a_each_opponent_loses_1_and_you_gain_the_total():
    sc, game = _setup(["Forest", "Swamp"], players=3)
    cast(game, "Test Bear")
    for _ in range(3):
        pass_once(game)
    choose(game, 0, True)
    assert _life(game) == [22, 19, 19]


def test_702_101b_each_instance_triggers_separately():
    sc, game = _setup(["Forest", "Swamp", "Plains"], extorters=2)
    cast(game, "Test Bear")
    assert len(game.stack) + len(game.waiting_triggers) == 3
    for _ in range(2):
        while game.pending.kind != DecisionKind.MAY:
            if game.pending.kind == DecisionKind.TRIGGER:
                game.apply(game.pending.options[0])
            else:
                pass_once(game)
        choose(game, 0, True)
    assert _life(game) == [22, 18]


def test_702_101a_only_spells_you_cast_trigger_it():
    sc = build([{"name": "alice", "battlefield": ["Test Extorter", "Swamp"]},
                {"name": "bob", "hand": ["Test Bear"], "battlefield": ["Forest"]}],
               cards=[EXTORTER, BEAR], turn={"active": "bob"})
    game = sc.game
    cast(game, "Test Bear")
    assert not game.waiting_triggers and len(game.stack) == 1
    resolve_stack(game)
    assert _life(game) == [20, 20]
