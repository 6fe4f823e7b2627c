"""Recover (CR 702.59): a creature put into your graveyard lets you pay to return the card, or it is exiled."""

from __future__ import annotations

from board import build, names

from components.casting_keywords import Recover
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import Choose, DecisionKind, PassPriority
from systems.zones import move

BOUNTY = {"name": "Test Bounty", "manaCost": "{1}{W}", "type": "Instant", "types": ["Instant"], "subtypes": [],
          "supertypes": [], "text": "You gain 4 life.\nRecover {1}{W} (When a creature is put into your graveyard "
                                    "from the battlefield, you may pay {1}{W}. If you do, return this card from your "
                                    "graveyard to your hand. Otherwise, exile this card.)"}


def _game(lands=2):
    players = [{"name": "alice", "graveyard": ["Test Bounty"], "battlefield": ["Plains"] * lands + ["Grizzly Bears"],
                "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": ["Grizzly Bears"], "library": ["Plains"] * 5}]
    return build(players, cards=[BOUNTY]).game


def _bears(game, player):
    return next(e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"
                and int(game.table.get(e, "controller")) == player)


def _until_may(game):
    for _ in range(6):
        if game.pending.kind == DecisionKind.MAY or not (game.stack or game.waiting_triggers):
            return
        game.apply(PassPriority())


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Bounty", BOUNTY["text"], CardType.INSTANT)[0] if isinstance(x, Recover)]
    assert render_line([a]) == "Recover {1}{W}"


def test_702_59a_paying_returns_it_to_the_hand():
    game = _game()
    move(game, _bears(game, 0), Zone.GRAVEYARD)  # a creature put into alice's graveyard from the battlefield
    _until_may(game)
    assert game.pending.kind == DecisionKind.MAY
    game.apply(Choose(True))
    assert names(game, 0, Zone.HAND) == ["Test Bounty"] and names(game, 0, Zone.GRAVEYARD) == ["Grizzly Bears"]


def test_702_59a_not_paying_exiles_it_and_only_your_graveyard_counts():
    game = _game()
    move(game, _bears(game, 1), Zone.GRAVEYARD)  # bob's creature: not alice's graveyard
    assert not game.waiting_triggers and not game.stack
    move(game, _bears(game, 0), Zone.GRAVEYARD)
    _until_may(game)
    game.apply(Choose(False))
    assert names(game, 0, Zone.EXILE) == ["Test Bounty"]


def test_702_59a_without_the_mana_it_is_exiled():
    game = _game(lands=0)
    move(game, _bears(game, 0), Zone.GRAVEYARD)
    _until_may(game)
    assert names(game, 0, Zone.EXILE) == ["Test Bounty"]
