"""Rebound (CR 702.88), split second (CR 702.61) and storm (CR 702.40): spells and the stack."""

from __future__ import annotations

from board import build, cast, names, one, pass_once, pass_until, resolve_stack, resolve_top

from components.keywords import Keyword
from components.objects import Step, Zone
from ecs.actions import ActivateAbility, CastSpell, Choose, ChooseTargets, DecisionKind, PassPriority
from systems.mechanics.rebound import state as rebound_state

LIB = ["Island"] * 8


def _summons_game():
    return build([{"name": "alice", "hand": ["Ojutai's Summons"], "library": LIB, "battlefield": ["Island"] * 5},
                  {"name": "bob", "library": LIB}]).game


def _tokens(game, player):
    return [e for e in game.battlefield() if game.obj(e).is_token and game.table.get(e, "controller") == player]


def test_702_88a_cast_from_the_hand_it_is_exiled_as_it_resolves():
    game = _summons_game()
    cast(game, "Ojutai's Summons")
    resolve_top(game)
    assert len(_tokens(game, 0)) == 1
    assert names(game, 0, Zone.EXILE) == ["Ojutai's Summons"] and names(game, 0, Zone.GRAVEYARD) == []


def test_702_88a_at_the_next_upkeep_it_may_be_cast_from_exile_without_paying_its_mana_cost():
    game = _summons_game()
    cast(game, "Ojutai's Summons")
    resolve_top(game)
    pass_until(game, DecisionKind.CAST)  # bob's turn passes; alice's upkeep: the delayed trigger resolves
    assert (game.turn, game.active, game.step) == (3, 0, Step.UPKEEP)  # alice's next upkeep
    assert game.pending.player == 0 and Choose(False) in game.pending.options
    (free,) = [o for o in game.pending.options if isinstance(o, CastSpell)]
    assert free.cost == "rebound"
    lands_untapped = sum(1 for e in game.battlefield() if not game.table.get(e, "tapped"))
    game.apply(free)
    assert sum(1 for e in game.battlefield() if not game.table.get(e, "tapped")) == lands_untapped  # no mana paid
    resolve_stack(game)
    assert len(_tokens(game, 0)) == 2
    # Cast from exile, not from the hand: this time it goes to the graveyard.
    assert names(game, 0, Zone.GRAVEYARD) == ["Ojutai's Summons"] and names(game, 0, Zone.EXILE) == []


def test_702_88a_the_player_may_decline_and_the_card_stays_exiled():
    game = _summons_game()
    cast(game, "Ojutai's Summons")
    resolve_top(game)
    pass_until(game, DecisionKind.CAST)
    game.apply(Choose(False))
    assert names(game, 0, Zone.EXILE) == ["Ojutai's Summons"]
    assert not rebound_state(game).waiting  # the delayed trigger triggered once (603.7)


def test_702_61a_while_a_split_second_spell_is_on_the_stack_no_spells_or_abilities():
    sc = build([{"name": "alice", "hand": ["Siege Smash"], "battlefield": ["Mountain"] * 2 + [
        {"card": "Grizzly Bears", "id": "bear"}]},
                {"name": "bob", "hand": ["Giant Growth"], "battlefield": ["Forest"] * 2 + [
                    {"card": "Birds of Paradise", "id": "birds"}]}])
    game = sc.game
    cast(game, "Siege Smash", [sc.ids["bear"]])
    pass_once(game)  # alice passes; bob gets priority
    assert game.pending.player == 1
    options = game.pending.options
    assert not any(isinstance(o, CastSpell) for o in options)
    # 702.61b: mana abilities still work (and only they may be activated).
    for o in options:
        if isinstance(o, ActivateAbility):
            from systems.costs import is_mana_ability

            assert is_mana_ability(game.card(o.source).abilities[o.index])
    pass_once(game)  # bob passes too: it resolves
    assert game.table.get(sc.ids["bear"], "power") == 5  # +3/+2 mode
    assert game.table.get(sc.ids["bear"], "keywords") & Keyword.TRAMPLE


def test_702_40a_storm_copies_for_each_spell_cast_before_it_this_turn():
    sc = build([{"name": "alice", "hand": ["Shock", "Shock", "Ground Rift"], "battlefield": ["Mountain"] * 3},
                {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "a"}, {"card": "Hill Giant", "id": "b"},
                                                {"card": "Birds of Paradise", "id": "c"}]}])
    game = sc.game
    bob = game.players[1]
    cast(game, "Shock", [bob])
    resolve_top(game)
    cast(game, "Shock", [bob])
    resolve_top(game)
    cast(game, "Ground Rift", [sc.ids["a"]])
    # The storm trigger goes on the stack above the spell; as it resolves, two copies are made, each
    # with new targets chosen (707.10c). "Target creature without flying": Birds of Paradise can't be chosen.
    resolve_top(game)
    assert game.pending.kind == DecisionKind.COPY_TARGETS
    assert sorted(o.targets for o in game.pending.options) == [(sc.ids["a"],), (sc.ids["b"],)]
    assert game.pending.options[0] == ChooseTargets((sc.ids["a"],))  # unchanged first
    game.apply(ChooseTargets((sc.ids["b"],)))
    game.apply(ChooseTargets((sc.ids["a"],)))
    assert [game.card(e).name for e in game.stack] == ["Ground Rift"] * 3
    assert [game.obj(e).is_copy for e in game.stack] == [False, True, True]
    resolve_stack(game)
    for ent in (sc.ids["a"], sc.ids["b"]):
        assert game.table.get(ent, "keywords") & Keyword.CANT_BLOCK
    assert names(game, 0, Zone.GRAVEYARD).count("Ground Rift") == 1  # copies cease to exist (704.5e)
    assert game.spells_cast == (game.turn, 3)  # the copies weren't cast (707.10)


def test_702_40a_the_first_spell_of_the_turn_makes_no_copies():
    game = build([{"name": "alice", "hand": ["Ground Rift"], "battlefield": ["Mountain"]},
                  {"name": "bob", "battlefield": ["Grizzly Bears"]}]).game
    cast(game, "Ground Rift", [one(game, "Grizzly Bears")])
    resolve_stack(game)
    assert game.stack == [] and names(game, 0, Zone.GRAVEYARD) == ["Ground Rift"]


def test_707_10f_storm_copies_of_a_permanent_spell_become_tokens():
    game = build([{"name": "alice", "hand": ["Shock", "Stormscale Wurm"], "battlefield": ["Mountain"] + ["Forest"] * 6},
                  {"name": "bob"}]).game
    cast(game, "Shock", [game.players[1]])
    resolve_top(game)
    cast(game, "Stormscale Wurm")
    resolve_stack(game)
    wurms = [e for e in game.battlefield() if game.card(e).name == "Stormscale Wurm"]
    assert sorted(game.obj(e).is_token for e in wurms) == [False, True]
    # "Other Wurms you control get +1/+1": each gets +1/+1 from the other.
    assert [game.table.get(e, "power") for e in wurms] == [7, 7]


def test_702_40a_every_players_spells_count_for_storm():
    sc = build([{"name": "alice", "hand": ["Giant Growth", "Ground Rift"],
                 "battlefield": ["Forest", "Mountain", {"card": "Grizzly Bears", "id": "mine"}]},
                {"name": "bob", "hand": ["Shock"], "battlefield": ["Mountain", {"card": "Hill Giant", "id": "giant"}]}])
    game = sc.game
    cast(game, "Giant Growth", [sc.ids["mine"]])
    game.apply(PassPriority())
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))  # bob responds with Shock
    resolve_stack(game)
    cast(game, "Ground Rift", [sc.ids["giant"]])
    resolve_top(game)  # the storm trigger: one copy for each of the two spells cast before it
    assert sum(1 for e in game.stack if game.obj(e).is_copy) == 2


def test_702_40a_storm_works_only_as_the_spell_is_cast_not_from_the_battlefield():
    game = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain", "Stormscale Wurm"]},
                  {"name": "bob"}]).game
    cast(game, "Shock", [game.players[1]])
    assert not game.waiting_triggers and len(game.stack) == 1
