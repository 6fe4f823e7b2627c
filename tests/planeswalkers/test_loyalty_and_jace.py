"""Planeswalkers (CR 306, 209, 606, 704.5i-j) and Jace, the Living Guildpact, played fully.

Each test names the rule it checks. The seed's old "planeswalker uniqueness rule" and damage
redirection (release notes, seed 003) are superseded: 306.4 (legend rule, 704.5j) and 306.7 (direct
damage, 120.3c).
"""

from __future__ import annotations

import pytest
from pw_support import (
    JACE,
    activate,
    build,
    choose_card,
    counters,
    creature,
    loyalty_costs,
    pass_until_decision,
    resolve_stack,
)

from components.abilities import ActivatedAbility, LookAtTopPutOne, MoveObject, ShuffleIntoLibrary
from components.characteristics import CardType
from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs import CastSpell, DecisionKind, PassPriority
from ecs.actions import ChooseCard, DeclareAttacker, FinishAttackers, FinishBlockers, KeepLegend
from systems.mechanics.loyalty import read


def _jace_board(loyalty: int | None = None, **alice_extra):
    entry = {"card": JACE, "id": "jace"}
    if loyalty is not None:
        entry["counters"] = {"loyalty": loyalty}
    alice = {"name": "alice", "battlefield": [entry, {"card": "Grizzly Bears", "id": "bears"}], **alice_extra}
    bob = {"name": "bob", "battlefield": [{"card": "Serra Angel", "id": "angel"}, {"card": "Forest", "id": "forest"}]}
    s = build([alice, bob])
    return s, s.game, s.ids


# ------------------------------------------------------------------ the card and its loyalty abilities


def test_209_2_606_2_jace_compiles_three_loyalty_abilities_from_its_oracle_text():
    jace = builtin_pool().get(JACE)
    assert jace.loyalty == 5 and jace.type_line.types & CardType.PLANESWALKER  # 209.1
    abilities = [a for a in jace.abilities if isinstance(a, ActivatedAbility)]
    assert [a.loyalty for a in abilities] == [1, -3, -8]  # "−" (U+2212) reads as minus (606.4)
    assert abilities[0].effects == (LookAtTopPutOne(2),)
    assert isinstance(abilities[1].effects[0], MoveObject) and abilities[1].effects[0].to == "hand"
    assert abilities[1].targets[0].filter.exclude_source  # "another target nonland permanent"
    assert isinstance(abilities[2].effects[0], ShuffleIntoLibrary)


@pytest.mark.parametrize(("line", "cost"), [
    ("+2: You gain 2 life.", 2), ("−1: You draw a card.", -1), ("-1: You draw a card.", -1),
    ("0: You gain 1 life.", 0)])
def test_606_4_loyalty_reader_reads_plus_minus_and_zero_costs(line, cost):
    ability = read(line, line, "Test Walker", CardType.PLANESWALKER)
    assert isinstance(ability, ActivatedAbility) and ability.loyalty == cost and ability.mana_cost is None


@pytest.mark.parametrize("line", ["2: You gain 2 life.", "+1: Frobnicate the widget.", "Flying"])
def test_606_2_loyalty_reader_refuses_what_is_not_a_loyalty_ability_it_can_compile(line):
    assert read(line, line, "Test Walker", CardType.PLANESWALKER) is None


# ------------------------------------------------------------------ casting (306.1-306.2, 306.5b)


def test_306_1_306_5b_jace_is_cast_at_sorcery_timing_and_enters_with_printed_loyalty():
    s = build([{"name": "alice", "hand": [JACE], "mana_pool": "{U}{U}{C}{C}"}, {"name": "bob"}])
    game = s.game
    cast = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    assert len(cast) == 1
    game.apply(cast[0])
    resolve_stack(game)
    jace = next(e for e in game.battlefield() if game.card(e).name == JACE)
    assert counters(game, jace) == 5  # 306.5b: enters with loyalty counters equal to its printed loyalty


def test_306_1_jace_cant_be_cast_outside_a_main_phase_of_its_controllers_turn():
    s = build([{"name": "alice"}, {"name": "bob", "hand": [JACE], "mana_pool": "{U}{U}{C}{C}"}])
    game = s.game
    game.apply(PassPriority())  # bob gets priority in alice's main phase
    assert game.pending.player == 1
    assert not [o for o in game.whole_actions() if isinstance(o, CastSpell)]


# ------------------------------------------------------------------ loyalty abilities (606.3-606.6)


def test_606_3_606_6_offered_abilities_respect_loyalty_and_once_per_turn():
    s, game, ids = _jace_board()
    jace = ids["jace"]
    assert loyalty_costs(game, jace) == [-3, 1]  # 606.6: −8 needs eight loyalty counters
    activate(game, jace, 1)
    # 606.4: the cost is paid on activation: the counter is on Jace while the ability is on the stack.
    assert counters(game, jace) == 6 and len(game.stack) == 1
    resolve_stack_choose_first(game)
    assert loyalty_costs(game, jace) == []  # 606.3: only one loyalty ability per permanent per turn


def resolve_stack_choose_first(game):
    while game.stack or game.pending.kind != DecisionKind.PRIORITY:
        if game.pending.kind == DecisionKind.PICK_CARD:
            game.apply(game.whole_actions()[0])
        else:
            game.apply(PassPriority())


def test_606_3_loyalty_abilities_only_at_sorcery_timing():
    s = build([{"name": "alice", "battlefield": [{"card": JACE, "id": "jace"}],
                "library": ["Forest", "Island", "Plains"]},
               {"name": "bob", "battlefield": [{"card": "Grizzly Bears"}]}],
              turn={"number": 3, "active": "alice", "step": "beginning_of_combat"})
    game = s.game
    assert loyalty_costs(game, s.ids["jace"]) == []  # not a main phase
    s2 = build([{"name": "alice", "battlefield": [{"card": JACE, "id": "jace"}]},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears"}]}],
               turn={"number": 3, "active": "bob", "step": "precombat_main"})
    s2.game.apply(PassPriority())  # alice has priority on bob's turn
    assert s2.game.pending.player == 0 and loyalty_costs(s2.game, s2.ids["jace"]) == []


def test_606_3_the_limit_is_per_permanent_and_resets_next_turn():
    s = build([{"name": "alice", "battlefield": [{"card": JACE, "id": "j1"}, {"card": "Grizzly Bears"}],
                "library": ["Forest"] * 10},
               {"name": "bob", "battlefield": [{"card": JACE, "id": "j2"}], "library": ["Forest"] * 10}])
    game = s.game
    activate(game, s.ids["j1"], 1)
    resolve_stack_choose_first(game)
    assert loyalty_costs(game, s.ids["j1"]) == []
    while not (game.turn == 5 and game.step == Step.PRECOMBAT_MAIN and game.pending.kind == DecisionKind.PRIORITY):
        kind = game.pending.kind
        game.apply({DecisionKind.ATTACKERS: FinishAttackers(), DecisionKind.BLOCKERS: FinishBlockers()}.get(
            kind, PassPriority()))
    assert loyalty_costs(game, s.ids["j1"]) == [-3, 1]  # a new turn: Jace may activate again
    assert loyalty_costs(game, s.ids["j2"]) == []  # only a permanent its player controls (606.3)


# ------------------------------------------------------------------ +1: look at the top two, one to the graveyard


def test_jace_plus_one_puts_the_chosen_one_of_the_top_two_into_the_graveyard():
    s, game, ids = _jace_board(library=[{"card": "Island", "id": "top"}, {"card": "Shock", "id": "second"},
                                        {"card": "Forest", "id": "third"}])
    activate(game, ids["jace"], 1)
    pass_until_decision(game, DecisionKind.PICK_CARD)
    # 701.16e: only the top two cards are looked at; the choice is among them.
    assert set(game.whole_actions()) == {ChooseCard(ids["top"]), ChooseCard(ids["second"])}
    choose_card(game, ids["second"])
    library = game.zones[0][Zone.LIBRARY]
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Shock"]
    assert [game.card(c).name for c in library] == ["Island", "Forest"]  # the other stays on top
    assert counters(game, ids["jace"]) == 6


def test_jace_plus_one_with_one_card_and_with_an_empty_library():
    s, game, ids = _jace_board(library=["Island"])
    activate(game, ids["jace"], 1)
    resolve_stack(game)  # one card: no choice to make
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Island"]
    s, game, ids = _jace_board()
    activate(game, ids["jace"], 1)
    resolve_stack(game)
    assert game.zones[0][Zone.GRAVEYARD] == [] and counters(game, ids["jace"]) == 6


# ------------------------------------------------------------------ −3: another target nonland permanent


def test_jace_minus_three_targets_another_nonland_permanent_only():
    s, game, ids = _jace_board()
    options = {o.targets for o in game.whole_actions()
               if hasattr(o, "index") and game.card(ids["jace"]).abilities[o.index].loyalty == -3}
    # Not Jace itself ("another", CR 201.5 / 115.1), not the Forest ("nonland").
    assert options == {(ids["bears"],), (ids["angel"],)}


def test_jace_minus_three_returns_the_target_to_its_owners_hand():
    s, game, ids = _jace_board()
    activate(game, ids["jace"], -3, (ids["angel"],))
    resolve_stack(game)
    assert [game.card(c).name for c in game.zones[1][Zone.HAND]] == ["Serra Angel"]
    assert counters(game, ids["jace"]) == 2


def test_113_7a_704_5i_jace_at_three_loyalty_dies_but_its_minus_three_still_resolves():
    s, game, ids = _jace_board(loyalty=3)
    activate(game, ids["jace"], -3, (ids["angel"],))
    # 704.5i: 0 loyalty -> graveyard before anyone gets priority; the ability is independent (113.7a).
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == [JACE]
    resolve_stack(game)
    assert [game.card(c).name for c in game.zones[1][Zone.HAND]] == ["Serra Angel"]


# ------------------------------------------------------------------ −8: everyone shuffles; you draw seven


def test_jace_minus_eight_shuffles_hands_and_graveyards_then_you_draw_seven():
    alice = {"name": "alice", "battlefield": [{"card": JACE, "id": "jace", "counters": {"loyalty": 8}}],
             "hand": ["Shock", "Island"], "graveyard": ["Murder", "Giant Growth"], "library": ["Forest"] * 5}
    bob = {"name": "bob", "hand": ["Lightning Bolt"], "graveyard": ["Hill Giant"], "library": ["Mountain"] * 3}
    s = build([alice, bob])
    game = s.game
    assert loyalty_costs(game, s.ids["jace"]) == [-8, 1]  # −3 has no legal target here (601.2c)
    activate(game, s.ids["jace"], -8)
    resolve_stack(game)
    z = game.zones
    # Jace paid 8 of its 8 loyalty: 704.5i put it into the graveyard before the ability resolved
    # (113.7a), so it is shuffled into alice's library with the rest.
    assert len(z[0][Zone.HAND]) == 7 and len(z[0][Zone.LIBRARY]) == 3 and z[0][Zone.GRAVEYARD] == []
    assert sorted(game.card(c).name for c in z[0][Zone.HAND] + z[0][Zone.LIBRARY]) == sorted(
        ["Shock", "Island", "Murder", "Giant Growth", JACE] + ["Forest"] * 5)
    # Each player shuffled their own hand and graveyard into their own library (400.3); bob draws nothing.
    assert z[1][Zone.HAND] == [] and z[1][Zone.GRAVEYARD] == []
    assert sorted(game.card(c).name for c in z[1][Zone.LIBRARY]) == ["Hill Giant", "Lightning Bolt"] + ["Mountain"] * 3


# ------------------------------------------------------------------ damage, 0 loyalty, legend rule, attacks


def test_306_8_120_3c_damage_to_a_planeswalker_removes_that_many_loyalty_counters():
    s = build([{"name": "alice", "hand": ["Lightning Bolt"], "mana_pool": "{R}"},
               {"name": "bob", "battlefield": [{"card": JACE, "id": "jace"}]}])
    game = s.game
    bolt = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (s.ids["jace"],))
    game.apply(bolt)
    resolve_stack(game)
    assert counters(game, s.ids["jace"]) == 2 and game.player_states[1].life == 20


def test_306_9_704_5i_a_planeswalker_with_zero_loyalty_is_put_into_its_owners_graveyard():
    s = build([{"name": "alice", "hand": ["Shock"], "mana_pool": "{R}"},
               {"name": "bob", "battlefield": [{"card": JACE, "id": "jace", "counters": {"loyalty": 2}}]}])
    game = s.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (s.ids["jace"],)))
    resolve_stack(game)
    assert [game.card(c).name for c in game.zones[1][Zone.GRAVEYARD]] == [JACE]


def test_306_4_704_5j_two_jaces_follow_the_legend_rule():
    s = build([{"name": "alice", "battlefield": [{"card": JACE, "id": "old"}], "hand": [JACE],
                "mana_pool": "{U}{U}{C}{C}"}, {"name": "bob", "battlefield": [{"card": JACE, "id": "bobs"}]}])
    game = s.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.LEGEND_RULE and game.pending.player == 0
    assert KeepLegend(s.ids["old"]) in game.whole_actions()
    assert KeepLegend(s.ids["bobs"]) not in game.whole_actions()  # only the same controller's (704.5j)
    game.apply(KeepLegend(s.ids["old"]))
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == [JACE]
    assert s.ids["bobs"] in game.battlefield() and s.ids["old"] in game.battlefield()


def test_306_6_508_1b_creatures_may_attack_a_planeswalker_and_combat_damage_removes_loyalty():
    s = build([{"name": "alice", "battlefield": [{"card": "Hill Giant", "id": "giant"}]},
               {"name": "bob", "battlefield": [{"card": JACE, "id": "jace"}]}],
              turn={"number": 3, "active": "alice", "step": "declare_attackers"})
    game = s.game
    assert DeclareAttacker(s.ids["giant"], s.ids["jace"]) in game.whole_actions()
    game.apply(DeclareAttacker(s.ids["giant"], s.ids["jace"]))
    while game.step != Step.END_OF_COMBAT:
        game.apply(game.whole_actions()[0])
    assert counters(game, s.ids["jace"]) == 2 and game.player_states[1].life == 20


def test_306_5d_a_planeswalker_without_loyalty_abilities_offers_none():
    walker = {"name": "Test Walker", "manaCost": "{2}{U}", "type": "Legendary Planeswalker — Test",
              "loyalty": "3", "text": ""}
    s = build([{"name": "alice", "battlefield": [{"card": "Test Walker", "id": "w"}]}, {"name": "bob"}],
              cards=[walker, creature("Test Filler", 1, 1)])
    assert loyalty_costs(s.game, s.ids["w"]) == []
