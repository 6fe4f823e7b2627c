"""Dethrone (CR 702.105)."""

from __future__ import annotations

from board import build, creature, pass_once, plus1, resolve_stack

from components.abilities import TriggeredAbility, TriggerKind
from components.characteristics import CardType
from content.oracle import compile_text
from ecs.actions import DecisionKind, DeclareAttacker, FinishAttackers

DETHRONE_TEXT = ("Dethrone (Whenever this creature attacks the player with the most life or tied for most life, "
                 "put a +1/+1 counter on it.)")
USURPER = creature("Test Usurper", 1, 1, DETHRONE_TEXT)
DOUBLE = creature("Test Double Usurper", 1, 1, "Dethrone\nDethrone")
WALKER = {"name": "Test Walker", "manaCost": "{3}", "type": "Legendary Planeswalker — Test",
          "types": ["Planeswalker"], "subtypes": ["Test"], "supertypes": ["Legendary"], "text": "", "loyalty": "5"}


def _attack(lives, defender="bob", attacker="Test Usurper", extra_bob=()):
    names = ["alice", "bob", "carol"][:len(lives)]
    players = [{"name": n, "life": life} for n, life in zip(names, lives, strict=True)]
    players[0]["battlefield"] = [{"card": attacker, "id": "u"}]
    players[1]["battlefield"] = [{"card": c, "id": c} for c in extra_bob]
    sc = build(players, cards=[USURPER, DOUBLE, WALKER], turn={"step": "beginning_of_combat"})
    game = sc.game
    while game.pending.kind == DecisionKind.PRIORITY:
        pass_once(game)
    target = sc.ids[defender] if defender in sc.ids else game.players[sc.player_index[defender]]
    game.apply(DeclareAttacker(sc.ids["u"], target))
    game.apply(FinishAttackers())
    return sc, game


def test_702_105a_dethrone_reads_as_an_attack_trigger_about_the_defending_player():
    (ability,), _ = compile_text("Test Usurper", DETHRONE_TEXT, CardType.CREATURE)
    assert isinstance(ability, TriggeredAbility)
    assert ability.trigger.kind == TriggerKind.ATTACKS and ability.trigger.defender == "most_life"
    assert ability.condition is None  # not an intervening "if": not checked again on resolution


def test_702_105a_attacking_the_player_with_the_most_life_puts_a_counter_on_it():
    sc, game = _attack([20, 25])
    resolve_stack(game)
    assert plus1(game, sc.ids["u"]) == 1


def test_702_105a_tied_for_most_life_counts():
    sc, game = _attack([20, 20])
    resolve_stack(game)
    assert plus1(game, sc.ids["u"]) == 1


def test_702_105a_the_attacking_player_counts_too():
    """'The player with the most life' is among all players: if you have more life than the player
    you attack, it doesn't trigger."""
    sc, game = _attack([21, 20])
    assert not game.waiting_triggers and not game.stack


def test_702_105a_in_multiplayer_only_the_player_with_most_life():
    sc, game = _attack([10, 15, 20], defender="bob")
    assert not game.waiting_triggers and not game.stack
    sc, game = _attack([10, 15, 20], defender="carol")
    resolve_stack(game)
    assert plus1(game, sc.ids["u"]) == 1


def test_702_105a_attacking_a_planeswalker_doesnt_trigger():
    sc, game = _attack([20, 25], defender="Test Walker", extra_bob=("Test Walker",))
    assert sc.game.combat.attackers[sc.ids["u"]] == sc.ids["Test Walker"]
    assert not game.waiting_triggers and not game.stack


def test_702_105a_it_is_not_checked_again_on_resolution():
    sc, game = _attack([20, 25])
    game.player_states[0].life = 30  # the life totals change before the trigger resolves
    resolve_stack(game)
    assert plus1(game, sc.ids["u"]) == 1


def test_702_105b_each_instance_triggers_separately():
    sc, game = _attack([20, 20], attacker="Test Double Usurper")
    assert len(game.waiting_triggers) + len(game.stack) == 2
    resolve_stack(game)
    assert plus1(game, sc.ids["u"]) == 2
