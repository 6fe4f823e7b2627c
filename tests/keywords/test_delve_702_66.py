"""Delve (CR 702.66): exile cards from your graveyard to pay for generic mana of the total cost."""

from __future__ import annotations

from board import build, names, resolve_stack, untapped

from components.casting_keywords import Delve
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell

DELVER = {"name": "Test Delver", "manaCost": "{4}{U}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
          "supertypes": [], "text": "Delve (Each card you exile from your graveyard while casting this spell pays "
                                    "for {1}.)\nDraw two cards."}


def _game(graveyard, lands=2):
    players = [{"name": "alice", "hand": ["Test Delver"], "graveyard": list(graveyard),
                "battlefield": ["Island"] * lands, "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=[DELVER]).game


def _casts(game):
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == "Test Delver"]


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Delver", DELVER["text"], CardType.SORCERY)[0] if isinstance(x, Delve)]
    assert render_line([a]) == "Delve"


def test_702_66a_each_card_exiled_pays_for_one_generic_mana():
    game = _game(["Grizzly Bears", "Grizzly Bears", "Forest"])
    options = _casts(game)
    # {4}{U} with two Islands: three cards must pay {3}; the three cards are the only such set.
    assert [(o.cost, len(o.exile)) for o in options] == [("delve", 3)]
    game.apply(options[0])
    assert untapped(game, 0) == 0 and names(game, 0, Zone.GRAVEYARD) == []
    assert sorted(names(game, 0, Zone.EXILE)) == ["Forest", "Grizzly Bears", "Grizzly Bears"]
    resolve_stack(game)
    assert len(game.zones[0][Zone.HAND]) == 2 and names(game, 0, Zone.GRAVEYARD) == ["Test Delver"]


def test_702_66a_only_generic_mana_and_any_number_of_cards():
    game = _game(["Grizzly Bears", "Forest", "Island", "Plains", "Swamp"], lands=5)
    options = _casts(game)
    assert {o.cost for o in options} == {"", "delve"}  # paying it all with mana is still possible
    assert {len(o.exile) for o in options if o.cost == "delve"} == {1, 2, 3, 4}  # {U} can't be delved
    game = _game(["Grizzly Bears"] * 6, lands=0)
    assert _casts(game) == []  # {U} must be paid with mana
