"""Soulbond (CR 702.95a-e) with Silverblade Paladin and Wolfir Silverheart.

The pairing is a "you may" choice of the creature to pair with, made as the trigger resolves
(702.95a); a pair ends when either creature leaves the battlefield, stops being a creature or comes
under another player's control (702.95e), and the paired creatures' bonus lasts exactly as long.
"""

from __future__ import annotations

from typing import Any

from board import build as build_board
from board import pass_until_decision, resolve_stack

from components.abilities import Pair, PermanentFilter, StaticEffect, TriggeredAbility
from components.characteristics import CardType
from components.designations import Paired
from components.keywords import Keyword
from components.objects import Zone
from content.card_pool import builtin_pool
from ecs import CastSpell, DecisionKind, PassPriority
from ecs.actions import ChooseCard
from systems.mechanics.soulbond import read

DOUBLE_STRIKE = int(Keyword.DOUBLE_STRIKE)


def build(players: list[dict[str, Any]], *, cards: Any = ()) -> Any:
    """A position in the first player's precombat main phase of turn 3."""
    return build_board(players, cards=cards, turn={"number": 3, "active": players[0]["name"],
                                                   "step": "precombat_main"})


def _pairs(game) -> dict[int, tuple[int, int]]:
    """Paired creature -> (its partner, the pair's controller): the ``Paired`` designations (702.95b)."""
    return {e: (game.world.get(e, Paired).partner, game.world.get(e, Paired).controller)
            for e in sorted(game.world.holders(Paired))}


def _kw(game, ent) -> int:
    game.refresh_layers()
    return int(game.table.get(ent, "keywords"))


def _pt(game, ent) -> tuple[int, int]:
    game.refresh_layers()
    return int(game.table.get(ent, "power")), int(game.table.get(ent, "toughness"))


def _cast(game, name):
    option = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name)
    game.apply(option)


def _new(game, name, before):
    return next(e for e in game.battlefield() if game.card(e).name == name and e not in before)


def _cast_and_reach_pairing(s, name):
    game = s.game
    before = set(game.battlefield())
    _cast(game, name)
    pass_until_decision(game, DecisionKind.SOULBOND)
    return game, _new(game, name, before)


# ------------------------------------------------------------------ reading the text


def test_702_95a_soulbond_and_the_paired_static_ability_compile():
    paladin = builtin_pool().get("Silverblade Paladin")
    trig, static = paladin.abilities
    assert isinstance(trig, TriggeredAbility) and trig.effects == (Pair(),) and trig.condition.kind == "soulbond"
    assert isinstance(static, StaticEffect) and static.affected == PermanentFilter(paired=True)
    assert static.parts[0].keywords_add == DOUBLE_STRIKE
    wolfir = builtin_pool().get("Wolfir Silverheart")
    assert (wolfir.abilities[1].parts[0].power, wolfir.abilities[1].parts[0].toughness) == (4, 4)


def test_soulbond_reader_ignores_other_lines():
    assert read("Flying", "Flying", "X", CardType.CREATURE) is None
    assert read("As long as ~ is paired with another creature, both creatures frobnicate.", "", "X",
                CardType.CREATURE) is None


# ------------------------------------------------------------------ pairing as the soulbond creature enters


def test_702_95a_entering_soulbond_creature_pairs_with_the_chosen_creature_and_both_get_the_bonus():
    s = build([{"name": "alice", "hand": ["Silverblade Paladin"], "mana_pool": "{W}{W}{C}",
                "battlefield": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Hill Giant", "id": "giant"}]},
               {"name": "bob", "battlefield": [{"card": "Gray Ogre", "id": "ogre"}]}])
    game, paladin = _cast_and_reach_pairing(s, "Silverblade Paladin")
    ids = s.ids
    # The choice: any other unpaired creature alice controls, or none ("you may"); never bob's.
    assert set(game.whole_actions()) == {ChooseCard(ids["bears"]), ChooseCard(ids["giant"]), ChooseCard(-1)}
    game.apply(ChooseCard(ids["bears"]))
    assert _pairs(game)[paladin][0] == ids["bears"] and _pairs(game)[ids["bears"]][0] == paladin
    assert _kw(game, paladin) & DOUBLE_STRIKE and _kw(game, ids["bears"]) & DOUBLE_STRIKE
    assert not _kw(game, ids["giant"]) & DOUBLE_STRIKE and not _kw(game, ids["ogre"]) & DOUBLE_STRIKE


def test_702_95a_the_controller_may_decline_to_pair():
    s = build([{"name": "alice", "hand": ["Wolfir Silverheart"], "mana_pool": "{G}{G}{C}{C}{C}",
                "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}, {"name": "bob"}])
    game, wolfir = _cast_and_reach_pairing(s, "Wolfir Silverheart")
    game.apply(ChooseCard(-1))
    assert not _pairs(game)
    assert _pt(game, wolfir) == (4, 4) and _pt(game, s.ids["bears"]) == (2, 2)


def test_603_4_702_95a_no_trigger_without_another_unpaired_creature():
    s = build([{"name": "alice", "hand": ["Wolfir Silverheart"], "mana_pool": "{G}{G}{C}{C}{C}"},
               {"name": "bob", "battlefield": ["Grizzly Bears"]}])
    game = s.game
    _cast(game, "Wolfir Silverheart")
    game.apply(PassPriority())
    game.apply(PassPriority())
    # The intervening "if" is false (no other creature alice controls): the ability doesn't trigger.
    assert not game.stack and game.pending.kind == DecisionKind.PRIORITY and not _pairs(game)


# ------------------------------------------------------------------ pairing as another creature enters


def test_702_95a_another_creature_entering_pairs_with_the_unpaired_soulbond_creature():
    s = build([{"name": "alice", "hand": ["Grizzly Bears"], "mana_pool": "{G}{C}",
                "battlefield": [{"card": "Wolfir Silverheart", "id": "wolfir"}]}, {"name": "bob"}])
    game = s.game
    before = set(game.battlefield())
    _cast(game, "Grizzly Bears")
    pass_until_decision(game, DecisionKind.SOULBOND)
    bears = _new(game, "Grizzly Bears", before)
    assert set(game.whole_actions()) == {ChooseCard(bears), ChooseCard(-1)}
    game.apply(ChooseCard(bears))
    assert _pt(game, s.ids["wolfir"]) == (8, 8) and _pt(game, bears) == (6, 6)  # 7c: +4/+4 each


def test_702_95d_a_paired_soulbond_creature_doesnt_pair_again():
    s = build([{"name": "alice", "hand": ["Hill Giant"], "mana_pool": "{R}{C}{C}{C}",
                "battlefield": [{"card": "Wolfir Silverheart", "id": "wolfir"}, {"card": "Grizzly Bears", "id": "bears"}]},
               {"name": "bob"}])
    game = s.game
    from systems.mechanics.soulbond import pair

    pair(game, s.ids["wolfir"], s.ids["bears"], 0)
    _cast(game, "Hill Giant")
    resolve_stack(game)
    assert game.pending.kind == DecisionKind.PRIORITY and not game.stack  # no trigger: Wolfir is paired
    assert _pairs(game)[s.ids["wolfir"]][0] == s.ids["bears"]


# ------------------------------------------------------------------ unpairing (702.95e) and 702.95c


def _paired_board(extra_alice=None, **kw):
    alice = {"name": "alice", "battlefield": [{"card": "Wolfir Silverheart", "id": "wolfir"},
                                              {"card": "Grizzly Bears", "id": "bears"}], **(extra_alice or {})}
    s = build([alice, {"name": "bob", **kw}])
    from systems.mechanics.soulbond import pair

    pair(s.game, s.ids["wolfir"], s.ids["bears"], 0)
    assert _pt(s.game, s.ids["bears"]) == (6, 6)
    return s, s.game, s.ids


def test_702_95e_pair_ends_when_the_partner_leaves_the_battlefield():
    s, game, ids = _paired_board(hand=["Murder"], mana_pool="{B}{B}{C}")
    game.apply(PassPriority())  # bob gets priority
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (ids["bears"],)))
    resolve_stack(game)
    assert not _pairs(game) and _pt(game, ids["wolfir"]) == (4, 4)
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Grizzly Bears"]


def test_702_95e_pair_ends_when_a_creature_comes_under_another_players_control():
    s, game, ids = _paired_board()
    from components.abilities import Layer
    from components.objects import ContinuousEffect
    from systems.layers import add_effect

    add_effect(game, ContinuousEffect(layer=Layer.CONTROL, timestamp=game.new_timestamp(), source=ids["bears"],
                                      controller=1, until_end_of_turn=False, from_static=False,
                                      fixed=(ids["bears"],), new_controller=1))
    assert _pt(game, ids["wolfir"]) == (4, 4) and _pt(game, ids["bears"]) == (2, 2) and not _pairs(game)


def test_702_95e_pair_ends_when_a_creature_stops_being_a_creature():
    s, game, ids = _paired_board()
    from components.abilities import Layer
    from components.objects import ContinuousEffect
    from systems.layers import add_effect

    add_effect(game, ContinuousEffect(layer=Layer.TYPE, timestamp=game.new_timestamp(), source=ids["bears"],
                                      controller=0, until_end_of_turn=False, from_static=False,
                                      fixed=(ids["bears"],), types_remove=int(CardType.CREATURE),
                                      types_add=int(CardType.ARTIFACT)))
    assert _pt(game, ids["wolfir"]) == (4, 4) and not _pairs(game)


def test_702_95c_no_pair_if_the_chosen_creature_left_before_resolution():
    s = build([{"name": "alice", "hand": ["Wolfir Silverheart"], "mana_pool": "{G}{G}{C}{C}{C}",
                "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]},
               {"name": "bob", "hand": ["Murder"], "mana_pool": "{B}{B}{C}"}])
    game = s.game
    _cast(game, "Wolfir Silverheart")
    game.apply(PassPriority())
    game.apply(PassPriority())  # Wolfir resolves; its trigger goes on the stack
    assert len(game.stack) == 1
    game.apply(PassPriority())  # alice passes; bob responds by killing the bears
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (s.ids["bears"],)))
    resolve_stack(game)
    # The intervening "if" is false on resolution (603.4) / nothing to pair with (702.95c).
    assert not _pairs(game) and game.pending.kind == DecisionKind.PRIORITY


def test_201_5_the_paired_static_ability_means_its_own_object_not_another_with_that_name():
    s = build([{"name": "alice", "battlefield": [{"card": "Silverblade Paladin", "id": "p1"},
                                                 {"card": "Silverblade Paladin", "id": "p2"},
                                                 {"card": "Grizzly Bears", "id": "bears"}]},
               {"name": "bob"}])
    game = s.game
    from systems.mechanics.soulbond import pair

    pair(game, s.ids["p1"], s.ids["bears"], 0)
    assert _kw(game, s.ids["p1"]) & DOUBLE_STRIKE and _kw(game, s.ids["bears"]) & DOUBLE_STRIKE
    assert not _kw(game, s.ids["p2"]) & DOUBLE_STRIKE  # same name, but not paired: no double strike


def test_soulbond_state_survives_clone():
    s, game, ids = _paired_board()
    other = game.clone()
    assert _pairs(other) == _pairs(game) and _pt(other, ids["bears"]) == (6, 6)
