"""Abilities granted in quotes (CR 113.1b, 113.7, 611, 613.1f): the granted ability is an ability of the
permanent it is granted to, activated by its controller and triggering for it, only while the grant applies
(systems/granted.py, content/oracle/grants.py)."""

from __future__ import annotations

from typing import Any

import pytest

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import ActivateAbility, CastSpell, PassPriority
from ecs.scenario import Scenario
from systems.granted import ability_card


def card(name: str, type_line: str, text: str, cost: str = "{1}", pt: tuple[int, int] | None = None,
         colors: list[str] | None = None) -> dict[str, Any]:
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "text": text}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    if colors is not None:
        obj["colors"] = colors
    return obj


def scenario(cards: list[dict[str, Any]], alice: dict[str, Any], bob: dict[str, Any] | None = None,
             effects: list[dict[str, Any]] | None = None, actions: list[dict[str, Any]] | None = None) -> Scenario:
    data: dict[str, Any] = {"name": "t", "cards": cards,
                            "players": [{"name": "alice", **alice}, {"name": "bob", **(bob or {})}]}
    if effects:
        data["effects"] = effects
    if actions:
        data["actions"] = actions
    sc = Scenario(data, "test")
    sc.run()
    return sc


BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))
COVER = card("Test Cover", "Enchantment — Aura", 'Enchant creature\nEnchanted creature gets +0/+2 and has '
             '"{T}: You gain 1 life."', "{W}")


def activations(sc: Scenario, ent: int) -> list[ActivateAbility]:
    return [a for a in sc.game.whole_actions() if isinstance(a, ActivateAbility) and a.source == ent]


def pass_all(sc: Scenario) -> None:
    game = sc.game
    for _ in range(4):
        if not game.stack:
            return
        game.apply(PassPriority())


def test_113_1b_an_aura_grants_an_activated_ability_only_while_attached():
    sc = scenario([BEAR, COVER], {"battlefield": [{"card": "Test Bear", "id": "bear"},
                                                  {"card": "Test Cover", "id": "cover", "attached_to": "bear"}]},
                  {"battlefield": [{"card": "Test Bear", "id": "other"}]})
    game = sc.game
    bear = sc.ids["bear"]
    assert game.table.get(bear, "toughness") == 4
    options = activations(sc, bear)
    assert len(options) == 1
    game.apply(options[0])
    assert game.table.get(bear, "tapped")  # the {T} cost is the enchanted creature's (113.7: ~ is that object)
    pass_all(sc)
    assert game.player_states[0].life == 21
    assert not activations(sc, sc.ids["other"])
    # 611.3a: when the Aura leaves, the creature no longer has the ability
    from systems.zones import move

    game.table.untap(bear)
    move(game, sc.ids["cover"], Zone.GRAVEYARD)
    assert not activations(sc, bear)
    game.refresh_layers()
    assert game.table.get(bear, "toughness") == 2


OWN = card("Test Adept", "Creature — Human", "{2}: You gain 2 life.", "{1}{W}", (1, 1))


@pytest.mark.parametrize("loss_first", [True, False])
def test_613_1f_losing_all_abilities_removes_only_abilities_granted_before(loss_first: bool):
    timestamp = 0 if loss_first else 1000
    sc = scenario([OWN, COVER], {"battlefield": [{"card": "Test Adept", "id": "adept"},
                                                 {"card": "Test Cover", "attached_to": "adept"},
                                                 "Plains", "Plains"]},
                  effects=[{"layer": "ability", "source": "adept", "targets": ["adept"], "lose_all_abilities": True,
                            "timestamp": timestamp}])
    adept = sc.ids["adept"]
    card_now = ability_card(sc.game, adept)
    texts = [a.text for a in card_now.abilities]
    options = activations(sc, adept)
    if loss_first:
        # the Aura's grant has a later timestamp: the creature keeps the granted ability, not its own (613.7)
        assert texts == ["{T}: You gain 1 life."]
        assert len(options) == 1 and card_now.abilities[options[0].index].text == "{T}: You gain 1 life."
    else:
        assert options == []


LORD = card("Test Lord", "Creature — Sliver", 'All Slivers have "When this creature enters, you gain 2 life."',
            "{G}", (1, 1))
SLIVER = card("Test Sliver", "Creature — Sliver", "", "{G}", (1, 1))
BEAR1 = card("Test Cub", "Creature — Bear", "", "{G}", (1, 1))


def cast(sc: Scenario, name: str, targets: tuple[int, ...] = ()) -> None:
    game = sc.game
    option = next(o for o in game.whole_actions() if isinstance(o, CastSpell)
                  and game.card(o.card).name == name and o.targets == targets)
    game.apply(option)
    pass_all(sc)


def test_603_6a_a_granted_enters_trigger_triggers_for_the_lord_itself_and_later_slivers():
    sc = scenario([LORD, SLIVER, BEAR1], {"battlefield": ["Forest", "Forest", "Forest"],
                                          "hand": ["Test Lord", "Test Sliver", "Test Cub"]})
    game = sc.game
    cast(sc, "Test Lord")
    assert game.player_states[0].life == 22  # the lord is a Sliver: its own grant applies as it enters
    cast(sc, "Test Sliver")
    assert game.player_states[0].life == 24
    cast(sc, "Test Cub")
    assert game.player_states[0].life == 24  # not a Sliver


FEIGN = card("Test Feign", "Instant", 'Until end of turn, target creature gains "When this creature dies, you gain '
             '3 life."', "{B}")


def test_603_10a_a_granted_dies_trigger_looks_back_and_the_grant_ends_with_the_turn():
    sc = scenario([BEAR, FEIGN], {"battlefield": ["Swamp", {"card": "Test Bear", "id": "bear"},
                                                 {"card": "Test Bear", "id": "bear2"}],
                                  "hand": ["Test Feign"]})
    game = sc.game
    cast(sc, "Test Feign", (sc.ids["bear"],))
    from systems.zones import move

    move(game, sc.ids["bear"], Zone.GRAVEYARD)
    assert [pt.source for pt in game.waiting_triggers] == [sc.ids["bear"]]
    # the trigger waits until a player would receive priority (603.3): put it on the stack and resolve it
    from systems.triggers import put_triggers_on_stack

    put_triggers_on_stack(game)
    pass_all(sc)
    assert game.player_states[0].life == 23
    move(game, sc.ids["bear2"], Zone.GRAVEYARD)  # it never gained the ability
    assert game.waiting_triggers == []


MANA_LORD = card("Test Mana Lord", "Creature — Sliver", 'Sliver creatures you control have "{T}: Add {G}."', "{G}",
                 (1, 1))
TWO = card("Test Two", "Creature — Bear", "", "{1}{G}", (2, 2))


@pytest.mark.parametrize("sick", [False, True])
def test_605_1a_a_granted_mana_ability_pays_and_needs_a_creature_without_summoning_sickness(sick: bool):
    sc = scenario([MANA_LORD, SLIVER, TWO], {"battlefield": ["Test Mana Lord", {"card": "Test Sliver", "sick": sick}],
                                             "hand": ["Test Two"]})
    castable = any(isinstance(o, CastSpell) and sc.game.card(o.card).name == "Test Two"
                   for o in sc.game.whole_actions())
    assert castable is not sick  # 302.6: a summoning-sick creature's {T} ability can't be activated


WHITE_LORD = card("Test Mentor", "Creature — Human", 'White creatures you control have "{T}: You gain 1 life."',
                  "{W}", (1, 1), colors=["W"])


def test_613_8_a_color_change_in_layer_5_decides_who_gets_the_layer_6_grant():
    sc = scenario([WHITE_LORD, BEAR], {"battlefield": [{"card": "Test Mentor", "id": "mentor"},
                                                       {"card": "Test Bear", "id": "bear"},
                                                       {"card": "Test Bear", "id": "bear2"}]},
                  {"battlefield": [{"card": "Test Mentor", "id": "theirs"}]},
                  effects=[{"layer": "color", "source": "bear", "targets": ["bear"], "colors_set": ["white"]}])
    assert len(activations(sc, sc.ids["mentor"])) == 1
    assert len(activations(sc, sc.ids["bear"])) == 1  # white now
    assert activations(sc, sc.ids["bear2"]) == []  # still green
    assert activations(sc, sc.ids["theirs"]) == []  # alice's priority: bob's creature is not hers to activate


@pytest.mark.parametrize("line", [
    'Enchanted creature gets +0/+2 and has "{T}: Draw a card, then discard a card."',
    'All Slivers have "{2}, Sacrifice this permanent: This permanent deals 2 damage to any target."',
    'Enchanted creature gets +1/+0 and has lifelink and ward {2}.',
    'As long as there are seven or more cards in your graveyard, this creature gets +1/+1 and has "{B}: '
    'Regenerate this creature."',
    'Until end of turn, target creature gets +1/+0 and gains lifelink and "When this creature dies, you gain 1 '
    'life."',
    'Until end of turn, creatures you control gain "{T}: This creature deals 1 damage to any target."',
    'Enchanted creature gets +1/+1 for each Plains you control and has flying.',
    'Enchanted creature has defender and loses flying.',
    'Other Allies you control have menace and prowess.',
    'Enchanted creature loses all abilities and is a Bird creature with base power and toughness 1/1.',
    'Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.',
    'Enchanted creature gets +2/+2, has first strike, and is a Knight in addition to its other types.',
    'You control enchanted land.',
    'As long as there are seven or more cards in your graveyard, this creature gets +1/+1, is black, and has '
    '"{2}{B}, {T}: Destroy target white creature."',
    'Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add {C}."',
    'Target opponent gets an emblem with "Whenever a player draws a card, you lose 2 life."',
    'You get an emblem with "At the beginning of your end step, create a 9/9 blue Kraken creature token."',
    "Enchanted creature has protection from green. This effect doesn't remove this Aura.",
    'Nonbasic lands are Mountains.',
])
def test_113_1b_grants_compile_and_render_back(line: str):
    types = CardType.INSTANT if line.startswith(("Until", "Create", "Target", "You get")) else CardType.ENCHANTMENT
    (result,) = compile_lines("Test Granter", line, types)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


@pytest.mark.parametrize("line, reason", [
    ('Enchanted creature has "Other creatures you control get +1/+1."', "granted StaticEffect"),
    ('Enchanted creature has "{T}: Frobnicate."', "granted ability"),
    ('Enchanted creature gets +1/+1 and has "{T}: You gain 1 life." and flying.', "order"),
    ('Equipped creature has "Whenever this creature attacks, you may sacrifice Test Granter. When you do, this '
     'creature deals 2 damage to any target."', "own name"),  # the card's name in quotes is the granting card
    ("Enchanted creature is a Forest.", "is a land type"),
    ("Enchanted creature is a Frobnicator.", "static"),
    ('You get an emblem with "When this creature dies, draw a card."', "emblem with"),  # 114: no such object  # (only lands' types are set: 305.7)
])
def test_113_1b_grants_that_cannot_run_are_refused_with_a_reason(line: str, reason: str):
    types = CardType.INSTANT if line.startswith("You get") else CardType.ENCHANTMENT
    (result,) = compile_lines("Test Granter", line, types)
    assert not result.ok and reason in result.error


RATS = card("Test Rat Caller", "Sorcery", 'Create a 1/1 black Rat creature token with "This creature can\'t block."',
            "{B}")
PESTS = card("Test Pest Caller", "Sorcery", 'Create a 1/1 black and green Pest creature token with "When this '
             'creature dies, you gain 1 life."', "{B}")


def test_111_3_a_token_has_the_abilities_its_description_quotes():
    from components.keywords import Keyword

    sc = scenario([RATS, PESTS], {"battlefield": ["Swamp", "Swamp"], "hand": ["Test Rat Caller", "Test Pest Caller"]})
    game = sc.game
    cast(sc, "Test Rat Caller")
    cast(sc, "Test Pest Caller")
    game.refresh_layers()
    t = game.table
    rat = next(int(e) for e in t.entity[:t.n] if game.card(int(e)).name == "Rat")
    pest = next(int(e) for e in t.entity[:t.n] if game.card(int(e)).name == "Pest")
    assert int(t.keywords[t.row_of[rat]]) & int(Keyword.CANT_BLOCK)  # "~" in the quotes is the token
    assert not int(t.keywords[t.row_of[pest]]) & int(Keyword.CANT_BLOCK)
    from systems.triggers import put_triggers_on_stack
    from systems.zones import move

    move(game, pest, Zone.GRAVEYARD)
    put_triggers_on_stack(game)
    pass_all(sc)
    assert game.player_states[0].life == 21


AWAY = card("Test Away", "Enchantment — Aura", "Enchant creature\nYou control enchanted creature.", "{U}")


def test_303_4_613_1b_an_aura_that_gives_control_and_302_6_summoning_sickness():
    sc = scenario([BEAR, AWAY], {"battlefield": ["Island"], "hand": ["Test Away"]},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    bear = sc.ids["bear"]
    cast(sc, "Test Away", (bear,))
    game.refresh_layers()
    assert game.table.get(bear, "controller") == 0
    assert game.table.get(bear, "sick")  # 302.6: alice hasn't controlled it since her turn began
    from systems.zones import move

    aura = next(int(e) for e in game.table.entity[:game.table.n] if game.card(int(e)).name == "Test Away")
    move(game, aura, Zone.GRAVEYARD)
    game.refresh_layers()
    assert game.table.get(bear, "controller") == 1  # the effect ends with the Aura (611.3b)


FLYER = card("Test Flyer", "Creature — Bird Soldier", "Flying\n{1}: You gain 1 life.", "{1}{W}", (3, 3),
             colors=["W"])
FOWL = card("Test Fowl", "Enchantment — Aura", "Enchant creature\nEnchanted creature loses all abilities and is a "
            "green Elk creature with base power and toughness 1/2.", "{U}")
GHOUL = card("Test Ghoul", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets -1/-1 and is a black "
             "Zombie in addition to its other colors and types.", "{B}")


def test_613_1_an_aura_changes_type_color_abilities_and_base_power_in_their_layers():
    from components.characteristics import Color
    from components.keywords import Keyword
    from systems.layers import subtypes_of

    sc = scenario([FLYER, FOWL, GHOUL], {"battlefield": [
        {"card": "Test Flyer", "id": "elk"}, {"card": "Test Fowl", "attached_to": "elk"},
        {"card": "Test Flyer", "id": "zombie"}, {"card": "Test Ghoul", "attached_to": "zombie"},
        {"card": "Test Flyer", "id": "plain"}, "Plains"]})
    game = sc.game
    game.refresh_layers()
    t = game.table
    elk, zombie, plain = sc.ids["elk"], sc.ids["zombie"], sc.ids["plain"]
    # 205.1b: "is a green Elk creature" replaces its creature types; 105.3 sets its color; 7b sets 1/2
    assert subtypes_of(game, elk) == {"Elk"}
    assert int(t.get(elk, "colors")) == int(Color.G)
    assert (t.get(elk, "power"), t.get(elk, "toughness")) == (1, 2)
    assert not int(t.get(elk, "keywords")) & int(Keyword.FLYING)
    assert activations(sc, elk) == [] and len(activations(sc, plain)) == 1  # 613.1f: its own ability is gone
    # "in addition to its other colors and types": both kept, plus black and Zombie; -1/-1 in 7c
    assert subtypes_of(game, zombie) == {"Bird", "Soldier", "Zombie"}
    assert int(t.get(zombie, "colors")) == int(Color.W | Color.B)
    assert (t.get(zombie, "power"), t.get(zombie, "toughness")) == (2, 2)
    assert int(t.get(zombie, "keywords")) & int(Keyword.FLYING)
    assert subtypes_of(game, plain) == {"Bird", "Soldier"}


SLIME = card("Test Slime", "Sorcery", 'Create two 2/2 green Ooze creature tokens. They have "When this creature dies, '
             'create two 1/1 green Ooze creature tokens."', "{G}")


def test_111_3_they_have_quoted_abilities_written_as_a_second_sentence():
    sc = scenario([SLIME], {"battlefield": ["Forest"], "hand": ["Test Slime"]})
    game = sc.game
    cast(sc, "Test Slime")
    t = game.table
    oozes = [int(e) for e in t.entity[:t.n] if game.card(int(e)).name == "Ooze"]
    assert len(oozes) == 2
    from systems.triggers import put_triggers_on_stack
    from systems.zones import move

    move(game, oozes[0], Zone.GRAVEYARD)
    put_triggers_on_stack(game)
    pass_all(sc)
    game.refresh_layers()
    sizes = sorted(int(t.power[t.row_of[int(e)]]) for e in t.entity[:t.n] if game.card(int(e)).name == "Ooze")
    assert sizes == [1, 1, 2]  # the 1/1s' own ability is the printed one only: they have none in quotes
    small = next(int(e) for e in t.entity[:t.n] if game.card(int(e)).name == "Ooze" and t.power[t.row_of[int(e)]] == 1)
    move(game, small, Zone.GRAVEYARD)
    assert game.waiting_triggers == []


WARD = card("Test Ward", "Enchantment — Aura", "Enchant creature\nEnchanted creature has protection from green. "
            "This effect doesn't remove this Aura.", "{G}")
GREEN_SHIELD = card("Test Shield", "Enchantment — Aura", "Enchant creature\nEnchanted creature has protection from "
                    "green.", "{W}")


@pytest.mark.parametrize("other_protection", [False, True])
def test_702_16c_this_effect_doesnt_remove_the_aura_but_other_protection_does(other_protection: bool):
    battlefield: list[Any] = [{"card": "Test Bear", "id": "bear"}, {"card": "Test Ward", "id": "ward",
                                                                     "attached_to": "bear"}]
    if other_protection:
        battlefield.append({"card": "Test Shield", "attached_to": "bear"})
    sc = scenario([BEAR, WARD, GREEN_SHIELD], {"battlefield": battlefield})
    game = sc.game
    from systems.state_based import check_state_based_actions

    check_state_based_actions(game)
    ward_left = sc.ids["ward"] not in game.table.row_of
    assert ward_left is other_protection  # a green Aura: only protection from another source removes it


VAULT = card("Test Vault", "Land", "Indestructible\n{T}: Add {C}.\n{1}: You gain 1 life.", "")
MIRAGE = card("Test Mirage", "Enchantment — Aura", "Enchant land\nEnchanted land is an Island.", "{U}")
MOON = card("Test Moon", "Enchantment", "Nonbasic lands are Mountains.", "{R}")
GLACIERS = card("Test Glaciers", "Enchantment", "All Mountains are Plains.", "{W}")


def units(sc: Scenario, ent: int) -> list[int]:
    from systems.mana import mana_sources

    return sorted(mask for mask, e in mana_sources(sc.game, 0) if e == ent)


def test_305_7_a_land_whose_type_is_set_loses_its_text_abilities_and_taps_for_the_new_type():
    from components.keywords import Keyword
    from systems.layers import subtypes_of

    sc = scenario([VAULT, MIRAGE], {"battlefield": [
        {"card": "Test Vault", "id": "vault"}, {"card": "Test Mirage", "attached_to": "vault"},
        {"card": "Forest", "id": "forest"}, {"card": "Test Mirage", "attached_to": "forest"},
        {"card": "Test Vault", "id": "plain_vault"}, {"card": "Forest", "id": "plain_forest"}]})
    game = sc.game
    game.refresh_layers()
    vault, forest = sc.ids["vault"], sc.ids["forest"]
    assert subtypes_of(game, vault) == {"Island"} and subtypes_of(game, forest) == {"Island"}
    assert units(sc, vault) == [2] and units(sc, forest) == [2]  # {U} only: no {C}, no {G}
    assert units(sc, sc.ids["plain_vault"]) == [32] and units(sc, sc.ids["plain_forest"]) == [16]
    assert not int(game.table.get(vault, "keywords")) & int(Keyword.INDESTRUCTIBLE)
    assert activations(sc, vault) == [] and len(activations(sc, sc.ids["plain_vault"])) == 1


@pytest.mark.parametrize("glaciers_first", [True, False])
def test_613_8_moon_then_glaciers_apply_in_dependency_order_whatever_the_timestamps(glaciers_first: bool):
    from systems.layers import subtypes_of

    order = ["Test Glaciers", "Test Moon"] if glaciers_first else ["Test Moon", "Test Glaciers"]
    sc = scenario([VAULT, MOON, GLACIERS], {"battlefield": [*order, {"card": "Test Vault", "id": "vault"},
                                                            {"card": "Mountain", "id": "mountain"},
                                                            {"card": "Forest", "id": "forest"}]})
    game = sc.game
    game.refresh_layers()
    # Glaciers depends on the Moon (the Moon changes what Glaciers applies to): Moon first, then Glaciers
    assert subtypes_of(game, sc.ids["vault"]) == {"Plains"}
    assert subtypes_of(game, sc.ids["mountain"]) == {"Plains"}
    assert subtypes_of(game, sc.ids["forest"]) == {"Forest"}  # basic: the Moon doesn't apply
    assert units(sc, sc.ids["vault"]) == [1] and units(sc, sc.ids["mountain"]) == [1]
    assert units(sc, sc.ids["forest"]) == [16]


CURSE = card("Test Curse", "Sorcery", 'Target opponent gets an emblem with "Whenever a player draws a card, you lose 2 '
             'life."', "{B}")
ANTHEM = card("Test Anthem", "Sorcery", 'You get an emblem with "Creatures you control get +1/+1."', "{W}")


def test_114_an_emblem_s_triggered_ability_works_from_the_command_zone_for_its_owner():
    from systems.triggers import put_triggers_on_stack
    from systems.zones import draw

    sc = scenario([CURSE], {"battlefield": ["Swamp"], "hand": ["Test Curse"], "library": ["Swamp", "Swamp"]},
                  {"library": ["Swamp", "Swamp"]})
    game = sc.game
    cast(sc, "Test Curse", (game.players[1],))
    assert len(game.zones[1][Zone.COMMAND]) == 1  # 114.2: bob owns the emblem
    for player in (1, 0):  # "a player": either draw triggers it; "you" is the emblem's controller (114.2)
        draw(game, player)
        put_triggers_on_stack(game)
        pass_all(sc)
    assert game.player_states[1].life == 16 and game.player_states[0].life == 20


def test_114_4_an_emblem_s_static_ability_applies_to_creatures_that_enter_later():
    sc = scenario([ANTHEM, BEAR], {"battlefield": ["Plains", "Forest", "Forest", {"card": "Test Bear", "id": "bear"}],
                                   "hand": ["Test Anthem", "Test Bear"]},
                  {"battlefield": [{"card": "Test Bear", "id": "theirs"}]})
    game = sc.game
    cast(sc, "Test Anthem")
    cast(sc, "Test Bear")
    game.refresh_layers()
    t = game.table
    mine = [int(t.power[t.row_of[int(e)]]) for e in t.entity[:t.n] if game.card(int(e)).name == "Test Bear"
            and int(t.controller[t.row_of[int(e)]]) == 0]
    assert mine == [3, 3] and t.get(sc.ids["theirs"], "power") == 2


YGRA = card("Test Ygra", "Creature — Elemental", 'Other creatures are Food artifacts in addition to their other types '
            'and have "{2}, {T}, Sacrifice this creature: You gain 3 life."', "{G}", (6, 6))


def test_205_1a_other_creatures_are_food_artifacts_with_the_food_ability():
    from components.characteristics import CardType
    from systems.layers import subtypes_of

    sc = scenario([YGRA, BEAR], {"battlefield": [{"card": "Test Ygra", "id": "ygra"}, {"card": "Test Bear", "id": "bear"},
                                                 "Forest", "Forest"]})
    game = sc.game
    game.refresh_layers()
    bear, ygra = sc.ids["bear"], sc.ids["ygra"]
    assert int(game.table.get(bear, "types")) & int(CardType.ARTIFACT | CardType.CREATURE) == int(
        CardType.ARTIFACT | CardType.CREATURE)
    assert subtypes_of(game, bear) == {"Bear", "Food"} and subtypes_of(game, ygra) == {"Elemental"}
    assert activations(sc, ygra) == []
    (option,) = activations(sc, bear)
    game.apply(option)
    pass_all(sc)
    assert game.player_states[0].life == 23 and bear not in game.table.row_of  # sacrificed as a cost (118.3)


TERRAIN = card("Test Terrain", "Enchantment — Aura", "Enchant land\nEnchanted land is a 5/6 green Treefolk creature "
               "that's still a land.", "{G}")


def test_205_1b_an_enchanted_land_is_a_creature_that_is_still_a_land():
    from components.characteristics import CardType, Color
    from systems.layers import subtypes_of

    sc = scenario([TERRAIN], {"battlefield": [{"card": "Forest", "id": "forest"},
                                              {"card": "Test Terrain", "attached_to": "forest"}]})
    game = sc.game
    game.refresh_layers()
    t = game.table
    forest = sc.ids["forest"]
    assert int(t.get(forest, "types")) & int(CardType.LAND | CardType.CREATURE) == int(CardType.LAND | CardType.CREATURE)
    assert subtypes_of(game, forest) == {"Forest", "Treefolk"}  # its land type stays (205.1b)
    assert (t.get(forest, "power"), t.get(forest, "toughness")) == (5, 6)
    assert int(t.get(forest, "colors")) == int(Color.G)
    assert units(sc, forest) == [16]  # still taps for {G} (305.6)


BLESSING = card("Test Blessing", "Sorcery", 'You get an emblem with "Creatures you control have \'{T}: You gain 1 '
                'life.\'"', "{W}")


def test_114_4_an_emblem_grants_an_ability_written_in_single_quotes_to_its_owner_s_creatures():
    sc = scenario([BLESSING, BEAR], {"battlefield": ["Plains", {"card": "Test Bear", "id": "bear"}],
                                     "hand": ["Test Blessing"]},
                  {"battlefield": [{"card": "Test Bear", "id": "theirs"}]})
    game = sc.game
    cast(sc, "Test Blessing")
    (option,) = activations(sc, sc.ids["bear"])
    game.apply(option)
    pass_all(sc)
    assert game.player_states[0].life == 21
    game.refresh_layers()
    assert ability_card(game, sc.ids["theirs"]).abilities == ()  # the emblem's "you" is its owner (114.2)
