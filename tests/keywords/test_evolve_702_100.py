"""Evolve (CR 702.100)."""

from __future__ import annotations

from board import build, cast, creature, one, pass_once, plus1, pt, resolve_stack

from components.abilities import Condition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from ecs.actions import DecisionKind
from systems.counters import add_counters
from systems.mechanics.evolve import evolve_condition
from systems.zones import move

EVOLVE_TEXT = ("Evolve (Whenever a creature you control enters, if that creature has greater power or toughness "
               "than this creature, put a +1/+1 counter on this creature.)")
EVOLVER = creature("Test Evolver", 2, 2, EVOLVE_TEXT)
TWICE = creature("Test Double Evolver", 2, 2, "Evolve\nEvolve")
BIG = creature("Test Big", 3, 3)
SAME = creature("Test Same", 2, 2)
TALL = creature("Test Tall", 1, 4)
STRONG = creature("Test Strong", 3, 1)


def _enter(name: str, *, alice=("Test Evolver",), bob=(), caster=0):
    """``name`` is cast by ``caster`` (with enough lands) and resolves."""
    hands = [[], []]
    hands[caster] = [name]
    sc = build([{"name": "alice", "hand": hands[0], "battlefield": [*alice, "Forest"]},
                {"name": "bob", "hand": hands[1], "battlefield": [*bob, "Forest"]}],
               cards=[EVOLVER, TWICE, BIG, SAME, TALL, STRONG], turn={"active": ["alice", "bob"][caster]})
    game = sc.game
    cast(game, name)
    pass_once(game)
    pass_once(game)  # the creature spell resolves; evolve triggers (or not)
    return sc, game


def test_702_100a_evolve_reads_as_an_enters_trigger_with_an_intervening_if():
    (ability,), _ = compile_text("Test Evolver", EVOLVE_TEXT, CardType.CREATURE)
    assert isinstance(ability, TriggeredAbility)
    assert ability.trigger.kind == TriggerKind.ENTERS and ability.trigger.filter.controller == "you"
    assert ability.condition == Condition("evolve")


def test_702_100a_a_bigger_creature_entering_puts_a_counter_on_it():
    sc, game = _enter("Test Big")
    evolver = one(game, "Test Evolver")
    resolve_stack(game)
    assert plus1(game, evolver) == 1 and pt(game, evolver) == (3, 3)


def test_702_100a_greater_toughness_alone_or_greater_power_alone_is_enough():
    for name in ("Test Tall", "Test Strong"):
        sc, game = _enter(name)
        evolver = one(game, "Test Evolver")
        resolve_stack(game)
        assert plus1(game, evolver) == 1, name


def test_603_4_a_creature_not_greater_doesnt_trigger_it():
    """The intervening 'if' is false as the event happens: the ability doesn't trigger at all."""
    sc, game = _enter("Test Same")
    assert not game.waiting_triggers and not game.stack
    assert plus1(game, one(game, "Test Evolver")) == 0


def test_702_100a_only_creatures_you_control_entering():
    sc, game = _enter("Test Big", caster=1)
    assert not game.waiting_triggers and not game.stack
    assert plus1(game, one(game, "Test Evolver")) == 0


def test_603_4_the_comparison_is_made_again_on_resolution():
    """Evolve triggered for a 3/3; before it resolves the evolve creature became 3/3 itself: on
    resolution the condition is false and no counter is put on it."""
    sc, game = _enter("Test Big")
    evolver = one(game, "Test Evolver")
    assert len(game.stack) == 1
    add_counters(game, evolver, "+1/+1", 1)  # e.g. a spell cast in response
    resolve_stack(game)
    assert plus1(game, evolver) == 1


def test_702_100a_608_2h_a_creature_gone_before_resolution_is_compared_by_last_known_information():
    sc, game = _enter("Test Big")
    evolver = one(game, "Test Evolver")
    move(game, one(game, "Test Big"), Zone.GRAVEYARD)  # it left in response
    resolve_stack(game)
    assert plus1(game, evolver) == 1


def test_702_100a_counters_it_entered_with_count():
    """A 2/2 that enters with a +1/+1 counter is a 3/3 entering (e.g. unleash, 702.98a)."""
    rager = creature("Test Rager", 2, 2, "Unleash")
    sc = build([{"name": "alice", "hand": ["Test Rager"], "battlefield": ["Test Evolver", "Forest"]},
                {"name": "bob"}], cards=[EVOLVER, rager])
    game = sc.game
    cast(game, "Test Rager")
    pass_once(game)
    pass_once(game)
    assert game.pending.kind == DecisionKind.MAY
    from ecs.actions import Choose

    game.apply(Choose(True))
    resolve_stack(game)
    assert plus1(game, one(game, "Test Evolver")) == 1


def test_702_100c_a_noncreature_permanent_is_never_greater():
    sc, game = _enter("Test Same")
    forest = next(e for e in game.battlefield() if game.card(e).name == "Forest")
    evolver = one(game, "Test Evolver")
    assert not evolve_condition(game, Condition("evolve"), 0, evolver, forest)
    assert not evolve_condition(game, Condition("evolve"), 0, forest, one(game, "Test Same"))


def test_702_100d_each_instance_triggers_separately():
    sc, game = _enter("Test Big", alice=("Test Double Evolver",))
    assert len(game.stack) + len(game.waiting_triggers) == 2
    doubled = one(game, "Test Double Evolver")
    resolve_stack(game)
    # The first makes it 3/3; the second's condition is checked again (3/3 is not greater): one counter.
    assert plus1(game, doubled) == 1
