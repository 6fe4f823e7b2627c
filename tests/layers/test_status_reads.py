"""Tapped status and combat status (CR 110.5, 506.4) feed the layers only through effects that look at them: the
engine recomputes the layers on a tap, or on declaring attackers or blockers, once such an effect exists
(``PermanentTable.taps_read`` / ``combat_read``, set by ``systems.layers.state_reads``; issue 11)."""

from __future__ import annotations

from board import attack, build, cast, creature, named, pass_until, pt, resolve_top

from components.objects import Step
from ecs.actions import DecisionKind


def _alice(hand, battlefield, cards):
    sc = build([{"name": "alice", "hand": hand, "battlefield": ["Test Bear", "Test Bear", *battlefield]},
                {"name": "bob", "library": ["Island"] * 5}],
               cards=[creature("Test Bear", 2, 2), *cards], turn={"active": "alice", "step": "precombat_main",
                                                                    "number": 2})
    return sc.game


def _to(game, step):
    while game.step != step:
        game.apply(game.pending.options[0])


def test_613_110_5_a_creature_that_becomes_tapped_stops_getting_an_untapped_creatures_bonus():
    game = _alice([], ["Test Warden"], [creature("Test Warden", 0, 1, "Untapped creatures you control get +0/+2.")])
    first, second = named(game, "Test Bear")
    assert game.table.taps_read  # the static looks at tapped status: a tap makes the layers dirty
    assert pt(game, first) == (2, 4) and pt(game, second) == (2, 4)
    attack(game, [first])  # 508.1f: the attacker becomes tapped
    pass_until(game, DecisionKind.PRIORITY)
    assert pt(game, first) == (2, 2) and pt(game, second) == (2, 4)


def test_611_3a_511_3_attacking_creatures_get_from_a_static_ends_when_combat_ends():
    game = _alice([], ["Test Captain"], [creature("Test Captain", 1, 1, "Attacking creatures you control get +1/+0.")])
    first, second = named(game, "Test Bear")
    assert game.table.combat_read
    attack(game, [first])
    pass_until(game, DecisionKind.PRIORITY)
    assert pt(game, first) == (3, 2) and pt(game, second) == (2, 2)
    _to(game, Step.POSTCOMBAT_MAIN)
    assert pt(game, first) == (2, 2)  # 511.3: removed from combat, it is no longer an attacking creature


def test_611_2c_attacking_creatures_get_from_a_spell_keeps_its_creatures_after_combat():
    """611.2c: the spell's effect affects the creatures that were attacking as it resolved, until end of turn."""
    game = _alice(["Pursue Glory"], ["Mountain"] * 4, [])
    first, second = named(game, "Test Bear")
    assert not game.table.taps_read and not game.table.combat_read  # nothing looks at either: taps change no layer
    attack(game, [first])
    pass_until(game, DecisionKind.PRIORITY)
    cast(game, "Pursue Glory")
    resolve_top(game)
    assert pt(game, first) == (4, 2) and pt(game, second) == (2, 2)
    _to(game, Step.POSTCOMBAT_MAIN)
    assert pt(game, first) == (4, 2) and pt(game, second) == (2, 2)

