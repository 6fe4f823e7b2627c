"""Prowl (CR 702.76), freerunning (702.173) and surge (702.117): alternative costs (118.9) allowed only by what
happened this turn. Prowl and freerunning: a player was dealt combat damage this turn by a source under the
caster's control with a quality it had at the time it dealt that damage; surge: the caster has cast another spell
this turn (systems/history.py; this engine has no teams); spectacle (702.137a): an opponent lost life this turn.

* What combat damage to players was dealt this turn is recorded as it is dealt (systems/damage.py calls
  :func:`record`): per controller of the source, the subtypes of the sources (``"prowl_types"``) and whether an
  Assassin creature was among them (``"assassin"``), in ``game.this_turn`` (reset as each turn begins). Recording
  starts once a card with one of these abilities exists in the game (``game.combat_types_watched``, set by
  systems/zones.py ``create_card``), so other games pay nothing for it.
* Prowl (702.76a): a source with any of the spell's creature types (its subtypes; 205.3m); freerunning
  (702.173a): an Assassin creature (this engine has no commanders).
* A cast for that cost from the hand is its own option, named "prowl" / "freerunning" / "surge" in
  ``CastSpell.cost``, with the card's normal timing; not offered together with other additional or alternative
  costs.
* "When ~ enters, if its [keyword] cost was paid, ..." (603.4): the condition kinds "cost_paid_<keyword>" hold when
  the permanent's spell was cast with that keyword's cost (``game.cast_costs``, kept by systems/zones.py ``move``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.casting_keywords import ThisTurnAltCost
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import Zone
from ecs.actions import CastSpell
from systems.flash_permission import any_time
from systems.keywords import condition

if TYPE_CHECKING:
    from components.abilities import Condition
    from components.card import CardDef
    from ecs.game import Game

INSTANT = int(CardType.INSTANT)
CREATURE = int(CardType.CREATURE)
FLASH = int(Keyword.FLASH)
KEYWORDS = frozenset({"prowl", "freerunning", "surge", "spectacle"})

_INFO: dict[int, tuple[CardDef, tuple[ThisTurnAltCost, ...]]] = {}


def costs(card: CardDef) -> tuple[ThisTurnAltCost, ...]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities if isinstance(a, ThisTurnAltCost)))
        _INFO[id(card)] = hit
    return hit[1]


def record(game: Game, src_ent: np.ndarray, src_controller: np.ndarray, to_player: np.ndarray) -> None:
    """Combat damage was dealt to players by these sources (the ``to_player`` entries): remember their
    controllers' source subtypes and Assassin creatures (702.76a, 702.173a: at the time it dealt the damage)."""
    from systems.layers import subtypes_of

    ents = np.asarray(src_ent, dtype=np.int64)
    ctrls = np.broadcast_to(np.asarray(src_controller, dtype=np.int64), ents.shape)
    types = game.this_turn.setdefault("prowl_types", {})
    assassins = game.this_turn.setdefault("assassin", {})
    for k in np.flatnonzero(to_player).tolist():
        ent, c = int(ents[k]), int(ctrls[k])
        if ent not in game.table.row_of:
            continue
        subtypes = subtypes_of(game, ent)
        types[c] = types.get(c, frozenset()) | subtypes
        if "Assassin" in subtypes and int(game.table.get(ent, "types")) & CREATURE:
            assassins[c] = True


def allowed(game: Game, player: int, card: CardDef, keyword: str) -> bool:
    if keyword == "spectacle":
        from systems.history import count

        return any(count(game, "lost", p) > 0 for p in game.opponents(player))  # 702.137a
    if keyword == "surge":
        from systems.history import count

        return count(game, "spells", player) > 0  # 702.117a: another spell this turn (this one isn't cast yet)
    if keyword == "freerunning":
        return bool((game.this_turn.get("assassin") or {}).get(player))
    dealt = (game.this_turn.get("prowl_types") or {}).get(player, frozenset())
    return bool(dealt & set(card.type_line.subtypes))


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.casting import sorcery_timing
    from systems.keywords.additional_costs import payment_units
    from systems.keywords.alternative_costs import spell_choices

    if not (game.this_turn.get("prowl_types") or game.this_turn.get("spells") or game.this_turn.get("lost")):
        return []  # no combat damage to a player, no spell cast and no life lost this turn
    out: list[CastSpell] = []
    seen: set[str] = set()
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        ways = costs(card)
        if not ways or card.name in seen:
            continue
        seen.add(card.name)  # identical cards in hand are one option
        if not (any_time(game, player, card) or sorcery_timing(game, player)):
            continue
        for a in ways:
            if allowed(game, player, card, a.keyword):
                out.extend(spell_choices(game, player, ent, card, a.cost, a.keyword, -1,  # type: ignore[arg-type]
                                         payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost not in KEYWORDS:
        return None
    from systems.keywords.alternative_costs import total_cost

    a = next((w for w in costs(card) if w.keyword == action.cost), None)
    if a is None:
        raise ValueError(f"{card.name} has no {action.cost} cost")
    return card, total_cost(game, player, card, a.cost)  # type: ignore[arg-type]


def _cost_paid(keyword: str):  # type: ignore[no-untyped-def]
    def check(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
        from systems.keywords.additional_costs import parts

        paid = [p.partition("*")[0].partition(":")[0] for p in parts(game.cast_costs.get(source, ""))]
        return source >= 0 and keyword in paid

    return check


for _kw in ("madness", "prowl", "freerunning", "surge", "evoke", "offspring", "escape", "foretell", "plot",
            "suspend", "awaken", "prototype", "casualty", "conspire", "spectacle", "dash", "blitz", "squad",
            "emerge", "web-slinging", "gift", "bargain"):
    condition(f"cost_paid_{_kw}")(_cost_paid(_kw))  # "if its [keyword] cost was paid" (603.4)
