"""Kicker (CR 702.33): an optional additional cost, and the abilities that check "if it was kicked"."""

from __future__ import annotations

import pytest
from board import build, cast, casts, names, one, resolve_stack, resolve_top, untapped

from components.abilities import Conditional, StaticReplacement, TriggeredAbility
from components.characteristics import CardType
from components.keyword_abilities import Kicker
from components.objects import Zone
from content.card_pool import builtin_pool, card_from_json
from content.oracle import UnsupportedCardError
from systems.mechanics import kicker as reader


def _board(hand, lands=6, land="Island", bob=()):
    return build([{"name": "alice", "hand": list(hand), "library": ["Island"] * 5,
                   "battlefield": [land] * lands},
                  {"name": "bob", "battlefield": [{"card": c, "id": c} for c in bob]}])


def test_702_33a_the_reader_keeps_the_kicker_cost_and_refuses_what_it_cannot_do():
    card = builtin_pool().get("Blink of an Eye")
    (k,) = [a for a in card.abilities if isinstance(a, Kicker)]
    assert k.cost.text == "{1}{U}"
    # 702.33b ("and/or": two kicker costs) and costs that aren't mana are not read.
    assert reader.read("Kicker {G} and/or {W}", "", "X", CardType.ENCHANTMENT) is None
    assert reader.read("Kicker—Sacrifice a land.", "", "X", CardType.SORCERY) is None


def test_702_33a_601_2f_the_kicked_cast_is_offered_only_when_the_whole_cost_can_be_paid():
    sc = _board(["Blink of an Eye"], lands=3, bob=["Grizzly Bears"])
    assert casts(sc.game, "Blink of an Eye", cost="kicker") == []  # {1}{U} + {1}{U} needs four lands
    assert casts(sc.game, "Blink of an Eye", cost="")
    sc = _board(["Blink of an Eye"], lands=4, bob=["Grizzly Bears"])
    assert [o.targets for o in casts(sc.game, "Blink of an Eye", cost="kicker")] == [(sc.ids["Grizzly Bears"],)]


def test_702_33d_a_kicked_spell_follows_its_if_kicked_instruction():
    sc = _board(["Blink of an Eye"], bob=["Grizzly Bears"])
    game = sc.game
    cast(game, "Blink of an Eye", [sc.ids["Grizzly Bears"]], cost="kicker")
    assert untapped(game, 0) == 2  # 601.2h: {1}{U} plus the kicker cost {1}{U}
    # 202.3: the mana value of the spell is still that of its mana cost; additional costs don't change it.
    assert game.card(game.stack[-1]).mana_cost.mana_value() == 2
    resolve_top(game)
    assert names(game, 1, Zone.HAND) == ["Grizzly Bears"]
    assert len(game.zones[0][Zone.HAND]) == 1  # "If this spell was kicked, draw a card."


def test_702_33d_an_unkicked_spell_skips_the_if_kicked_instruction():
    sc = _board(["Blink of an Eye"], bob=["Grizzly Bears"])
    game = sc.game
    cast(game, "Blink of an Eye", [sc.ids["Grizzly Bears"]])
    resolve_top(game)
    assert names(game, 1, Zone.HAND) == ["Grizzly Bears"]
    assert game.zones[0][Zone.HAND] == []


@pytest.mark.parametrize(("kicked", "power"), [(False, 4), (True, 7)])
def test_702_33d_instead_the_kicked_instruction_replaces_the_other(kicked, power):
    game = build([{"name": "alice", "hand": ["Explosive Growth"],
                   "battlefield": ["Forest"] * 6 + [{"card": "Grizzly Bears", "id": "bear"}]},
                  {"name": "bob"}]).game
    bear = one(game, "Grizzly Bears")
    cast(game, "Explosive Growth", [bear], cost="kicker" if kicked else "")
    resolve_top(game)
    assert game.table.get(bear, "power") == power  # +2/+2, or +5/+5 instead (not both)


def test_702_33d_instead_reads_as_two_exclusive_instructions():
    spell = builtin_pool().get("Field Research").abilities[-1]
    first, second = spell.effects
    assert isinstance(first, Conditional) and first.condition.negate and first.effects[0].count == 2
    assert isinstance(second, Conditional) and not second.condition.negate and second.effects[0].count == 3


def test_603_4_when_it_enters_if_it_was_kicked_is_an_intervening_if():
    (trigger,) = [a for a in builtin_pool().get("Heartstabber Mosquito").abilities if isinstance(a, TriggeredAbility)]
    assert trigger.condition is not None and trigger.condition.kind == "kicked"
    game = build([{"name": "alice", "hand": ["Heartstabber Mosquito"], "battlefield": ["Swamp"] * 7},
                  {"name": "bob", "battlefield": ["Grizzly Bears"]}]).game
    cast(game, "Heartstabber Mosquito", cost="kicker")
    resolve_top(game)
    assert game.waiting_triggers or game.stack  # it was kicked: the ability triggers (603.4)
    resolve_stack(game)
    assert names(game, 1, Zone.GRAVEYARD) == ["Grizzly Bears"]


def test_603_4_not_kicked_the_enters_ability_doesnt_trigger():
    game = build([{"name": "alice", "hand": ["Heartstabber Mosquito"], "battlefield": ["Swamp"] * 7},
                  {"name": "bob", "battlefield": ["Grizzly Bears"]}]).game
    cast(game, "Heartstabber Mosquito")
    resolve_top(game)
    assert not game.waiting_triggers and not game.stack
    assert names(game, 1, Zone.GRAVEYARD) == []


@pytest.mark.parametrize(("kicked", "counters"), [(False, 0), (True, 5)])
def test_614_1c_if_it_was_kicked_it_enters_with_counters(kicked, counters):
    (rep,) = [a for a in builtin_pool().get("Llanowar Elite").abilities if isinstance(a, StaticReplacement)]
    assert rep.condition is not None and rep.condition.kind == "kicked"
    game = build([{"name": "alice", "hand": ["Llanowar Elite"], "battlefield": ["Forest"] * 9}, {"name": "bob"}]).game
    cast(game, "Llanowar Elite", cost="kicker" if kicked else "")
    resolve_top(game)
    elite = one(game, "Llanowar Elite")
    assert game.table.get(elite, "plus1") == counters
    assert game.table.get(elite, "power") == 1 + counters


def test_702_33g_a_kicked_part_with_targets_of_its_own_is_not_read():
    landslide = {"name": "Test Landslide", "manaCost": "{3}{R}", "type": "Sorcery", "types": ["Sorcery"],
                 "text": "Kicker {2}{R}\nDestroy target land. If this spell was kicked, destroy another target land."}
    with pytest.raises(UnsupportedCardError, match="kicked"):
        card_from_json(landslide)
