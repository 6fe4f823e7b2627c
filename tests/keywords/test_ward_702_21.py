"""Ward (CR 702.21): counter a spell or ability an opponent controls that targets it, unless they pay."""

from __future__ import annotations

from board import build, cast, names, pass_once, resolve_stack

from components.abilities import TriggeredAbility, TriggerKind
from components.objects import Zone
from content.card_pool import builtin_pool
from ecs.actions import ActivateAbility, Choose, DecisionKind

PINGER = {"name": "Test Pinger", "manaCost": "{1}", "type": "Creature — Test", "types": ["Creature"],
          "subtypes": ["Test"], "text": "{T}: This creature deals 1 damage to any target.", "power": "1",
          "toughness": "1"}


def _shock_the_raptor(lands=3, raptor_owner="bob"):
    raptor = {"card": "Hulking Raptor", "id": "raptor"}
    alice = {"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"] * lands}
    bob = {"name": "bob"}
    (alice if raptor_owner == "alice" else bob).setdefault("battlefield", []).append(raptor)
    sc = build([alice, bob])
    cast(sc.game, "Shock", [sc.ids["raptor"]])
    return sc, sc.game


def _resolve_ward(game):
    """Both pass: the ward trigger (on top of the spell) resolves and asks the spell's controller."""
    pass_once(game)
    pass_once(game)


def test_702_21a_ward_is_a_becomes_the_target_trigger_of_opponents():
    (a,) = [x for x in builtin_pool().get("Hulking Raptor").abilities
            if isinstance(x, TriggeredAbility) and x.trigger.kind == TriggerKind.BECOMES_TARGET]
    assert a.trigger.whose == "opponent" and a.effects[0].cost.text == "{2}"


def test_702_21a_unless_its_controller_pays_the_spell_is_countered():
    sc, game = _shock_the_raptor()
    assert game.card(game.stack[0]).name == "Shock" and len(game.stack) == 2  # the ward trigger on top
    _resolve_ward(game)
    assert game.pending.kind == DecisionKind.PAY and game.pending.player == 0
    game.apply(Choose(False))
    assert names(game, 0, Zone.GRAVEYARD) == ["Shock"] and game.stack == []
    assert game.table.get(sc.ids["raptor"], "damage") == 0


def test_702_21a_paying_the_ward_cost_lets_the_spell_resolve():
    sc, game = _shock_the_raptor()
    _resolve_ward(game)
    game.apply(Choose(True))
    untapped = [e for e in game.battlefield() if game.card(e).name == "Mountain" and not game.table.get(e, "tapped")]
    assert untapped == []  # {R} for Shock, {2} for ward
    resolve_stack(game)
    assert game.table.get(sc.ids["raptor"], "damage") == 2


def test_118_3_a_player_who_cant_pay_isnt_offered_to():
    sc, game = _shock_the_raptor(lands=2)
    _resolve_ward(game)
    assert game.stack == [] and names(game, 0, Zone.GRAVEYARD) == ["Shock"]  # no choice: countered


def test_702_21a_its_controllers_own_spells_dont_trigger_ward():
    sc, game = _shock_the_raptor(raptor_owner="alice")
    assert [game.card(e).name for e in game.stack] == ["Shock"]


def test_702_21a_701_6b_an_ability_is_countered_too():
    sc = build([{"name": "alice", "battlefield": [{"card": "Test Pinger", "id": "p"}]},
                {"name": "bob", "battlefield": [{"card": "Hulking Raptor", "id": "raptor"}]}], cards=[PINGER])
    game = sc.game
    (ping,) = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.targets == (sc.ids["raptor"],)]
    game.apply(ping)
    assert len(game.stack) == 2
    _resolve_ward(game)  # alice has no mana: the ability is countered (removed from the stack)
    assert game.stack == []
    resolve_stack(game)
    assert game.table.get(sc.ids["raptor"], "damage") == 0
