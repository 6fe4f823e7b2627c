"""Restrictions on attacking and blocking (CR 508.1c, 509.1b) affect the game's rules, not characteristics: they
apply after every layer (CR 613.11), so their conditions see final power, and removing abilities in layer 6
(613.1f) does not lift a restriction that another object imposes. And creatures being chosen as attackers or
blockers are not attacking (508.1k) or blocking (509.1g) creatures until the declaration is complete."""

from __future__ import annotations

from board import bear, card
from board import combat_board as board
from board import sc_pass_until as pass_until

from ecs.actions import DecisionKind, DeclareAttacker, DeclareBlocker
from systems.layers_reference import bulk_characteristics, reference_characteristics

DILLO = bear("Test Dillo", 4, 3, "This creature can't attack or block unless you control another creature with power 4 "
             "or greater.", cost="{1}{R}")
CUB = bear("Test Cub", 3, 3)
ANTHEM = card("Test Anthem", "Enchantment", "Creatures you control get +1/+1.", "{2}{W}")
CAGE = card("Test Cage", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or block.", "{W}")
FOWL = card("Test Fowl", "Enchantment — Aura", "Enchant creature\nEnchanted creature loses all abilities and is a "
            "green Elk creature with base power and toughness 1/2.", "{U}")


def _attackers(sc) -> set[int]:
    return {o.creature for o in sc.game.pending.options if isinstance(o, DeclareAttacker)}


def _blockers(sc) -> set[int]:
    pass_until(sc, DecisionKind.BLOCKERS)
    return {o.blocker for o in sc.game.pending.options if isinstance(o, DeclareBlocker)}


def test_508_1c_613_11_unless_condition_reads_power_after_layer_7c():
    # The Cub is 3/3 printed and 4/4 with the Anthem's +1/+1 (layer 7c): "another creature with power 4 or
    # greater" holds, so the Dillo may attack (the condition is checked on the final power, 613.11).
    sc = board([{"card": "Test Dillo", "id": "dillo"}, {"card": "Test Cub", "id": "cub"}, "Test Anthem"], [],
               cards=[DILLO, CUB, ANTHEM])
    assert _attackers(sc) == {sc.ids["dillo"], sc.ids["cub"]}
    assert bulk_characteristics(sc.game) == reference_characteristics(sc.game)


def test_508_1c_unless_condition_unmet_by_a_3_power_creature():
    sc = board([{"card": "Test Dillo", "id": "dillo"}, {"card": "Test Cub", "id": "cub"}], [], cards=[DILLO, CUB])
    assert _attackers(sc) == {sc.ids["cub"]}
    assert bulk_characteristics(sc.game) == reference_characteristics(sc.game)


def test_508_1c_unless_condition_counts_a_plus1_counter():
    # A +1/+1 counter is applied in layer 7c too (613.4c): the Cub has power 4.
    sc = board([{"card": "Test Dillo", "id": "dillo"}, {"card": "Test Cub", "id": "cub", "counters": {"+1/+1": 1}}],
               [], cards=[DILLO, CUB])
    assert sc.ids["dillo"] in _attackers(sc)


def test_509_1b_613_11_unless_condition_for_blocking_reads_final_power():
    sc = board([{"card": "Test Cub", "id": "attacker"}], [{"card": "Test Dillo", "id": "dillo"},
                                                          {"card": "Test Cub", "id": "cub"}, "Test Anthem"],
               cards=[DILLO, CUB, ANTHEM])
    sc.game.apply(DeclareAttacker(sc.ids["attacker"], sc.game.players[1]))
    from ecs.actions import FinishAttackers

    sc.game.apply(FinishAttackers())
    assert sc.ids["dillo"] in _blockers(sc)


def test_509_1b_unless_condition_unmet_dillo_cannot_block():
    sc = board([{"card": "Test Cub", "id": "attacker"}], [{"card": "Test Dillo", "id": "dillo"},
                                                          {"card": "Test Cub", "id": "cub"}], cards=[DILLO, CUB])
    sc.game.apply(DeclareAttacker(sc.ids["attacker"], sc.game.players[1]))
    from ecs.actions import FinishAttackers

    sc.game.apply(FinishAttackers())
    assert _blockers(sc) == {sc.ids["cub"]}


def test_613_11_losing_all_abilities_does_not_lift_an_auras_restriction():
    # The Cage's "can't attack or block" is a rule effect of the Aura, not an ability of the Cub: the later Fowl
    # (loses all abilities, 613.1f) removes the Cub's abilities, not the restriction (508.1c).
    sc = board([{"card": "Test Cub", "id": "cub"}, {"card": "Test Cage", "attached_to": "cub"},
                {"card": "Test Fowl", "attached_to": "cub"}, {"card": "Test Cub", "id": "free"}], [],
               cards=[CUB, CAGE, FOWL])
    assert _attackers(sc) == {sc.ids["free"]}
    assert bulk_characteristics(sc.game) == reference_characteristics(sc.game)


def test_613_11_a_restriction_from_the_creatures_own_ability_ends_when_it_loses_its_abilities():
    # The Dillo's restriction comes from its own static ability: once the Fowl removes it (613.1f), there is no
    # restriction any more (611.3b: the effect exists only while the ability does).
    sc = board([{"card": "Test Dillo", "id": "dillo"}, {"card": "Test Fowl", "attached_to": "dillo"}], [],
               cards=[DILLO, FOWL])
    assert _attackers(sc) == {sc.ids["dillo"]}
    assert bulk_characteristics(sc.game) == reference_characteristics(sc.game)


# ------------------------------------------------------------------ "attacking creatures get ..." (found by hypothesis)

WARLORD = card("Test Warlord", "Creature — Spirit Soldier", "Attacking creatures you control get +2/+0.", "{3}{R}{W}",
               power="3", toughness="6")
WARDEN = card("Test Warden", "Creature — Spirit Soldier", "Blocking creatures you control get +0/+2.", "{3}{W}",
              power="1", toughness="1")


def test_508_1k_a_creature_chosen_to_attack_is_not_attacking_until_the_declaration_is_complete():
    # Discordant Piper, seed 5328974: "attacking creatures you control get +2/+0" applied to a creature chosen
    # while the active player was still declaring; it becomes an attacking creature at 508.1k.
    from board import pt

    from ecs.actions import FinishAttackers

    sc = board([{"card": "Test Cub", "id": "cub"}, {"card": "Test Cub", "id": "other"},
                {"card": "Test Warlord", "id": "warlord", "sick": True}], [], cards=[CUB, WARLORD])
    game = sc.game
    game.apply(DeclareAttacker(sc.ids["cub"], game.players[1]))
    assert game.pending.kind == DecisionKind.ATTACKERS  # "other" may still be chosen
    bulk = bulk_characteristics(game)  # recomputed from scratch: (controller, ..., power, toughness)
    assert bulk[sc.ids["cub"]][5:] == (3, 3)
    assert bulk == reference_characteristics(game)
    game.apply(FinishAttackers())
    assert pt(game, sc.ids["cub"]) == (5, 3)
    assert pt(game, sc.ids["other"]) == (3, 3)
    assert bulk_characteristics(game) == reference_characteristics(game)


def test_509_1g_blocking_creatures_get_their_bonus_once_blocks_are_declared():
    from board import pt

    from ecs.actions import FinishAttackers, FinishBlockers

    sc = board([{"card": "Test Cub", "id": "attacker"}, {"card": "Test Cub", "id": "attacker2"}],
               [{"card": "Test Cub", "id": "blocker"}, {"card": "Test Cub", "id": "blocker2"}, "Test Warden"],
               cards=[CUB, WARDEN])
    game = sc.game
    game.apply(DeclareAttacker(sc.ids["attacker"], game.players[1]))
    game.apply(DeclareAttacker(sc.ids["attacker2"], game.players[1]))
    if game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())
    pass_until(sc, DecisionKind.BLOCKERS)
    game.apply(DeclareBlocker(sc.ids["blocker"], sc.ids["attacker"]))
    assert game.pending.kind == DecisionKind.BLOCKERS
    bulk = bulk_characteristics(game)  # recomputed from scratch
    assert bulk[sc.ids["blocker"]][5:] == (3, 3)  # chosen, not yet a blocking creature (509.1g)
    assert bulk == reference_characteristics(game)
    game.apply(FinishBlockers())
    assert pt(game, sc.ids["blocker"]) == (3, 5)
    assert pt(game, sc.ids["blocker2"]) == (3, 3)
    assert bulk_characteristics(game) == reference_characteristics(game)
