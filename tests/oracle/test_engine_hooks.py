"""What the systems do with the compiled abilities beyond single scenarios: cost changes (601.2f),
mana abilities (605), "as long as" and characteristic-defining numbers in both layer paths (613),
activation limits (602.5b), optional targets (601.2c)."""

from __future__ import annotations

from typing import Any

from components.characteristics import CardType
from components.objects import Zone
from content.card_pool import card_from_json
from ecs.actions import ActivateAbility, CastSpell, DecisionKind, PassPriority
from ecs.scenario import Scenario
from systems.costs import effective_cost
from systems.layers_reference import bulk_characteristics, reference_characteristics


def card(name: str, type_line: str, text: str, cost: str = "{1}", pt: tuple[int, int] | None = None) -> dict[str, Any]:
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "text": text}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    return obj


def scenario(cards: list[dict[str, Any]], alice: dict[str, Any], bob: dict[str, Any] | None = None,
             **turn: Any) -> Scenario:
    data = {"name": "t", "cards": cards, "players": [{"name": "alice", **alice}, {"name": "bob", **(bob or {})}]}
    if turn:
        data["turn"] = turn
    sc = Scenario(data, "test")
    sc.run()
    return sc


REDUCER = card("Test Reducer", "Artifact", "Creature spells you cast cost {1} less to cast.")
TAXER = card("Test Taxer", "Artifact", "Noncreature spells cost {2} more to cast.")
BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))
BOLT = card("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.", "{R}")


def test_601_2f_reductions_take_generic_mana_only_and_increases_add_it():
    sc = scenario([REDUCER, TAXER, BEAR, BOLT], {"battlefield": ["Test Reducer", "Test Taxer"],
                                                 "hand": ["Test Bear", "Test Bolt"]})
    game = sc.game
    bear_card = next(game.card(c) for c in game.zones[0][Zone.HAND] if game.card(c).name == "Test Bear")
    assert effective_cost(game, 0, bear_card).text == "{G}"
    assert effective_cost(game, 0, card_from_json(BOLT)).text == "{2}{R}"
    # the opponent's spells: the reducer is "you cast", the taxer applies to everyone
    assert effective_cost(game, 1, bear_card).text == "{1}{G}"
    assert effective_cost(game, 1, card_from_json(BOLT)).text == "{2}{R}"


def test_601_2f_a_permanents_own_spell_cost_change_changes_no_other_spell():
    """A cost change that applies to the card's own spell ("This spell costs {1} less to cast for each artifact you
    control", affinity 702.41a) does nothing while the card is a permanent: other spells cost what they cost."""
    frog = card("Test Frog", "Artifact Creature — Frog", "Affinity for artifacts", "{4}", (2, 2))
    sc = scenario([frog, BEAR, BOLT], {"battlefield": ["Test Frog", "Test Frog"], "hand": ["Test Bear", "Test Frog"]})
    game = sc.game
    hand = {game.card(c).name: game.card(c) for c in game.zones[0][Zone.HAND]}
    assert effective_cost(game, 0, hand["Test Bear"]).text == "{1}{G}"
    assert effective_cost(game, 0, card_from_json(BOLT)).text == "{R}"
    assert effective_cost(game, 0, hand["Test Frog"]).text == "{2}"  # its own spell: two artifacts, {2} less


def test_106_4_mana_an_ability_makes_beyond_the_cost_stays_in_the_pool():
    ring = card("Test Ring", "Artifact", "{T}: Add {C}{C}.")
    trinket = card("Test Trinket", "Artifact", "", "{1}")
    sc = scenario([ring, trinket], {"battlefield": ["Test Ring"], "hand": ["Test Trinket"]})
    game = sc.game
    cast = next(o for o in game.whole_actions() if isinstance(o, CastSpell))
    game.apply(cast)
    assert game.player_states[0].mana_pool == [0, 0, 0, 0, 0, 1]


def test_605_3a_an_activated_mana_ability_resolves_without_the_stack():
    translator = card("Test Translator", "Creature — Eldrazi Drone",
                      "Pay 1 life: Add {C}. Activate only once each turn.", "{4}{B}", (3, 5))
    sc = scenario([translator], {"battlefield": ["Test Translator"]})
    game = sc.game
    act = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility))
    game.apply(act)
    assert game.stack == [] and game.player_states[0].mana_pool[5] == 1 and game.player_states[0].life == 19
    assert not any(isinstance(o, ActivateAbility) for o in game.whole_actions())  # 602.5b: once each turn


def test_602_5b_once_each_turn_resets_next_turn():
    pumper = card("Test Pumper", "Creature — Beast", "{0}: This creature gets +1/+1 until end of turn. Activate only "
                  "once each turn.", "{1}", (1, 1))
    sc = scenario([pumper], {"battlefield": ["Test Pumper"]}, {"library": ["Forest"] * 3}, number=1, active="bob",
                  step="end")
    game = sc.game
    # it is bob's end step: alice may activate once now, and again in her own turn
    while game.pending.player != 0:
        game.apply(PassPriority())
    act = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility))
    game.apply(act)
    assert not any(isinstance(o, ActivateAbility) for o in game.whole_actions())
    for _ in range(40):
        if game.turn == 2 and game.pending.kind == DecisionKind.PRIORITY and game.pending.player == 0:
            break
        game.apply(game.whole_actions()[0] if game.pending.kind != DecisionKind.PRIORITY else PassPriority())
    assert any(isinstance(o, ActivateAbility) for o in game.whole_actions())


def test_601_2c_up_to_targets_may_choose_fewer():
    tapper = card("Test Tapper", "Sorcery", "Tap up to two target creatures.", "{0}")
    sc = scenario([tapper, BEAR], {"hand": ["Test Tapper"], "battlefield": [{"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    bear = sc.ids["bear"]
    assert CastSpell(casts[0].card, (bear, -1)) in casts and CastSpell(casts[0].card, (-1, -1)) in casts
    game.apply(CastSpell(casts[0].card, (bear, -1)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.table.get(bear, "tapped")


def test_613_cda_and_as_long_as_agree_in_the_bulk_and_reference_layer_paths():
    counter = card("Test Counter", "Creature — Elemental",
                   "Test Counter's power and toughness are each equal to the number of creatures you control.",
                   "{2}", (0, 0))
    counter["power"] = counter["toughness"] = "*"
    trainer = card("Test Trainer", "Creature — Human Soldier",
                   "Other creatures you control get +1/+0 as long as you control an Equipment.", "{R}{W}", (3, 2))
    hand_size = card("Test Sage", "Creature — Human Wizard",
                     "Test Sage's power and toughness are each equal to the number of cards in your hand.", "{3}",
                     (0, 0))
    axe = card("Test Axe", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {2}")
    sc = scenario([counter, trainer, hand_size, axe, BEAR],
                  {"battlefield": [{"card": "Test Counter", "id": "c"}, "Test Trainer", "Test Bear", "Test Axe",
                                   {"card": "Test Sage", "id": "s"}], "hand": ["Forest", "Forest"]},
                  {"battlefield": ["Test Bear", {"card": "Test Counter", "id": "c2"}]})
    game = sc.game
    bulk, ref = bulk_characteristics(game), reference_characteristics(game)
    assert bulk == ref
    c, c2, s = bulk[sc.ids["c"]], bulk[sc.ids["c2"]], bulk[sc.ids["s"]]
    assert (c[5], c[6]) == (4 + 1, 4)  # four creatures; +1/+0 from the trainer (an Equipment is there)
    assert (c2[5], c2[6]) == (2, 2)  # bob controls two creatures
    assert (s[5], s[6]) == (2 + 1, 2)  # two cards in hand
    assert c[1] & CardType.CREATURE


def test_601_2f_a_cost_reducer_entering_after_spells_cost_their_mana_cost_changes_what_they_cost():
    """601.2f: "no cost-changing ability on the battlefield", kept while no card that has been a permanent changes
    costs, gives way as soon as a reducer enters; and comes back once it has left (its card still known)."""
    from systems.costs import cost_changes_in_play
    from systems.zones import move

    sc = scenario([REDUCER, BEAR], {"battlefield": ["Forest"], "hand": ["Test Bear"], "library": ["Test Reducer"]})
    game = sc.game
    bear_card = next(game.card(c) for c in game.zones[0][Zone.HAND] if game.card(c).name == "Test Bear")
    assert not cost_changes_in_play(game)
    assert effective_cost(game, 0, bear_card).text == "{1}{G}"
    game.new_timestamp()  # (an effect's timestamp: no permanent entered)
    assert not cost_changes_in_play(game)
    reducer = next(c for c in game.zones[0][Zone.LIBRARY] if game.card(c).name == "Test Reducer")
    reducer = move(game, reducer, Zone.BATTLEFIELD, controller=0)
    assert cost_changes_in_play(game)
    assert effective_cost(game, 0, bear_card).text == "{G}"
    move(game, reducer, Zone.GRAVEYARD)
    assert not cost_changes_in_play(game)
    assert effective_cost(game, 0, bear_card).text == "{1}{G}"
