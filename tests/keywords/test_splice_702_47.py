"""Splice onto Arcane (CR 702.47): the spell gains the spliced card's rules text; the card stays in hand."""

from __future__ import annotations

from board import build, names, resolve_stack, untapped

from components.casting_keywords import Splice
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell


def _arcane(name, cost, text):
    return {"name": name, "manaCost": cost, "type": "Instant — Arcane", "types": ["Instant"], "subtypes": ["Arcane"],
            "supertypes": [], "text": text}


BOLT = _arcane("Test Arcane Bolt", "{R}", "Test Arcane Bolt deals 1 damage to any target.")
SURGE = _arcane("Test Vital Surge", "{1}{G}", "You gain 3 life.\nSplice onto Arcane {1}{G} (As you cast an Arcane "
                "spell, you may reveal this card from your hand and pay its splice cost. If you do, add this card's "
                "effects to that spell.)")
DAMPEN = _arcane("Test Dampen", "{1}{U}", "Target player mills four cards.\nSplice onto Arcane {1}{U}")
SHOCK = {"name": "Test Shock", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
         "supertypes": [], "text": "Test Shock deals 2 damage to any target."}
CARDS = [BOLT, SURGE, DAMPEN, SHOCK]


def _game(hand):
    players = [{"name": "alice", "hand": list(hand), "battlefield": ["Mountain", "Forest", "Forest", "Island",
                                                                     "Island"],
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 8}]
    return build(players, cards=CARDS).game


def _splices(game, name):
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "splice"
            and game.card(o.card).name == name]


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Vital Surge", SURGE["text"], CardType.INSTANT)[0] if isinstance(x, Splice)]
    assert render_line([a]) == "Splice onto Arcane {1}{G}"


def test_702_47a_the_spell_gains_the_spliced_text_the_cost_is_added_and_the_card_stays_in_hand():
    game = _game(["Test Arcane Bolt", "Test Vital Surge"])
    bob = game.players[1]
    (option,) = [o for o in _splices(game, "Test Arcane Bolt") if o.targets == (bob,)]
    assert [game.card(c).name for c in option.spliced] == ["Test Vital Surge"]
    game.apply(option)
    assert untapped(game, 0) == 2  # {R} plus {1}{G}
    assert names(game, 0, Zone.HAND) == ["Test Vital Surge"]  # revealed, not cast
    resolve_stack(game)
    assert game.player_states[1].life == 19 and game.player_states[0].life == 23
    # 702.47e: the changes end as it leaves the stack: the card in the graveyard is the card as printed.
    (card,) = game.zones[0][Zone.GRAVEYARD]
    assert game.card(card).name == "Test Arcane Bolt" and game.card(card) is game.obj(card).card
    assert len(game.card(card).abilities[0].effects) == 1


def test_702_47c_a_spell_with_a_target_gains_the_text_of_a_card_without_one():
    game = _game(["Test Dampen", "Test Vital Surge"])
    options = _splices(game, "Test Dampen")
    bob = game.players[1]
    assert {tuple(game.card(c).name for c in o.spliced) for o in options} == {("Test Vital Surge",)}
    game.apply(next(o for o in options if o.targets == (bob,)))
    resolve_stack(game)
    assert len(game.zones[1][Zone.LIBRARY]) == 4 and game.player_states[0].life == 23


def test_702_47a_only_onto_arcane_spells_and_not_onto_itself():
    game = _game(["Test Shock", "Test Vital Surge"])
    assert _splices(game, "Test Shock") == [] and _splices(game, "Test Vital Surge") == []


def test_702_47d_targets_are_chosen_for_the_added_text_after_the_spells_own():
    game = _game(["Test Arcane Bolt", "Test Dampen"])
    bob, alice = game.players[1], game.players[0]
    options = _splices(game, "Test Arcane Bolt")
    # The bolt's target, then Dampen's "target player".
    option = next(o for o in options if o.targets == (alice, bob))
    game.apply(option)
    resolve_stack(game)
    assert game.player_states[0].life == 19 and len(game.zones[1][Zone.LIBRARY]) == 4
    assert names(game, 0, Zone.HAND) == ["Test Dampen"]
