"""Suspend (CR 702.62) and plot (702.170): a special action exiles the card; it is cast from exile later."""

from __future__ import annotations

from board import build, names, untapped

from components.casting_keywords import ExileFromHand
from components.characteristics import CardType
from components.designations import Plotted, Suspended
from components.keywords import Keyword
from components.objects import Step, Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import (
    CastSpell,
    Choose,
    DecisionKind,
    FinishAttackers,
    FinishBlockers,
    PassPriority,
    SpecialAction,
)

GIANT = {"name": "Test Giant", "manaCost": "{3}{W}{W}", "type": "Creature — Giant", "types": ["Creature"],
         "subtypes": ["Giant"], "supertypes": [], "power": "3", "toughness": "4",
         "text": "Suspend 2—{W} (Rather than cast this card from your hand, you may pay {W} and exile it with two "
                 "time counters on it. At the beginning of your upkeep, remove a time counter. When the last is "
                 "removed, you may cast it without paying its mana cost. It has haste.)"}
PLOTTER = {"name": "Test Plotter", "manaCost": "{3}{U}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
           "supertypes": [], "text": "Draw two cards.\nPlot {1}{U} (You may pay {1}{U} and exile this card from your "
                                     "hand. Cast it as a sorcery on a later turn without paying its mana cost. "
                                     "Plot only as a sorcery.)"}
CARDS = [GIANT, PLOTTER]


def _game(hand, lands=("Plains", "Island", "Island"), turn=None):
    players = [{"name": "alice", "hand": list(hand), "battlefield": list(lands), "library": ["Island"] * 10},
               {"name": "bob", "battlefield": ["Island"], "library": ["Island"] * 10}]
    return build(players, cards=CARDS, turn=turn).game


def _specials(game, kind):
    return [o for o in game.whole_actions() if isinstance(o, SpecialAction) and o.kind == kind]


def _advance(game, done, limit=200):
    """Pass priority (empty attacks and blocks) until ``done(game)``; stops at other decisions."""
    for _ in range(limit):
        if done(game):
            return
        p = game.pending
        if p.kind == DecisionKind.PRIORITY:
            game.apply(PassPriority())
        elif p.kind == DecisionKind.ATTACKERS:
            game.apply(FinishAttackers())
        elif p.kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            return
    raise AssertionError("never got there")


def _exiled(game):
    return [c for c in game.zones[0][Zone.EXILE]]


def test_readers_and_renderers():
    for card, kind, line in ((GIANT, CardType.CREATURE, "Suspend 2—{W}"), (PLOTTER, CardType.SORCERY, "Plot {1}{U}")):
        abilities, _ = compile_text(card["name"], card["text"], kind)
        (a,) = [x for x in abilities if isinstance(x, ExileFromHand)]
        assert render_line([a]) == line
    (a,) = [x for x in compile_text("Test Giant", GIANT["text"], CardType.CREATURE)[0]]
    assert a.keyword == "suspend" and a.time_counters == 2 and str(a.cost) == "{W}"


def test_116_2f_702_62a_suspend_is_a_special_action_that_exiles_it_with_time_counters():
    game = _game(["Test Giant"])
    (action,) = _specials(game, "suspend")
    game.apply(action)
    assert not game.stack  # it doesn't use the stack (116.1)
    assert names(game, 0, Zone.EXILE) == ["Test Giant"] and untapped(game, 0) == 2  # {W} paid
    (card,) = _exiled(game)
    assert game.world.get(card, Suspended).time == 2
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player == 0  # 116.3


def test_116_2f_only_when_its_owner_could_begin_to_cast_it():
    game = _game(["Test Giant"], turn={"active": "bob", "step": "precombat_main"})
    game.apply(PassPriority())  # alice has priority in bob's main phase: a creature can't be cast now
    assert game.pending.player == 0 and _specials(game, "suspend") == []
    game = _game(["Test Giant"], lands=("Island",))
    assert _specials(game, "suspend") == []  # {W} can't be paid


def test_702_62a_a_time_counter_comes_off_at_each_of_its_owners_upkeeps_then_it_is_cast_with_haste():
    game = _game(["Test Giant"])
    game.apply(_specials(game, "suspend")[0])
    (card,) = _exiled(game)
    # Bob's upkeep: nothing. Alice's next upkeep: a trigger removes one counter.
    _advance(game, lambda g: g.turn == 3 and g.step == Step.UPKEEP and g.stack)
    assert game.world.get(card, Suspended).time == 2
    _advance(game, lambda g: not g.stack)
    assert game.world.get(card, Suspended).time == 1 and names(game, 0, Zone.EXILE) == ["Test Giant"]
    _advance(game, lambda g: g.turn == 5 and g.step == Step.UPKEEP and g.stack)
    _advance(game, lambda g: g.pending.kind == DecisionKind.CAST)
    assert card not in game.world.holders(Suspended)  # the last counter is gone (702.62b)
    options = game.pending.options
    assert Choose(False) in options
    game.apply(next(o for o in options if isinstance(o, CastSpell)))
    assert untapped(game, 0) == 3  # without paying its mana cost
    _advance(game, lambda g: not g.stack)
    (giant,) = [e for e in game.battlefield() if game.card(e).name == "Test Giant"]
    game.refresh_layers()
    assert game.table.get(giant, "keywords") & Keyword.HASTE


def test_702_62a_if_it_is_not_cast_it_remains_exiled():
    game = _game(["Test Giant"])
    game.apply(_specials(game, "suspend")[0])
    _advance(game, lambda g: g.pending.kind == DecisionKind.CAST)
    assert game.turn == 5
    game.apply(Choose(False))
    _advance(game, lambda g: not g.stack and not g.waiting_triggers)
    assert names(game, 0, Zone.EXILE) == ["Test Giant"] and not game.world.holders(Suspended)


def test_702_170a_plot_exiles_it_and_702_170d_it_is_cast_free_on_a_later_turn_as_a_sorcery():
    game = _game(["Test Plotter"])
    (action,) = _specials(game, "plot")
    game.apply(action)
    assert names(game, 0, Zone.EXILE) == ["Test Plotter"] and untapped(game, 0) == 1 and not game.stack
    (card,) = _exiled(game)
    assert game.world.get(card, Plotted).turn == 1

    def plotted(g):
        return [o for o in g.whole_actions() if isinstance(o, CastSpell) and o.cost == "plot"]

    assert plotted(game) == []  # not the turn it became plotted
    _advance(game, lambda g: g.turn == 2 and g.step == Step.PRECOMBAT_MAIN and g.pending.player == 1)
    game.apply(PassPriority())  # alice gets priority during bob's main phase: not her main phase
    assert game.pending.player == 0 and plotted(game) == []
    _advance(game, lambda g: g.turn == 3 and g.step == Step.PRECOMBAT_MAIN and g.pending.player == 0)
    hand = len(game.zones[0][Zone.HAND])
    (option,) = plotted(game)
    game.apply(option)
    assert untapped(game, 0) == 3  # without paying its mana cost
    _advance(game, lambda g: not g.stack)
    assert len(game.zones[0][Zone.HAND]) == hand + 2 and names(game, 0, Zone.GRAVEYARD) == ["Test Plotter"]


def test_702_170a_plot_only_during_your_main_phase_with_an_empty_stack():
    game = _game(["Test Plotter"], turn={"active": "alice", "step": "upkeep"})
    assert _specials(game, "plot") == []


def test_702_62a_the_haste_lasts_until_its_caster_loses_control_of_the_permanent():
    from components.abilities import ContinuousPart, Layer
    from systems.layers import add_effect, effect_from_part

    game = _game(["Test Giant"])
    game.apply(_specials(game, "suspend")[0])
    _advance(game, lambda g: g.pending.kind == DecisionKind.CAST)
    game.apply(next(o for o in game.pending.options if isinstance(o, CastSpell)))
    _advance(game, lambda g: not g.stack)
    (giant,) = [e for e in game.battlefield() if game.card(e).name == "Test Giant"]
    game.refresh_layers()
    assert game.table.get(giant, "keywords") & Keyword.HASTE
    # Bob gains control of it (layer 2): the caster lost control, so it no longer has haste.
    add_effect(game, effect_from_part(ContinuousPart(Layer.CONTROL, new_controller_is_you=True),
                                      timestamp=game.new_timestamp(), source=giant, controller=1,
                                      until_end_of_turn=False, from_static=False, fixed=(giant,)))
    for _ in range(2):  # the condition reads the control of the previous pass (state checks repeat, 704.3)
        game.layers_dirty = True
        game.refresh_layers()
    assert int(game.table.get(giant, "controller")) == 1
    assert not game.table.get(giant, "keywords") & Keyword.HASTE
