"""Echo (CR 702.30), cumulative upkeep (CR 702.24), fabricate (CR 702.123), bloodthirst (CR 702.54),
affinity (CR 702.41) and prowess (CR 702.108)."""

from __future__ import annotations

from board import build, cast, casts, names, one, pass_once, resolve_stack, resolve_top

from components.abilities import CostModifier
from components.characteristics import CardType
from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs.actions import Choose, DecisionKind

LIB = ["Forest"] * 10
TRINKET = {"name": "Test Trinket", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "text": ""}


def _to_upkeep(game, turn):
    """Pass until the given turn's upkeep decision (a PAY question), answering nothing else but priority."""
    for _ in range(200):
        p = game.pending
        if p.kind == DecisionKind.PAY and game.turn == turn:
            return
        if game.turn > turn or (game.turn == turn and game.step > Step.UPKEEP):
            return
        if p.kind == DecisionKind.PRIORITY:
            pass_once(game)
        else:
            game.apply(p.options[-1])
    raise AssertionError("no upkeep")


# ------------------------------------------------------------------ echo


def _jaguar():
    game = build([{"name": "alice", "hand": ["Pouncing Jaguar"], "library": LIB, "battlefield": ["Forest", "Forest"]},
                  {"name": "bob", "library": LIB}]).game
    cast(game, "Pouncing Jaguar")
    resolve_top(game)
    return game


def test_702_30a_echo_at_the_next_upkeep_pay_or_sacrifice():
    game = _jaguar()
    _to_upkeep(game, 3)
    assert game.pending.kind == DecisionKind.PAY and game.pending.player == 0
    game.apply(Choose(False))
    assert names(game, 0, Zone.GRAVEYARD) == ["Pouncing Jaguar"]


def test_702_30a_once_paid_echo_doesnt_trigger_again():
    game = _jaguar()
    _to_upkeep(game, 3)
    game.apply(Choose(True))
    jaguar = one(game, "Pouncing Jaguar")
    _to_upkeep(game, 5)
    assert game.pending.kind != DecisionKind.PAY  # it didn't come under alice's control since her last upkeep
    assert one(game, "Pouncing Jaguar") == jaguar


def test_702_30a_echo_doesnt_trigger_at_the_opponents_upkeep():
    game = _jaguar()
    _to_upkeep(game, 2)
    assert not (game.pending.kind == DecisionKind.PAY and game.turn == 2)


# ------------------------------------------------------------------ cumulative upkeep


def test_702_24a_cumulative_upkeep_grows_with_age_counters():
    sc = build([{"name": "alice", "library": LIB, "battlefield": ["Island"] * 3 + [
        {"card": "Mesmeric Trance", "id": "trance"}]}, {"name": "bob", "library": LIB}],
        turn={"step": "untap"})
    game = sc.game
    _to_upkeep(game, 1)
    assert game.pending.kind == DecisionKind.PAY
    game.apply(Choose(True))  # one age counter: {1}
    from systems.counters import counter_count

    assert counter_count(game, sc.ids["trance"], "age") == 1
    assert sum(1 for e in game.battlefield() if game.card(e).name == "Island" and game.table.get(e, "tapped")) == 1
    _to_upkeep(game, 3)
    game.apply(Choose(True))  # two age counters: {1}{1}
    assert counter_count(game, sc.ids["trance"], "age") == 2
    assert sum(1 for e in game.battlefield() if game.card(e).name == "Island" and game.table.get(e, "tapped")) == 2


def test_702_24a_not_paid_it_is_sacrificed():
    sc = build([{"name": "alice", "library": LIB, "battlefield": [{"card": "Mesmeric Trance", "id": "trance"}]},
                {"name": "bob", "library": LIB}], turn={"step": "untap"})
    game = sc.game
    _to_upkeep(game, 1)
    resolve_stack(game)  # alice can't pay: no choice, sacrificed
    assert names(game, 0, Zone.GRAVEYARD) == ["Mesmeric Trance"]


# ------------------------------------------------------------------ fabricate


def test_702_123a_fabricate_counters():
    game = build([{"name": "alice", "hand": ["Propeller Pioneer"], "battlefield": ["Plains"] * 4}, {"name": "bob"}]).game
    cast(game, "Propeller Pioneer")
    resolve_top(game)  # the creature spell
    resolve_top(game)  # its fabricate trigger: "you may put N +1/+1 counters on it"
    assert game.pending.kind == DecisionKind.MAY
    game.apply(Choose(True))
    pioneer = one(game, "Propeller Pioneer")
    assert game.table.get(pioneer, "plus1") == 1 and len(game.battlefield()) == 5


def test_702_123a_fabricate_servo_otherwise():
    game = build([{"name": "alice", "hand": ["Propeller Pioneer"], "battlefield": ["Plains"] * 4}, {"name": "bob"}]).game
    cast(game, "Propeller Pioneer")
    resolve_top(game)
    resolve_top(game)
    game.apply(Choose(False))
    (servo,) = [e for e in game.battlefield() if game.obj(e).is_token]
    game.refresh_layers()
    t = game.table
    assert (t.get(servo, "power"), t.get(servo, "toughness"), int(t.get(servo, "colors"))) == (1, 1, 0)
    assert int(t.get(servo, "types")) & (CardType.ARTIFACT | CardType.CREATURE) == CardType.ARTIFACT | CardType.CREATURE
    assert game.table.get(one(game, "Propeller Pioneer"), "plus1") == 0


# ------------------------------------------------------------------ bloodthirst


def test_702_54a_bloodthirst_after_an_opponent_was_dealt_damage_this_turn():
    game = build([{"name": "alice", "hand": ["Shock", "Bloodrage Vampire"], "battlefield": ["Mountain", "Swamp",
                                                                                            "Swamp", "Swamp"]},
                  {"name": "bob"}]).game
    cast(game, "Shock", [game.players[1]])
    resolve_top(game)
    cast(game, "Bloodrage Vampire")
    resolve_top(game)
    assert game.table.get(one(game, "Bloodrage Vampire"), "plus1") == 1


def test_702_54a_no_damage_no_counters():
    game = build([{"name": "alice", "hand": ["Bloodrage Vampire"], "battlefield": ["Swamp"] * 3},
                  {"name": "bob"}]).game
    game.damaged_turn[1] = game.turn - 1  # damage on an earlier turn doesn't count
    cast(game, "Bloodrage Vampire")
    resolve_top(game)
    assert game.table.get(one(game, "Bloodrage Vampire"), "plus1") == 0


def test_702_54a_damage_to_yourself_doesnt_count():
    game = build([{"name": "alice", "hand": ["Shock", "Bloodrage Vampire"],
                   "battlefield": ["Mountain", "Swamp", "Swamp", "Swamp"]}, {"name": "bob"}]).game
    cast(game, "Shock", [game.players[0]])
    resolve_top(game)
    cast(game, "Bloodrage Vampire")
    resolve_top(game)
    assert game.table.get(one(game, "Bloodrage Vampire"), "plus1") == 0


# ------------------------------------------------------------------ affinity


def test_702_41a_affinity_reads_as_a_reduction_for_each_artifact_you_control():
    (mod,) = [a for a in builtin_pool().get("Frogmite").abilities if isinstance(a, CostModifier)]
    assert mod.self_only and mod.amount == -1 and mod.dynamic.filter.types_any == CardType.ARTIFACT


def test_702_41a_affinity_for_artifacts_reduces_the_cost():
    game = build([{"name": "alice", "hand": ["Frogmite"], "battlefield": [{"card": "Test Trinket"}] * 4},
                  {"name": "bob", "battlefield": [{"card": "Test Trinket"}] * 4}], cards=[TRINKET]).game
    cast(game, "Frogmite")  # {4} less {1} for each of alice's four artifacts: free
    assert game.card(game.stack[-1]).mana_cost.mana_value() == 4  # its mana value doesn't change (202.3)
    resolve_top(game)
    assert one(game, "Frogmite")


def test_702_41a_opponents_artifacts_dont_count():
    game = build([{"name": "alice", "hand": ["Frogmite"], "battlefield": [{"card": "Test Trinket"}] * 2 + ["Island"]},
                  {"name": "bob", "battlefield": [{"card": "Test Trinket"}] * 4}], cards=[TRINKET]).game
    assert casts(game, "Frogmite") == []  # {2} left to pay, one land
    game = build([{"name": "alice", "hand": ["Frogmite"], "battlefield": [{"card": "Test Trinket"}] * 2 + ["Island"] * 2},
                  {"name": "bob"}], cards=[TRINKET]).game
    assert casts(game, "Frogmite")


# ------------------------------------------------------------------ prowess


def test_702_108a_prowess_noncreature_spells_only():
    game = build([{"name": "alice", "hand": ["Shock", "Grizzly Bears"],
                   "battlefield": ["Forest", "Forest", "Mountain", {"card": "Stormchaser Mage", "id": "mage"}]},
                  {"name": "bob"}]).game
    mage = one(game, "Stormchaser Mage")
    cast(game, "Grizzly Bears")
    resolve_stack(game)
    assert game.table.get(mage, "power") == 1  # a creature spell: no trigger
    cast(game, "Shock", [game.players[1]])
    resolve_stack(game)
    assert game.table.get(mage, "power") == 2
