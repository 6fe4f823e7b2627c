"""Prowl (CR 702.76), freerunning (702.173), surge (702.117) and spectacle (702.137): "Prowl [cost]", "Freerunning
[cost]", "Surge [cost]", "Spectacle [cost]". Only mana costs are read; the rules are
systems/mechanics/this_turn_costs.py.

Also the linked intervening "if" of a permanent (603.4): "When ~ enters, if its [keyword] cost was paid, <effect>"
for the keywords of casting with a named cost (madness, prowl, surge, evoke, ...): the condition kind
"cost_paid_<keyword>" (systems/mechanics/this_turn_costs.py).

Rules: Prowl (CR 702.76), freerunning (702.173) and surge (702.117): alternative costs (118.9) allowed only by what
happened this turn. Prowl and freerunning: a player was dealt combat damage this turn by a source under the
caster's control with a quality it had at the time it dealt that damage; surge: the caster has cast another spell
this turn (systems/history.py; this engine has no teams); spectacle (702.137a): an opponent lost life this turn.

* What combat damage to players was dealt this turn is recorded as it is dealt (systems/damage.py calls
  :func:`record`): per controller of the source, the subtypes of the sources (``"prowl_types"``) and whether an
  Assassin creature was among them (``"assassin"``), in ``game.turn_log.this`` (reset as each turn begins). Recording
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

import dataclasses
import re
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import Ability, Condition, TriggeredAbility
from components.casting_keywords import ThisTurnAltCost
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from collections.abc import Callable

    from components.abilities import Condition
    from components.card import CardDef
    from ecs.game import Game


_LINE = re.compile(r"(prowl|freerunning|surge|spectacle) ((?:\{[^}]+\})+)", re.I)
_PAID = re.compile(r"when ~ enters, if (?:its (?P<kw>[a-z-]+) cost was paid|(?P<who>it was|they were) cast using "
                   r"(?P<kw2>[a-z-]+)|the (?P<kw3>gift) was promised|it was (?P<kw4>bargained)), (?P<rest>.+)",
                   re.I | re.S)
PAID_KEYWORDS = frozenset({"madness", "prowl", "freerunning", "surge", "evoke", "offspring", "escape", "foretell",
                           "plot", "suspend", "awaken", "prototype", "casualty", "conspire", "spectacle", "dash",
                           "blitz", "squad", "emerge", "web-slinging", "gift", "bargain"})


def _paid_line(line: str) -> Ability | None:
    m = _PAID.fullmatch(line.strip())
    keyword = (m.group("kw") or m.group("kw2") or m.group("kw3") or m.group("kw4") or "").lower() if m else ""
    keyword = "bargain" if keyword == "bargained" else keyword
    if not m or keyword not in PAID_KEYWORDS:
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(f"When ~ enters, {m.group('rest')}", is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(inner) != 1 or not isinstance(inner[0], TriggeredAbility) or inner[0].condition is not None:
        return None
    wording = 3 if m.group("kw3") else 4 if m.group("kw4") else {"it was": 1, "they were": 2}.get(
        (m.group("who") or "").lower(), 0)
    return dataclasses.replace(inner[0], text=line.strip(), condition=Condition(f"cost_paid_{keyword}", n=wording))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.lower().startswith(("when ~ enters, if its ", "when ~ enters, if they were cast using ",
                                "when ~ enters, if it was cast using ", "when ~ enters, if the gift was promised",
                                "when ~ enters, if it was bargained")):
        return _paid_line(line)
    m = _LINE.fullmatch(line.strip())
    if not m or int(types) & int(CardType.LAND) or "X" in m.group(2).upper():
        return None
    keyword, cost = m.group(1).lower(), m.group(2).upper()
    return ThisTurnAltCost(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and a.condition is not None and a.condition.kind.startswith("cost_paid_"):
        from content.oracle.render import render_line

        inner = render_line([dataclasses.replace(a, condition=None)])
        head = "When ~ enters, "
        if not inner.startswith(head):
            return None
        keyword = a.condition.kind[len("cost_paid_"):]
        cond = {1: f"it was cast using {keyword}", 2: f"they were cast using {keyword}",
                3: "the gift was promised", 4: "it was bargained"}.get(a.condition.n, f"its {keyword} cost was paid")
        return f"{head}if {cond}, {inner[len(head):]}"
    return f"{a.keyword.capitalize()} {a.cost}" if isinstance(a, ThisTurnAltCost) else None


registry.reader(read, priority=600)
registry.renderer(render, priority=560)


# ---------------------------------------------------------------- rules


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
    types = game.turn_log.this.setdefault("prowl_types", {})
    assassins = game.turn_log.this.setdefault("assassin", {})
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
        return bool((game.turn_log.this.get("assassin") or {}).get(player))
    dealt = (game.turn_log.this.get("prowl_types") or {}).get(player, frozenset())
    return bool(dealt & set(card.type_line.subtypes))


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.casting import sorcery_timing
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import spell_choices

    if not (game.turn_log.this.get("prowl_types") or game.turn_log.this.get("spells") or game.turn_log.this.get("lost")):
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
                out.extend(spell_choices(game, player, ent, card, a.cost, a.keyword, -1,
                                         payment_units(game, player, card)))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost not in KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    a = next((w for w in costs(card) if w.keyword == action.cost), None)
    if a is None:
        raise ValueError(f"{card.name} has no {action.cost} cost")
    return card, total_cost(game, player, card, a.cost)


def _cost_paid(keyword: str) -> Callable[[Game, Condition, int, int, int], bool]:
    def check(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
        from systems.mechanics.additional_costs import parts

        paid = [p.partition("*")[0].partition(":")[0] for p in parts(game.cast_costs.get(source, ""))]
        return source >= 0 and keyword in paid

    return check


for _kw in ("madness", "prowl", "freerunning", "surge", "evoke", "offspring", "escape", "foretell", "plot",
            "suspend", "awaken", "prototype", "casualty", "conspire", "spectacle", "dash", "blitz", "squad",
            "emerge", "web-slinging", "gift", "bargain"):
    registry.condition(f"cost_paid_{_kw}")(_cost_paid(_kw))  # "if its [keyword] cost was paid" (603.4)
