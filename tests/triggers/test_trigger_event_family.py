"""Trigger events read by content/oracle/trigger_events.py and checked by systems/trigger_events.py
(CR 603.2): what a cast spell has to be (601.2i: historic 700.6, multicolored 105.2c, kicked 702.33d,
spell types 205.3k, mana value with X 202.3e), "a spell that targets ~" (heroic), and "that player"
after another player's cast."""

from __future__ import annotations

from typing import Any

from trigger_support import scenario, stack_triggers

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal


def card(name: str, type_line: str, text: str, cost: str = "{1}", pt: tuple[int, int] | None = None,
         **extra: Any) -> dict[str, Any]:
    head, _, subs = type_line.partition(" — ")
    supertypes = [w for w in head.split() if w in ("Legendary", "Snow", "Basic")]
    types = [w for w in head.split() if w not in supertypes]
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "types": types, "text": text,
                           "subtypes": subs.split(), "supertypes": supertypes}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    obj.update(extra)
    return obj


def roundtrip(name: str, text: str, types: int) -> str:
    (r,) = compile_lines(name, text, types)
    assert r.ok, r.error
    return render_line(r.abilities)


BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))
RELIC = card("Test Relic", "Artifact", "", "{1}")
HERO = card("Test Hero", "Legendary Creature — Human", "", "{1}", (1, 1))
GOLD = card("Test Gold", "Sorcery", "You gain 1 life.", "{W}{U}")
BLAST = card("Test Blast", "Sorcery", "Test Blast deals X damage to target player.", "{X}{R}")
SPIRIT = card("Test Kami", "Creature — Spirit", "", "{1}", (1, 1))
ARCANE = card("Test Rite", "Instant — Arcane", "You gain 1 life.", "{W}")
GROWTH = card("Test Growth", "Instant", "Target creature gets +3/+3 until end of turn.", "{G}")


# ------------------------------------------------------------------ what the spell is (601.2i)


def test_700_6_historic_spell_triggers_for_artifacts_and_legendaries_only():
    """Historic (700.6): artifacts, legendaries and Sagas. A plain creature spell is not historic."""
    disciple = card("Test Disciple", "Creature — Human", "Whenever you cast a historic spell, you gain 2 life.",
                    "{1}", (1, 1))
    cards = [disciple, RELIC, HERO, BEAR]
    for cast, triggers in (("Test Relic", 1), ("Test Hero", 1), ("Test Bear", 0)):
        sc = scenario(cards, {"battlefield": ["Test Disciple"], "hand": [cast], "mana_pool": "{G}{G}"}, {},
                      [{"player": "alice", "cast": cast}])
        assert len(stack_triggers(sc.game, "Test Disciple")) == triggers, cast


def test_105_2c_multicolored_spell_trigger_and_opponents_spells():
    """"Whenever an opponent casts a multicolored spell": two colours trigger it; your own spells don't."""
    rewards = card("Test Rewards", "Enchantment", "Whenever an opponent casts a multicolored spell, you gain 4 life.")
    sc = scenario([rewards, GOLD], {"battlefield": ["Test Rewards"]},
                  {"hand": ["Test Gold"], "mana_pool": "{W}{U}"},
                  [{"player": "bob", "cast": "Test Gold"}, {"pass": 1}], number=3, active="bob")
    assert sc.game.player_states[0].life == 24
    sc = scenario([rewards, GOLD], {"battlefield": ["Test Rewards"], "hand": ["Test Gold"], "mana_pool": "{W}{U}"},
                  {}, [{"player": "alice", "cast": "Test Gold"}])
    assert not stack_triggers(sc.game, "Test Rewards")


def test_202_3e_mana_value_on_the_stack_counts_x_and_that_player_is_the_caster():
    """Eidolon-style: "a spell with mana value 3 or less ... deals 2 damage to that player". On the stack X
    is the chosen number (202.3e): X=1 gives mana value 2 (triggers), X=3 gives 4 (doesn't). "That player"
    is the player who cast the spell."""
    eidolon = card("Test Eidolon", "Enchantment Creature — Spirit",
                   "Whenever a player casts a spell with mana value 3 or less, this creature deals 2 damage to "
                   "that player.", "{R}{R}", (2, 2))
    sc = scenario([eidolon, BLAST], {"battlefield": ["Test Eidolon"]},
                  {"hand": ["Test Blast"], "mana_pool": "{R}{R}"},
                  [{"player": "bob", "cast": "Test Blast", "x": 1, "targets": ["alice"]}, {"pass": 1}],
                  number=3, active="bob")
    assert sc.game.player_states[1].life == 18  # the trigger resolved first: bob, who cast it, is dealt 2
    sc = scenario([eidolon, BLAST], {"battlefield": ["Test Eidolon"]},
                  {"hand": ["Test Blast"], "mana_pool": "{R}{R}{R}{R}"},
                  [{"player": "bob", "cast": "Test Blast", "x": 3, "targets": ["alice"]}],
                  number=3, active="bob")
    assert not stack_triggers(sc.game, "Test Eidolon")


def test_205_3k_spirit_or_arcane_spell_matches_a_creature_and_a_spell_subtype():
    altar = card("Test Altar", "Artifact", "Whenever you cast a Spirit or Arcane spell, you gain 1 life.")
    for cast, triggers in (("Test Kami", 1), ("Test Rite", 1), ("Test Bear", 0)):
        sc = scenario([altar, SPIRIT, ARCANE, BEAR],
                      {"battlefield": ["Test Altar"], "hand": [cast], "mana_pool": "{W}{G}{G}"}, {},
                      [{"player": "alice", "cast": cast}])
        assert len(stack_triggers(sc.game, "Test Altar")) == triggers, cast


def test_702_33d_kicked_spell_triggers_only_when_the_kicker_was_paid():
    riptide = card("Test Riptide", "Creature — Merfolk", "Whenever you cast a kicked spell, you gain 3 life.",
                   "{1}", (1, 1))
    kicky = card("Test Kicky", "Sorcery", "Kicker {1}\nYou gain 1 life.", "{W}")
    for cost, triggers in (("kicker", 1), ("", 0)):
        action: dict[str, Any] = {"player": "alice", "cast": "Test Kicky"}
        if cost:
            action["cost"] = cost
        sc = scenario([riptide, kicky], {"battlefield": ["Test Riptide"], "hand": ["Test Kicky"],
                                         "mana_pool": "{W}{W}"}, {}, [action])
        assert len(stack_triggers(sc.game, "Test Riptide")) == triggers, cost


# ------------------------------------------------------------------ heroic: a spell that targets ~


def test_heroic_triggers_only_for_your_spell_that_targets_it():
    """"Whenever you cast a spell that targets ~": the spell's targets are chosen before it is cast
    (601.2c, 601.2i); a spell targeting another creature doesn't trigger it."""
    priest = card("Test Priest", "Creature — Human Cleric",
                  "Heroic — Whenever you cast a spell that targets this creature, you gain 2 life.", "{1}", (1, 1))
    cards = [priest, BEAR, GROWTH]
    sc = scenario(cards, {"battlefield": [{"card": "Test Priest", "id": "p"}, {"card": "Test Bear", "id": "b"}],
                          "hand": ["Test Growth"], "mana_pool": "{G}"}, {},
                  [{"player": "alice", "cast": "Test Growth", "targets": ["p"]}, {"pass": 1}])
    assert sc.game.player_states[0].life == 22
    sc = scenario(cards, {"battlefield": [{"card": "Test Priest", "id": "p"}, {"card": "Test Bear", "id": "b"}],
                          "hand": ["Test Growth"], "mana_pool": "{G}"}, {},
                  [{"player": "alice", "cast": "Test Growth", "targets": ["b"]}])
    assert not stack_triggers(sc.game, "Test Priest")
    # an opponent's spell targeting it isn't "you cast"
    sc = scenario(cards, {"battlefield": [{"card": "Test Priest", "id": "p"}]},
                  {"hand": ["Test Growth"], "mana_pool": "{G}"},
                  [{"player": "bob", "cast": "Test Growth", "targets": ["p"]}], number=3, active="bob")
    assert not stack_triggers(sc.game, "Test Priest")


def test_cast_trigger_templates_render_back():
    creature = int(CardType.CREATURE)
    for text in ("Whenever you cast a historic spell, ~ gets +1/+1 until end of turn.",
                 "Whenever an opponent casts a multicolored spell, you gain 4 life.",
                 "Whenever a player casts a spell with mana value 3 or less, ~ deals 2 damage to that player.",
                 "Whenever you cast a Spirit or Arcane spell, you may draw a card.",
                 "Whenever you cast a kicked spell, you gain 1 life.",
                 "Whenever you cast a spell that targets ~, put a +1/+1 counter on ~.",
                 "Whenever you cast a creature spell with mana value 5 or greater, you gain 4 life."):
        assert roundtrip_normal(roundtrip("Test", text, creature)) == roundtrip_normal(text)


# ------------------------------------------------------------------ becoming the target (115.1)

PINGER = card("Test Pinger", "Creature — Goblin", "{T}: This creature deals 1 damage to any target.", "{1}", (1, 1))


def test_115_1_becomes_the_target_of_a_spell_or_ability_any_controller():
    """"When ~ becomes the target of a spell or ability, sacrifice it": an opponent's spell triggers it too."""
    skulk = card("Test Skulk", "Creature — Spirit", "When this creature becomes the target of a spell or ability, "
                 "sacrifice it.", "{1}", (2, 1))
    sc = scenario([skulk, GROWTH], {"battlefield": [{"card": "Test Skulk", "id": "s"}]},
                  {"hand": ["Test Growth"], "mana_pool": "{G}"},
                  [{"player": "bob", "cast": "Test Growth", "targets": ["s"]}, {"pass": 1}], number=3, active="bob")
    game = sc.game
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Test Skulk"]


def test_115_1_becomes_the_target_of_a_spell_ignores_abilities():
    ward_off = card("Test Watcher", "Creature — Human", "Whenever this creature becomes the target of a spell, "
                    "you gain 3 life.", "{1}", (1, 4))
    sc = scenario([ward_off, PINGER], {"battlefield": [{"card": "Test Watcher", "id": "w"}]},
                  {"battlefield": [{"card": "Test Pinger", "id": "p"}]},
                  [{"player": "bob", "activate": "p", "ability": 1, "targets": ["w"]}], number=3, active="bob")
    assert not stack_triggers(sc.game, "Test Watcher")
    sc = scenario([ward_off, GROWTH], {"battlefield": [{"card": "Test Watcher", "id": "w"}]},
                  {"hand": ["Test Growth"], "mana_pool": "{G}"},
                  [{"player": "bob", "cast": "Test Growth", "targets": ["w"]}], number=3, active="bob")
    assert len(stack_triggers(sc.game, "Test Watcher")) == 1


def test_115_1_enchanted_creature_becomes_the_target_that_creature_is_the_target():
    curse = card("Test Frailty", "Enchantment — Aura", "Enchant creature\nWhen enchanted creature becomes the target "
                 "of a spell or ability, destroy that creature.", "{B}")
    sc = scenario([curse, BEAR, PINGER],
                  {"battlefield": [{"card": "Test Pinger", "id": "p"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}, {"card": "Test Frailty", "attached_to": "b"}]},
                  [{"player": "alice", "activate": "p", "ability": 1, "targets": ["alice"]}, {"pass": 1}])
    assert sc.game.player_states[0].life == 19
    assert not stack_triggers(sc.game, "Test Frailty")  # it targeted a player, not the enchanted creature
    sc = scenario([curse, BEAR, PINGER],
                  {"battlefield": [{"card": "Test Pinger", "id": "p"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}, {"card": "Test Frailty", "attached_to": "b"}]},
                  [{"player": "alice", "activate": "p", "ability": 1, "targets": ["b"]}, {"pass": 1}])
    game = sc.game
    assert "Test Bear" in [game.card(c).name for c in game.zones[1][Zone.GRAVEYARD]]  # destroyed before the ping resolved


def test_509_3a_3c_blocks_or_becomes_blocked_written_out():
    toad = card("Test Toad", "Creature — Frog", "Whenever this creature blocks or becomes blocked, it gets +2/+2 "
                "until end of turn.", "{1}", (1, 1))
    sc = scenario([toad, BEAR], {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                  {"battlefield": [{"card": "Test Toad", "id": "t"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["b"]}, {"pass": 1},
                   {"player": "bob", "block": {"t": "b"}}, {"pass": 1}])
    sc.game.refresh_layers()
    assert sc.game.table.get(sc.ids["t"], "power") == 3  # it blocked: +2/+2 once (509.3a)
    text = "Whenever ~ blocks or becomes blocked, it gets +2/+2 until end of turn."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


# ------------------------------------------------------------------ the permanent it was attached to (603.10a)

KILL = card("Test Kill", "Instant", "Destroy target creature.", "{B}")


def test_603_10a_enchanted_creature_dies_triggers_for_the_aura_still_on_the_battlefield():
    """The Aura is still on the battlefield when its creature dies (704.5m puts it into the graveyard
    later): its "When enchanted creature dies" ability triggers; another creature dying doesn't."""
    omen = card("Test Omen", "Enchantment — Aura", "Enchant creature\nWhen enchanted creature dies, draw a card.",
                "{B}")
    setup = {"battlefield": [{"card": "Test Omen", "attached_to": "b1"}],
             "hand": ["Test Kill"], "mana_pool": "{B}", "library": ["Forest"] * 3}
    foes = {"battlefield": [{"card": "Test Bear", "id": "b1"}, {"card": "Test Bear", "id": "b2"}]}
    sc = scenario([omen, BEAR, KILL], setup, foes,
                  [{"player": "alice", "cast": "Test Kill", "targets": ["b1"]}, {"pass": 1}, {"pass": 1}])
    game = sc.game
    assert [game.card(c).name for c in game.zones[0][Zone.HAND]] == ["Forest"]  # alice, the Aura's controller
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Test Kill", "Test Omen"]
    sc = scenario([omen, BEAR, KILL], setup, foes,
                  [{"player": "alice", "cast": "Test Kill", "targets": ["b2"]}, {"pass": 1}])
    assert not stack_triggers(sc.game, "Test Omen")


def test_603_10a_equipped_creature_dies_and_that_card():
    """"Whenever equipped creature dies, return that card to its owner's hand": the card in the graveyard."""
    tag = card("Test Tag", "Artifact — Equipment", "Whenever equipped creature dies, you gain 3 life.\nEquip {1}", "{1}")
    sc = scenario([tag, BEAR, KILL], {"battlefield": [{"card": "Test Bear", "id": "b"},
                                                      {"card": "Test Tag", "attached_to": "b"}]},
                  {"hand": ["Test Kill"], "mana_pool": "{B}"},
                  [{"player": "bob", "cast": "Test Kill", "targets": ["b"]}, {"pass": 1}, {"pass": 1}],
                  number=3, active="bob")
    assert sc.game.player_states[0].life == 23
    text = "Whenever equipped creature dies, you gain 3 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ARTIFACT))) == roundtrip_normal(text)
    text = "When enchanted creature dies, draw a card."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


# ------------------------------------------------------------------ sacrificing (701.21a)

ALTAR = card("Test Altar Outlet", "Artifact", "Sacrifice a creature: You gain 1 life.", "{1}")
EDICT = card("Test Edict", "Sorcery", "Each opponent sacrifices a creature of their choice.", "{B}")


def test_701_21a_whenever_you_sacrifice_a_creature_sees_costs_and_not_opponents():
    fiend = card("Test Fiend", "Creature — Demon", "Whenever you sacrifice a creature, draw a card.", "{1}", (1, 1))
    sc = scenario([fiend, ALTAR, BEAR], {"battlefield": ["Test Fiend", "Test Altar Outlet",
                                                       {"card": "Test Bear", "id": "b"}],
                                         "library": ["Forest"] * 3}, {},
                  [{"player": "alice", "activate": "Test Altar Outlet", "ability": 1, "sacrifice": ["b"]}])
    assert len(stack_triggers(sc.game, "Test Fiend")) == 1
    # an opponent's edict makes bob sacrifice: alice's "you sacrifice" doesn't see it
    sc = scenario([fiend, EDICT, BEAR], {"battlefield": ["Test Fiend"], "hand": ["Test Edict"], "mana_pool": "{B}"},
                  {"battlefield": ["Test Bear"]}, [{"player": "alice", "cast": "Test Edict"}, {"pass": 1}])
    assert "Test Bear" in [sc.game.card(c).name for c in sc.game.zones[1][Zone.GRAVEYARD]]
    assert not stack_triggers(sc.game, "Test Fiend")


def test_701_21a_a_player_sacrifices_sees_an_edict_and_the_sacrificed_permanent_looks_back():
    """"Whenever a player sacrifices a permanent" sees bob's sacrifice to an edict; a permanent that is
    sacrificed itself triggers its own "you sacrifice a permanent" ability (603.10a), not "another"."""
    watcher = card("Test Watcher", "Enchantment", "Whenever a player sacrifices a permanent, you gain 2 life.")
    sc = scenario([watcher, EDICT, BEAR], {"battlefield": ["Test Watcher"], "hand": ["Test Edict"],
                                           "mana_pool": "{B}"},
                  {"battlefield": ["Test Bear"]}, [{"player": "alice", "cast": "Test Edict"}, {"pass": 1}, {"pass": 1}])
    assert sc.game.player_states[0].life == 22
    selfish = card("Test Selfish", "Creature — Imp", "Sacrifice this creature: You gain 1 life.\n"
                   "Whenever you sacrifice a permanent, you gain 3 life.", "{1}", (1, 1))
    other = card("Test Other", "Creature — Imp", "Sacrifice this creature: You gain 1 life.\n"
                 "Whenever you sacrifice another permanent, you gain 3 life.", "{1}", (1, 1))
    sc = scenario([selfish], {"battlefield": ["Test Selfish"]}, {},
                  [{"player": "alice", "activate": "Test Selfish", "ability": 1}])
    assert len(stack_triggers(sc.game, "Test Selfish")) == 1
    sc = scenario([other], {"battlefield": ["Test Other"]}, {},
                  [{"player": "alice", "activate": "Test Other", "ability": 1}])
    assert not stack_triggers(sc.game, "Test Other")


def test_701_21a_sacrifice_a_clue_matches_the_subtype():
    clue = card("Test Clue", "Artifact — Clue", "{2}, Sacrifice this artifact: Draw a card.", "{0}")
    relic = card("Test Junk", "Artifact", "{2}, Sacrifice this artifact: Draw a card.", "{0}")
    sleuth = card("Test Sleuth", "Creature — Human", "Whenever you sacrifice a Clue, you gain 2 life.", "{1}", (1, 1))
    for name, triggers in (("Test Clue", 1), ("Test Junk", 0)):
        sc = scenario([clue, relic, sleuth], {"battlefield": ["Test Sleuth", name], "mana_pool": "{C}{C}",
                                              "library": ["Forest"]}, {},
                      [{"player": "alice", "activate": name, "ability": 1}])
        assert len(stack_triggers(sc.game, "Test Sleuth")) == triggers, name
    for text in ("Whenever you sacrifice a Clue, you gain 2 life.",
                 "Whenever you sacrifice another permanent, put a +1/+1 counter on ~.",
                 "Whenever a player sacrifices a permanent, you gain 2 life."):
        assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


# ------------------------------------------------------------------ the index by trigger kind (603.2)


def test_603_2_trigger_sources_index_offers_an_event_only_to_abilities_that_can_see_it():
    from components.events import Attacked, SpellCast, ZoneChanged
    from content.card_pool import card_from_json
    from systems.trigger_index import TriggerSources

    caster = card_from_json(card("Test Caster", "Creature — Human", "Whenever you cast a historic spell, you gain "
                                 "2 life.", "{1}", (1, 1)))
    dier = card_from_json(card("Test Dier", "Creature — Human", "Whenever another creature dies, draw a card.", "{1}",
                               (1, 1)))
    own = card_from_json(card("Test Own", "Creature — Human", "When this creature enters, draw a card.", "{1}", (1, 1)))
    ts = TriggerSources()
    ts[10] = dier
    ts[11] = caster
    ts[12] = dier
    assert [e for e, _ in ts.for_event(SpellCast)] == [11]
    assert [e for e, _ in ts.for_event(ZoneChanged)] == [10, 12]
    assert ts.for_event(Attacked) == []
    ts[10] = caster  # a new card for the same permanent (bestow, 702.103e) keeps its place
    assert [e for e, _ in ts.for_event(SpellCast)] == [10, 11]
    assert ts.pop(11) is caster and [e for e, _ in ts.for_event(SpellCast)] == [10]
    import copy

    other = copy.deepcopy(ts)
    assert isinstance(other, TriggerSources) and list(other) == [10, 12]
    assert [e for e, _ in other.for_event(ZoneChanged)] == [12]
    other.pop(12)  # the copy's index is its own
    other[14] = caster
    assert [e for e, _ in ts.for_event(ZoneChanged)] == [12] and 14 not in ts
    assert [e for e, _ in other.for_event(SpellCast)] == [10, 14] and other.for_event(ZoneChanged) == []
    # "When ~ enters" is asked only of the object entering, not of every permanent on each zone change
    ts[13] = own

    from ecs.game import Game
    from systems.trigger_index import zone_sources

    G = Game()  # (a blank game: only its trigger sources are read)
    G.trigger_sources = ts

    assert [e for e, _ in zone_sources(G, -1)] == [12]
    assert [e for e, _ in zone_sources(G, 13)] == [12, 13]
    assert [e for e, _ in zone_sources(G, -1)] == [12]  # the entering object was not added to the kept answer
    ts[15] = dier  # a write: the kept answers by event type are dropped
    assert [e for e, _ in zone_sources(G, -1)] == [12, 15]


def test_603_2_trigger_sources_setdefault_indexes_a_card_and_refuses_none():
    """setdefault is a write like ``ts[ent] = card`` (the index learns the card's kinds); without a card there is
    nothing to index: it raises rather than store None where a CardDef belongs."""
    import pytest

    from components.events import SpellCast
    from content.card_pool import card_from_json
    from systems.trigger_index import TriggerSources

    caster = card_from_json(card("Test Caster", "Creature — Human", "Whenever you cast a historic spell, you gain "
                                 "2 life.", "{1}", (1, 1)))
    ts = TriggerSources()
    assert ts.setdefault(10, caster) is caster
    assert ts.setdefault(10, None) is caster  # present: answered, not written
    assert [e for e, _ in ts.for_event(SpellCast)] == [10]
    with pytest.raises(TypeError):
        ts.setdefault(11)
    assert 11 not in ts


# ------------------------------------------------------------------ "one or more", once each turn (603.2c)

WRATH = card("Test Wrath", "Sorcery", "Destroy all creatures.", "{W}")


def test_603_2c_one_or_more_creatures_die_once_each_turn_triggers_once_for_a_wrath_and_once_a_turn():
    """"Whenever one or more nontoken creatures you control die, ... This ability triggers only once each
    turn.": three creatures dying at once trigger it once, and a later death that turn doesn't."""
    ink = card("Test Inkshield", "Enchantment", "Whenever one or more nontoken creatures you control die, you gain "
               "5 life. This ability triggers only once each turn.")
    sc = scenario([ink, BEAR, WRATH, KILL],
                  {"battlefield": ["Test Inkshield", "Test Bear", "Test Bear"], "hand": ["Test Wrath", "Test Kill"],
                   "mana_pool": "{W}{B}"}, {"battlefield": ["Test Bear"]},
                  [{"player": "alice", "cast": "Test Wrath"}, {"pass": 1}, {"pass": 1}])
    game = sc.game
    assert game.player_states[0].life == 25
    assert len(game.zones[0][Zone.GRAVEYARD]) == 3  # two bears and the sorcery
    text = ("Whenever one or more nontoken creatures you control die, you gain 5 life. This ability triggers "
            "only once each turn.")
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_603_2c_one_or_more_creatures_enter_without_the_once_rider_is_refused():
    (r,) = compile_lines("Test", "Whenever one or more creatures enter, put a charge counter on this artifact.",
                         int(CardType.ARTIFACT))
    assert not r.ok and "batched" in r.error  # creatures entering together are not matched as a batch


def test_603_2c_one_or_more_creatures_die_once_per_batch_of_deaths():
    """Without the rider: a wrath (one event) triggers it once; two separate deaths twice."""
    reliquary = card("Test Reliquary", "Artifact", "Whenever one or more creatures die, you gain 1 life.", "{1}")
    sc = scenario([reliquary, BEAR, WRATH], {"battlefield": ["Test Reliquary"], "hand": ["Test Wrath"],
                                             "mana_pool": "{W}"},
                  {"battlefield": ["Test Bear", "Test Bear", "Test Bear"]},
                  [{"player": "alice", "cast": "Test Wrath"}, {"pass": 1}])
    assert len(stack_triggers(sc.game, "Test Reliquary")) == 1
    sc = scenario([reliquary, BEAR, KILL], {"battlefield": ["Test Reliquary"], "hand": ["Test Kill", "Test Kill"],
                                            "mana_pool": "{B}{B}"},
                  {"battlefield": [{"card": "Test Bear", "id": "a"}, {"card": "Test Bear", "id": "b"}]},
                  [{"player": "alice", "cast": "Test Kill", "targets": ["a"]}, {"pass": 1}, {"pass": 1},
                   {"player": "alice", "cast": "Test Kill", "targets": ["b"]}, {"pass": 1}, {"pass": 1}])
    assert sc.game.player_states[0].life == 22


def test_once_each_turn_counts_per_turn():
    """The rider counts per turn: a second batch of tokens the same turn doesn't trigger it; on the next
    turn it triggers again (the record is kept by turn number)."""
    scout = card("Test Scout", "Creature — Elf", "Whenever one or more tokens you control enter, you gain 1 life. "
                 "This ability triggers only once each turn.", "{1}", (1, 1))
    maker = card("Test Maker", "Instant", "Create two 1/1 white Soldier creature tokens.", "{W}")
    sc = scenario([scout, maker], {"battlefield": ["Test Scout"], "hand": ["Test Maker"] * 3,
                                   "mana_pool": "{W}{W}{W}"}, {},
                  [{"player": "alice", "cast": "Test Maker"}, {"pass": 1}, {"pass": 1},
                   {"player": "alice", "cast": "Test Maker"}, {"pass": 1}])
    game = sc.game
    assert game.player_states[0].life == 21 and not stack_triggers(game, "Test Scout")
    from ecs.actions import CastSpell

    game.turn += 1  # as if a new turn had begun (only the turn number is read)
    game.apply(next(a for a in game.whole_actions() if isinstance(a, CastSpell)))
    game.apply(game.whole_actions()[0])
    game.apply(game.whole_actions()[0])  # it resolves: two more tokens
    assert len(stack_triggers(game, "Test Scout")) == 1


def test_603_2c_one_or_more_creatures_deal_combat_damage_to_a_player_triggers_once():
    """Two unblocked attackers deal combat damage to bob in one event (510.2): one trigger, not two."""
    banner = card("Test Banner", "Enchantment", "Whenever one or more creatures you control deal combat damage to a "
                  "player, you gain 3 life.")
    sc = scenario([banner, BEAR], {"battlefield": ["Test Banner", {"card": "Test Bear", "id": "a"},
                                                   {"card": "Test Bear", "id": "b"}]}, {},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["a", "b"]},
                   {"pass_until": "combat_damage"}])
    game = sc.game
    assert game.player_states[1].life == 16
    assert len(stack_triggers(game, "Test Banner")) == 1
    text = "Whenever one or more creatures you control deal combat damage to a player, you gain 3 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_508_1m_you_attack_with_one_or_more_birds():
    """Once as attackers are declared, if at least one of them is a Bird."""
    scout = card("Test Lookout", "Enchantment", "Whenever you attack with one or more Birds, you gain 2 life.")
    bird = card("Test Bird", "Creature — Bird", "Flying", "{1}", (1, 1))
    for attackers, triggers in ((["b", "r"], 1), (["r"], 0)):
        sc = scenario([scout, bird, BEAR], {"battlefield": ["Test Lookout", {"card": "Test Bird", "id": "b"},
                                                          {"card": "Test Bear", "id": "r"}]}, {},
                      [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": attackers}])
        assert len(stack_triggers(sc.game, "Test Lookout")) == triggers, attackers
    text = "Whenever you attack with one or more Birds, you gain 2 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_603_2_enters_and_at_the_beginning_of_your_upkeep_two_events_one_effect():
    """"When ~ enters and at the beginning of your upkeep, ...": each of the two events triggers it."""
    idol = card("Test Idol", "Artifact", "When this artifact enters and at the beginning of your upkeep, you gain "
                "2 life.", "{1}")
    sc = scenario([idol], {"hand": ["Test Idol"], "mana_pool": "{C}"}, {},
                  [{"player": "alice", "cast": "Test Idol"}, {"pass": 1}, {"pass": 1}])
    assert sc.game.player_states[0].life == 22  # it entered
    sc = scenario([idol], {"battlefield": ["Test Idol"], "library": ["Forest"] * 2}, {"library": ["Forest"] * 2},
                  [{"pass_until": "upkeep"}, {"pass": 1}], number=2, active="bob", step="end")
    assert sc.game.turn == 3 and sc.game.player_states[0].life == 22  # her upkeep
    text = "When ~ enters and at the beginning of your upkeep, you gain 2 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ARTIFACT))) == roundtrip_normal(text)
    text = "When ~ enters and whenever you cast a spell with mana value 5 or greater, draw a card."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


# ------------------------------------------------------------------ intervening "if" with the trigger's player/object


def test_603_4_that_player_has_two_or_fewer_cards_in_hand_is_checked_for_the_active_player():
    """"At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, ~ deals 2
    damage to that player": "that player" is the opponent whose upkeep it is."""
    torment = card("Test Torment", "Enchantment", "At the beginning of each opponent's upkeep, if that player has "
                   "two or fewer cards in hand, this enchantment deals 2 damage to that player.")
    for hand, life in ((["Island"] * 2, 18), (["Island"] * 3, 20)):
        sc = scenario([torment], {"battlefield": ["Test Torment"], "library": ["Forest"] * 3},
                      {"hand": hand, "library": ["Forest"] * 3},
                      [{"pass_until": "upkeep"}, {"pass": 1}], number=3, active="alice", step="end")
        assert sc.game.active == 1 and sc.game.player_states[1].life == life, hand
    text = ("At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, ~ deals "
            "2 damage to that player.")
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_603_4_if_you_cast_it_from_your_hand():
    """"When ~ enters, if you cast it from your hand, ...": cast from the hand, yes; put onto the
    battlefield by an effect (not cast, 601.2), no."""
    herald = card("Test Herald", "Creature — Human", "When this creature enters, if you cast it from your hand, you "
                  "gain 3 life.", "{1}", (1, 1))
    reanimate = card("Test Return", "Sorcery", "Return target creature card from your graveyard to the battlefield.",
                     "{B}")
    sc = scenario([herald], {"hand": ["Test Herald"], "mana_pool": "{C}"}, {},
                  [{"player": "alice", "cast": "Test Herald"}, {"pass": 1}, {"pass": 1}])
    assert sc.game.player_states[0].life == 23
    sc = scenario([herald, reanimate], {"graveyard": [{"card": "Test Herald", "id": "h"}], "hand": ["Test Return"],
                                        "mana_pool": "{B}"},
                  {}, [{"player": "alice", "cast": "Test Return", "targets": ["h"]}, {"pass": 1}])
    game = sc.game
    assert "Test Herald" in [game.card(e).name for e in game.table.row_of]
    assert not stack_triggers(game, "Test Herald") and game.player_states[0].life == 20
    (r,) = compile_lines("Test", "Whenever a creature dies, if you cast it, you gain 1 life.", int(CardType.CREATURE))
    assert not r.ok  # "it" names no object that entered


# ------------------------------------------------------------------ crimes (700.13), look-back keywords (603.10a)


def test_700_13_commit_a_crime_once_per_spell_targeting_an_opponent_or_their_permanent():
    outlaw = card("Test Outlaw", "Creature — Human Rogue", "Whenever you commit a crime, you gain 2 life.", "{1}", (1, 1))
    shock = card("Test Shock", "Instant", "Test Shock deals 2 damage to any target.", "{R}")
    cases = ((["bob"], 1), (["b"], 1), (["o"], 0), (["alice"], 0))
    for targets, triggers in cases:
        sc = scenario([outlaw, shock, BEAR], {"battlefield": [{"card": "Test Outlaw", "id": "o"}],
                                             "hand": ["Test Shock"], "mana_pool": "{R}"},
                      {"battlefield": [{"card": "Test Bear", "id": "b"}]},
                      [{"player": "alice", "cast": "Test Shock", "targets": targets}])
        assert len(stack_triggers(sc.game, "Test Outlaw")) == triggers, targets
    text = "Whenever you commit a crime, you gain 2 life. This ability triggers only once each turn."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


def test_603_10a_dies_with_a_keyword_uses_last_known_information():
    """"Whenever another creature you control with deathtouch dies": deathtouch as it last existed."""
    mourner = card("Test Mourner", "Creature — Snake", "Whenever another creature you control with deathtouch dies, "
                   "you gain 2 life.", "{1}", (1, 1))
    viper = card("Test Viper", "Creature — Snake", "Deathtouch", "{1}", (1, 1))
    for victim, life in (("Test Viper", 22), ("Test Bear", 20)):
        sc = scenario([mourner, viper, BEAR, KILL],
                      {"battlefield": ["Test Mourner", {"card": victim, "id": "v"}]},
                      {"hand": ["Test Kill"], "mana_pool": "{B}"},
                      [{"player": "bob", "cast": "Test Kill", "targets": ["v"]}, {"pass": 1}, {"pass": 1}],
                      number=3, active="bob")
        assert sc.game.player_states[0].life == life, victim


def test_603_2b_upkeep_of_enchanted_creatures_controller():
    """"At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life": the
    Aura's controller's own upkeep doesn't trigger it; the enchanted creature's controller's does."""
    curse = card("Test Curse", "Enchantment — Aura", "Enchant creature\nAt the beginning of the upkeep of enchanted "
                 "creature's controller, that player loses 1 life.", "{B}")
    sc = scenario([curse, BEAR], {"battlefield": [{"card": "Test Curse", "attached_to": "b"}], "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}], "library": ["Forest"] * 3},
                  [{"pass_until": "upkeep"}, {"pass": 1}], number=2, active="bob", step="end")
    assert sc.game.active == 0 and sc.game.player_states[1].life == 20 and not stack_triggers(sc.game, "Test Curse")
    sc = scenario([curse, BEAR], {"battlefield": [{"card": "Test Curse", "attached_to": "b"}], "library": ["Forest"] * 3},
                  {"battlefield": [{"card": "Test Bear", "id": "b"}], "library": ["Forest"] * 3},
                  [{"pass_until": "upkeep"}, {"pass": 1}], number=3, active="alice", step="end")
    assert sc.game.active == 1 and sc.game.player_states[1].life == 19
    text = "At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_603_10a_a_creature_dealt_damage_by_it_this_turn_dies():
    vampire = card("Test Vampire", "Creature — Vampire", "{T}: This creature deals 1 damage to any target.\n"
                   "Whenever a creature dealt damage by this creature this turn dies, put a +1/+1 counter on this "
                   "creature.", "{1}", (2, 2))
    elf = card("Test Elf", "Creature — Elf", "", "{G}", (1, 1))
    sc = scenario([vampire, elf, KILL], {"battlefield": [{"card": "Test Vampire", "id": "v"}],
                                         "hand": ["Test Kill"], "mana_pool": "{B}"},
                  {"battlefield": [{"card": "Test Elf", "id": "e1"}, {"card": "Test Elf", "id": "e2"}]},
                  [{"player": "alice", "activate": "v", "ability": 1, "targets": ["e1"]}, {"pass": 1}, {"pass": 1},
                   {"player": "alice", "cast": "Test Kill", "targets": ["e2"]}, {"pass": 1}])
    game = sc.game
    assert len(game.zones[1][Zone.GRAVEYARD]) == 2
    game.refresh_layers()
    assert game.table.get(sc.ids["v"], "power") == 3  # one counter: the elf it damaged, not the other one


def test_510_3a_that_creature_then_it_means_the_creature_dealt_damage():
    """"Whenever ~ deals combat damage to a creature, destroy that creature. It can't be regenerated.": once
    "that creature" is named, "it" is that creature (a bare "it" before it stays refused)."""
    reaper = card("Test Reaper", "Creature — Horror", "Whenever this creature deals combat damage to a creature, "
                  "destroy that creature. It can't be regenerated.", "{1}", (1, 1))
    wall = card("Test Wall", "Creature — Wall", "Defender", "{1}", (0, 10))
    sc = scenario([reaper, wall], {"battlefield": [{"card": "Test Reaper", "id": "r"}]},
                  {"battlefield": [{"card": "Test Wall", "id": "w"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["r"]}, {"pass": 1},
                   {"player": "bob", "block": {"w": "r"}}, {"pass_until": "combat_damage"}, {"pass": 1}])
    assert [sc.game.card(c).name for c in sc.game.zones[1][Zone.GRAVEYARD]] == ["Test Wall"]
    (r,) = compile_lines("Test", "Whenever this creature blocks a creature, it gets +1/+1 until end of turn.",
                         int(CardType.CREATURE))
    assert not r.ok  # "it" could be either creature


def test_603_2b_each_players_end_step_that_player():
    tax = card("Test Tax", "Enchantment", "At the beginning of each player's end step, this enchantment deals 1 "
               "damage to that player.")
    sc = scenario([tax], {"battlefield": ["Test Tax"]}, {}, [{"pass_until": "end"}, {"pass": 1}])
    assert sc.game.player_states[0].life == 19 and sc.game.player_states[1].life == 20
    text = "At the beginning of each player's end step, ~ deals 1 damage to that player."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


# ------------------------------------------------------------------ cycling (702.29c-d)


def test_702_29c_when_you_cycle_this_card_triggers_from_the_graveyard_even_for_a_sorcery():
    decree = card("Test Decree", "Sorcery", "Destroy all creatures.\nCycling {1}\nWhen you cycle this card, all "
                  "creatures get -2/-2 until end of turn.", "{4}")
    sc = scenario([decree, BEAR], {"hand": [{"card": "Test Decree", "id": "d"}], "mana_pool": "{C}",
                                   "library": ["Forest"] * 2},
                  {"battlefield": ["Test Bear"]},
                  [{"player": "alice", "activate": "d"}, {"pass": 1}, {"pass": 1}])
    game = sc.game
    assert "Test Bear" in [game.card(c).name for c in game.zones[1][Zone.GRAVEYARD]]  # 2/2 got -2/-2
    assert [game.card(c).name for c in game.zones[0][Zone.HAND]] == ["Forest"]  # the cycling draw happened too


def test_702_29d_cycle_or_discard_triggers_once_and_a_player_cycles():
    drake = card("Test Drake", "Creature — Drake", "Whenever you cycle or discard a card, you gain 1 life.", "{1}",
                 (1, 1))
    plague = card("Test Plague", "Enchantment", "Whenever a player cycles a card, you gain 2 life.")
    cycler = card("Test Cycler", "Creature — Beast", "Cycling {1}", "{3}", (3, 3))
    sc = scenario([drake, plague, cycler], {"battlefield": ["Test Drake", "Test Plague"],
                                            "hand": [{"card": "Test Cycler", "id": "c"}],
                                            "mana_pool": "{C}", "library": ["Forest"] * 2}, {},
                  [{"player": "alice", "activate": "c"}])
    game = sc.game
    from ecs.actions import DecisionKind

    while game.pending.kind == DecisionKind.TRIGGER:
        game.apply(game.pending.options[0])  # 603.3b: she orders her two triggers
    assert len(stack_triggers(game, "Test Drake")) == 1 and len(stack_triggers(game, "Test Plague")) == 1
    for text in ("Whenever you cycle or discard a card, you gain 1 life.", "Whenever a player cycles a card, you gain "
                 "2 life.", "When you cycle ~, all creatures get -2/-2 until end of turn."):
        assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


# ------------------------------------------------------------------ more cast details, "~ or ..." events


def test_601_2i_cast_during_an_opponents_turn_and_from_your_hand():
    ambusher = card("Test Ambusher", "Creature — Human", "Whenever you cast a spell during an opponent's turn, you "
                    "gain 2 life.", "{1}", (1, 1))
    for active, triggers in (("bob", 1), ("alice", 0)):
        sc = scenario([ambusher, GROWTH, BEAR], {"battlefield": ["Test Ambusher", {"card": "Test Bear", "id": "b"}],
                                                 "hand": ["Test Growth"], "mana_pool": "{G}"}, {},
                      [{"player": "alice", "cast": "Test Growth", "targets": ["b"]}] if active == "alice" else
                      [{"player": "bob", "pass": True}, {"player": "alice", "cast": "Test Growth", "targets": ["b"]}],
                      number=3, active=active)
        assert len(stack_triggers(sc.game, "Test Ambusher")) == triggers, active
    for text in ("Whenever you cast a spell during an opponent's turn, you gain 2 life.",
                 "Whenever you cast an instant or sorcery spell from your hand, you gain 1 life."):
        assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


def test_603_2_this_or_a_legendary_creature_enters_triggers_once_for_itself():
    """"Whenever ~ or a legendary creature you control enters": a legendary ~ entering triggers it once."""
    herald = card("Test Herald", "Legendary Creature — Human", "Whenever this creature or a legendary creature you "
                  "control enters, you gain 1 life.", "{1}", (1, 1))
    sc = scenario([herald], {"hand": ["Test Herald"], "mana_pool": "{C}"}, {},
                  [{"player": "alice", "cast": "Test Herald"}, {"pass": 1}])
    assert len(stack_triggers(sc.game, "Test Herald")) == 1
    sc = scenario([herald, HERO], {"battlefield": ["Test Herald"], "hand": ["Test Hero"], "mana_pool": "{C}"}, {},
                  [{"player": "alice", "cast": "Test Hero"}, {"pass": 1}])
    assert len(stack_triggers(sc.game, "Test Herald")) == 1  # another legendary creature
    for text in ("Whenever ~ or a legendary creature you control enters, you gain 1 life.",
                 "Whenever ~ or enchanted creature attacks, defending player loses 2 life."):
        assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


def test_508_1m_this_or_enchanted_creature_attacks():
    plain = card("Test Plain Aura", "Enchantment — Aura", "Enchant creature\nWhenever this enchantment or enchanted "
                 "creature attacks, you gain 1 life.", "{1}")
    sc = scenario([plain, BEAR], {"battlefield": [{"card": "Test Bear", "id": "b"},
                                                  {"card": "Test Plain Aura", "attached_to": "b"}]}, {},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["b"]}])
    assert len(stack_triggers(sc.game, "Test Plain Aura")) == 1  # the enchanted creature attacked, once


def test_700_14_expend_4_triggers_when_the_total_crosses_four():
    """700.14's example: 2 mana spent, then a 3-mana spell takes the total from 2 to 5: it triggers then,
    once; a third spell (5 -> 7) doesn't trigger it again."""
    boxer = card("Test Boxer", "Creature — Raccoon", "Whenever you expend 4, you gain 3 life.", "{1}", (1, 1))
    two = card("Test Two", "Instant", "You gain 1 life.", "{1}{G}")
    three = card("Test Three", "Instant", "You gain 1 life.", "{2}{G}")
    sc = scenario([boxer, two, three], {"battlefield": ["Test Boxer"], "hand": ["Test Two", "Test Three", "Test Two"],
                                        "mana_pool": "{G}{G}{G}{G}{G}{G}{G}"}, {},
                  [{"player": "alice", "cast": "Test Two"}])
    game = sc.game
    assert not stack_triggers(game, "Test Boxer")
    from ecs.actions import CastSpell

    def cast(name: str) -> None:
        game.apply(next(a for a in game.whole_actions() if isinstance(a, CastSpell) and game.card(a.card).name == name))

    cast("Test Three")
    assert len(stack_triggers(game, "Test Boxer")) == 1
    cast("Test Two")
    assert len(stack_triggers(game, "Test Boxer")) == 1
    text = "Whenever you expend 4, you gain 3 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


def test_603_6a_a_land_enters_under_your_control_is_a_land_you_control_enters():
    trig = card("Test Seer", "Creature — Elf", "Whenever a land enters the battlefield under your control, you gain "
                "1 life.", "{1}", (1, 1))
    sc = scenario([trig], {"battlefield": ["Test Seer"], "hand": ["Forest"]}, {},
                  [{"player": "alice", "play": "Forest"}])
    assert len(stack_triggers(sc.game, "Test Seer")) == 1
    sc = scenario([trig], {"battlefield": ["Test Seer"]}, {"hand": ["Forest"]},
                  [{"player": "bob", "play": "Forest"}], number=3, active="bob")
    assert not stack_triggers(sc.game, "Test Seer")  # under bob's control


def test_201_5c_a_shortened_name_before_the_or_of_is_the_card_itself():
    (r,) = compile_lines("Quux the Tester", "Whenever Quux attacks, you gain 1 life.", int(CardType.CREATURE))
    assert r.ok and r.abilities[0].trigger.subject == "self"
    (k,) = compile_lines("Knight of the Tests", "Whenever another Knight you control enters, you gain 1 life.",
                         int(CardType.CREATURE))
    assert k.ok and k.abilities[0].trigger.filter.subtypes_any == ("Knight",)  # a subtype is not a short name


def test_603_10a_dies_with_a_counter_on_it_looks_at_the_counters_it_had():
    """"Whenever a creature you control with a +1/+1 counter on it dies": its counters as it last existed."""
    keeper = card("Test Keeper", "Creature — Elf", "Whenever a creature you control with a +1/+1 counter on it dies, "
                  "you gain 2 life.", "{1}", (1, 1))
    for counters, life in (({"+1/+1": 1}, 22), ({}, 20)):
        sc = scenario([keeper, BEAR, KILL], {"battlefield": ["Test Keeper", {"card": "Test Bear", "id": "b",
                                                                              "counters": counters}]},
                      {"hand": ["Test Kill"], "mana_pool": "{B}"},
                      [{"player": "bob", "cast": "Test Kill", "targets": ["b"]}, {"pass": 1}, {"pass": 1}],
                      number=3, active="bob")
        assert sc.game.player_states[0].life == life, counters


# ------------------------------------------------------------------ leaving together (603.10a)


def test_603_10a_a_watcher_destroyed_with_others_sees_them_all_die():
    """Destroyed by the same "destroy all creatures", "Whenever another creature dies" sees the others die,
    whichever is moved first; "Whenever a creature you control dies" sees its own death too."""
    artist = card("Test Artist", "Creature — Vampire", "Whenever another creature dies, you gain 1 life.", "{1}", (0, 1))
    own = card("Test Mourner", "Creature — Human", "Whenever a creature you control dies, you gain 2 life.", "{1}",
               (1, 1))
    sc = scenario([artist, own, BEAR, WRATH], {"battlefield": ["Test Artist", "Test Mourner"], "hand": ["Test Wrath"],
                                               "mana_pool": "{W}"},
                  {"battlefield": ["Test Bear", "Test Bear"]}, [{"player": "alice", "cast": "Test Wrath"}, {"pass": 1}])
    game = sc.game
    from ecs.actions import DecisionKind

    while game.pending.kind == DecisionKind.TRIGGER:
        game.apply(game.pending.options[0])
    artist_triggers = stack_triggers(game, "Test Artist")
    mourner_triggers = stack_triggers(game, "Test Mourner")
    assert len(artist_triggers) == 3  # the Mourner and two bears, not itself
    assert len(mourner_triggers) == 2  # the Artist and itself (creatures alice controlled)


def test_603_10a_an_aura_leaving_with_its_creature_still_sees_it_die():
    omen = card("Test Omen", "Enchantment — Aura", "Enchant creature\nWhen enchanted creature dies, you gain 3 life.",
                "{B}")
    sweep = card("Test Sweep", "Sorcery", "Destroy all nonland permanents.", "{W}")
    sc = scenario([omen, BEAR, sweep], {"battlefield": [{"card": "Test Omen", "attached_to": "b"},
                                                        {"card": "Test Bear", "id": "b"}],
                                        "hand": ["Test Sweep"], "mana_pool": "{W}"}, {},
                  [{"player": "alice", "cast": "Test Sweep"}, {"pass": 1}, {"pass": 1}])
    assert sc.game.player_states[0].life == 23  # the Aura was destroyed first, yet it saw the bear die


def test_508_1m_one_or_more_creatures_attack_you_once_per_declaration():
    sentry = card("Test Sentry", "Enchantment", "Whenever one or more creatures attack you, you gain 2 life.")
    sc = scenario([sentry, BEAR], {"battlefield": ["Test Sentry"]},
                  {"battlefield": [{"card": "Test Bear", "id": "a"}, {"card": "Test Bear", "id": "b"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "bob", "attack": ["a", "b"]}],
                  number=3, active="bob")
    assert len(stack_triggers(sc.game, "Test Sentry")) == 1
    sc = scenario([sentry, BEAR], {"battlefield": ["Test Sentry", {"card": "Test Bear", "id": "a"}]}, {},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["a"]}])
    assert not stack_triggers(sc.game, "Test Sentry")  # her own attack
    text = "Whenever one or more creatures attack you, you gain 2 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ENCHANTMENT))) == roundtrip_normal(text)


def test_119_9_you_gain_life_for_the_first_time_each_turn():
    bat = card("Test Bat", "Creature — Bat", "Whenever you gain life for the first time each turn, put a +1/+1 "
               "counter on this creature.", "{1}", (1, 1))
    salve = card("Test Salve", "Instant", "You gain 2 life.", "{W}")
    sc = scenario([bat, salve], {"battlefield": [{"card": "Test Bat", "id": "b"}], "hand": ["Test Salve"] * 2,
                                 "mana_pool": "{W}{W}"}, {},
                  [{"player": "alice", "cast": "Test Salve"}, {"pass": 1}, {"pass": 1},
                   {"player": "alice", "cast": "Test Salve"}, {"pass": 1}])
    game = sc.game
    game.refresh_layers()
    assert game.player_states[0].life == 24 and game.table.get(sc.ids["b"], "power") == 2
    assert not stack_triggers(game, "Test Bat")  # the second gain this turn
    text = "Whenever you gain life for the first time each turn, put a +1/+1 counter on ~."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


# ------------------------------------------------------------------ abilities that work from the graveyard (113.6k)


def test_113_6k_a_trigger_that_returns_this_card_from_your_graveyard_works_only_there():
    phoenix = card("Test Phoenix", "Creature — Phoenix", "Flying\nWhenever you cast a multicolored spell, you may "
                   "return this card from your graveyard to your hand.", "{2}{R}", (2, 2))
    sc = scenario([phoenix, GOLD], {"graveyard": ["Test Phoenix"], "hand": ["Test Gold"], "mana_pool": "{W}{U}"}, {},
                  [{"player": "alice", "cast": "Test Gold"}, {"pass": 1}, {"player": "alice", "choose": "yes"}])
    game = sc.game
    assert [game.card(c).name for c in game.zones[0][Zone.HAND]] == ["Test Phoenix"]  # its owner controls it
    sc = scenario([phoenix, GOLD], {"battlefield": ["Test Phoenix"], "hand": ["Test Gold"], "mana_pool": "{W}{U}"}, {},
                  [{"player": "alice", "cast": "Test Gold"}])
    assert not stack_triggers(sc.game, "Test Phoenix")  # on the battlefield the ability does nothing
    sc = scenario([phoenix, GOLD], {"graveyard": ["Test Phoenix"]}, {"hand": ["Test Gold"], "mana_pool": "{W}{U}"},
                  [{"player": "bob", "cast": "Test Gold"}], number=3, active="bob")
    assert not stack_triggers(sc.game, "Test Phoenix")  # "you cast": its owner, not bob


def test_601_2i_a_player_casts_a_spell_from_a_graveyard():
    """"Whenever a player casts a spell from a graveyard": a flashback spell is cast from there (702.34a);
    the same spell cast from the hand isn't."""
    keeper = card("Test Keeper", "Creature — Human", "Whenever a player casts a spell from a graveyard, you gain 3 "
                  "life.", "{1}", (1, 1))
    flash = card("Test Flash", "Instant", "You gain 1 life.\nFlashback {R}", "{R}")
    for zone, cost, triggers in (("graveyard", "flashback", 1), ("hand", "", 0)):
        action: dict[str, Any] = {"player": "alice", "cast": "Test Flash"}
        if cost:
            action["cost"] = cost
        sc = scenario([keeper, flash], {"battlefield": ["Test Keeper"], zone: ["Test Flash"], "mana_pool": "{R}"}, {},
                      [action])
        assert len(stack_triggers(sc.game, "Test Keeper")) == triggers, zone
    text = "Whenever a player casts a spell from a graveyard, ~ deals 3 damage to that player."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.CREATURE))) == roundtrip_normal(text)


def test_603_2_at_the_beginning_of_your_upkeep_and_whenever_you_cast_a_blue_spell():
    urn = card("Test Urn", "Artifact", "At the beginning of your upkeep and whenever you cast a blue spell, you gain "
               "1 life.", "{1}")
    blue = card("Test Blue", "Instant", "You gain 1 life.", "{U}")
    sc = scenario([urn, blue], {"battlefield": ["Test Urn"], "hand": ["Test Blue"], "mana_pool": "{U}"}, {},
                  [{"player": "alice", "cast": "Test Blue"}])
    assert len(stack_triggers(sc.game, "Test Urn")) == 1
    sc = scenario([urn], {"battlefield": ["Test Urn"], "library": ["Forest"] * 2}, {"library": ["Forest"] * 2},
                  [{"pass_until": "upkeep"}], number=2, active="bob", step="end")
    assert sc.game.active == 0 and len(stack_triggers(sc.game, "Test Urn")) == 1
    text = "At the beginning of your upkeep and whenever you cast a blue spell, you gain 1 life."
    assert roundtrip_normal(roundtrip("Test", text, int(CardType.ARTIFACT))) == roundtrip_normal(text)


def test_608_2h_its_toughness_of_a_creature_that_died_is_its_last_known_toughness():
    """"Whenever another creature you control dies, you gain life equal to its toughness": the card in the
    graveyard is read as the creature last existed on the battlefield (a +0/+2 pumped 2/3 gives 5)."""
    mourner = card("Test Mourner", "Creature — Human", "Whenever another creature you control dies, you gain life "
                   "equal to its toughness.", "{1}", (1, 1))
    big = card("Test Big", "Creature — Beast", "", "{1}", (2, 3))
    sc = scenario([mourner, big, KILL], {"battlefield": ["Test Mourner", {"card": "Test Big", "id": "b",
                                                                          "counters": {"+1/+1": 2}}]},
                  {"hand": ["Test Kill"], "mana_pool": "{B}"},
                  [{"player": "bob", "cast": "Test Kill", "targets": ["b"]}, {"pass": 1}, {"pass": 1}],
                  number=3, active="bob")
    assert sc.game.player_states[0].life == 25


def test_603_10a_an_attacking_creature_dies_uses_its_combat_status_as_it_left():
    """"Whenever an attacking creature you control dies": the creature was attacking as it died (leaving
    the battlefield removes it from combat, 506.4, so the look-back is what counts)."""
    banner = card("Test Banner", "Enchantment", "Whenever an attacking creature you control dies, you gain 3 life.")
    wall = card("Test Wall", "Creature — Wall", "Defender", "{1}", (3, 5))
    sc = scenario([banner, BEAR, wall], {"battlefield": ["Test Banner", {"card": "Test Bear", "id": "a"}]},
                  {"battlefield": [{"card": "Test Wall", "id": "w"}]},
                  [{"pass_until": "declare_attackers"}, {"player": "alice", "attack": ["a"]}, {"pass": 1},
                   {"player": "bob", "block": {"w": "a"}}, {"pass_until": "combat_damage"}, {"pass": 1}])
    assert sc.game.player_states[0].life == 23
    sc = scenario([banner, BEAR, KILL], {"battlefield": ["Test Banner", {"card": "Test Bear", "id": "a"}]},
                  {"hand": ["Test Kill"], "mana_pool": "{B}"},
                  [{"player": "bob", "cast": "Test Kill", "targets": ["a"]}, {"pass": 1}, {"pass": 1}],
                  number=3, active="bob")
    assert sc.game.player_states[0].life == 20  # not attacking


def test_603_2_for_event_offers_the_kinds_that_see_the_event_and_every_unlisted_kind():
    """The index's look-up by event type (set operations on its keys) gives what asking each kind does: the kinds
    listed for that event, and a kind not listed (a new one) for every event."""
    from content.card_pool import card_from_json
    from systems.trigger_index import _KNOWN_EVENTS, KIND_EVENTS, TriggerSources

    ts = TriggerSources()
    keys = [*KIND_EVENTS, "an unlisted kind"]
    bear = card_from_json(BEAR)  # (any card: only the permanents are read; compiled, the index holds CardDefs only)
    for i, key in enumerate(keys):
        ts.by_kind[key] = {i: bear}
        ts.seq[i] = len(keys) - i  # registration order unlike the kinds' order
    for event in _KNOWN_EVENTS:
        expected = sorted((i for i, key in enumerate(keys) if event in KIND_EVENTS.get(key, (event,))),
                          key=lambda i: ts.seq[i])
        assert [e for e, _ in ts.for_event(event)] == expected


def test_603_2_trigger_sources_kept_answers_match_fresh_ones_after_any_writes():
    """A write drops only the kept answers of the event types that the written permanent's abilities can see
    (trigger_index._forget): after any sequence of writes and reads, each kept answer is the one computed afresh."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from components.events import Attacked, CardDrawn, LifeGained, SpellCast, StepBegan, ZoneChanged
    from content.card_pool import card_from_json
    from systems.trigger_index import TriggerSources

    texts = ["Whenever you cast a historic spell, you gain 2 life.", "Whenever another creature dies, draw a card.",
             "When this creature enters, draw a card.", "Whenever this creature attacks, you gain 1 life.",
             "At the beginning of your upkeep, you gain 1 life.", "Whenever you draw a card, you gain 1 life.",
             "Whenever you gain life, draw a card."]
    cards = [card_from_json(card(f"Test Kept {i}", "Creature — Human", text, "{1}", (1, 1)))
             for i, text in enumerate(texts)]
    events = [Attacked, CardDrawn, LifeGained, SpellCast, StepBegan, ZoneChanged, int]  # (int: a type not listed)
    step = st.tuples(st.sampled_from(["set", "pop", "read"]), st.integers(0, 5), st.integers(0, len(cards) - 1),
                     st.sampled_from(events))

    @settings(max_examples=200, deadline=None)
    @given(st.lists(step, max_size=40))
    def check(steps: list[tuple[str, int, int, type]]) -> None:
        ts = TriggerSources()
        for op, ent, which, event in steps:
            if op == "set":
                ts[ent] = cards[which]
            elif op == "pop":
                ts.pop(ent, None)
            else:
                ts.for_event(event)
            for kept, answer in ts.event_cache.items():
                assert answer == ts._for_event(kept)

    check()
