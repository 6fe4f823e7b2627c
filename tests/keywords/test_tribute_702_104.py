"""Tribute (CR 702.104)."""

from __future__ import annotations

from board import build, cast, choose, creature, one, pass_once, plus1, resolve_stack

from components.abilities import Condition, GainLife, TriggeredAbility
from components.characteristics import CardType
from components.keyword_abilities import Tribute
from components.keywords import Keyword
from components.objects import Zone
from content.oracle import compile_text
from ecs.actions import ChoosePlayer, DecisionKind
from systems.zones import move

TRIBUTE_TEXT = ("Tribute 3 (As this creature enters, an opponent of your choice may put three +1/+1 counters on "
                "it.)\nWhen this creature enters, if tribute wasn't paid, you gain 4 life.")
SNAKE = creature("Test Snake", 4, 4, TRIBUTE_TEXT, cost="{2}")


def _cast_snake(players=2):
    names = ["alice", "bob", "carol"][:players]
    data = [{"name": "alice", "hand": ["Test Snake"], "battlefield": ["Forest", "Forest"]}]
    data += [{"name": n} for n in names[1:]]
    sc = build(data, cards=[SNAKE])
    game = sc.game
    cast(game, "Test Snake")
    for _ in range(players):
        pass_once(game)
    return sc, game


def test_702_104a_tribute_and_its_if_tribute_wasnt_paid_ability_read():
    (tribute, trigger), _ = compile_text("Test Snake", TRIBUTE_TEXT, CardType.CREATURE)
    assert tribute == Tribute("Tribute 3", 3)
    assert isinstance(trigger, TriggeredAbility)
    assert trigger.condition == Condition("tribute_not_paid") and trigger.effects == (GainLife(4),)


def test_702_104a_the_chosen_opponent_decides_as_it_enters_and_paying_gives_counters():
    """With one opponent the choice of opponent has one answer; that opponent (bob) is asked while the
    spell is still on the stack; paying makes it enter with three +1/+1 counters, and 702.104b's
    ability doesn't trigger."""
    sc, game = _cast_snake()
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 1
    assert [game.card(e).name for e in game.stack] == ["Test Snake"]
    choose(game, 1, True)
    snake = one(game, "Test Snake")
    assert plus1(game, snake) == 3
    assert not game.waiting_triggers and not game.stack
    assert game.player_states[0].life == 20


def test_702_104b_if_tribute_wasnt_paid_the_ability_triggers():
    sc, game = _cast_snake()
    choose(game, 1, False)
    snake = one(game, "Test Snake")
    assert plus1(game, snake) == 0
    resolve_stack(game)
    assert game.player_states[0].life == 24


def test_702_104a_in_multiplayer_the_controller_chooses_which_opponent():
    sc, game = _cast_snake(players=3)
    assert game.pending.kind == DecisionKind.CHOOSE_PLAYER and game.pending.player == 0
    assert set(game.pending.options) == {ChoosePlayer(game.players[1]), ChoosePlayer(game.players[2])}
    game.apply(ChoosePlayer(game.players[2]))
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 2  # carol decides, not bob
    choose(game, 2, True)
    assert plus1(game, one(game, "Test Snake")) == 3


def test_702_104b_603_4_checked_again_on_resolution_even_after_it_left():
    """The condition is about how it entered: still true on resolution after the creature has left."""
    sc, game = _cast_snake()
    choose(game, 1, False)
    move(game, one(game, "Test Snake"), Zone.GRAVEYARD)
    resolve_stack(game)
    assert game.player_states[0].life == 24


def test_702_104b_fanatic_of_xenagos_unpaid_gets_plus1_and_haste_until_end_of_turn():
    sc = build([{"name": "alice", "hand": ["Fanatic of Xenagos"], "battlefield": ["Forest", "Mountain", "Forest"]},
                {"name": "bob"}])
    game = sc.game
    cast(game, "Fanatic of Xenagos")
    pass_once(game)
    pass_once(game)
    choose(game, 1, False)
    resolve_stack(game)
    fanatic = one(game, "Fanatic of Xenagos")
    game.refresh_layers()
    assert plus1(game, fanatic) == 0
    assert (game.table.get(fanatic, "power"), game.table.get(fanatic, "toughness")) == (4, 4)
    assert game.table.get(fanatic, "keywords") & Keyword.HASTE
