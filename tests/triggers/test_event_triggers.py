"""Trigger events the engine reports (CR 603.2): drawing (121.1), discarding (701.8a), becoming tapped
(701.21a), attacking unblocked (509.3g) and damage (120.3, 510.2), where one damage event makes one
trigger per source or recipient with the total (603.2c), not one per unit or per recipient."""

from __future__ import annotations

from typing import Any

from trigger_support import scenario, stack_triggers

from components.abilities import TriggerKind
from components.objects import Step, Zone
from ecs.actions import ActivateAbility, DecisionKind


def card(name: str, type_line: str, text: str, cost: str = "{1}", pt: tuple[int, int] | None = None) -> dict[str, Any]:
    types = [w for w in type_line.split(" — ")[0].split() if w not in ("Legendary",)]
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "types": types, "text": text}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    return obj


BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))
DRINKER = card("Test Drinker", "Creature — Vampire", "Trample\nWhenever this creature deals damage, you gain that much life.",
               "{3}", (5, 5))
SPONGE = card("Test Sponge", "Creature — Beast", "Whenever this creature is dealt damage, you gain that much life.",
              "{3}", (1, 6))
PIERCER = card("Test Piercer", "Creature — Horror",
               "Whenever this creature deals combat damage to a creature, you gain 1 life.", "{3}", (4, 4))


# ------------------------------------------------------------------ damage (120.3, 510.2, 603.2c)


def test_603_2c_deals_damage_triggers_once_per_event_with_the_total():
    """A trampler blocked by a 2/2 deals 2 to the blocker and 3 to the player in one combat damage
    event (510.2): "whenever ~ deals damage" triggers once, with 5."""
    sc = scenario([DRINKER, BEAR], {"battlefield": [{"card": "Test Drinker", "id": "d"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["d"]}, {"pass": 1},
                   {"player": "bob", "block": {"b": "d"}}, {"pass": 1},
                   {"player": "alice", "assign": {"d": {"b": 2, "bob": 3}}}])
    game = sc.game
    (trig,) = stack_triggers(game, "Test Drinker")
    assert trig.event_amount == 5
    assert game.player_states[1].life == 17


def test_603_2c_is_dealt_damage_triggers_once_with_the_damage_of_all_sources():
    """Blocked by two 2/2s, the creature is dealt 4 damage in one event: one trigger, 4 life."""
    sc = scenario([SPONGE, BEAR], {"battlefield": [{"card": "Test Sponge", "id": "s"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b1"}, {"card": "Test Bear", "id": "b2"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["s"]}, {"pass": 1},
                   {"player": "bob", "block": {"b1": "s", "b2": "s"}}, {"pass": 1}])
    game = sc.game
    while not stack_triggers(game, "Test Sponge") and game.step != Step.END:
        options = game.whole_actions()
        game.apply(options[0])
    (trig,) = stack_triggers(game, "Test Sponge")
    assert trig.event_amount == 4


def test_510_3a_deals_combat_damage_to_a_creature_triggers_per_creature():
    """"to a creature" names the recipient: blocked by two creatures and damaging both, it triggers twice."""
    sc = scenario([PIERCER, BEAR], {"battlefield": [{"card": "Test Piercer", "id": "p"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b1"}, {"card": "Test Bear", "id": "b2"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["p"]}, {"pass": 1},
                   {"player": "bob", "block": {"b1": "p", "b2": "p"}}, {"pass": 1},
                   {"player": "alice", "assign": {"p": {"b1": 2, "b2": 2}}}])
    game = sc.game
    if game.pending.kind == DecisionKind.TRIGGER:
        game.apply(game.whole_actions()[0])
    assert len(stack_triggers(game, "Test Piercer")) == 2


def test_120_3_noncombat_damage_to_a_player_triggers_deals_damage_to_an_opponent():
    pinger = card("Test Pinger", "Creature — Goblin",
                  "{T}: This creature deals 1 damage to any target.\n"
                  "Whenever this creature deals damage to an opponent, you gain 2 life.", "{1}", (1, 1))
    sc = scenario([pinger, BEAR], {"battlefield": [{"card": "Test Pinger", "id": "p"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                  [{"player": "alice", "activate": "p", "ability": 1, "targets": ["b"]}, {"pass": 1}])
    game = sc.game
    assert not stack_triggers(game, "Test Pinger")  # a creature isn't an opponent
    sc2 = scenario([pinger], {"battlefield": [{"card": "Test Pinger", "id": "p"}]}, {},
                   [{"player": "alice", "activate": "p", "ability": 1, "targets": ["bob"]}, {"pass": 1}])
    assert len(stack_triggers(sc2.game, "Test Pinger")) == 1


# ------------------------------------------------------------------ drawing (121.1)

ORACLE = card("Test Seer", "Creature — Human", "Whenever you draw a card, you gain 1 life.", "{1}", (1, 1))
WATCHER = card("Test Watcher", "Creature — Human", "Whenever a player draws a card, that player loses 1 life.", "{1}",
               (1, 1))
SECOND = card("Test Second", "Creature — Human",
              "Whenever you draw your second card each turn, you gain 3 life.\n{0}: Draw a card.", "{1}", (1, 1))


def test_121_1_whenever_you_draw_a_card_triggers_on_your_draws_only():
    sc = scenario([ORACLE], {"battlefield": ["Test Seer"], "library": ["Forest"] * 3},
                  {"library": ["Forest"] * 3}, number=3, active="alice", step="draw")
    game = sc.game
    assert len(stack_triggers(game, "Test Seer")) == 1  # the draw step's draw (504.1)
    sc = scenario([ORACLE], {"battlefield": ["Test Seer"], "library": ["Forest"] * 3},
                  {"library": ["Forest"] * 3}, number=3, active="bob", step="draw")
    assert not stack_triggers(sc.game, "Test Seer")


def test_121_1_that_player_is_the_player_who_drew():
    sc = scenario([WATCHER], {"battlefield": ["Test Watcher"], "library": ["Forest"] * 3},
                  {"library": ["Forest"] * 3}, [{"pass": 1}], number=3, active="bob", step="draw")
    game = sc.game
    assert game.player_states[1].life == 19 and game.player_states[0].life == 20


def test_121_1_your_second_card_each_turn():
    sc = scenario([SECOND], {"battlefield": [{"card": "Test Second", "id": "s"}], "library": ["Forest"] * 5},
                  {"library": ["Forest"] * 3}, number=3, active="alice", step="draw")
    game = sc.game
    assert not stack_triggers(game, "Test Second")  # the first card this turn
    act = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility))
    game.apply(act)
    game.apply(game.whole_actions()[0])  # alice passes
    game.apply(game.whole_actions()[0])  # bob passes: the ability resolves, alice draws her second card
    assert len(stack_triggers(game, "Test Second")) == 1
    game.apply(game.whole_actions()[0])
    game.apply(game.whole_actions()[0])
    assert game.player_states[0].life == 23
    act = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility))
    game.apply(act)
    game.apply(game.whole_actions()[0])
    game.apply(game.whole_actions()[0])  # the third card: no trigger
    assert not stack_triggers(game, "Test Second")


# ------------------------------------------------------------------ discarding (701.8a)

TORMENT = card("Test Torment", "Enchantment", "Whenever an opponent discards a card, that player loses 2 life.", "{1}")
RAGE = card("Test Rage", "Sorcery", "Each player discards a card.", "{0}")


def test_701_8a_an_opponent_discards_sees_only_opponents():
    sc = scenario([TORMENT, RAGE], {"battlefield": ["Test Torment"], "hand": ["Test Rage", "Forest"]},
                  {"hand": ["Island"]}, [{"player": "alice", "cast": "Test Rage"}, {"pass": 1}, {"pass": 1}])
    game = sc.game
    assert game.zones[0][Zone.HAND] == [] and game.zones[1][Zone.HAND] == []
    assert game.player_states[1].life == 18 and game.player_states[0].life == 20


def test_514_1_discarding_to_hand_size_is_a_discard():
    sc = scenario([TORMENT], {"battlefield": ["Test Torment"]}, {"hand": ["Island"] * 8},
                  [{"player": "bob", "choose": [0]}], number=3, active="bob", step="cleanup")
    game = sc.game
    assert len(game.zones[1][Zone.HAND]) == 7
    assert len(stack_triggers(game, "Test Torment")) == 1


# ------------------------------------------------------------------ becoming tapped (701.21a)

ENVOY = card("Test Envoy", "Creature — Vampire", "Whenever this creature becomes tapped, you gain 1 life.\n"
             "{T}: Add {C}.", "{1}", (1, 4))
TAPPER = card("Test Tapper", "Instant", "Tap target creature.", "{0}")


def test_701_21a_attacking_and_tap_costs_tap_it():
    sc = scenario([ENVOY], {"battlefield": [{"card": "Test Envoy", "id": "e"}]}, {},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["e"]}])
    assert len(stack_triggers(sc.game, "Test Envoy")) == 1  # 508.1f
    sc = scenario([ENVOY, card("Test Relic", "Artifact", "", "{1}")],
                  {"battlefield": [{"card": "Test Envoy", "id": "e"}], "hand": ["Test Relic"]}, {},
                  [{"player": "alice", "cast": "Test Relic"}])
    assert len(stack_triggers(sc.game, "Test Envoy")) == 1  # tapped for mana to pay (605.3a)


def test_701_21a_only_an_untapped_permanent_becomes_tapped():
    sc = scenario([ENVOY, TAPPER], {"battlefield": [{"card": "Test Envoy", "id": "e", "tapped": True}],
                                    "hand": ["Test Tapper"]}, {},
                  [{"player": "alice", "cast": "Test Tapper", "targets": ["e"]}, {"pass": 1}])
    assert not stack_triggers(sc.game, "Test Envoy")
    sc = scenario([ENVOY, TAPPER], {"battlefield": [{"card": "Test Envoy", "id": "e"}], "hand": ["Test Tapper"]}, {},
                  [{"player": "alice", "cast": "Test Tapper", "targets": ["e"]}, {"pass": 1}])
    assert len(stack_triggers(sc.game, "Test Envoy")) == 1


# ------------------------------------------------------------------ attacking unblocked (509.3g)

RAIDER = card("Test Raider", "Creature — Human Rogue", "Frenzy 2", "{1}", (1, 1))


def test_509_3g_attacks_and_isnt_blocked_triggers_once_blockers_are_declared():
    sc = scenario([RAIDER, BEAR], {"battlefield": [{"card": "Test Raider", "id": "r1"},
                                                   {"card": "Test Raider", "id": "r2"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["r1", "r2"]}, {"pass": 1}])
    assert not stack_triggers(sc.game, "Test Raider")  # not yet: blockers aren't declared
    game = scenario([RAIDER, BEAR], {"battlefield": [{"card": "Test Raider", "id": "r1"},
                                                     {"card": "Test Raider", "id": "r2"}]},
                    {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                    [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["r1", "r2"]}, {"pass": 1},
                     {"player": "bob", "block": {"b": "r1"}}]).game
    (trig,) = stack_triggers(game, "Test Raider")
    r2 = next(e for e in game.combat.attackers if e not in game.combat.blocked)
    assert trig.source == r2


def test_702_68a_frenzy_is_the_unblocked_trigger():
    from content.oracle import compile_lines

    (r,) = compile_lines("Test Raider", "Frenzy 2", 8)
    (a,) = r.abilities
    assert a.trigger.kind == TriggerKind.ATTACKS_UNBLOCKED and a.effects[0].power == 2


# ------------------------------------------------------------------ becoming untapped (701.21b)

INSPIRED = card("Test Inspired", "Creature — Human", "Whenever this creature becomes untapped, you gain 1 life.", "{1}",
                (1, 1))
UNTAPPER = card("Test Untapper", "Instant", "Untap target creature.", "{0}")


def test_701_21b_the_untap_step_untaps_only_tapped_permanents():
    sc = scenario([INSPIRED], {"battlefield": [{"card": "Test Inspired", "id": "a", "tapped": True},
                                               {"card": "Test Inspired", "id": "b"}]}, {},
                  number=3, active="alice", step="untap")
    game = sc.game
    assert game.step == Step.UPKEEP and len(stack_triggers(game, "Test Inspired")) == 1


def test_701_21b_untapping_an_untapped_permanent_is_no_event():
    sc = scenario([INSPIRED, UNTAPPER], {"battlefield": [{"card": "Test Inspired", "id": "a"}],
                                         "hand": ["Test Untapper"]}, {},
                  [{"player": "alice", "cast": "Test Untapper", "targets": ["a"]}, {"pass": 1}])
    assert not stack_triggers(sc.game, "Test Inspired")
    sc = scenario([INSPIRED, UNTAPPER], {"battlefield": [{"card": "Test Inspired", "id": "a", "tapped": True}],
                                         "hand": ["Test Untapper"]}, {},
                  [{"player": "alice", "cast": "Test Untapper", "targets": ["a"]}, {"pass": 1}])
    assert len(stack_triggers(sc.game, "Test Inspired")) == 1


# ------------------------------------------------------------------ blocks a creature / blocked by a creature (509.3b, 509.3d)

WALL = card("Test Wall", "Creature — Wall", "Defender", "{B}", (0, 4))
BASILISK = card("Test Basilisk", "Creature — Basilisk",
                "Whenever this creature blocks or becomes blocked by a nonblack creature, you gain 1 life.", "{3}", (2, 4))


def test_509_3d_becomes_blocked_by_a_nonblack_creature_ignores_black_ones():
    sc = scenario([BASILISK, WALL, BEAR], {"battlefield": [{"card": "Test Basilisk", "id": "k"}]},
                  {"battlefield": [{"card": "Test Wall", "id": "w"}, {"card": "Test Bear", "id": "b"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["k"]}, {"pass": 1},
                   {"player": "bob", "block": {"w": "k", "b": "k"}}])
    (trig,) = stack_triggers(sc.game, "Test Basilisk")
    assert sc.game.card(trig.event_object).name == "Test Bear"


def test_509_3b_blocks_a_creature_is_the_blocker_side():
    sc = scenario([BASILISK, BEAR], {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                  {"battlefield": [{"card": "Test Basilisk", "id": "k"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["b"]}, {"pass": 1},
                   {"player": "bob", "block": {"k": "b"}}])
    (trig,) = stack_triggers(sc.game, "Test Basilisk")
    assert sc.game.card(trig.event_object).name == "Test Bear"


# ------------------------------------------------------------------ attacking alone, with others (506.5, 508.1)

LONER = card("Test Loner", "Creature — Human", "Whenever this creature attacks alone, you gain 3 life.", "{1}", (1, 1))
SQUAD = card("Test Squad", "Creature — Human",
             "Whenever this creature and at least two other creatures attack, you gain 1 life.", "{1}", (1, 1))
CAPTAIN = card("Test Captain", "Creature — Human", "Whenever you attack with two or more creatures, you gain 5 life.",
               "{1}", (1, 1))


def attack(cards: list[dict[str, Any]], mine: list[str], attackers: list[str]) -> Any:
    return scenario(cards, {"battlefield": [{"card": n, "id": f"c{i}"} for i, n in enumerate(mine)]}, {},
                    [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": attackers}]).game


def test_506_5_attacks_alone_only_when_it_is_the_only_attacker():
    assert len(stack_triggers(attack([LONER, BEAR], ["Test Loner", "Test Bear"], ["c0"]), "Test Loner")) == 1
    assert not stack_triggers(attack([LONER, BEAR], ["Test Loner", "Test Bear"], ["c0", "c1"]), "Test Loner")


def test_508_1_at_least_two_other_creatures_attack():
    three = ["Test Squad", "Test Bear", "Test Bear"]
    assert len(stack_triggers(attack([SQUAD, BEAR], three, ["c0", "c1", "c2"]), "Test Squad")) == 1
    assert not stack_triggers(attack([SQUAD, BEAR], three, ["c0", "c1"]), "Test Squad")
    assert not stack_triggers(attack([SQUAD, BEAR], three, ["c1", "c2"]), "Test Squad")  # it must attack too


def test_508_1m_you_attack_with_two_or_more_creatures_triggers_once():
    game = attack([CAPTAIN, BEAR], ["Test Captain", "Test Bear", "Test Bear"], ["c1", "c2"])
    assert len(stack_triggers(game, "Test Captain")) == 1
    assert not stack_triggers(attack([CAPTAIN, BEAR], ["Test Captain", "Test Bear"], ["c1"]), "Test Captain")


# ------------------------------------------------------------------ your second spell each turn (601.2i)

FLURRY = card("Test Flurry", "Creature — Monk", "Whenever you cast your second spell each turn, you gain 2 life.", "{1}",
              (1, 1))
TRINKET = card("Test Trinket", "Artifact", "", "{0}")


def test_601_2i_your_second_spell_each_turn_counts_the_spells_cast_this_turn():
    sc = scenario([FLURRY, TRINKET], {"battlefield": ["Test Flurry"], "hand": ["Test Trinket"] * 3}, {},
                  [{"player": "alice", "cast": "Test Trinket"}])
    game = sc.game
    assert not stack_triggers(game, "Test Flurry")  # the first spell
    sc = scenario([FLURRY, TRINKET], {"battlefield": ["Test Flurry"], "hand": ["Test Trinket"] * 3}, {},
                  [{"player": "alice", "cast": "Test Trinket"}, {"pass": 1},
                   {"player": "alice", "cast": "Test Trinket"}])
    assert len(stack_triggers(sc.game, "Test Flurry")) == 1
    sc = scenario([FLURRY, TRINKET], {"battlefield": ["Test Flurry"], "hand": ["Test Trinket"] * 3}, {},
                  [{"player": "alice", "cast": "Test Trinket"}, {"pass": 1},
                   {"player": "alice", "cast": "Test Trinket"}, {"pass": 1}, {"pass": 1},
                   {"player": "alice", "cast": "Test Trinket"}])
    assert not stack_triggers(sc.game, "Test Flurry")  # the third spell
