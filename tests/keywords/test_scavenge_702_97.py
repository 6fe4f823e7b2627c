"""Scavenge (CR 702.97)."""

from __future__ import annotations

from board import build, creature, pass_once, plus1, resolve_stack

from components.abilities import ActivatedAbility, TargetKind
from components.characteristics import CardType
from components.keyword_abilities import ScavengeCounters
from components.objects import Zone
from content.oracle import compile_text
from ecs.actions import ActivateAbility, DecisionKind
from systems.zones import move

SCAVENGE_TEXT = ("Scavenge {1}{G} ({1}{G}, Exile this card from your graveyard: Put a number of +1/+1 counters "
                 "equal to this card's power on target creature. Scavenge only as a sorcery.)")
SCAVENGER = creature("Test Scavenger", 3, 3, "Trample\n" + SCAVENGE_TEXT, cost="{2}{G}")
BEAR = creature("Test Bear", 2, 2)


def _setup(*, turn=None, lands=("Forest", "Forest"), where="graveyard", owner="alice"):
    players = [{"name": "alice", "battlefield": [*lands, {"card": "Test Bear", "id": "bear"}]},
               {"name": "bob", "battlefield": [{"card": "Test Bear", "id": "their_bear"}]}]
    owner_entry = players[0] if owner == "alice" else players[1]
    owner_entry.setdefault(where, []).append({"card": "Test Scavenger", "id": "s"})
    sc = build(players, cards=[SCAVENGER, BEAR], turn=turn)
    return sc, sc.game


def _scavenges(game):
    return [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and game.card(o.source).name
            == "Test Scavenger"]


def test_702_97a_scavenge_reads_as_a_sorcery_speed_ability_activated_from_a_graveyard():
    abilities, _ = compile_text("Test Scavenger", SCAVENGER["text"], CardType.CREATURE)
    (ability,) = [a for a in abilities if isinstance(a, ActivatedAbility)]
    assert ability.from_graveyard and ability.exile_self and ability.sorcery_speed and not ability.tap
    assert ability.targets[0].kind == TargetKind.CREATURE and ability.effects == (ScavengeCounters(0),)


def test_702_97a_activated_from_the_graveyard_it_exiles_the_card_and_puts_its_power_in_counters():
    sc, game = _setup()
    options = _scavenges(game)
    assert {o.targets for o in options} == {(sc.ids["bear"],), (sc.ids["their_bear"],)}
    game.apply(next(o for o in options if o.targets == (sc.ids["bear"],)))
    # The cost is paid: the card is exiled (as a cost, before the ability resolves) and the lands tapped.
    assert [game.card(c).name for c in game.zones[0][Zone.EXILE]] == ["Test Scavenger"]
    assert not game.zones[0][Zone.GRAVEYARD]
    resolve_stack(game)
    assert plus1(game, sc.ids["bear"]) == 3


def test_702_97a_activate_only_as_a_sorcery():
    sc, game = _setup(turn={"step": "beginning_of_combat"})
    assert game.pending.kind == DecisionKind.PRIORITY and not _scavenges(game)


def test_702_97a_only_its_owner_may_activate_it_from_their_graveyard():
    sc, game = _setup(owner="bob")
    assert not _scavenges(game)


def test_702_97a_the_cost_must_be_payable():
    sc, game = _setup(lands=("Forest",))
    assert not _scavenges(game)


def test_702_97a_it_functions_only_in_a_graveyard():
    sc, game = _setup(where="battlefield")
    assert not _scavenges(game)
    sc, game = _setup(where="hand")
    assert not _scavenges(game)


def test_702_97a_a_card_that_dies_can_be_scavenged_and_an_exiled_one_cant():
    """The graveyard index follows the card: dying puts it there, leaving the graveyard takes it out."""
    sc, game = _setup(where="battlefield")
    game.pending = None
    move(game, sc.ids["s"], Zone.GRAVEYARD)
    game.advance()
    assert _scavenges(game)
    move(game, game.zones[0][Zone.GRAVEYARD][0], Zone.EXILE)
    game.pending = None
    game.advance()
    assert not _scavenges(game) and not game.graveyard_activatable


def test_608_2b_an_illegal_target_means_no_counters_but_the_card_stays_exiled():
    sc, game = _setup()
    game.apply(next(o for o in _scavenges(game) if o.targets == (sc.ids["their_bear"],)))
    move(game, sc.ids["their_bear"], Zone.GRAVEYARD)
    pass_once(game)
    pass_once(game)
    assert not game.stack
    assert [game.card(c).name for c in game.zones[0][Zone.EXILE]] == ["Test Scavenger"]
