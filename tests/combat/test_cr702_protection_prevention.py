"""Protection (CR 702.16, DEBT), hexproof from a quality (702.11d), shroud/hexproof (702.18, 702.11b)
and prevention effects (CR 615), including "prevent all combat damage"."""

from __future__ import annotations

import numpy as np
from board import (
    bear as creature,
)
from board import (
    combat_board as board,
)
from board import (
    sc_attack as attack,
)
from board import (
    sc_block as block,
)
from board import (
    sc_life as life,
)
from board import (
    sc_on_battlefield as on_battlefield,
)
from board import (
    sc_pass_until as pass_until,
)
from board import (
    sc_row as row,
)

from components.characteristics import CardType, Color
from components.keywords import Keyword
from components.objects import Step, Zone
from content.card_pool import card_from_json
from ecs.actions import CastSpell
from systems.damage import deal_damage
from systems.prevention import PreventionEffect, add_prevention
from systems.protection import can_attach, has_hexproof

RED_BEAR = creature("Test Red Bear", 2, 2, cost="{1}{R}")


def _shock_targets(text: str, controller_side: str = "bob"):
    """Entities alice's Shock may target while ``text`` is on a creature of ``controller_side``."""
    target = {"card": "Test Shielded", "id": "s"}
    sides: dict[str, list] = {"alice": ["Mountain"], "bob": []}
    sides[controller_side].append(target)
    sc = board(sides["alice"], sides["bob"], cards=[creature("Test Shielded", 2, 2, text)], step="precombat_main",
               hand=["Shock"])
    return sc, {t for o in sc.game.whole_actions() if isinstance(o, CastSpell) for t in o.targets}


def test_702_16b_protection_from_red_cant_be_targeted_by_red_spells():
    sc, targets = _shock_targets("Protection from red")
    assert sc.ids["s"] not in targets


def test_702_16b_protection_from_blue_does_not_stop_red_spells():
    sc, targets = _shock_targets("Protection from blue")
    assert sc.ids["s"] in targets


def test_702_16b_protection_applies_to_its_controllers_own_spells_too():
    sc, targets = _shock_targets("Protection from red", controller_side="alice")
    assert sc.ids["s"] not in targets


def test_702_11d_hexproof_from_red_stops_opponents_red_spells_only():
    sc, targets = _shock_targets("Hexproof from red")
    assert sc.ids["s"] not in targets
    sc, targets = _shock_targets("Hexproof from red", controller_side="alice")
    assert sc.ids["s"] in targets
    sc, targets = _shock_targets("Hexproof from monocolored")
    assert sc.ids["s"] not in targets


def test_702_11b_hexproof_and_702_18a_shroud():
    sc, targets = _shock_targets("Hexproof")
    assert sc.ids["s"] not in targets
    sc, targets = _shock_targets("Hexproof", controller_side="alice")
    assert sc.ids["s"] in targets
    sc, targets = _shock_targets("Shroud", controller_side="alice")
    assert sc.ids["s"] not in targets


def test_702_11e_hexproof_from_counts_as_hexproof():
    assert has_hexproof(int(Keyword.HEXPROOF_FROM_BLACK)) and has_hexproof(int(Keyword.HEXPROOF))
    assert not has_hexproof(int(Keyword.FLYING))


def test_702_16e_protection_prevents_combat_damage_from_that_color_and_lifelink_gains_nothing():
    sc = board([{"card": "Test Red Cleric", "id": "c"}], [{"card": "Test Knight", "id": "k"}],
               cards=[creature("Test Red Cleric", 3, 3, "Lifelink", cost="{2}{R}"),
                      creature("Test Knight", 2, 4, "Protection from red", cost="{2}{W}")])
    attack(sc, ["c"])
    block(sc, {"k": "c"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert row(sc, "k", "damage") == 0  # prevented: never dealt (615.6), so no life is gained
    assert life(sc, "alice") == 20 and row(sc, "c", "damage") == 2


def test_702_16e_protection_prevents_noncombat_damage_from_that_color():
    sc = board([], [{"card": "Test Knight", "id": "k"}],
               cards=[creature("Test Knight", 2, 4, "Protection from red", cost="{2}{W}")], step="precombat_main",
               hand=["Shock"])
    shock = sc.game.zones[0][Zone.HAND][0]
    assert deal_damage(sc.game, "Shock", 0, 0, sc.ids["k"], 2, source=shock) == 0
    assert row(sc, "k", "damage") == 0


def test_702_16j_protection_from_everything_prevents_all_damage():
    sc = board([{"card": "Test Bear", "id": "a"}], [{"card": "Test Saint", "id": "s"}],
               cards=[creature("Test Bear", 2, 2), creature("Test Saint", 1, 1, "Protection from everything")])
    attack(sc, ["a"])
    block(sc, {"s": "a"})  # a creature with protection may still block (702.16f is about being blocked)
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert on_battlefield(sc, "s") and row(sc, "s", "damage") == 0 and row(sc, "a", "damage") == 1


def test_702_16f_protection_from_creatures_cant_be_blocked_by_creatures():
    sc = board([{"card": "Test Ghost", "id": "g"}], [{"card": "Test Bear", "id": "b"}],
               cards=[creature("Test Bear", 2, 2), creature("Test Ghost", 2, 2, "Protection from creatures")])
    attack(sc, ["g"])
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 18 and sc.game.combat.blocked == {}


def test_702_16c_d_protection_stops_auras_and_equipment_of_that_quality():
    kw = int(Keyword.PROTECTION_FROM_WHITE)
    assert not can_attach(kw, int(Color.W), int(CardType.ENCHANTMENT))
    assert can_attach(kw, int(Color.U), int(CardType.ENCHANTMENT))
    assert not can_attach(int(Keyword.PROTECTION_FROM_ARTIFACTS), 0, int(CardType.ARTIFACT))
    assert can_attach(0, int(Color.W), int(CardType.ENCHANTMENT))


def test_702_16g_protection_from_two_colors_is_two_abilities():
    card = card_from_json(creature("Test Paladin", 2, 2, "First strike, protection from black and from red"))
    assert card.keywords & Keyword.PROTECTION_FROM_BLACK and card.keywords & Keyword.PROTECTION_FROM_RED
    assert not card.keywords & Keyword.PROTECTION_FROM_GREEN


def test_615_prevent_all_combat_damage_this_turn():
    sc = board([{"card": "Test Bear", "id": "a"}, {"card": "Test Giant", "id": "g"}], [{"card": "Test Bear", "id": "x"}],
               cards=[creature("Test Bear", 2, 2), creature("Test Giant", 4, 4)])
    add_prevention(sc.game, PreventionEffect("Fog", combat_only=True, turn=sc.game.turn))
    attack(sc, ["a", "g"])
    block(sc, {"x": "a"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 20 and on_battlefield(sc, "a") and on_battlefield(sc, "x")
    # Noncombat damage is not combat damage: the effect does not touch it.
    assert deal_damage(sc.game, "Shock", 0, 0, sc.ids["x"], 2) == 2


def test_615_prevent_all_combat_damage_dealt_to_and_by_one_creature():
    sc = board([{"card": "Test Bear", "id": "a"}, {"card": "Test Giant", "id": "g"}], [],
               cards=[creature("Test Bear", 2, 2), creature("Test Giant", 4, 4)])
    add_prevention(sc.game, PreventionEffect("Holy Day for the giant", combat_only=True, by=sc.ids["g"],
                                             turn=sc.game.turn))
    attack(sc, ["a", "g"])
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 18


def test_615_7_a_shield_prevents_the_next_n_damage_then_is_used_up():
    sc = board([{"card": "Test Giant", "id": "g"}], [], cards=[creature("Test Giant", 4, 4)])
    shield = add_prevention(sc.game, PreventionEffect("next 3 to bob", to=sc.game.players[1], remaining=3,
                                                      turn=sc.game.turn))
    attack(sc, ["g"])
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert life(sc, "bob") == 19 and shield not in sc.game.prevention


def test_514_2_this_turn_prevention_ends_with_the_turn():
    sc = board([], [{"card": "Test Bear", "id": "x"}], cards=[creature("Test Bear", 2, 2)], step="precombat_main")
    add_prevention(sc.game, PreventionEffect("Fog", turn=sc.game.turn))
    assert deal_damage(sc.game, "Shock", 0, 0, sc.ids["x"], 1) == 0
    sc.game.turn += 1
    assert deal_damage(sc.game, "Shock", 0, 0, sc.ids["x"], 1) == 1 and sc.game.prevention == []


def test_615_6_prevented_deathtouch_damage_does_not_destroy():
    sc = board([{"card": "Test Viper", "id": "v"}], [{"card": "Test Wall", "id": "w"}],
               cards=[creature("Test Viper", 1, 1, "Deathtouch", cost="{B}"),
                      creature("Test Wall", 0, 5, "Protection from black")])
    attack(sc, ["v"])
    block(sc, {"w": "v"})
    pass_until(sc, step=Step.END_OF_COMBAT)
    assert on_battlefield(sc, "w") and not bool(np.any(sc.game.table.deathtouched[: sc.game.table.n]))


def test_oracle_templates_for_combat_abilities_are_exact_and_others_are_rejected():
    """508.1c/509.1b restrictions, 508.1d requirements, 702.16/702.11d qualities are read exactly;
    anything else is still an UnsupportedCardError."""
    import pytest

    from content.oracle_reader import UnsupportedCardError

    def kw(text):
        return card_from_json(creature("Test Reader", 2, 2, text)).keywords

    assert kw("This creature can't block.") == Keyword.CANT_BLOCK
    assert kw("This creature can't attack or block.") == Keyword.CANT_ATTACK | Keyword.CANT_BLOCK
    assert kw("Test Reader attacks each combat if able.") == Keyword.ATTACKS_EACH_COMBAT
    assert kw("Protection from all colors") == sum(
        int(k) for k in (Keyword.PROTECTION_FROM_WHITE, Keyword.PROTECTION_FROM_BLUE, Keyword.PROTECTION_FROM_BLACK,
                         Keyword.PROTECTION_FROM_RED, Keyword.PROTECTION_FROM_GREEN))
    # ("can't be blocked by Walls" and "can't block unless ..." are read by content/oracle/statics.py now)
    for text in ("Protection from Demons", "Hexproof from Dragons"):
        with pytest.raises(UnsupportedCardError):
            kw(text)
