"""Looking at and revealing libraries and hands (CR 400.2, 401, 701.16), cards from a hand onto the battlefield,
a graveyard shuffled into a library (701.20a): compiled by content/oracle/hidden_zones.py, carried out by
systems/hidden_zones.py. Every choice is an enumerable decision (``ChooseCard``, -1 for none)."""

from __future__ import annotations

from typing import Any

import pytest

from components.characteristics import CardType
from components.hidden_zones import LookAtTop, PutFromHand, RevealHandChoose
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, CastSpell, Choose, ChooseCard, DecisionKind, PassPriority
from ecs.scenario import Scenario


def card(name: str, type_line: str, text: str, cost: str = "{0}", pt: tuple[int, int] | None = None) -> dict[str, Any]:
    obj: dict[str, Any] = {"name": name, "manaCost": cost, "type": type_line, "text": text}
    if pt is not None:
        obj["power"], obj["toughness"] = str(pt[0]), str(pt[1])
    return obj


BEAR = card("Test Bear", "Creature — Bear", "", "{1}{G}", (2, 2))
BOLT = card("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.", "{R}")


def scenario(cards: list[dict[str, Any]], alice: dict[str, Any], bob: dict[str, Any] | None = None) -> Scenario:
    data = {"name": "t", "cards": cards, "players": [{"name": "alice", **alice}, {"name": "bob", **(bob or {})}]}
    sc = Scenario(data, "test")
    sc.run()
    return sc


def names(game: Any, cards: list[int]) -> list[str]:
    return [game.card(c).name for c in cards]


def cast(sc: Scenario, name: str, targets: tuple[int, ...] = (), x: int = 0) -> None:
    game = sc.game
    spell = next(c for c in game.zones[0][Zone.HAND] if game.card(c).name == name)
    game.apply(CastSpell(spell, targets, x))
    until_decision(game)


def until_decision(game: Any) -> None:
    """Pass priority until the game asks something else (a choice while resolving) or the stack is empty."""
    while game.pending.kind == DecisionKind.PRIORITY and game.stack:
        game.apply(PassPriority())


def pick(game: Any, card: int) -> None:
    assert ChooseCard(card) in game.whole_actions()
    game.apply(ChooseCard(card))


def compiled(text: str, types: int = int(CardType.SORCERY)) -> tuple[object, ...]:
    """The abilities of one line (types: a sorcery by default)."""
    results = compile_lines("Test Card", text, types)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    return results[0].abilities


# ------------------------------------------------------------------ look at / reveal the top N cards


LOOK4 = card("Test Look", "Sorcery", "Look at the top four cards of your library. You may reveal a creature card from "
             "among them and put it into your hand. Put the rest on the bottom of your library in a random order.")


def _look_board() -> Scenario:
    return scenario([LOOK4, BEAR], {"hand": ["Test Look"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}, {"card": "Island", "id": "i"},
        {"card": "Mountain", "id": "m"}, {"card": "Plains", "id": "p"}]})


def test_701_16e_look_at_top_four_only_a_matching_card_may_be_taken_rest_to_the_bottom():
    sc = _look_board()
    game = sc.game
    cast(sc, "Test Look")
    assert game.pending.kind == DecisionKind.PICK_CARD and game.pending.player == 0
    # only the creature card among the top four, or none ("you may")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["bear"]), ChooseCard(-1)}
    pick(game, sc.ids["bear"])
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    library = names(game, game.zones[0][Zone.LIBRARY])
    assert library[0] == "Plains"  # the fifth card is now on top; the other three went to the bottom
    assert sorted(library[1:]) == ["Forest", "Island", "Mountain"]


def test_701_16e_may_take_none_then_all_four_go_to_the_bottom():
    sc = _look_board()
    game = sc.game
    cast(sc, "Test Look")
    game.apply(ChooseCard(-1))
    assert game.zones[0][Zone.HAND] == []
    library = names(game, game.zones[0][Zone.LIBRARY])
    assert library[0] == "Plains" and sorted(library[1:]) == ["Forest", "Island", "Mountain", "Test Bear"]


def test_701_16e_random_order_comes_from_the_game_generator_same_seed_same_order():
    orders = []
    for _ in range(2):
        sc = _look_board()
        cast(sc, "Test Look")
        sc.game.apply(ChooseCard(-1))
        orders.append(names(sc.game, sc.game.zones[0][Zone.LIBRARY]))
    assert orders[0] == orders[1]


def test_701_16e_put_one_of_them_into_hand_rest_into_graveyard_is_mandatory():
    spell = card("Test Plan", "Sorcery", "Look at the top three cards of your library. Put one of them into your "
                 "hand and the rest into your graveyard.")
    sc = scenario([spell, BEAR], {"hand": ["Test Plan"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}, {"card": "Island", "id": "i"},
        {"card": "Plains", "id": "p"}]})
    game = sc.game
    cast(sc, "Test Plan")
    # any of the three, and no "none": "put one of them" is not optional
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(sc.ids["bear"]), ChooseCard(sc.ids["i"])}
    pick(game, sc.ids["i"])
    assert names(game, game.zones[0][Zone.HAND]) == ["Island"]
    assert sorted(names(game, game.zones[0][Zone.GRAVEYARD])) == ["Forest", "Test Bear", "Test Plan"]  # 608.2n
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Plains"]


def test_701_16a_reveal_top_four_land_onto_the_battlefield_tapped_rest_into_graveyard():
    spell = card("Test Growth", "Sorcery", "Reveal the top four cards of your library. You may put a land card from "
                 "among them onto the battlefield tapped. Put the rest into your graveyard.")
    sc = scenario([spell, BEAR], {"hand": ["Test Growth"], "library": [
        {"card": "Test Bear", "id": "bear"}, {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}]})
    game = sc.game
    cast(sc, "Test Growth")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(sc.ids["i"]), ChooseCard(-1)}
    pick(game, sc.ids["f"])
    forest = next(e for e in game.battlefield() if game.name(e) == "Forest")
    assert game.table.get(forest, "tapped") and game.controller(forest) == 0
    # fewer than four cards: all of them (and the sorcery itself, 608.2n)
    assert sorted(names(game, game.zones[0][Zone.GRAVEYARD])) == ["Island", "Test Bear", "Test Growth"]
    assert game.zones[0][Zone.LIBRARY] == []


def test_401_4_rest_on_the_bottom_in_any_order_is_the_players_order():
    spell = card("Test Dig", "Sorcery", "Look at the top three cards of your library. Put one of those cards into "
                 "your hand and the rest on the bottom of your library in any order.")
    sc = scenario([spell], {"hand": ["Test Dig"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Swamp", "id": "s"},
        {"card": "Plains", "id": "p"}]})
    game = sc.game
    cast(sc, "Test Dig")
    pick(game, sc.ids["f"])
    # the order of the other two: the first chosen goes to the bottom first
    assert game.pending.kind == DecisionKind.PICK_CARD
    pick(game, sc.ids["s"])
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Plains", "Swamp", "Island"]


def test_401_4_put_them_back_in_any_order_reorders_the_top():
    spell = card("Test Sort", "Sorcery", "Look at the top three cards of your library, then put them back in any order.")
    sc = scenario([spell], {"hand": ["Test Sort"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Swamp", "id": "s"},
        {"card": "Plains", "id": "p"}]})
    game = sc.game
    cast(sc, "Test Sort")
    pick(game, sc.ids["s"])
    pick(game, sc.ids["f"])
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Swamp", "Forest", "Island", "Plains"]


def test_701_16e_any_number_of_creature_cards_stops_when_the_player_says():
    spell = card("Test Party", "Sorcery", "Look at the top five cards of your library. You may reveal any number of "
                 "creature cards from among them and put them into your hand. Put the rest on the bottom of your "
                 "library in a random order.")
    elf = card("Test Elf", "Creature — Elf", "", "{G}", (1, 1))
    sc = scenario([spell, BEAR, elf], {"hand": ["Test Party"], "library": [
        {"card": "Test Bear", "id": "bear"}, {"card": "Test Elf", "id": "elf"}, {"card": "Island", "id": "i"}]})
    game = sc.game
    cast(sc, "Test Party")
    pick(game, sc.ids["bear"])
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["elf"]), ChooseCard(-1)}
    pick(game, sc.ids["elf"])
    assert sorted(names(game, game.zones[0][Zone.HAND])) == ["Test Bear", "Test Elf"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Island"]


def test_look_at_top_x_uses_the_value_of_x():
    spell = card("Test Scan", "Sorcery", "Look at the top X cards of your library. Put one of them into your hand and "
                 "the rest on the bottom of your library in a random order.", "{X}")
    sc = scenario([spell], {"hand": ["Test Scan"], "mana_pool": "{G}{G}", "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Swamp", "id": "s"}]})
    game = sc.game
    cast(sc, "Test Scan", x=2)
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(sc.ids["i"])}  # only the top two
    pick(game, sc.ids["i"])
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Swamp", "Forest"]


# ------------------------------------------------------------------ hands


def test_701_16a_reveal_hand_you_choose_a_nonland_card_that_player_discards_it():
    spell = card("Test Seize", "Sorcery", "Target player reveals their hand. You choose a nonland card from it with "
                 "mana value 3 or less. That player discards that card.")
    big = card("Test Giant", "Creature — Giant", "", "{4}{R}", (5, 5))
    sc = scenario([spell, BEAR, big, BOLT], {"hand": ["Test Seize"]}, {"hand": [
        {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}, {"card": "Test Giant", "id": "giant"},
        {"card": "Test Bolt", "id": "bolt"}]})
    game = sc.game
    cast(sc, "Test Seize", _player_target(game, 1))
    # the caster chooses (not the revealing player); no land, nothing with mana value over 3; not optional
    assert game.pending.player == 0
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["bear"]), ChooseCard(sc.ids["bolt"])}
    pick(game, sc.ids["bolt"])
    assert names(game, game.zones[1][Zone.GRAVEYARD]) == ["Test Bolt"]
    assert sorted(names(game, game.zones[1][Zone.HAND])) == ["Forest", "Test Bear", "Test Giant"]


def _player_target(game: Any, player: int) -> tuple[int, ...]:
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets]
    for o in casts:
        if game.player_of_entity.get(o.targets[0]) == player:
            return o.targets
    raise AssertionError("no player target")


def test_701_16e_look_at_hand_and_choose_x_cards_that_player_discards_them():
    spell = card("Test Warp", "Sorcery", "Look at target player's hand and choose X cards from it. That player discards "
                 "those cards.", "{X}{B}")
    sc = scenario([spell, BEAR, BOLT], {"hand": ["Test Warp"], "mana_pool": "{B}{B}{B}"}, {"hand": [
        {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}, {"card": "Test Bolt", "id": "bolt"}]})
    game = sc.game
    spell_card = next(c for c in game.zones[0][Zone.HAND])
    option = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.card == spell_card and o.x == 2
                  and game.player_of_entity.get(o.targets[0]) == 1)
    game.apply(option)
    until_decision(game)
    pick(game, sc.ids["f"])
    assert ChooseCard(-1) not in game.whole_actions()  # exactly X cards
    pick(game, sc.ids["bolt"])
    assert sorted(names(game, game.zones[1][Zone.GRAVEYARD])) == ["Forest", "Test Bolt"]
    assert names(game, game.zones[1][Zone.HAND]) == ["Test Bear"]


def test_701_16a_reveal_hand_choose_a_nonland_permanent_card_exile_it():
    spell = card("Test Kidnap", "Sorcery", "Target opponent reveals their hand. You choose a nonland permanent card "
                 "from it. Exile that card.")
    sc = scenario([spell, BEAR, BOLT], {"hand": ["Test Kidnap"]}, {"hand": [
        {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}, {"card": "Test Bolt", "id": "bolt"}]})
    game = sc.game
    cast(sc, "Test Kidnap", _player_target(game, 1))
    # the only nonland permanent card is chosen without a decision; an instant is not a permanent card (110.4a)
    assert names(game, game.zones[1][Zone.EXILE]) == ["Test Bear"]
    assert sorted(names(game, game.zones[1][Zone.HAND])) == ["Forest", "Test Bolt"]


def test_701_16a_target_player_reveals_their_hand_changes_no_zone():
    spell = card("Test Peek", "Sorcery", "Target player reveals their hand.")
    sc = scenario([spell, BEAR], {"hand": ["Test Peek"]}, {"hand": ["Test Bear", "Forest"]})
    game = sc.game
    cast(sc, "Test Peek", _player_target(game, 1))
    assert not game.stack and sorted(names(game, game.zones[1][Zone.HAND])) == ["Forest", "Test Bear"]
    assert any("reveals their hand" in line and "Test Bear" in line for line in game.log)


# ------------------------------------------------------------------ from a hand onto the battlefield


def test_305_4_put_a_land_card_from_your_hand_onto_the_battlefield_is_not_a_land_play():
    piper = card("Test Ranger", "Creature — Elf", "{T}: You may put a land card from your hand onto the battlefield.",
                 "{G}", (1, 1))
    sc = scenario([piper, BEAR], {"battlefield": [{"card": "Test Ranger", "id": "r"}],
                                  "hand": [{"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility)))
    until_decision(game)
    if game.pending.kind == DecisionKind.MAY:
        game.apply(Choose(True))
    # the only land in hand is put there without a choice; the creature card can't be
    assert any(game.name(e) == "Forest" for e in game.battlefield())
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    assert game.player_states[0].lands_played == 0  # 305.4: not playing a land


def test_put_up_to_two_land_cards_from_hand_onto_the_battlefield_tapped():
    spell = card("Test Lands", "Sorcery", "Put up to two land cards from your hand onto the battlefield tapped.")
    sc = scenario([spell], {"hand": ["Test Lands", {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"},
                                     {"card": "Swamp", "id": "s"}]})
    game = sc.game
    cast(sc, "Test Lands")
    assert ChooseCard(-1) in game.whole_actions()
    pick(game, sc.ids["f"])
    pick(game, sc.ids["s"])
    lands = [e for e in game.battlefield() if game.name(e) in ("Forest", "Swamp")]
    assert len(lands) == 2 and all(game.table.get(e, "tapped") for e in lands)
    assert names(game, game.zones[0][Zone.HAND]) == ["Island"]


# ------------------------------------------------------------------ graveyards


def test_701_20a_target_player_shuffles_their_graveyard_into_their_library():
    spell = card("Test Mind", "Sorcery", "Target player shuffles their graveyard into their library.")
    sc = scenario([spell, BEAR], {"hand": ["Test Mind"]}, {"graveyard": ["Test Bear", "Forest"], "library": ["Island"]})
    game = sc.game
    cast(sc, "Test Mind", _player_target(game, 1))
    assert game.zones[1][Zone.GRAVEYARD] == []
    assert sorted(names(game, game.zones[1][Zone.LIBRARY])) == ["Forest", "Island", "Test Bear"]


def test_put_target_card_from_your_graveyard_on_top_of_your_library():
    ruins = card("Test Ruins", "Land", "{T}: Put target artifact card from your graveyard on top of your library.")
    relic = card("Test Relic", "Artifact", "", "{2}")
    sc = scenario([ruins, relic], {"battlefield": ["Test Ruins"], "graveyard": [{"card": "Test Relic", "id": "r"}],
                                   "library": ["Forest"]})
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility)))
    until_decision(game)
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Relic", "Forest"]


# ------------------------------------------------------------------ the compiler: what is read, what is refused


@pytest.mark.parametrize("text", [
    "Look at the top four cards of your library. You may reveal a creature card from among them and put it into your "
    "hand. Put the rest on the bottom of your library in a random order.",
    "Look at the top five cards of your library, put one of them into your hand, and exile the rest.",
    "Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your "
    "library.",
    "Reveal the top seven cards of your library. Put any number of creature and/or land cards from among them into "
    "your hand and the rest on the bottom of your library in a random order.",
    "Look at the top five cards of your library. You may reveal a colorless card from among them and put it into your "
    "hand. Then put the rest on the bottom of your library in any order.",
    "Target opponent reveals their hand. You choose a nonland card from it. That player discards that card.",
    "Look at target player's hand and choose up to two cards from it. That player discards those cards.",
    "Target player shuffles their graveyard into their library.",
    "Target opponent reveals their hand. You choose an artifact or creature card from it. Exile that card.",
    "Draw a card, then you may put a land card from your hand onto the battlefield.",
    "Draw three cards. You may put a land card from your hand onto the battlefield tapped.",
    "Search your library for up to two artifact, creature, and/or enchantment cards with mana value 1 or less, reveal "
    "them, put them into your hand, then shuffle.",
    "Reveal the top card of your library and put that card into your hand. You gain life equal to its mana value.",
    "Shuffle up to three target cards from your graveyard into your library.",
    "Shuffle all creature cards from your graveyard into your library.",
    "As ~ enters, you may reveal a Plains or Island card from your hand. If you don't, ~ enters tapped.",
    "You may search your library and/or graveyard for a card named Sorin, Vampire Lord, reveal it, and put it into "
    "your hand. If you search your library this way, shuffle.",
    "Each player shuffles the cards from their hand into their library, then draws that many cards.",
    "Target player reveals the top card of their library.",
    "Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand and the "
    "rest on the bottom of your library in a random order.",
    "Target opponent reveals cards from the top of their library until four land cards are revealed. That player puts "
    "all cards revealed this way into their graveyard.",
    "Look at the top three cards of your library. You may put one of those cards back on top of your library. Put "
    "the rest into your graveyard.",
    "Search your library for a Forest card and a Plains card, put them onto the battlefield tapped, then shuffle.",
    "Search your library for a basic land card or Gate card, reveal it, put it into your hand, then shuffle.",
    "Search your library for up to two basic land cards and/or Gate cards, reveal those cards, put one onto the "
    "battlefield tapped and the other into your hand, then shuffle.",
    "Search your library for any number of land cards, exile them, then shuffle.",
    "Each player may put an artifact, creature, enchantment, or land card from their hand onto the battlefield.",
    "Target artifact or creature's owner puts it on their choice of the top or bottom of their library. Surveil 1.",
    "Search your library for a land card with a basic land type, put it onto the battlefield tapped, then shuffle.",
    "Play with the top card of your library revealed.",
    "You may play lands and cast spells from the top of your library.",
    "Target player shuffles their library.",
    "Target opponent reveals their hand. You choose a nonland permanent card from it. That player discards that card.",
    "Look at the top four cards of your library. You may reveal a noncreature, nonland card from among them and put "
    "it into your hand. Put the rest on the bottom of your library in any order.",
    "Reveal the top card of your library. If it's a creature card with mana value 3 or less, put it into your hand. "
    "Otherwise, you may put it into your graveyard.",
    "Look at the top card of your library. If it's a land card, you may reveal it and put it into your hand. If you "
    "don't put the card into your hand, you may put it into your graveyard.",
])
def test_templates_render_back_exactly(text):
    from content.oracle.report import roundtrip_normal

    abilities = compiled(text, int(CardType.LAND) if text.startswith("As ~") else int(CardType.SORCERY))
    assert roundtrip_normal(render_line(abilities)) == roundtrip_normal(text)


def test_effect_types_read():
    assert isinstance(compiled(LOOK4["text"])[0].effects[0], LookAtTop)
    assert isinstance(compiled("Look at target player's hand.")[0].effects[0], RevealHandChoose)
    assert isinstance(compiled("Put a creature card from your hand onto the battlefield.")[0].effects[0], PutFromHand)


@pytest.mark.parametrize("text", [
    # a card put onto the battlefield this way is not something "that creature" can refer to here
    "{1}{R}, {T}: You may put an Elemental creature card from your hand onto the battlefield. That creature gains "
    "haste until end of turn.",
    # an instant can't be put onto the battlefield
    "Look at the top five cards of your library. You may put an instant card from among them onto the battlefield. "
    "Put the rest on the bottom of your library in a random order.",
    # the rest must be placed: an instruction left out is not read
    "Look at the top four cards of your library. You may reveal a creature card from among them and put it into your "
    "hand.",
])
def test_refused_variants(text):
    types = CardType.CREATURE if text.startswith("{") else CardType.SORCERY
    results = compile_lines("Test Card", text, int(types))
    assert not all(r.ok for r in results)


# ------------------------------------------------------------------ the top card


def _top_board(text: str, library: list[Any]) -> Scenario:
    prophet = card("Test Prophet", "Creature — Human", text, "{1}", (1, 1))
    return scenario([prophet, BEAR], {"battlefield": [{"card": "Test Prophet", "id": "p"}], "library": library})


def _activate(sc: Scenario) -> None:
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility)))
    until_decision(game)


PROPHETS = "{T}: Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, " \
           "put it into your hand."


def test_701_16a_reveal_top_card_a_land_goes_onto_the_battlefield():
    sc = _top_board(PROPHETS, ["Forest", "Island"])
    game = sc.game
    _activate(sc)
    assert any(game.name(e) == "Forest" for e in game.battlefield())
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Island"] and game.zones[0][Zone.HAND] == []
    assert any("reveals Forest" in line for line in game.log)  # revealed: every player sees it


def test_701_16a_reveal_top_card_otherwise_it_goes_into_the_hand():
    sc = _top_board(PROPHETS, ["Test Bear", "Island"])
    game = sc.game
    _activate(sc)
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    assert not any(game.name(e) == "Test Bear" for e in game.battlefield())


def test_701_16e_look_at_top_card_may_put_a_land_onto_the_battlefield_else_into_the_hand():
    text = "{T}: Look at the top card of your library. If it's a land card, you may put it onto the battlefield. " \
           "If you don't put the card onto the battlefield, put it into your hand."
    sc = _top_board(text, ["Forest", "Island"])
    game = sc.game
    _activate(sc)
    assert set(game.whole_actions()) == {ChooseCard(game.zones[0][Zone.LIBRARY][0]), ChooseCard(-1)}
    game.apply(ChooseCard(-1))  # declined: it goes into the hand instead
    assert names(game, game.zones[0][Zone.HAND]) == ["Forest"]
    assert not any("Forest" in line for line in game.log)  # only looked at: not named to the others


def test_701_16e_look_at_top_card_a_nonmatching_card_stays_on_top():
    text = "{T}: Look at the top card of your library. If it's a land card, you may put it onto the battlefield."
    sc = _top_board(text, ["Test Bear", "Island"])
    game = sc.game
    _activate(sc)
    assert game.pending.kind == DecisionKind.PRIORITY  # nothing to decide: it isn't a land
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Bear", "Island"]


def test_reveal_top_card_otherwise_may_put_it_on_the_bottom():
    text = "{T}: Reveal the top card of your library. If it's a creature card, put it into your hand. Otherwise, " \
           "you may put it on the bottom of your library."
    sc = _top_board(text, ["Forest", "Island"])
    game = sc.game
    _activate(sc)
    game.apply(ChooseCard(game.zones[0][Zone.LIBRARY][0]))  # yes: that card goes to the bottom
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Island", "Forest"]


# ------------------------------------------------------------------ exiled cards that may be played


def _to_next_main(game: Any, turn: int) -> None:
    from components.objects import Step
    from ecs.actions import FinishAttackers, FinishBlockers

    for _ in range(200):
        if game.turn == turn and game.step == Step.PRECOMBAT_MAIN and game.pending.kind == DecisionKind.PRIORITY \
                and not game.stack:
            return
        kind = game.pending.kind
        if kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        elif kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        else:
            game.apply(game.whole_actions()[0])
    raise AssertionError("turn not reached")


def _plays(game: Any, card_name: str) -> list[object]:
    from ecs.actions import PlayLand

    return [o for o in game.whole_actions() if isinstance(o, (PlayLand, CastSpell))
            and game.world.exists(o.card) and game.name(o.card) == card_name
            and game.where(o.card).zone == Zone.EXILE]


def test_701_14b_exiled_land_may_be_played_this_turn_with_the_land_play():
    spell = card("Test Impulse", "Sorcery", "Exile the top card of your library. Until end of turn, you may play "
                 "that card.")
    sc = scenario([spell], {"hand": ["Test Impulse"], "library": ["Forest", "Island", "Swamp", "Plains"]},
                  {"library": ["Mountain"] * 5})
    game = sc.game
    cast(sc, "Test Impulse")
    assert names(game, game.zones[0][Zone.EXILE]) == ["Forest"]
    plays = _plays(game, "Forest")
    assert len(plays) == 1
    game.apply(plays[0])
    assert any(game.name(e) == "Forest" for e in game.battlefield())
    assert game.player_states[0].lands_played == 1  # 305.2: it was this turn's land play


def test_701_14b_permission_ends_with_the_turn():
    spell = card("Test Impulse", "Sorcery", "Exile the top card of your library. Until end of turn, you may play "
                 "that card.")
    sc = scenario([spell, BOLT], {"hand": ["Test Impulse"], "library": ["Test Bolt"] + ["Island"] * 5},
                  {"library": ["Mountain"] * 5})
    game = sc.game
    cast(sc, "Test Impulse")
    assert _plays(game, "Test Bolt") == []  # a spell is cast for its mana cost: no red mana available
    _to_next_main(game, 3)
    assert _plays(game, "Test Bolt") == [] and not game.play_permissions


def test_701_14b_exiled_spell_cast_for_its_mana_cost_until_the_end_of_your_next_turn():
    spell = card("Test Reckless", "Sorcery", "Exile the top two cards of your library. Until the end of your next "
                 "turn, you may play those cards.")
    sc = scenario([spell, BOLT, BEAR], {"hand": ["Test Reckless"], "library": ["Test Bolt", "Forest"] + ["Island"] * 5,
                                  "battlefield": ["Mountain"]},
                  {"library": ["Mountain"] * 5, "battlefield": [{"card": "Test Bear", "id": "bear"}]},)
    game = sc.game
    cast(sc, "Test Reckless")
    assert sorted(names(game, game.zones[0][Zone.EXILE])) == ["Forest", "Test Bolt"]
    _to_next_main(game, 3)  # alice's next turn: still allowed
    casts = _plays(game, "Test Bolt")
    assert casts and all(isinstance(o, CastSpell) for o in casts)
    game.apply(next(o for o in casts if o.targets == (sc.ids["bear"],)))
    until_decision(game)
    assert not any(game.name(e) == "Test Bear" for e in game.battlefield())
    assert _plays(game, "Forest")  # the land too, this turn
    _to_next_main(game, 5)
    assert _plays(game, "Forest") == []  # after the end of that turn, no more


def test_exile_top_may_play_renders_back():
    from content.oracle.report import roundtrip_normal

    for text in ("Exile the top card of your library. Until end of turn, you may play that card.",
                 "Exile the top two cards of your library. You may play them this turn.",
                 "Exile the top X cards of your library. You may play them until the end of your next turn."):
        assert roundtrip_normal(render_line(compiled(text))) == roundtrip_normal(text)


# ------------------------------------------------------------------ library searches (701.19)


def test_701_19_its_controller_may_search_for_a_basic_land_they_choose_and_control_it():
    spell = card("Test Trophy", "Instant", "Destroy target creature. Its controller may search their library for a "
                 "basic land card, put it onto the battlefield tapped, then shuffle.")
    sc = scenario([spell, BEAR], {"hand": ["Test Trophy"]},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}],
                   "library": [{"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "b2"}]})
    game = sc.game
    cast(sc, "Test Trophy", (sc.ids["bear"],))
    # the creature's controller (bob) decides, not the caster
    assert game.pending.kind == DecisionKind.MAY and game.pending.player == 1
    game.apply(Choose(True))
    assert game.pending.player == 1 and set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(-1)}
    game.apply(ChooseCard(sc.ids["f"]))
    forest = next(e for e in game.battlefield() if game.name(e) == "Forest")
    assert game.controller(forest) == 1 and game.table.get(forest, "tapped")


def test_701_19_up_to_two_basic_lands_one_onto_the_battlefield_tapped_the_other_into_hand():
    spell = card("Test Reach", "Sorcery", "Search your library for up to two basic land cards, reveal those cards, put "
                 "one onto the battlefield tapped and the other into your hand, then shuffle.")
    sc = scenario([spell, BEAR], {"hand": ["Test Reach"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    cast(sc, "Test Reach")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(sc.ids["i"]), ChooseCard(-1)}
    pick(game, sc.ids["f"])
    pick(game, sc.ids["i"])
    assert game.pending.kind == DecisionKind.PICK_CARD  # which one goes onto the battlefield
    pick(game, sc.ids["i"])
    island = next(e for e in game.battlefield() if game.name(e) == "Island")
    assert game.table.get(island, "tapped")
    assert names(game, game.zones[0][Zone.HAND]) == ["Forest"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Bear"]


def test_701_20b_search_then_shuffle_and_put_that_card_on_top():
    spell = card("Test Tutor", "Instant", "Search your library for a card, then shuffle and put that card on top.")
    sc = scenario([spell, BEAR], {"hand": ["Test Tutor"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    cast(sc, "Test Tutor")
    assert ChooseCard(-1) not in game.whole_actions()  # 701.19d: "a card" must be found if there is one
    pick(game, sc.ids["bear"])
    assert names(game, game.zones[0][Zone.LIBRARY])[0] == "Test Bear"


def test_701_19_a_permanent_card_with_mana_value_2_or_less_onto_the_battlefield():
    spell = card("Test Brute", "Sorcery", "Search your library for a Bear permanent card with mana value 2 or less, "
                 "put it onto the battlefield, then shuffle.")
    big = card("Test Big Bear", "Creature — Bear", "", "{4}{G}", (5, 5))
    sc = scenario([spell, BEAR, big], {"hand": ["Test Brute"], "library": [
        {"card": "Test Big Bear", "id": "big"}, {"card": "Test Bear", "id": "bear"}]})
    game = sc.game
    cast(sc, "Test Brute")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["bear"]), ChooseCard(-1)}
    pick(game, sc.ids["bear"])
    assert any(game.name(e) == "Test Bear" for e in game.battlefield())


@pytest.mark.parametrize("text", [
    "Search your library for a Mercenary permanent card with mana value 2 or less, put it onto the battlefield, "
    "then shuffle.",
    "Search your library for up to two Forest cards, reveal those cards, put them into your hand, then shuffle.",
    "Search your library for any number of Dragon creature cards, put them onto the battlefield, then shuffle.",
    "Search your library for a creature card, reveal it, then shuffle and put the card on top.",
    "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and "
    "the other into your hand, then shuffle.",
    "Destroy target creature or planeswalker. Its controller may search their library for a basic land card, put it "
    "onto the battlefield tapped, then shuffle.",
])
def test_search_templates_render_back_exactly(text):
    from content.oracle.report import roundtrip_normal

    assert roundtrip_normal(render_line(compiled(text))) == roundtrip_normal(text)


# ------------------------------------------------------------------ the top of the library (401.5)


ORACLE = card("Test Oracle", "Creature — Elf Shaman", "Play with the top card of your library revealed.\nYou may "
              "play lands from the top of your library.", "{3}{G}", (2, 2))


def test_401_5_play_lands_from_the_top_of_the_library_uses_the_land_play():
    from ecs.actions import PlayLand

    sc = scenario([ORACLE], {"battlefield": ["Test Oracle"], "library": [{"card": "Forest", "id": "f"}, "Island"]},
                  {"library": ["Mountain"] * 3})
    game = sc.game
    assert PlayLand(sc.ids["f"]) in game.whole_actions()
    game.apply(PlayLand(sc.ids["f"]))
    assert any(game.name(e) == "Forest" for e in game.battlefield())
    assert game.player_states[0].lands_played == 1
    # the next card is on top now; no second land play this turn (305.2)
    assert not any(isinstance(o, PlayLand) for o in game.whole_actions())


def test_401_5_a_top_card_played_revealed_is_seen_by_every_player():
    sc = scenario([ORACLE], {"battlefield": ["Test Oracle"], "library": ["Island", "Forest"]},
                  {"library": ["Mountain"] * 3})
    game = sc.game
    for viewer in (0, 1):
        seen = game.observation(viewer)["players"]
        assert seen[0]["library_top"]["name"] == "Island"  # everyone sees alice's top card
        assert "library_top" not in seen[1]  # bob's library isn't revealed


def test_401_5_a_spell_card_on_top_is_not_playable_with_only_play_lands():
    sc = scenario([ORACLE, BOLT], {"battlefield": ["Test Oracle", "Mountain"], "library": ["Test Bolt"]},
                  {"library": ["Mountain"] * 3})
    game = sc.game
    assert not any(isinstance(o, CastSpell) for o in game.whole_actions())


def test_401_5_cast_spells_from_the_top_of_the_library():
    sight = card("Test Sight", "Enchantment", "You may look at the top card of your library any time.\nYou may play "
                 "lands and cast spells from the top of your library.", "{2}{U}{U}{U}")
    sc = scenario([sight, BOLT], {"battlefield": ["Test Sight", "Mountain"], "library": [{"card": "Test Bolt",
                                                                                          "id": "bolt"}, "Island"]},
                  {"library": ["Mountain"] * 3})
    game = sc.game
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.card == sc.ids["bolt"]]
    assert casts
    assert game.observation(0)["players"][0]["library_top"]["name"] == "Test Bolt"  # alice may look at it
    assert "library_top" not in game.observation(1)["players"][0]  # bob may not (401.2)
    game.apply(casts[0])
    assert game.stack and names(game, game.zones[0][Zone.LIBRARY]) == ["Island"]


def test_701_20a_target_player_shuffles():
    spell = card("Test Shuffle", "Sorcery", "Target player shuffles.")
    sc = scenario([spell], {"hand": ["Test Shuffle"]}, {"library": ["Forest", "Island", "Swamp", "Plains", "Mountain"]})
    game = sc.game
    before = names(game, game.zones[1][Zone.LIBRARY])
    cast(sc, "Test Shuffle", _player_target(game, 1))
    after = names(game, game.zones[1][Zone.LIBRARY])
    assert sorted(after) == sorted(before) and any("shuffles their library" in line for line in game.log)


def test_610_3_a_card_exiled_from_a_hand_until_this_leaves_returns_to_the_hand():
    freebooter = card("Test Freebooter", "Artifact Creature — Pirate", "When Test Freebooter enters, target opponent "
                      "reveals their hand. You choose a noncreature, nonland card from it. Exile that card until Test "
                      "Freebooter leaves the battlefield.", "{1}", (1, 2))
    sc = scenario([freebooter, BEAR, BOLT], {"hand": ["Test Freebooter"], "mana_pool": "{C}"},
                  {"hand": [{"card": "Test Bolt", "id": "bolt"}, "Test Bear", "Forest"]})
    game = sc.game
    cast(sc, "Test Freebooter")
    for _ in range(10):  # the creature spell resolves, its trigger goes on the stack and resolves
        if game.pending.kind == DecisionKind.TRIGGER:
            game.apply(game.whole_actions()[0])
        elif game.pending.kind == DecisionKind.PRIORITY and (game.stack or game.waiting_triggers):
            game.apply(PassPriority())
        else:
            break
    assert names(game, game.zones[1][Zone.EXILE]) == ["Test Bolt"]  # the only noncreature, nonland card
    freebooter_ent = next(e for e in game.battlefield() if game.name(e) == "Test Freebooter")
    from systems.zones import move

    move(game, freebooter_ent, Zone.GRAVEYARD)
    assert game.zones[1][Zone.EXILE] == []
    assert sorted(names(game, game.zones[1][Zone.HAND])) == ["Forest", "Test Bear", "Test Bolt"]


def test_701_16a_reveal_top_card_put_it_into_hand_lose_life_equal_to_its_mana_value():
    bob_card = card("Test Confidant", "Creature — Human", "{T}: Reveal the top card of your library and put that card "
                    "into your hand. You lose life equal to its mana value.", "{1}{B}", (2, 1))
    giant = card("Test Giant", "Creature — Giant", "", "{4}{R}", (5, 5))
    sc = _top_board_with(bob_card, ["Test Giant", "Forest"], [giant])
    game = sc.game
    _activate(sc)
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Giant"]
    assert game.player_states[0].life == 20 - 5
    assert any("reveals Test Giant" in line for line in game.log)


def _top_board_with(source: dict[str, Any], library: list[Any], extra: list[dict[str, Any]]) -> Scenario:
    return scenario([source, *extra], {"battlefield": [source["name"]], "library": library})


def test_701_20a_shuffle_up_to_two_target_cards_from_your_graveyard_into_your_library():
    spell = card("Test Recall", "Sorcery", "Shuffle up to two target cards from your graveyard into your library.")
    sc = scenario([spell, BEAR], {"hand": ["Test Recall"], "library": ["Island"],
                                  "graveyard": [{"card": "Test Bear", "id": "bear"}, {"card": "Forest", "id": "f"},
                                                {"card": "Swamp", "id": "s"}]})
    game = sc.game
    spell_card = game.zones[0][Zone.HAND][0]
    game.apply(CastSpell(spell_card, (sc.ids["bear"], sc.ids["s"])))
    until_decision(game)
    assert sorted(names(game, game.zones[0][Zone.LIBRARY])) == ["Island", "Swamp", "Test Bear"]
    assert sorted(names(game, game.zones[0][Zone.GRAVEYARD])) == ["Forest", "Test Recall"]


def test_701_20a_shuffle_all_creature_cards_from_your_graveyard_into_your_library():
    spell = card("Test Kavu", "Sorcery", "Shuffle all creature cards from your graveyard into your library.")
    sc = scenario([spell, BEAR], {"hand": ["Test Kavu"], "graveyard": ["Test Bear", "Test Bear", "Forest"]})
    game = sc.game
    cast(sc, "Test Kavu")
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Bear", "Test Bear"]
    assert sorted(names(game, game.zones[0][Zone.GRAVEYARD])) == ["Forest", "Test Kavu"]


def test_701_16e_look_at_the_top_card_of_target_players_library_may_put_it_into_their_graveyard():
    informant = card("Test Informant", "Creature — Human Rogue", "{T}: Look at the top card of target player's "
                     "library. You may put that card into that player's graveyard.", "{1}{U}", (1, 2))
    sc = scenario([informant], {"battlefield": ["Test Informant"]}, {"library": [{"card": "Forest", "id": "f"},
                                                                              "Island"]})
    game = sc.game
    act = next(o for o in game.whole_actions() if isinstance(o, ActivateAbility)
               and game.player_of_entity.get(o.targets[0]) == 1)
    game.apply(act)
    until_decision(game)
    assert game.pending.player == 0 and set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(-1)}
    game.apply(ChooseCard(sc.ids["f"]))
    assert names(game, game.zones[1][Zone.GRAVEYARD]) == ["Forest"]
    assert names(game, game.zones[1][Zone.LIBRARY]) == ["Island"]


def test_701_20a_ponder_you_may_shuffle():
    ponder = card("Test Ponder", "Sorcery", "Look at the top three cards of your library, then put them back in any "
                  "order. You may shuffle.\nDraw a card.", "{U}")
    sc = scenario([ponder], {"hand": ["Test Ponder"], "mana_pool": "{U}",
                             "library": [{"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"},
                                         {"card": "Swamp", "id": "s"}, "Plains"]})
    game = sc.game
    cast(sc, "Test Ponder")
    pick(game, sc.ids["s"])
    pick(game, sc.ids["i"])
    assert game.pending.kind == DecisionKind.MAY
    game.apply(Choose(False))
    assert names(game, game.zones[0][Zone.HAND]) == ["Swamp"]  # drew the card put on top
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Island", "Forest", "Plains"]


# ------------------------------------------------------------------ reveal-lands (614.12)


HUB = card("Test Hub", "Land", "As Test Hub enters, you may reveal a Merfolk card from your hand. If you don't, Test "
           "Hub enters tapped.\n{T}: Add {U}.")
MERFOLK = card("Test Merfolk", "Creature — Merfolk Wizard", "", "{U}", (1, 1))


def test_614_12_reveal_land_enters_untapped_when_a_matching_card_is_revealed():
    from ecs.actions import PlayLand

    sc = scenario([HUB, MERFOLK], {"hand": [{"card": "Test Hub", "id": "hub"}, {"card": "Test Merfolk", "id": "m"}]})
    game = sc.game
    plays = {o.choice for o in game.whole_actions() if isinstance(o, PlayLand)}
    assert plays == {f"reveal:{sc.ids['m']}", "tapped"}
    game.apply(PlayLand(sc.ids["hub"], f"reveal:{sc.ids['m']}"))
    hub = next(e for e in game.battlefield() if game.name(e) == "Test Hub")
    assert not game.table.get(hub, "tapped")
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Merfolk"]  # revealing doesn't move it (701.16b)


def test_614_12_reveal_land_without_a_matching_card_enters_tapped():
    from ecs.actions import PlayLand

    sc = scenario([HUB, BEAR], {"hand": [{"card": "Test Hub", "id": "hub"}, "Test Bear"]})
    game = sc.game
    plays = [o for o in game.whole_actions() if isinstance(o, PlayLand)]
    assert [o.choice for o in plays] == ["tapped"]
    game.apply(plays[0])
    hub = next(e for e in game.battlefield() if game.name(e) == "Test Hub")
    assert game.table.get(hub, "tapped")


# ------------------------------------------------------------------ library and/or graveyard (701.19)


GUIDE = card("Test Guide", "Sorcery", "Search your library and/or graveyard for a card named Test Bear, reveal it, "
             "and put it into your hand. If you search your library this way, shuffle.")


def test_701_19_and_or_graveyard_a_card_from_the_library_shuffles():
    sc = scenario([GUIDE, BEAR], {"hand": ["Test Guide"], "library": ["Forest", {"card": "Test Bear", "id": "b"}],
                                  "graveyard": [{"card": "Test Bear", "id": "g"}]})
    game = sc.game
    cast(sc, "Test Guide")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["g"]), ChooseCard(sc.ids["b"]), ChooseCard(-1)}
    pick(game, sc.ids["b"])
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Forest"]
    assert game.pending.kind == DecisionKind.PRIORITY  # the library was searched: shuffled, nothing more to ask


def test_701_19_and_or_graveyard_from_the_graveyard_asks_whether_the_library_was_searched():
    sc = scenario([GUIDE, BEAR], {"hand": ["Test Guide"], "library": ["Forest", "Island"],
                                  "graveyard": [{"card": "Test Bear", "id": "g"}]})
    game = sc.game
    cast(sc, "Test Guide")
    pick(game, sc.ids["g"])
    assert game.pending.kind == DecisionKind.MAY
    game.apply(Choose(False))
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Forest", "Island"]  # not shuffled


def test_701_19b_finding_nothing_while_the_graveyard_holds_it_means_only_the_library_was_searched():
    sc = scenario([GUIDE, BEAR], {"hand": ["Test Guide"], "library": ["Forest"],
                                  "graveyard": [{"card": "Test Bear", "id": "g"}]})
    game = sc.game
    cast(sc, "Test Guide")
    game.apply(ChooseCard(-1))
    assert game.pending.kind == DecisionKind.PRIORITY and names(game, game.zones[0][Zone.GRAVEYARD])[0] == "Test Bear"


def test_701_20a_shuffle_your_hand_into_your_library_then_draw_that_many():
    spell = card("Test Wheel", "Sorcery", "Shuffle the cards from your hand into your library, then draw that many "
                 "cards.")
    sc = scenario([spell, BEAR], {"hand": ["Test Wheel", "Test Bear", "Forest"], "library": ["Island"] * 5})
    game = sc.game
    cast(sc, "Test Wheel")
    assert len(game.zones[0][Zone.HAND]) == 2  # two cards shuffled in (the spell itself was on the stack)
    assert len(game.zones[0][Zone.LIBRARY]) == 5


def test_701_16a_target_player_reveals_the_top_card_of_their_library():
    spell = card("Test Windreader", "Sorcery", "Target player reveals the top card of their library.")
    sc = scenario([spell], {"hand": ["Test Windreader"]}, {"library": ["Forest", "Island"]})
    game = sc.game
    cast(sc, "Test Windreader", _player_target(game, 1))
    assert any(line.endswith("reveals Forest") for line in game.log)
    assert names(game, game.zones[1][Zone.LIBRARY]) == ["Forest", "Island"]  # it stays (701.16b)


def test_701_16a_reveal_until_a_creature_card_into_hand_rest_exiled():
    spell = card("Test Seek", "Sorcery", "Reveal cards from the top of your library until you reveal a creature card. "
                 "Put that card into your hand and exile all other cards revealed this way.")
    sc = scenario([spell, BEAR], {"hand": ["Test Seek"], "library": ["Forest", "Island", "Test Bear", "Swamp"]})
    game = sc.game
    cast(sc, "Test Seek")
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Bear"]
    assert sorted(names(game, game.zones[0][Zone.EXILE])) == ["Forest", "Island"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Swamp"]


def test_701_16a_target_opponent_reveals_until_four_lands_all_into_the_graveyard():
    spell = card("Test Funeral", "Sorcery", "Target opponent reveals cards from the top of their library until four "
                 "land cards are revealed. That player puts all cards revealed this way into their graveyard.")
    sc = scenario([spell, BEAR], {"hand": ["Test Funeral"]},
                  {"library": ["Forest", "Test Bear", "Island", "Swamp", "Test Bear", "Plains", "Mountain"]})
    game = sc.game
    cast(sc, "Test Funeral", _player_target(game, 1))
    assert sorted(names(game, game.zones[1][Zone.GRAVEYARD])) == ["Forest", "Island", "Plains", "Swamp",
                                                                  "Test Bear", "Test Bear"]
    assert names(game, game.zones[1][Zone.LIBRARY]) == ["Mountain"]


def test_701_16e_put_one_of_those_cards_back_on_top_the_rest_into_the_graveyard():
    spell = card("Test Plunder", "Sorcery", "Look at the top three cards of your library. You may put one of those "
                 "cards back on top of your library. Put the rest into your graveyard.")
    sc = scenario([spell], {"hand": ["Test Plunder"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Swamp", "id": "s"}, "Plains"]})
    game = sc.game
    cast(sc, "Test Plunder")
    assert ChooseCard(-1) in game.whole_actions()
    pick(game, sc.ids["s"])
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Swamp", "Plains"]
    assert sorted(names(game, game.zones[0][Zone.GRAVEYARD])) == ["Forest", "Island", "Test Plunder"]


def test_701_19_a_forest_card_and_a_plains_card_one_of_each():
    spell = card("Test Verge", "Sorcery", "Search your library for a Forest card and a Plains card, put them onto the "
                 "battlefield tapped, then shuffle.")
    sc = scenario([spell], {"hand": ["Test Verge"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Plains", "id": "p"}, {"card": "Island", "id": "i"}]})
    game = sc.game
    cast(sc, "Test Verge")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(-1)}  # first the Forest
    pick(game, sc.ids["f"])
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["p"]), ChooseCard(-1)}  # then the Plains
    pick(game, sc.ids["p"])
    lands = [e for e in game.battlefield() if game.name(e) in ("Forest", "Plains")]
    assert len(lands) == 2 and all(game.table.get(e, "tapped") for e in lands)
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Island"]


def test_701_19_a_basic_land_card_or_a_gate_card():
    gate = card("Test Gate", "Land — Gate", "{T}: Add {C}.")
    spell = card("Test Guide2", "Sorcery", "Search your library for a basic land card or a Gate card, reveal it, put "
                 "it into your hand, then shuffle.")
    sc = scenario([spell, gate, BEAR], {"hand": ["Test Guide2"], "library": [
        {"card": "Test Gate", "id": "g"}, {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "b"}]})
    game = sc.game
    cast(sc, "Test Guide2")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["g"]), ChooseCard(sc.ids["f"]), ChooseCard(-1)}
    pick(game, sc.ids["g"])
    assert names(game, game.zones[0][Zone.HAND]) == ["Test Gate"]


def test_701_19_up_to_two_basic_land_and_or_desert_cards():
    desert = card("Test Desert", "Land — Desert", "{T}: Add {C}.")
    spell = card("Test Frontier", "Sorcery", "Search your library for up to two basic land cards and/or Desert cards, "
                 "put them onto the battlefield tapped, then shuffle.")
    sc = scenario([spell, desert, BEAR], {"hand": ["Test Frontier"], "library": [
        {"card": "Test Desert", "id": "d"}, {"card": "Forest", "id": "f"}, {"card": "Test Bear", "id": "b"}]})
    game = sc.game
    cast(sc, "Test Frontier")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["d"]), ChooseCard(sc.ids["f"]), ChooseCard(-1)}
    pick(game, sc.ids["d"])
    pick(game, sc.ids["f"])
    assert {game.name(e) for e in game.battlefield()} >= {"Test Desert", "Forest"}
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Bear"]


def test_kinship_reveal_a_card_sharing_a_creature_type_then_the_effect():
    elder = card("Test Graybeard", "Creature — Giant", "At the beginning of your upkeep, you may look at the top "
                 "card of your library. If it shares a creature type with Test Graybeard, you may reveal it. If you "
                 "do, you gain 4 life.", "{3}{G}", (4, 4))
    giant = card("Test Giant", "Creature — Giant Warrior", "", "{4}{R}", (5, 5))
    sc = scenario([elder, giant], {"battlefield": ["Test Graybeard"], "library": [{"card": "Test Giant", "id": "g"}]
                                   + ["Forest"] * 3}, {"library": ["Forest"] * 5})
    game = sc.game
    _to_next_main_or(game, DecisionKind.PICK_CARD)
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["g"]), ChooseCard(-1)}
    game.apply(ChooseCard(sc.ids["g"]))
    until_decision(game)
    assert game.player_states[0].life == 24


def _to_next_main_or(game: Any, kind: DecisionKind) -> None:
    from ecs.actions import FinishAttackers, FinishBlockers

    for _ in range(300):
        if game.pending.kind == kind:
            return
        k = game.pending.kind
        if k == DecisionKind.MAY:
            game.apply(Choose(True))
        elif k == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif k == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        elif k == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        else:
            game.apply(game.whole_actions()[0])
    raise AssertionError("decision not reached")


def test_701_19_search_for_any_number_of_land_cards_and_exile_them():
    spell = card("Test Severance", "Sorcery", "Search your library for any number of land cards, exile them, then "
                 "shuffle.")
    sc = scenario([spell, BEAR], {"hand": ["Test Severance"], "library": [
        {"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"}, {"card": "Test Bear", "id": "b"}]})
    game = sc.game
    cast(sc, "Test Severance")
    pick(game, sc.ids["f"])
    pick(game, sc.ids["i"])
    assert sorted(names(game, game.zones[0][Zone.EXILE])) == ["Forest", "Island"]
    assert names(game, game.zones[0][Zone.LIBRARY]) == ["Test Bear"]


def test_101_4_each_player_may_put_a_card_from_their_hand_onto_the_battlefield():
    spell = card("Test Show", "Sorcery", "Each player may put an artifact, creature, enchantment, or land card from "
                 "their hand onto the battlefield.")
    sc = scenario([spell, BEAR, BOLT], {"hand": ["Test Show", {"card": "Test Bear", "id": "b"}]},
                  {"hand": [{"card": "Forest", "id": "f"}, "Test Bolt"]})
    game = sc.game
    cast(sc, "Test Show")
    assert game.pending.player == 0 and set(game.whole_actions()) == {ChooseCard(sc.ids["b"]), ChooseCard(-1)}
    pick(game, sc.ids["b"])
    assert game.pending.player == 1 and set(game.whole_actions()) == {ChooseCard(sc.ids["f"]), ChooseCard(-1)}
    assert not any(game.name(e) == "Test Bear" for e in game.battlefield())  # nothing moved yet
    pick(game, sc.ids["f"])
    bear = next(e for e in game.battlefield() if game.name(e) == "Test Bear")
    forest = next(e for e in game.battlefield() if game.name(e) == "Forest")
    assert game.controller(bear) == 0 and game.controller(forest) == 1


def test_401_4_target_creatures_owner_puts_it_on_top_or_bottom_of_their_library():
    spell = card("Test Lost", "Instant", "Target creature's owner puts it on their choice of the top or bottom of "
                 "their library.")
    sc = scenario([spell, BEAR], {"hand": ["Test Lost"]},
                  {"battlefield": [{"card": "Test Bear", "id": "bear"}], "library": ["Forest", "Island"]})
    game = sc.game
    cast(sc, "Test Lost", (sc.ids["bear"],))
    from ecs.actions import PlaceCard

    assert game.pending.player == 1  # the owner chooses
    assert set(game.whole_actions()) == {PlaceCard(sc.ids["bear"], "top"), PlaceCard(sc.ids["bear"], "bottom")}
    game.apply(PlaceCard(sc.ids["bear"], "bottom"))
    assert names(game, game.zones[1][Zone.LIBRARY]) == ["Forest", "Island", "Test Bear"]


def test_205_3i_a_land_card_with_a_basic_land_type():
    dual = card("Test Dual", "Land — Forest Island", "")
    spell = card("Test Forays", "Sorcery", "Search your library for a land card with a basic land type, put it onto "
                 "the battlefield tapped, then shuffle.")
    gate = card("Test Gate", "Land — Gate", "{T}: Add {C}.")
    sc = scenario([spell, dual, gate], {"hand": ["Test Forays"], "library": [
        {"card": "Test Dual", "id": "d"}, {"card": "Test Gate", "id": "g"}]})
    game = sc.game
    cast(sc, "Test Forays")
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["d"]), ChooseCard(-1)}  # a Gate has no basic land type
