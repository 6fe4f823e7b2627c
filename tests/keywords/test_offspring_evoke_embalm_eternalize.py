"""Offspring (CR 702.175), evoke (702.74), embalm (702.128) and eternalize (702.129)."""

from __future__ import annotations

from board import build, names, resolve_stack, untapped

from components.abilities import ActivatedAbility
from components.casting_keywords import EnteringCost
from components.characteristics import CardType, Color
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, CastSpell


def _creature(name, text, cost="{1}{G}", power=3, toughness=3, subtypes=("Rabbit",)):
    return {"name": name, "manaCost": cost, "type": "Creature — " + " ".join(subtypes), "types": ["Creature"],
            "subtypes": list(subtypes), "supertypes": [], "text": text, "power": str(power),
            "toughness": str(toughness)}


BANDIT = _creature("Test Bandit", "Offspring {2} (You may pay an additional {2} as you cast this spell. If you do, "
                   "when this creature enters, create a 1/1 token copy of it.)\nWhen this creature enters, you gain "
                   "1 life.")
SHADE = _creature("Test Shade", "When this creature enters, draw a card.\nEvoke {U} (You may cast this spell for its "
                  "evoke cost. If you do, it's sacrificed when it enters.)", cost="{3}{U}", subtypes=("Elemental",))
WITNESS = _creature("Test Witness", "Eternalize {2}{G} ({2}{G}, Exile this card from your graveyard: Create a token "
                    "that's a copy of it, except it's a 4/4 black Zombie with no mana cost. Eternalize only as a "
                    "sorcery.)", power=2, toughness=1, subtypes=("Human", "Shaman"))
CHAMPION = _creature("Test Champion", "Embalm—{G}, Discard a card.", power=2, toughness=2, subtypes=("Human",))
CARDS = [BANDIT, SHADE, WITNESS, CHAMPION]


def _game(hand=(), graveyard=(), lands=("Forest",) * 5):
    players = [{"name": "alice", "hand": list(hand), "graveyard": list(graveyard), "battlefield": list(lands),
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    return build(players, cards=CARDS).game


def _casts(game, name, cost):
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name
            and o.cost == cost]


def _named(game, name):
    return [e for e in game.battlefield() if game.card(e).name == name]


def test_readers_and_renderers():
    cases = ((BANDIT, "Offspring {2}"), (SHADE, "Evoke {U}"), (WITNESS, "Eternalize {2}{G}"),
             (CHAMPION, "Embalm—{G}, Discard a card."))
    for card, line in cases:
        abilities = compile_text(card["name"], card["text"], CardType.CREATURE)[0]
        (a,) = [x for x in abilities if isinstance(x, EnteringCost) or (isinstance(x, ActivatedAbility)
                                                                        and x.from_graveyard)]
        assert render_line([a]) == line


def test_702_175a_offspring_paid_creates_a_1_1_token_copy_as_it_enters():
    game = _game(hand=["Test Bandit"])
    (option,) = _casts(game, "Test Bandit", "offspring")
    game.apply(option)
    assert untapped(game, 0) == 1  # {1}{G} plus {2}
    resolve_stack(game)
    bandits = _named(game, "Test Bandit")
    assert len(bandits) == 2
    token = next(e for e in bandits if game.obj(e).is_token)
    game.refresh_layers()
    assert (int(game.table.get(token, "power")), int(game.table.get(token, "toughness"))) == (1, 1)
    original = next(e for e in bandits if not game.obj(e).is_token)
    assert int(game.table.get(original, "power")) == 3
    # The copy has the card's abilities: its own enters trigger gained 1 life too (603.6a).
    assert game.player_states[0].life == 22


def test_702_175a_without_offspring_no_token():
    game = _game(hand=["Test Bandit"])
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == ""))
    resolve_stack(game)
    assert len(_named(game, "Test Bandit")) == 1 and game.player_states[0].life == 21


def test_702_74a_evoked_it_is_sacrificed_as_it_enters_and_its_other_enters_ability_still_triggers():
    game = _game(hand=["Test Shade"], lands=("Island",))
    (option,) = _casts(game, "Test Shade", "evoke")  # {U} rather than {3}{U}
    game.apply(option)
    resolve_stack(game)
    assert _named(game, "Test Shade") == [] and names(game, 0, Zone.GRAVEYARD) == ["Test Shade"]
    assert len(game.zones[0][Zone.HAND]) == 1  # "When this creature enters, draw a card."


def test_702_74a_cast_normally_it_stays():
    game = _game(hand=["Test Shade"], lands=("Island",) * 4)
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == ""))
    resolve_stack(game)
    assert len(_named(game, "Test Shade")) == 1


def _activate(game, name):
    (option,) = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and game.card(o.source).name
                 == name]
    game.apply(option)


def test_702_129a_eternalize_exiles_the_card_and_creates_a_4_4_black_zombie_copy_without_mana_cost():
    game = _game(graveyard=["Test Witness"])
    _activate(game, "Test Witness")
    assert names(game, 0, Zone.EXILE) == ["Test Witness"]  # exiled as a cost
    resolve_stack(game)
    (token,) = _named(game, "Test Witness")
    game.refresh_layers()
    card = game.card(token)
    assert game.obj(token).is_token and (int(game.table.get(token, "power")), int(game.table.get(token,
                                                                                            "toughness"))) == (4, 4)
    assert card.colors == Color.B and not card.mana_cost.present
    assert set(card.type_line.subtypes) == {"Human", "Shaman", "Zombie"}


def test_702_128a_embalm_with_a_discard_creates_a_white_zombie_copy():
    game = _game(graveyard=["Test Champion"], hand=["Island"])
    _activate(game, "Test Champion")
    assert names(game, 0, Zone.GRAVEYARD) == ["Island"]  # the card discarded as a cost
    resolve_stack(game)
    (token,) = _named(game, "Test Champion")
    card = game.card(token)
    assert card.colors == Color.W and "Zombie" in card.type_line.subtypes and not card.mana_cost.present
    game.refresh_layers()
    assert int(game.table.get(token, "power")) == 2  # embalm keeps its power and toughness


def test_702_128a_embalm_needs_a_card_to_discard():
    game = _game(graveyard=["Test Champion"])
    assert not [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]


RAIDER = _creature("Test Raider", "Dash {R} (You may cast this spell for its dash cost. If you do, it gains haste, and "
                   "it's returned from the battlefield to its owner's hand at the beginning of the next end step.)",
                   cost="{3}{R}", subtypes=("Goblin",))
ATHLETE = _creature("Test Athlete", "Blitz {R} (If you cast this spell for its blitz cost, it gains haste and \"When "
                    "this creature dies, draw a card.\" Sacrifice it at the beginning of the next end step.)",
                    cost="{3}{R}", subtypes=("Human",))
MARINE = _creature("Test Marine", "Squad {1} (As an additional cost to cast this spell, you may pay {1} any number of "
                   "times. When this creature enters, create that many tokens that are copies of it.)",
                   cost="{1}{W}", subtypes=("Astartes",))


def _to_end_step(game):
    from components.objects import Step
    from ecs.actions import DecisionKind, FinishAttackers, FinishBlockers, PassPriority

    for _ in range(60):
        if game.step == Step.END and (game.stack or game.waiting_triggers):
            return
        p = game.pending
        if p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            game.apply(PassPriority())
    raise AssertionError("no end step trigger")


def _haste(game, ent):
    from components.keywords import Keyword

    game.refresh_layers()
    return bool(int(game.table.get(ent, "keywords")) & Keyword.HASTE)


def test_702_109a_dash_haste_and_back_to_its_owners_hand_at_the_next_end_step():
    players = [{"name": "alice", "hand": ["Test Raider"], "battlefield": ["Mountain"], "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[RAIDER]).game
    (option,) = _casts(game, "Test Raider", "dash")
    game.apply(option)
    resolve_stack(game)
    (raider,) = _named(game, "Test Raider")
    assert _haste(game, raider)
    _to_end_step(game)
    resolve_stack(game)
    assert _named(game, "Test Raider") == [] and names(game, 0, Zone.HAND) == ["Test Raider"]


def test_702_152a_blitz_haste_sacrificed_at_the_end_step_and_it_draws_a_card():
    players = [{"name": "alice", "hand": ["Test Athlete"], "battlefield": ["Mountain"], "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[ATHLETE]).game
    game.apply(_casts(game, "Test Athlete", "blitz")[0])
    resolve_stack(game)
    (athlete,) = _named(game, "Test Athlete")
    assert _haste(game, athlete)
    _to_end_step(game)
    resolve_stack(game)
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Athlete"]  # sacrificed
    assert names(game, 0, Zone.HAND) == ["Island"]  # "When this permanent is put into a graveyard ..., draw a card"


def test_702_157a_squad_paid_twice_makes_two_token_copies():
    players = [{"name": "alice", "hand": ["Test Marine"], "battlefield": ["Plains"] * 4, "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[MARINE]).game
    costs = {o.cost for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
             == "Test Marine"}
    assert costs == {"", "squad*1", "squad*2"}  # {1}{W} plus {1} up to twice with four lands
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "squad*2"))
    assert untapped(game, 0) == 0
    resolve_stack(game)
    marines = _named(game, "Test Marine")
    assert len(marines) == 3 and sum(game.obj(e).is_token for e in marines) == 2


EMERGER = _creature("Test Emerger", "Emerge {5}{U} (You may cast this spell by sacrificing a creature and paying the "
                    "emerge cost reduced by that creature's mana value.)", cost="{6}{U}", subtypes=("Eldrazi",))


def test_702_119a_emerge_sacrifices_a_creature_and_its_mana_value_reduces_the_cost():
    players = [{"name": "alice", "hand": ["Test Emerger"], "battlefield": ["Island"] * 4 + ["Grizzly Bears"],
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[EMERGER]).game
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
               == "Test Emerger"]
    assert [(o.cost, game.card(o.sacrifice[0]).name) for o in options] == [("emerge", "Grizzly Bears")]
    game.apply(options[0])
    assert untapped(game, 0) == 0 and names(game, 0, Zone.GRAVEYARD) == ["Grizzly Bears"]  # {5}{U} - 2 = {3}{U}
    resolve_stack(game)
    assert len(_named(game, "Test Emerger")) == 1
    assert render_line([next(a for a in compile_text("Test Emerger", EMERGER["text"], CardType.CREATURE)[0])]) \
        == "Emerge {5}{U}"


SLINGER = _creature("Test Slinger", "Web-slinging {W} (You may cast this spell for {W} if you also return a tapped "
                    "creature you control to its owner's hand.)\nWhen this creature enters, if it was cast using "
                    "web-slinging, you gain 3 life.", cost="{3}{W}", subtypes=("Spider",))


def test_web_slinging_returns_a_tapped_creature_you_control_and_its_enters_condition():
    abilities = compile_text("Test Slinger", SLINGER["text"], CardType.CREATURE)[0]
    assert [render_line([a]) for a in abilities] == [
        "Web-slinging {W}", "When ~ enters, if it was cast using web-slinging, you gain 3 life."]
    players = [{"name": "alice", "hand": ["Test Slinger"],
                "battlefield": ["Plains", {"card": "Grizzly Bears", "tapped": True}, "Grizzly Bears"],
                "library": ["Island"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[SLINGER]).game
    options = _casts(game, "Test Slinger", "web-slinging")
    assert len(options) == 1 and game.table.get(options[0].returned[0], "tapped")  # only the tapped Bears
    game.apply(options[0])
    assert names(game, 0, Zone.HAND) == ["Grizzly Bears"] and untapped(game, 0) == 1  # the untapped Bears
    resolve_stack(game)
    assert len(_named(game, "Test Slinger")) == 1 and game.player_states[0].life == 23


SUBTLETY = _creature("Test Subtlety", "Flash\nWhen this creature enters, draw a card.\nEvoke—Exile a blue card from "
                     "your hand.", cost="{2}{U}{U}", subtypes=("Elemental",))
SUBTLETY["colors"] = ["U"]
BLUE = {"name": "Test Blue Card", "manaCost": "{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
        "supertypes": [], "text": "Draw a card.", "colors": ["U"]}


def test_702_74a_evoke_exiling_a_card_of_a_color_from_your_hand():
    abilities = compile_text("Test Subtlety", SUBTLETY["text"], CardType.CREATURE)[0]
    assert render_line([abilities[-1]]) == "Evoke—Exile a blue card from your hand."
    players = [{"name": "alice", "hand": ["Test Subtlety", "Test Blue Card", "Forest"], "battlefield": [],
                "library": ["Island"] * 5}, {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
    game = build(players, cards=[SUBTLETY, BLUE]).game
    options = _casts(game, "Test Subtlety", "evoke")
    assert [game.card(o.exile[0]).name for o in options] == ["Test Blue Card"]  # not the Forest, not itself
    game.apply(options[0])
    assert names(game, 0, Zone.EXILE) == ["Test Blue Card"]
    resolve_stack(game)
    assert names(game, 0, Zone.GRAVEYARD) == ["Test Subtlety"]  # sacrificed (evoke)
    assert sorted(names(game, 0, Zone.HAND)) == ["Forest", "Island"]  # and it drew a card as it entered
