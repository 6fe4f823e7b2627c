"""The built-in cards with unleash, evolve, extort, dethrone, tribute and scavenge (CR 702.97-702.105)."""

from __future__ import annotations

import pytest

from components.abilities import ActivatedAbility, Condition, TriggeredAbility
from components.keyword_abilities import ExtortPayment, Tribute
from components.keywords import Keyword
from content.card_pool import builtin_pool


def _triggers(card):
    return [a for a in card.abilities if isinstance(a, TriggeredAbility)]


@pytest.mark.parametrize("name", ["Spawn of Rix Maadi"])
def test_702_98_unleash_cards(name):
    assert builtin_pool().get(name).keywords & Keyword.UNLEASH


@pytest.mark.parametrize("name", ["Battering Krasis", "Gluttonous Slug", "Experiment One"])
def test_702_100_evolve_cards(name):
    assert [t.condition for t in _triggers(builtin_pool().get(name))] == [Condition("evolve")]


@pytest.mark.parametrize("name", ["Tithe Drinker", "Kingpin's Pet", "Knight of Obligation"])
def test_702_101_extort_cards(name):
    assert [t.effects for t in _triggers(builtin_pool().get(name))] == [(ExtortPayment(),)]


def test_702_105_dethrone_card():
    card = builtin_pool().get("Marchesa's Infiltrator")
    assert [t.trigger.defender for t in _triggers(card)] == ["most_life", ""]


@pytest.mark.parametrize("name, amount", [("Snake of the Golden Grove", 3), ("Fanatic of Xenagos", 1)])
def test_702_104_tribute_cards(name, amount):
    card = builtin_pool().get(name)
    assert [a.amount for a in card.abilities if isinstance(a, Tribute)] == [amount]
    assert [t.condition for t in _triggers(card)] == [Condition("tribute_not_paid")]


def test_702_97_scavenge_card():
    card = builtin_pool().get("Korozda Monitor")
    (ability,) = [a for a in card.abilities if isinstance(a, ActivatedAbility)]
    assert ability.from_graveyard and ability.exile_self and ability.sorcery_speed
    assert ability.text == "Scavenge {5}{G}{G}"
