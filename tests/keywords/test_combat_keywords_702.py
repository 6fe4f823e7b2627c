"""Keywords about combat, counters, dying and entering: infect (CR 702.90), wither (702.80), toxic (702.164),
persist (702.79), undying (702.93), amass (701.44), bolster (701.33), support (701.35). Behaviour is also covered by
the YAML scenarios in tests/scenarios/keywords/ (infect_*, wither_*, toxic_*, persist_*, undying_*, amass_*, ...)."""

from __future__ import annotations

import numpy as np
from board import build, creature

from components.abilities import TriggeredAbility, TriggerKind
from components.characteristics import CardType, Color
from components.combat_keywords import Toxic
from components.keywords import Keyword
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.scenario import Scenario
from systems.layers import subtypes_of
from systems.protection import EVERYTHING, has_hexproof, hexproof_from


def _run(data: dict) -> Scenario:
    sc = Scenario({"name": "inline", **data}, "inline")
    sc.run()
    return sc


def test_702_80_702_90_wither_and_infect_are_not_hexproof_from_anything():
    """Bit 46 (no printed "hexproof from everything") holds wither: it must not read as hexproof (702.11d-e)."""
    assert not has_hexproof(int(Keyword.WITHER)) and not has_hexproof(int(Keyword.INFECT))
    kws = np.array([int(Keyword.WITHER | Keyword.INFECT)], dtype=np.uint64)
    assert not hexproof_from(kws, EVERYTHING)[0]
    assert has_hexproof(int(Keyword.HEXPROOF))


def test_702_164_toxic_reads_and_renders_back():
    (ability,), _ = compile_text("Test Toxic", "Toxic 2 (Players dealt combat damage by this creature also get two "
                                 "poison counters.)", CardType.CREATURE)
    assert ability == Toxic("Toxic 2", 2)
    assert render_line([ability]) == "Toxic 2"


def test_702_79a_702_93a_persist_and_undying_render_back():
    for word in ("Persist", "Undying"):
        (ability,), _ = compile_text("Test", word, CardType.CREATURE)
        assert isinstance(ability, TriggeredAbility) and ability.trigger.kind == TriggerKind.PUT_INTO_GRAVEYARD
        assert render_line([ability]) == word


def test_702_90b_noncombat_infect_damage_gives_poison_and_no_life_loss():
    """A spell-like ability of an infect source dealing damage to a player (702.90b applies to all damage)."""
    pinger = creature("Test Infect Pinger", 1, 1, "Infect\n{T}: This creature deals 2 damage to target player.")
    sc = _run({"cards": [pinger],
               "players": [{"name": "alice", "battlefield": [{"card": "Test Infect Pinger", "id": "p"}]},
                           {"name": "bob"}],
               "actions": [{"player": "alice", "activate": "p", "ability": 1, "targets": ["bob"]}, {"pass": 1}],
               "expect": [{"player": "bob", "life": 20, "poison": 2}]})
    assert sc.game.player_states[1].poison == 2


def test_702_164c_toxic_needs_combat_damage():
    """Toxic gives no poison counters for noncombat damage (702.164c says combat damage)."""
    pinger = creature("Test Toxic Pinger", 1, 1, "Toxic 3\n{T}: This creature deals 1 damage to target player.")
    sc = _run({"cards": [pinger],
               "players": [{"name": "alice", "battlefield": [{"card": "Test Toxic Pinger", "id": "p"}]},
                           {"name": "bob"}],
               "actions": [{"player": "alice", "activate": "p", "ability": 1, "targets": ["bob"]}, {"pass": 1}]})
    assert (sc.game.player_states[1].life, sc.game.player_states[1].poison) == (19, 0)


def test_701_44a_amass_token_is_a_0_0_black_army_of_the_subtype_with_the_counters():
    initiate = creature("Test Initiate", 1, 1, "When this creature dies, amass Orcs 2.")
    sc = _run({"cards": [initiate],
               "players": [{"name": "alice", "battlefield": [{"card": "Test Initiate", "id": "i"}]},
                           {"name": "bob", "battlefield": ["Mountain"], "hand": ["Shock"]}],
               "actions": [{"player": "alice", "pass": True}, {"player": "bob", "cast": "Shock", "targets": ["i"]},
                           {"pass": 1}, {"pass": 1}]})
    game = sc.game
    (army,) = [e for e in game.battlefield() if game.card(e).name == "Orc Army"]
    game.refresh_layers()
    t = game.table
    assert (int(t.get(army, "power")), int(t.get(army, "toughness"))) == (2, 2)
    assert int(t.get(army, "plus1")) == 2 and bool(t.get(army, "token"))
    assert int(t.get(army, "colors")) == int(Color.B)
    assert subtypes_of(game, army) == frozenset({"Orc", "Army"})


def test_701_35a_a_spells_support_may_target_any_creature_and_up_to_n():
    spell = {"name": "Test Support", "manaCost": "{G}", "type": "Instant", "types": ["Instant"], "subtypes": [],
             "supertypes": [], "text": "Support 2."}
    (ability,), _ = compile_text("Test Support", "Support 2.", CardType.INSTANT)
    assert len(ability.targets) == 2 and all(s.optional and not s.filter.exclude_source for s in ability.targets)
    sc = build([{"name": "alice", "hand": ["Test Support"], "battlefield": ["Forest", {"card": "Grizzly Bears",
                                                                                         "id": "b"}]},
                {"name": "bob"}], cards=[spell])
    game = sc.game
    from ecs import CastSpell

    bear = sc.ids["b"]
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    assert any(o.targets == (bear, -1) for o in options)  # up to two: one chosen, one left empty (601.2c)


WARBRUTE = creature("Test Warbrute", 2, 5, "Enlist")


def _declaring(extra: list) -> Scenario:
    sc = Scenario({"name": "inline", "cards": [WARBRUTE], "turn": {"step": "beginning_of_combat"},
                   "players": [{"name": "alice", "battlefield": [{"card": "Test Warbrute", "id": "brute"}, *extra]},
                               {"name": "bob"}],
                   "actions": [{"pass_until": "declare_attackers"}]}, "inline")
    sc.run()
    return sc


def test_702_154a_enlist_needs_an_untapped_creature_without_summoning_sickness_or_with_haste():
    from ecs.actions import DeclareAttacker

    sc = _declaring([{"card": "Grizzly Bears", "id": "sick", "sick": True},
                     {"card": "Hill Giant", "id": "tapped", "tapped": True},
                     {"card": "Grizzly Bears", "id": "ready"}])
    game = sc.game
    enlistable = {o.enlist for o in game.whole_actions() if isinstance(o, DeclareAttacker)
                  and o.creature == sc.ids["brute"] and o.enlist >= 0}
    assert enlistable == {sc.ids["ready"]}  # not the sick one, the tapped one, or itself (702.154c)


def test_702_154a_an_enlisted_creature_cant_also_attack():
    from ecs.actions import DeclareAttacker

    sc = _declaring([{"card": "Grizzly Bears", "id": "ready"}])
    game = sc.game
    brute, bear = sc.ids["brute"], sc.ids["ready"]
    game.apply(next(o for o in game.whole_actions() if isinstance(o, DeclareAttacker) and o.creature == brute
                    and o.enlist == bear))
    assert not any(isinstance(o, DeclareAttacker) and o.creature == bear for o in game.whole_actions())


def test_701_39a_exert_option_only_with_the_ability():
    from ecs.actions import DeclareAttacker

    sc = _declaring([{"card": "Grizzly Bears", "id": "bear"}])
    game = sc.game
    assert not any(isinstance(o, DeclareAttacker) and o.exert for o in game.whole_actions())


def test_701_39a_exert_and_enlist_render_back():
    walker = ("You may exert ~ as it attacks. When you do, it gets +1/+1 and gains flying until end of turn.")
    (ability,), _ = compile_text("Test Walker", walker, CardType.CREATURE)
    from content.oracle.report import roundtrip_normal

    assert roundtrip_normal(render_line([ability])) == roundtrip_normal(walker)  # "it gets" and "~ gets" alike
    (ability,), _ = compile_text("Test Warbrute", "Enlist", CardType.CREATURE)
    assert render_line([ability]) == "Enlist"


def test_506_2_defending_player_targets_only_in_attack_triggers_of_the_creature_or_its_equipment():
    """Outside such a trigger the defending player isn't known from the ability's source: refused, not guessed."""
    import pytest

    from content.oracle import UnsupportedCardError

    with pytest.raises(UnsupportedCardError):
        compile_text("Test", "Whenever a creature you control attacks, tap target creature defending player "
                     "controls.", CardType.CREATURE)
    with pytest.raises(UnsupportedCardError):  # a static ability: no defending player to look at
        compile_text("Test", "Creatures defending player controls get -1/-1.", CardType.CREATURE)
    with pytest.raises(UnsupportedCardError):  # a count isn't checked against the defending player
        compile_text("Test", "Whenever this creature attacks, it gets +1/+0 until end of turn for each creature "
                     "defending player controls.", CardType.CREATURE)
    abilities, _ = compile_text("Test", "Whenever this creature attacks, tap target creature defending player "
                                "controls.", CardType.CREATURE)
    assert abilities[0].targets[0].filter.controller == "defending"


def test_122_1_counter_filters_are_refused_where_counters_are_not_checked():
    """A static ability's affected set (layers) doesn't see counters, and a "dies" trigger's look-back sees only
    +1/+1 and -1/-1 counters (603.10a, systems/trigger_events.py): refused."""
    from content.oracle import compile_lines

    for text in ("Each creature you control with a +1/+1 counter on it has menace.",
                 "This creature gets +1/+1 for each creature you control with a +1/+1 counter on it.",
                 "Whenever a creature with a counter on it dies, draw a card."):
        (line,) = compile_lines("Test", text, CardType.CREATURE)
        assert not line.ok and "counter" in line.error, text
    (line,) = compile_lines("Test", "Whenever a creature you control with a counter on it deals combat damage to a "
                            "player, draw a card.", CardType.CREATURE)
    assert line.ok and line.abilities[0].trigger.filter.with_counter == "any"


def test_702_154a_702_164c_the_kept_answers_see_a_class_that_appears_after_a_look():
    """Whether any creature has enlist or toxic is kept per characteristics class (ClassTable.any_card): a creature
    whose card first reaches the battlefield after a "no" must turn the answer to "yes"."""
    from systems.mechanics.attack_costs import any_attack_costs
    from systems.mechanics.infect import _any_toxic

    sc = Scenario({"name": "inline", "cards": [WARBRUTE, creature("Test Stinger", 1, 1, "Toxic 1")],
                   "players": [{"name": "alice", "battlefield": [{"card": "Grizzly Bears"}],
                                "hand": [{"card": "Test Warbrute", "id": "brute"},
                                         {"card": "Test Stinger", "id": "stinger"}]},
                               {"name": "bob"}]}, "inline")
    game = sc.game
    assert not any_attack_costs(game) and not _any_toxic(game)
    game.classes.class_for(game.card(sc.ids["brute"]), 0, False)  # as when it enters (systems/zones.py)
    assert any_attack_costs(game) and not _any_toxic(game)
    game.classes.class_for(game.card(sc.ids["stinger"]), 0, False)
    assert any_attack_costs(game) and _any_toxic(game)
