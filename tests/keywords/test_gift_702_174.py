"""Gift (CR 702.174): promise an opponent a gift as you cast the spell."""

from __future__ import annotations

from board import build, names, resolve_stack

from components.abilities import SpellAbility
from components.casting_keywords import Gift
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import CastSpell

RECYCLING = {"name": "Test Recycling", "manaCost": "{1}{G}", "type": "Instant", "types": ["Instant"],
             "subtypes": [], "supertypes": [],
             "text": "Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a "
                     "card before its other effects.)\nReturn target creature card from your graveyard to your hand. "
                     "If the gift was promised, instead return two target creature cards from your graveyard to your "
                     "hand."}
SCRAPPER = {"name": "Test Scrapper", "manaCost": "{1}{G}", "type": "Creature — Raccoon", "types": ["Creature"],
            "subtypes": ["Raccoon"], "supertypes": [], "power": "2", "toughness": "2",
            "text": "Gift a Food (You may promise an opponent a gift as you cast this spell. If you do, when it "
                    "enters, they create a Food token.)\nWhen this creature enters, if the gift was promised, you gain "
                    "2 life."}
CARDS = [RECYCLING, SCRAPPER]


def _game(hand, graveyard=()):
    players = [{"name": "alice", "hand": list(hand), "graveyard": list(graveyard), "battlefield": ["Forest"] * 2,
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _casts(game, name):
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name]


def test_readers_and_renderers():
    lines = compile_lines("Test Recycling", RECYCLING["text"], CardType.INSTANT)
    (gift,) = lines[0].abilities
    assert isinstance(gift, Gift) and render_line([gift]) == "Gift a card"
    (spell,) = lines[1].abilities
    assert isinstance(spell, SpellAbility) and spell.instead_if == "gift"
    assert render_line([spell]) == lines[1].text
    lines = compile_lines("Test Scrapper", SCRAPPER["text"], CardType.CREATURE)
    assert [render_line(x.abilities) for x in lines] == [
        "Gift a Food", "When ~ enters, if the gift was promised, you gain 2 life."]


def test_702_174j_702_174m_promised_the_opponent_draws_first_and_the_spell_has_the_other_targets():
    game = _game(["Test Recycling"], graveyard=["Grizzly Bears", "Grizzly Bears"])
    bears = game.zones[0][Zone.GRAVEYARD]
    options = _casts(game, "Test Recycling")
    assert {o.cost for o in options} == {"", "gift:1"}
    assert {len(o.targets) for o in options if o.cost == ""} == {1}
    assert {len(o.targets) for o in options if o.cost == "gift:1"} == {2}  # chosen only if promised
    game.apply(next(o for o in options if o.cost == "gift:1" and set(o.targets) == set(bears)))
    resolve_stack(game)
    assert names(game, 0, Zone.HAND) == ["Grizzly Bears", "Grizzly Bears"]
    assert len(game.zones[1][Zone.HAND]) == 1  # 702.174e: the chosen player draws a card


def test_702_174b_a_permanents_gift_is_given_as_it_enters_and_702_174k_its_promised_trigger():
    for cost, food, life in (("gift:1", 1, 22), ("", 0, 20)):
        game = _game(["Test Scrapper"])
        game.apply(next(o for o in _casts(game, "Test Scrapper") if o.cost == cost))
        resolve_stack(game)
        foods = [e for e in game.battlefield() if game.card(e).name == "Food"]
        assert len(foods) == food and all(int(game.table.get(e, "controller")) == 1 for e in foods)
        assert game.player_states[0].life == life
