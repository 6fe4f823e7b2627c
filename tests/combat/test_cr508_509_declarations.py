"""Declaring attackers (CR 508) and blockers (CR 509) with their restrictions and requirements."""

from __future__ import annotations

import pytest
from board import (
    bear as creature,
)
from board import (
    combat_board as board,
)
from board import (
    planeswalker,
)
from board import (
    sc_attack as attack,
)
from board import (
    sc_block as block,
)
from board import (
    sc_pass_until as pass_until,
)

from components.objects import Step
from ecs.actions import DecisionKind, DeclareAttacker, DeclareBlocker, FinishAttackers, FinishBlockers

BEAR = creature("Test Bear", 2, 2)


def _attackers_offered(sc):
    return {o.creature for o in sc.game.pending.options if isinstance(o, DeclareAttacker)}


def _blocks_offered(sc):
    return {(o.blocker, o.attacker) for o in sc.game.pending.options if isinstance(o, DeclareBlocker)}


def test_508_1a_tapped_or_summoning_sick_creatures_cannot_attack_702_10b_haste_can():
    sc = board([{"card": "Test Bear", "id": "ready"}, {"card": "Test Bear", "id": "tapped", "tapped": True},
                {"card": "Test Bear", "id": "sick", "sick": True},
                {"card": "Test Hasty", "id": "hasty", "sick": True}], [],
               cards=[BEAR, creature("Test Hasty", 1, 1, "Haste")])
    assert _attackers_offered(sc) == {sc.ids["ready"], sc.ids["hasty"]}


def test_508_1c_702_3b_defender_and_cant_attack_are_restrictions():
    sc = board([{"card": "Test Bear", "id": "bear"}, {"card": "Test Wall", "id": "wall"},
                {"card": "Test Coward", "id": "coward"}], [],
               cards=[BEAR, creature("Test Wall", 0, 4, "Defender"), creature("Test Coward", 3, 3,
                                                                              "This creature can't attack.")])
    assert _attackers_offered(sc) == {sc.ids["bear"]}


def test_508_1d_attacks_each_combat_if_able_must_be_declared():
    sc = board([{"card": "Test Berserker", "id": "berserker"}, {"card": "Test Bear", "id": "bear"}], [],
               cards=[BEAR, creature("Test Berserker", 3, 1, "This creature attacks each combat if able.")])
    game = sc.game
    assert FinishAttackers() not in game.pending.options  # the requirement is not yet obeyed
    game.apply(DeclareAttacker(sc.ids["bear"], game.players[1]))
    assert FinishAttackers() not in game.pending.options
    game.apply(DeclareAttacker(sc.ids["berserker"], game.players[1]))
    assert FinishAttackers() in game.pending.options


def test_508_1d_requirement_does_not_apply_to_a_creature_unable_to_attack():
    sc = board([{"card": "Test Berserker", "id": "berserker", "tapped": True}, {"card": "Test Bear", "id": "bear"}],
               [], cards=[BEAR, creature("Test Berserker", 3, 1, "This creature attacks each combat if able.")])
    assert FinishAttackers() in sc.game.pending.options


def test_508_1f_attackers_tap_but_702_20b_vigilance_does_not():
    sc = board([{"card": "Test Bear", "id": "bear"}, {"card": "Test Guard", "id": "guard"}], [],
               cards=[BEAR, creature("Test Guard", 2, 2, "Vigilance")])
    attack(sc, ["bear", "guard"])
    t = sc.game.table
    assert t.get(sc.ids["bear"], "tapped") and not t.get(sc.ids["guard"], "tapped")


# (replaces systems.combat.emit to see the events; compiled code calls the real one)
@pytest.mark.plain_python
def test_508_1m_declared_attacks_make_attack_triggers_trigger(monkeypatch):
    """CR 508.1m: once attackers are declared, "whenever ... attacks" abilities trigger."""
    import systems.combat as combat_system

    seen = []
    monkeypatch.setattr(combat_system, "emit", lambda game, event: seen.append(event))
    sc = board([{"card": "Test Bear", "id": "bear"}], [], cards=[BEAR])
    from content.card_pool import card_from_json

    # something listens for attacks (events no ability can see are not made, 603.2)
    sc.game.trigger_sources[-1] = card_from_json(creature("Test Watcher", 1, 1, "Whenever this creature attacks, "
                                                                               "you gain 1 life."))
    attack(sc, ["bear"])
    from components.events import Attacked

    assert Attacked(sc.ids["bear"], sc.game.players[1], 0) in seen


def test_508_1b_planeswalkers_of_the_defending_player_can_be_attacked():
    sc = board([{"card": "Test Bear", "id": "bear"}], [{"card": "Test Walker", "id": "pw"}],
               cards=[BEAR, planeswalker("Test Walker", 3)])
    defenders = {o.defender for o in sc.game.pending.options if isinstance(o, DeclareAttacker)}
    assert defenders == {sc.game.players[1], sc.ids["pw"]}


def test_509_1a_planeswalker_controller_may_block_its_attacker():
    sc = board([{"card": "Test Bear", "id": "bear"}], [{"card": "Test Walker", "id": "pw"},
                                                       {"card": "Test Bear", "id": "guard"}],
               cards=[BEAR, planeswalker("Test Walker", 3)])
    attack(sc, {"bear": "pw"})
    pass_until(sc, DecisionKind.BLOCKERS)
    assert (sc.ids["guard"], sc.ids["bear"]) in _blocks_offered(sc)


def _block_options(attacker_text: str, blockers: list[tuple[str, str, str]]):
    cards = [creature("Test Attacker", 2, 2, attacker_text, cost="{1}{R}")]
    bf = []
    for i, (name, text, cost) in enumerate(blockers):
        cards.append(creature(name, 1, 3, text, cost=cost, type_line="Artifact Creature — Golem"
                              if "Artifact" in name else "Creature — Bear"))
        bf.append({"card": name, "id": f"b{i}"})
    sc = board([{"card": "Test Attacker", "id": "a"}], bf, cards=cards)
    attack(sc, ["a"])
    pass_until(sc, DecisionKind.BLOCKERS, step=Step.DECLARE_BLOCKERS)
    if sc.game.pending.kind != DecisionKind.BLOCKERS:
        return sc, set()  # 509.1: no creature could block, so the defending player had nothing to declare
    return sc, {f"b{i}" for i in range(len(blockers)) if (sc.ids[f"b{i}"], sc.ids["a"]) in _blocks_offered(sc)}


def test_702_9b_702_17b_flying_is_blocked_only_by_flying_or_reach():
    _, ok = _block_options("Flying", [("Test Ground", "", "{1}{G}"), ("Test Bird", "Flying", "{1}{U}"),
                                      ("Test Spider", "Reach", "{1}{G}")])
    assert ok == {"b1", "b2"}


def test_702_36b_fear_is_blocked_only_by_artifact_or_black_creatures():
    _, ok = _block_options("Fear", [("Test Green", "", "{1}{G}"), ("Test Black", "", "{1}{B}"),
                                    ("Test Artifact", "", "{2}")])
    assert ok == {"b1", "b2"}


def test_702_13b_intimidate_is_blocked_only_by_artifact_or_color_sharing_creatures():
    _, ok = _block_options("Intimidate", [("Test Green", "", "{1}{G}"), ("Test Red", "", "{1}{R}"),
                                          ("Test Artifact", "", "{2}")])
    assert ok == {"b1", "b2"}


def test_509_1b_cant_be_blocked():
    _, ok = _block_options("This creature can't be blocked.", [("Test Green", "", "{1}{G}")])
    assert ok == set()


def test_702_16f_protection_from_a_color_cant_be_blocked_by_that_color():
    _, ok = _block_options("Protection from green", [("Test Green", "", "{1}{G}"), ("Test Blue", "", "{1}{U}"),
                                                     ("Test Gold", "", "{G}{U}")])
    assert ok == {"b1"}


def test_509_1b_a_creature_that_cant_block_is_not_offered():
    _, ok = _block_options("", [("Test Green", "This creature can't block.", "{1}{G}"),
                                ("Test Blue", "", "{1}{U}")])
    assert ok == {"b1"}


def test_509_1a_tapped_creatures_cannot_block():
    sc = board([{"card": "Test Bear", "id": "a"}], [{"card": "Test Bear", "id": "b", "tapped": True},
                                                    {"card": "Test Bear", "id": "c"}], cards=[BEAR])
    attack(sc, ["a"])
    pass_until(sc, DecisionKind.BLOCKERS)
    assert _blocks_offered(sc) == {(sc.ids["c"], sc.ids["a"])}


def test_702_111b_menace_needs_two_blockers_and_the_declaration_cannot_dead_end():
    sc = board([{"card": "Test Brute", "id": "brute"}, {"card": "Test Bear", "id": "bear"}],
               [{"card": "Test Bear", "id": "x"}, {"card": "Test Bear", "id": "y"}],
               cards=[BEAR, creature("Test Brute", 3, 3, "Menace")])
    attack(sc, ["brute", "bear"])
    pass_until(sc, DecisionKind.BLOCKERS)
    game = sc.game
    game.apply(DeclareBlocker(sc.ids["x"], sc.ids["brute"]))
    # One blocker on a menace creature is not a legal block: only adding the second one is offered.
    assert FinishBlockers() not in game.pending.options
    assert set(game.pending.options) == {DeclareBlocker(sc.ids["y"], sc.ids["brute"])}
    game.apply(DeclareBlocker(sc.ids["y"], sc.ids["brute"]))
    assert game.pending is None or FinishBlockers() in game.pending.options or game.step != Step.DECLARE_BLOCKERS


def test_702_111b_menace_with_one_possible_blocker_is_not_offered():
    sc = board([{"card": "Test Brute", "id": "brute"}], [{"card": "Test Bear", "id": "x"}],
               cards=[BEAR, creature("Test Brute", 3, 3, "Menace")])
    attack(sc, ["brute"])
    pass_until(sc, DecisionKind.BLOCKERS, step=Step.DECLARE_BLOCKERS)
    # No legal block exists, so bob is not even asked (509.1).
    assert sc.game.pending.kind == DecisionKind.PRIORITY and sc.game.step == Step.DECLARE_BLOCKERS


def test_509_1a_can_block_an_additional_creature_blocks_two_but_not_three():
    sc = board([{"card": "Test Bear", "id": "a1"}, {"card": "Test Bear", "id": "a2"}, {"card": "Test Bear", "id": "a3"}],
               [{"card": "Test Sentinel", "id": "s"}],
               cards=[BEAR, creature("Test Sentinel", 1, 5, "This creature can block an additional creature each combat.")])
    attack(sc, ["a1", "a2", "a3"])
    pass_until(sc, DecisionKind.BLOCKERS)
    game = sc.game
    game.apply(DeclareBlocker(sc.ids["s"], sc.ids["a1"]))
    game.apply(DeclareBlocker(sc.ids["s"], sc.ids["a2"]))
    assert game.pending.options == (FinishBlockers(),) or game.step != Step.DECLARE_BLOCKERS
    if game.pending.kind == DecisionKind.BLOCKERS:
        game.apply(FinishBlockers())
    assert game.combat.blocking[sc.ids["s"]] == [sc.ids["a1"], sc.ids["a2"]]


def test_509_1a_can_block_any_number_of_creatures():
    sc = board([{"card": "Test Bear", "id": f"a{i}"} for i in range(4)], [{"card": "Test Hydra", "id": "h"}],
               cards=[BEAR, creature("Test Hydra", 1, 9, "This creature can block any number of creatures.")])
    attack(sc, [f"a{i}" for i in range(4)])
    block(sc, [("h", f"a{i}") for i in range(4)])
    assert len(sc.game.combat.blocking[sc.ids["h"]]) == 4
