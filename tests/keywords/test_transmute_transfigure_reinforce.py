"""Transmute (CR 702.53), transfigure (702.71) and reinforce (702.77): abilities paid for with the card itself."""

from __future__ import annotations

from board import build, names, resolve_stack

from components.abilities import ActivatedAbility
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, ChooseCard, DecisionKind


def _card(name, cost, types=("Creature",), text="", pt=("2", "2")):
    out = {"name": name, "manaCost": cost, "type": " ".join(types), "types": list(types), "subtypes": [],
           "supertypes": [], "text": text}
    if "Creature" in types:
        out["power"], out["toughness"] = pt
    return out


TRANSMUTER = _card("Test Transmuter", "{1}{U}{B}", ("Instant",), "Draw a card.\nTransmute {1}{U}{B} ({1}{U}{B}, "
                   "Discard this card: Search your library for a card with the same mana value as this card, reveal "
                   "it, put it into your hand, then shuffle. Transmute only as a sorcery.)")
FLESH = _card("Test Fleshwrither", "{2}{B}", text="Transfigure {1}{B}{B} ({1}{B}{B}, Sacrifice this creature: "
              "Search your library for a creature card with the same mana value as this creature, put that card onto "
              "the battlefield, then shuffle. Transfigure only as a sorcery.)")
STRIKE = _card("Test Fowl Strike", "{G}", ("Instant",), "Destroy target creature with flying.\nReinforce 2—{2}{G} "
               "({2}{G}, Discard this card: Put two +1/+1 counters on target creature.)")
THREE = _card("Test Three", "{2}{R}")
THREE_SPELL = _card("Test Three Spell", "{1}{R}{R}", ("Sorcery",), "Draw a card.")
TWO = _card("Test Two", "{1}{R}")
CARDS = [TRANSMUTER, FLESH, STRIKE, THREE, THREE_SPELL, TWO]


def _game(hand=(), battlefield=(), library=("Test Two", "Test Three", "Test Three Spell"), lands=("Swamp",) * 3,
          turn=None):
    players = [{"name": "alice", "hand": list(hand), "battlefield": [*lands, *battlefield], "library": list(library)},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=CARDS, turn=turn).game


def _activations(game, name):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and game.card(o.source).name == name]


def _search_choices(game):
    assert game.pending.kind == DecisionKind.SEARCH, game.pending
    return {game.card(o.card).name if o.card >= 0 else None for o in game.pending.options}


def _run_until_search(game):
    from ecs.actions import PassPriority

    for _ in range(6):
        if game.pending.kind == DecisionKind.SEARCH:
            return
        game.apply(PassPriority())


def test_readers_and_renderers():
    for card, kind, line in ((TRANSMUTER, CardType.INSTANT, "Transmute {1}{U}{B}"),
                             (FLESH, CardType.CREATURE, "Transfigure {1}{B}{B}"),
                             (STRIKE, CardType.INSTANT, "Reinforce 2—{2}{G}")):
        abilities = compile_text(card["name"], card["text"], kind)[0]
        (a,) = [x for x in abilities if isinstance(x, ActivatedAbility)]
        assert render_line([a]) == line


def test_702_53a_transmute_discards_it_and_finds_a_card_with_the_same_mana_value():
    game = _game(hand=["Test Transmuter"], lands=("Island", "Swamp", "Swamp"))
    (option,) = _activations(game, "Test Transmuter")
    game.apply(option)
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Transmuter"]  # discarded as a cost
    _run_until_search(game)
    assert _search_choices(game) == {"Test Three", "Test Three Spell", None}  # mana value 3, any card type
    game.apply(next(o for o in game.pending.options if o.card >= 0 and game.card(o.card).name == "Test Three"))
    resolve_stack(game)
    assert names(game, 0, Zone.HAND) == ["Test Three"]


def test_702_53a_transmute_only_as_a_sorcery():
    game = _game(hand=["Test Transmuter"], lands=("Island", "Swamp", "Swamp"), turn={"step": "upkeep"})
    assert _activations(game, "Test Transmuter") == []


def test_702_71a_transfigure_sacrifices_it_and_puts_a_creature_with_the_same_mana_value_onto_the_battlefield():
    game = _game(battlefield=["Test Fleshwrither"])
    (option,) = _activations(game, "Test Fleshwrither")
    game.apply(option)
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Fleshwrither"]  # sacrificed as a cost
    _run_until_search(game)
    assert _search_choices(game) == {"Test Three", None}  # a creature card only
    game.apply(next(o for o in game.pending.options if isinstance(o, ChooseCard) and o.card >= 0))
    resolve_stack(game)
    assert [game.card(e).name for e in game.battlefield() if game.card(e).name.startswith("Test")] == ["Test Three"]


def test_702_77a_reinforce_discards_it_and_puts_counters_on_the_target():
    game = _game(hand=["Test Fowl Strike"], battlefield=["Test Two"], lands=("Forest",) * 3)
    (target,) = [e for e in game.battlefield() if game.card(e).name == "Test Two"]
    (option,) = [o for o in _activations(game, "Test Fowl Strike") if o.targets == (target,)]
    game.apply(option)
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Fowl Strike"]
    resolve_stack(game)
    game.refresh_layers()
    assert int(game.table.get(target, "power")) == 4
