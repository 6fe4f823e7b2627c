"""Unearth (CR 702.84)."""

from __future__ import annotations

from board import build, names, pass_until, resolve_stack

from components.abilities import ActivatedAbility
from components.casting_keywords import UnearthReturn
from components.characteristics import CardType
from components.designations import Unearthed
from components.keywords import Keyword
from components.objects import Step, Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import (
    ActivateAbility,
    DecisionKind,
    DeclareAttacker,
    FinishAttackers,
    FinishBlockers,
    PassPriority,
)
from systems.zones import move

GHOUL = {"name": "Test Ghoul", "manaCost": "{2}{R}", "type": "Creature — Zombie", "types": ["Creature"],
         "subtypes": ["Zombie"], "supertypes": [], "power": "3", "toughness": "1",
         "text": "Unearth {R} ({R}: Return this card from your graveyard to the battlefield. It gains haste. Exile it "
                 "at the beginning of the next end step or if it would leave the battlefield. Unearth only as a "
                 "sorcery.)"}


def _setup(*, where="graveyard", owner="alice", turn=None, lands=1):
    players = [{"name": "alice", "battlefield": ["Mountain"] * lands, "library": ["Mountain"] * 5},
               {"name": "bob", "battlefield": ["Mountain"], "library": ["Mountain"] * 5}]
    players[0 if owner == "alice" else 1].setdefault(where, []).append({"card": "Test Ghoul", "id": "g"})
    sc = build(players, cards=[GHOUL], turn=turn)
    return sc, sc.game


def _unearths(game):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and game.card(o.source).name
            == "Test Ghoul"]


def _ghoul(game):
    found = [e for e in game.battlefield() if game.card(e).name == "Test Ghoul"]
    return found[0] if found else None


def test_702_84a_reads_as_a_sorcery_speed_ability_of_a_card_in_a_graveyard_and_renders_back():
    abilities, _ = compile_text("Test Ghoul", GHOUL["text"], CardType.CREATURE)
    (a,) = abilities
    assert isinstance(a, ActivatedAbility) and a.from_graveyard and a.sorcery_speed and not a.tap
    assert a.effects == (UnearthReturn(),) and str(a.mana_cost) == "{R}"
    assert render_line([a]) == "Unearth {R}"


def test_702_84a_returns_with_haste_and_is_exiled_at_the_beginning_of_the_next_end_step():
    sc, game = _setup()
    (option,) = _unearths(game)
    game.apply(option)
    resolve_stack(game)
    ghoul = _ghoul(game)
    assert ghoul is not None and names(game, 0, Zone.GRAVEYARD) == []
    game.refresh_layers()
    assert game.table.get(ghoul, "keywords") & Keyword.HASTE  # "It gains haste."
    assert int(game.table.get(ghoul, "controller")) == 0
    pass_until(game, DecisionKind.ATTACKERS)
    assert any(isinstance(o, DeclareAttacker) and o.creature == ghoul for o in game.pending.options)  # 302.6
    game.apply(FinishAttackers())
    for _ in range(60):  # on to the end step: the delayed trigger exiles it there (603.7a)
        if game.step == Step.END and (game.stack or game.waiting_triggers):
            break
        p = game.pending
        if p.kind == DecisionKind.BLOCKERS:
            game.apply(FinishBlockers())
        else:
            game.apply(PassPriority())
    assert _ghoul(game) is not None  # still there as the end step begins
    resolve_stack(game)
    assert _ghoul(game) is None
    assert names(game, 0, Zone.EXILE) == ["Test Ghoul"] and names(game, 0, Zone.GRAVEYARD) == []


def test_702_84a_if_it_would_leave_the_battlefield_it_is_exiled_instead():
    sc, game = _setup()
    game.apply(_unearths(game)[0])
    resolve_stack(game)
    move(game, _ghoul(game), Zone.GRAVEYARD)  # it would die (704.5g / destroy): exiled instead
    assert names(game, 0, Zone.EXILE) == ["Test Ghoul"] and names(game, 0, Zone.GRAVEYARD) == []
    sc, game = _setup()
    game.apply(_unearths(game)[0])
    resolve_stack(game)
    move(game, _ghoul(game), Zone.HAND)  # bounced: exiled instead of "anywhere else"
    assert names(game, 0, Zone.EXILE) == ["Test Ghoul"] and names(game, 0, Zone.HAND) == []


def test_702_84a_a_card_that_returns_to_the_graveyard_some_other_way_is_a_new_object_and_can_be_unearthed_again():
    """400.7: the replacement effect applies to the unearthed permanent only, not to the card it was."""
    sc, game = _setup(lands=2)
    game.apply(_unearths(game)[0])
    resolve_stack(game)
    ghoul = _ghoul(game)
    assert game.world.has(ghoul, Unearthed)
    move(game, ghoul, Zone.EXILE)
    assert ghoul not in game.world.holders(Unearthed)  # the replacement is gone with the permanent (400.7)


def test_702_84a_activate_only_as_a_sorcery_from_your_own_graveyard_with_the_cost_paid():
    sc, game = _setup(turn={"step": "beginning_of_combat"})
    assert game.pending.kind == DecisionKind.PRIORITY and not _unearths(game)
    sc, game = _setup(owner="bob")
    assert not _unearths(game)
    sc, game = _setup(lands=0)
    assert not _unearths(game)
    for where in ("hand", "battlefield"):
        sc, game = _setup(where=where)
        assert not _unearths(game)


def test_702_84a_if_the_card_left_the_graveyard_before_resolution_nothing_returns():
    sc, game = _setup()
    game.apply(_unearths(game)[0])
    move(game, sc.ids["g"], Zone.EXILE)  # e.g. graveyard hate in response
    resolve_stack(game)
    assert _ghoul(game) is None and names(game, 0, Zone.EXILE) == ["Test Ghoul"]


def test_702_84a_704_5g_dying_to_lethal_damage_it_is_exiled_instead():
    """The state-based action (which moves dying creatures together) still applies the replacement (614.1a)."""
    sc, game = _setup()
    game.apply(_unearths(game)[0])
    resolve_stack(game)
    ghoul = _ghoul(game)
    game.table.add_damage(ghoul, 3)  # lethal damage (704.5g)
    game.sba_dirty = True
    game.apply(PassPriority())
    assert _ghoul(game) is None
    assert names(game, 0, Zone.EXILE) == ["Test Ghoul"] and names(game, 0, Zone.GRAVEYARD) == []
