"""Casting a card from its owner's graveyard: jump-start (CR 702.133), retrace (702.81) and escape (702.138).

* "Jump-start" on an instant or sorcery (702.133a): "You may cast this card from your graveyard if the
  resulting spell is an instant or sorcery spell by discarding a card as an additional cost to cast it" and
  "If this spell was cast using its jump-start ability, exile this card instead of putting it anywhere else
  any time it would leave the stack."
* "Retrace" (702.81a): "You may cast this card from your graveyard by discarding a land card as an additional
  cost to cast it."
* "Escape—[cost], Exile N other cards from your graveyard." (702.138a): "You may cast this card from your
  graveyard by paying [cost] rather than paying its mana cost." Only a mana cost plus exiling other cards from
  the graveyard is read ("Exile a land you control" and other parts are not). "~ escapes with [counters]"
  (702.138c): it enters with them if it escaped (condition kind "cost_paid_escape").

* "Flashback—[costs]." / "Flashback [mana cost], [costs]." (702.34a) with a cost that isn't only mana (the mana
  form is systems/mechanics/flashback.py): mana, "Pay N life", "Tap N untapped [permanents] you control",
  "Discard N cards", "Sacrifice a [permanent]" (read like the costs of an activated ability, 602.1a).

* "Harmonize [cost]" (newer than the Comprehensive Rules used here; its reminder text: "You may cast this card
  from your graveyard for its harmonize cost. You may tap a creature you control to reduce that cost by {X}, where
  X is its power. Then exile this spell."; its cost may have {X}) and "Mayhem [cost]" ("You may cast this card from
  your graveyard for [cost] if you discarded it this turn. Timing rules still apply."); only mana costs are read.

The rules are systems/mechanics/graveyard_casting.py.

Rules: Casting a card from its owner's graveyard: jump-start (CR 702.133), retrace (702.81), escape (702.138),
flashback with costs that aren't only mana (702.34a), harmonize and mayhem (keywords newer than the rules used
here: by their reminder text, alternative costs, 118.9, 601.2b, 601.2f-h).

``CastSpell.cost`` names the way: "jump-start", "retrace", "escape". Each choice is its own enumerated option,
offered only when the whole cost can be paid (601.2b, 601.2f-h), with the card's normal timing (a sorcery-speed
card needs sorcery timing, 307.1, 117.1a).

* Jump-start (702.133a): the mana cost plus discarding a card (``CastSpell.discard``), only if the resulting
  spell is an instant or sorcery; the card is exiled instead of going anywhere else when it leaves the stack
  (``leave_zone``, asked by systems/mechanics/additional_costs.py ``leave_stack_zone``).
* Retrace (702.81a): the mana cost plus discarding a land card.
* Escape (702.138a): the escape cost rather than the mana cost (an alternative cost, 118.9), and exiling N
  other cards from the graveyard (``CastSpell.exile``). Which cards is the caster's choice (601.2b): the rules
  list the cast with ``exile`` left ``OPEN`` and the announcement asks the N cards one at a time (identical cards
  are one choice at each step; systems/announcing.py ``at_least``), so every set can be chosen. With "exile a
  permanent you control" in the same cost, the permanent is the first element of that choice.

* Harmonize: the harmonize cost rather than the mana cost, optionally tapping an untapped creature you control
  (``CastSpell.tapped``) to reduce the total cost by {X}, X its power (generic mana only); exiled as it leaves the
  stack. Mayhem: the mayhem cost rather than the mana cost, only the turn its owner discarded it (the discarded
  cards are remembered in ``game.turn_log.this["discarded"]``, systems/zones.py ``discard``), with its normal timing.

Discarding to pay a cost is a discard (701.8a): "whenever a player discards" abilities see it. Cost increases
and reductions apply to the total cost (601.2f, systems/mechanics/alternative_costs.py ``total_cost``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, ActivatedAbility, Condition, StaticReplacement
from components.casting_keywords import GraveyardCast
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import InZone, StackItem, Zone
from content import registry
from content.mana import parse_mana_cost
from content.oracle.words import NUMBER_NAMES, NUMBER_WORDS
from ecs.actions import OPEN, CastSpell
from systems.announcing import OpenSet, at_least
from systems.flash_permission import any_time
from systems.mechanics.additional_costs import distinct_choices

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_ESCAPE = re.compile(r"escape\s*[—-]\s*((?:\{[^}]+\})+), (?:exile (?P<perm>an? [a-z ]+?) you control, )?"
                     r"exile (\w+) other cards? from your graveyard\.?", re.I)


_FLASHBACK = re.compile(r"flashback(?:\s*[—-]\s*| (?=\{))(?P<costs>.+?)\.?", re.I)
_ALLOWED = {"mana_cost", "tap", "life", "tap_others", "tap_others_count", "discard", "sacrifice"}


def _flashback(line: str, types: CardType) -> Ability | None:
    """Flashback with costs that aren't only mana (702.34a)."""
    m = _FLASHBACK.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES:
        return None
    from content.oracle.lines import parse_costs
    from content.oracle.phrases import NoParse

    raw_costs = m.group("costs")
    low = re.sub(r"(\{[^}]+\})|[^{]+", lambda x: x.group(1) or x.group(0).lower(), raw_costs)
    try:
        fields = parse_costs(low)
    except (NoParse, ValueError, KeyError):
        return None
    if set(fields) - _ALLOWED or fields.get("tap") or set(fields) <= {"mana_cost", "tap"}:
        return None  # only costs a spell can have, and not mana alone (systems/mechanics/flashback.py)
    if "X" in str(fields.get("mana_cost") or ""):
        return None
    mana = fields.pop("mana_cost")
    assert mana is None or isinstance(mana, ManaCost)
    costs = ActivatedAbility("", mana, False, (), (),
                             **{k: v for k, v in fields.items() if k != "tap"})  # type: ignore[arg-type]
    return GraveyardCast(line.strip(), "flashback", exile_after=True, spells_only=True, costs=costs)


_ESCAPES_WITH = re.compile(r"~ escapes with (?P<what>.+ counters? on it)\.?", re.I)
ESCAPED = Condition("cost_paid_escape")  # 702.138b (systems/mechanics/this_turn_costs.py)


def _escapes_with(line: str) -> Ability | None:
    """702.138c: "[This permanent] escapes with [counters]" means "If this permanent escaped, it enters with
    [those counters]" (a replacement effect, 614.1c, that applies only if it escaped)."""
    m = _ESCAPES_WITH.fullmatch(line.strip())
    if not m:
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(f"~ enters with {m.group('what')}.", is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(inner) != 1 or not isinstance(inner[0], StaticReplacement) or not inner[0].self_only \
            or inner[0].condition is not None:
        return None
    return dataclasses.replace(inner[0], text=line.strip(), condition=ESCAPED)


_GRAVE_COST = re.compile(r"(harmonize|mayhem) ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.lower().startswith("~ escapes with "):
        return _escapes_with(line)
    m = _GRAVE_COST.fullmatch(line.strip().rstrip("."))
    if m and (m.group(1).lower() == "harmonize" or "X" not in m.group(2).upper()) \
            and not int(types) & int(CardType.LAND):
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        if keyword == "harmonize":
            return GraveyardCast(f"Harmonize {cost}", "harmonize", parse_mana_cost(cost), exile_after=True,
                                 tap_reduce=True)
        return GraveyardCast(f"Mayhem {cost}", "mayhem", parse_mana_cost(cost))
    text = line.strip().rstrip(".")
    low = text.lower()
    if low.startswith("flashback"):
        return _flashback(line, types)
    if low == "jump-start" and int(types) & SPELL_TYPES:
        return GraveyardCast("Jump-start", "jump-start", discard="card", exile_after=True, spells_only=True)
    if low == "retrace":
        return GraveyardCast("Retrace", "retrace", discard="land")
    m = _ESCAPE.fullmatch(line.strip())
    if m:
        word = m.group(3).lower()
        n = NUMBER_WORDS.get(word, int(word) if word.isdigit() else 0)
        if n <= 0:
            return None
        cost = m.group(1).upper()
        perm = None
        if m.group("perm"):
            from content.oracle.phrases import NoParse, noun_phrase

            try:
                noun, rest = noun_phrase(m.group("perm").lower())
            except NoParse:
                return None
            if rest or noun.head != "permanent" or noun.plural or set(noun.f) - {"types_any", "subtypes_any"}:
                return None
            perm = noun.filter()
        return GraveyardCast(line.strip(), "escape", parse_mana_cost(cost), exile_others=n, exile_permanent=perm)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, StaticReplacement) and a.condition == ESCAPED:
        from content.oracle.render import render_line

        inner = render_line([dataclasses.replace(a, condition=None)])
        return "~ escapes with " + inner[len("~ enters with "):] if inner.startswith("~ enters with ") else None
    if not isinstance(a, GraveyardCast):
        return None
    if a.keyword in ("harmonize", "mayhem"):
        return f"{a.keyword.capitalize()} {a.cost}"
    if a.keyword == "jump-start":
        return "Jump-start"
    if a.keyword == "retrace":
        return "Retrace"
    if a.keyword == "flashback" and isinstance(a.costs, ActivatedAbility):
        from content.oracle.render import _costs

        text = _costs(a.costs)
        return f"Flashback {text}." if a.costs.mana_cost is not None else f"Flashback—{text}."
    if a.keyword == "escape":
        n = a.exile_others
        perm = ""
        if a.exile_permanent is not None:
            from content.oracle.render import noun

            thing = noun(a.exile_permanent)
            perm = f"Exile {'an' if thing[:1] in 'aeiou' else 'a'} {thing} you control, "
        return (f"Escape—{a.cost}, {perm}Exile {NUMBER_NAMES.get(n, str(n))} other card{'s' if n != 1 else ''} from "
                "your graveyard.")
    return None


registry.reader(read, priority=520)
registry.renderer(render, priority=480)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
SORCERY = int(CardType.SORCERY)
LAND = int(CardType.LAND)
FLASH = int(Keyword.FLASH)
KEYWORDS = frozenset({"jump-start", "retrace", "escape", "flashback", "harmonize", "mayhem"})
FREE = ManaCost(())

_WAYS: dict[int, tuple[CardDef, tuple[GraveyardCast, ...]]] = {}


def ways(card: CardDef) -> tuple[GraveyardCast, ...]:
    hit = _WAYS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities if isinstance(a, GraveyardCast)))
        _WAYS[id(card)] = hit
    return hit[1]


def way_of(card: CardDef, keyword: str) -> GraveyardCast | None:
    return next((w for w in ways(card) if w.keyword == keyword), None)


def _names_choices(game: Game, cards: list[int], n: int, limit: int | None) -> list[tuple[int, ...]]:
    """Every set of ``n`` of ``cards`` that differs by name (identical cards are one choice), at most ``limit``."""
    by_name: dict[str, list[int]] = {}
    for c in cards:
        by_name.setdefault(game.card(c).name, []).append(c)
    pool = [c for group in by_name.values() for c in group[:n]]
    return distinct_choices(pool, n, lambda c: game.card(c).name, limit)


def graveyard_variants(game: Game, player: int) -> list[CastSpell]:
    """Every jump-start, retrace and escape cast from ``player``'s graveyard now."""
    out: list[CastSpell] = []
    seen: set[str] = set()
    sorcery_ok: bool | None = None
    for ent, card in list(game.graveyard_activatable.items()):
        options = ways(card)
        if not options or card.name in seen:
            continue
        where = game.world.try_get(ent, InZone)
        if where is None or where.zone != Zone.GRAVEYARD or where.player != player:
            continue  # 702.81a, 702.133a, 702.138a: from your graveyard
        seen.add(card.name)  # identical cards in a graveyard are one option
        # (imported here, for a card that has such a way: the pass-only proof asks at every stop)
        from systems.casting import sorcery_timing
        from systems.mechanics.additional_costs import payment_units
        from systems.mechanics.alternative_costs import spell_choices

        if not any_time(game, player, card):
            if sorcery_ok is None:
                sorcery_ok = sorcery_timing(game, player)
            if not sorcery_ok:
                continue
        units = payment_units(game, player, card)
        for way in options:
            if way.spells_only and not card.type_bits & (INSTANT | SORCERY):
                continue  # 702.133a: only if the resulting spell is an instant or sorcery spell
            if way.keyword == "mayhem" and ent not in game.turn_log.this.get("discarded", ()):
                continue  # mayhem: only if you discarded it this turn
            if way.tap_reduce:
                out.extend(_harmonize_casts(game, player, ent, card, way, units))
                continue
            casts = spell_choices(game, player, ent, card, base_cost(card, way), way.keyword, -1, units)
            if casts and way.costs is not None:
                casts = [c for o in casts for c in _other_cost_choices(game, player, o, way.costs)]
            if casts and way.discard:
                hand = game.zones[player][Zone.HAND]
                expanded: list[CastSpell] = []
                for option in casts:
                    pool = [c for c in hand if c not in option.discard
                            and (way.discard == "card" or game.card(c).type_bits & LAND)]
                    expanded.extend(dataclasses.replace(option, discard=(*option.discard, *pick))
                                    for pick in _names_choices(game, pool, 1, len(pool)))
                casts = expanded
            if casts and way.exile_others:
                others = [c for c in game.zones[player][Zone.GRAVEYARD] if c != ent]
                if len(others) < way.exile_others:
                    casts = []
                else:
                    casts = [dataclasses.replace(o, exile=OPEN) for o in casts]  # asked in steps: open_escape
            if casts and way.exile_permanent is not None:
                # "Exile a land you control" (part of the escape cost): one option per kind of such permanent
                from systems.costs import _own_matching
                from systems.mechanics.copy_on_cast import _distinct

                mine = [e for e in _own_matching(game, player, way.exile_permanent, -1)]
                if way.exile_others:  # the permanent is the first element of the open choice (open_escape)
                    casts = [o for o in casts if any(e not in o.targets for e in mine)]
                else:
                    picks = _distinct(game, mine, 1)
                    casts = [dataclasses.replace(o, exile=(*p, *o.exile)) for o in casts for p in picks
                             if p[0] not in o.targets]
            out.extend(casts)
    return out


@registry.hook("announce.open")
def open_escape(game: Game, player: int, play: object, name: str) -> OpenSet | None:
    """702.138a: the N other cards exiled from the graveyard as part of the escape cost."""
    if not isinstance(play, CastSpell) or play.cost != "escape" or name != "exile":
        return None
    way = way_of(game.card(play.card), "escape")
    assert way is not None and way.exile_others
    others = [c for c in game.zones[player][Zone.GRAVEYARD] if c != play.card]
    n = way.exile_others
    if way.exile_permanent is None:
        return at_least("exile", others, lambda c: game.card(c).name, lambda c: 1, n, most=n, least=n)
    # "Exile a land you control, Exile two other cards from your graveyard": the permanent first (not one of the
    # spell's targets), then the N cards; interchangeable permanents and identically named cards are one choice.
    from systems.costs import _own_matching

    t = game.table
    mine = [e for e in _own_matching(game, player, way.exile_permanent, -1)
            if e not in play.targets]
    groups: dict[object, list[int]] = {}
    for e in mine:
        groups.setdefault(("permanent", game.card(e).name, int(t.get(e, "power")), int(t.get(e, "toughness")),
                           int(t.get(e, "damage")), bool(t.get(e, "tapped"))), []).append(e)
    for c in others:
        groups.setdefault(("card", game.card(c).name), []).append(c)
    elements = tuple(e for group in groups.values() for e in group)
    kinds = tuple(k for k, group in groups.items() for _ in group)
    permanents = frozenset(mine)

    def can_complete(chosen: tuple[int, ...], rest: tuple[int, ...]) -> bool:
        p = sum(c in permanents for c in chosen)
        g = len(chosen) - p
        return (p <= 1 and g <= n and p + sum(c in permanents for c in rest) >= 1
                and g + sum(c not in permanents for c in rest) >= n)

    def complete(chosen: tuple[int, ...]) -> bool:
        return len(chosen) == n + 1 and sum(c in permanents for c in chosen) == 1

    return OpenSet("exile", elements, kinds, complete, can_complete)


def _harmonize_total(game: Game, player: int, card: CardDef, way: GraveyardCast, tapped: tuple[int, ...],
                     x: int = 0) -> ManaCost:
    """Harmonize: the total cost (601.2f; {X} counted as the X chosen, 107.3) less generic mana equal to the power of
    the creature tapped for it."""
    from components.characteristics import ManaSymbol, SymbolKind
    from systems.mechanics.alternative_costs import total_cost
    from systems.mechanics.delve import reduce_generic

    total = total_cost(game, player, card, base_cost(card, way))
    if total.has_x:
        total = ManaCost(tuple(ManaSymbol.generic(x) if s.kind == SymbolKind.X else s for s in total.symbols),
                         total.present)
    if not tapped:
        return total
    game.refresh_layers()
    return reduce_generic(total, max(int(game.table.get(tapped[0], "power")), 0))


def _harmonize_casts(game: Game, player: int, ent: int, card: CardDef, way: GraveyardCast,
                     units: list[tuple[int, int]]) -> list[CastSpell]:
    """The harmonize casts: without tapping a creature, or tapping one untapped creature you control (each kind of
    creature with power 1 or more is one choice)."""
    from systems.mana import find_payment
    from systems.mechanics.alternative_costs import spell_choices
    from systems.mechanics.copy_on_cast import _creatures, _distinct
    from systems.mechanics.delve import FREE, _free

    t = game.table
    ready = [e for e in _creatures(game, player) if not t.get(e, "tapped") and int(t.get(e, "power")) > 0]
    shapes = spell_choices(game, player, ent, _free(card), FREE, "harmonize", -1, units)
    from systems.casting import largest

    out: list[CastSpell] = []
    has_x = base_cost(card, way).has_x
    for tapped in [(), *_distinct(game, ready, 1)]:
        # 107.3, 601.2b: X is announced; each value that can be paid (X is 0 without an {X} in the cost)
        def payable(x: int, tapped: tuple[int, ...] = tapped) -> bool:
            return find_payment(game, player, _harmonize_total(game, player, card, way, tapped, x), 0,
                                units) is not None

        if not payable(0):
            continue
        xs = range(largest(payable, len(units) if has_x else 0) + 1)
        out.extend(dataclasses.replace(o, card=ent, tapped=tapped, x=x) for x in xs for o in shapes
                   if not set(tapped) & set(o.targets))
    return out


def discarded(game: Game, card: int) -> None:
    """Remember the cards discarded this turn (mayhem: "if you discarded it this turn"), by their new objects."""
    game.turn_log.this.setdefault("discarded", set()).add(card)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """The spell and its total cost for a cast from the graveyard (601.2f); None for other casts."""
    if action.cost not in KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    way = way_of(card, action.cost)
    if way is None:
        if action.cost == "flashback":
            return None  # a flashback cost of mana only (systems/mechanics/additional_costs.py)
        raise ValueError(f"{card.name} has no {action.cost} ability")
    if way.tap_reduce:
        return card, _harmonize_total(game, player, card, way, action.tapped, action.x)
    return card, total_cost(game, player, card, base_cost(card, way))


def base_cost(card: CardDef, way: GraveyardCast) -> ManaCost:
    """The mana part of the cost paid instead of, or with, the mana cost (118.9, 601.2f)."""
    if isinstance(way.cost, ManaCost):
        return way.cost
    if way.costs is not None:
        mana = way.costs.mana_cost
        return mana if isinstance(mana, ManaCost) else FREE  # 702.34a: the flashback cost rather than the mana cost
    return card.mana_cost


def _other_cost_choices(game: Game, player: int, option: CastSpell, costs: ActivatedAbility) -> list[CastSpell]:
    """The cast option with each way to pay the flashback cost's other parts (601.2b): permanents to tap or to
    sacrifice, cards to discard; none when they can't be paid (a life payment needs that much life, 119.4)."""
    from systems.additional_sacrifice import discard_choices
    from systems.costs import _own_matching
    from systems.mechanics.copy_on_cast import _distinct

    a = costs
    if a.life and game.player_states[player].life < a.life:
        return []
    out = [option]
    if a.tap_others is not None:
        t = game.table
        ready = [e for e in _own_matching(game, player, a.tap_others, -1) if not t.get(e, "tapped")]
        picks = _distinct(game, ready, a.tap_others_count)
        out = [dataclasses.replace(o, tapped=p) for o in out for p in picks]
    if a.sacrifice is not None:
        mine = _own_matching(game, player, a.sacrifice, -1)
        out = [dataclasses.replace(o, sacrifice=(*o.sacrifice, s)) for o in out for s in mine
               if s not in o.sacrifice and s not in o.targets and s not in o.tapped]
    if a.discard:
        picks = discard_choices(game, player, option.card, a.discard)
        out = [dataclasses.replace(o, discard=(*o.discard, *d)) for o in out for d in picks
               if not set(d) & set(o.discard)]
    return out


def pay_other_costs(game: Game, player: int, card: CardDef, action: CastSpell) -> None:
    """601.2h: the life part of a flashback cost (119.4); the permanents and cards chosen are paid by
    systems/casting.py with the other additional costs."""
    way = way_of(card, action.cost)
    if way is not None and way.costs is not None and way.costs.life:
        from systems.history import life_lost

        life = way.costs.life
        game.player_states[player].life -= life
        life_lost(game, player, life)  # 119.4: paying life is losing it
        game.table.mark_changed(layers=False)
        game.say(f"{game.player_states[player].name} pays {life} life")


def pay_exile(game: Game, player: int, cards: tuple[int, ...], why: str) -> None:
    """Exile the cards chosen to pay for the spell (601.2h): from the graveyard for escape (702.138a) and delve
    (702.66a), a land for escape, a card from the hand for "Evoke—Exile a blue card from your hand." (702.74a)."""
    from systems.zones import move

    for c in cards:
        game.say(f"{game.player_states[player].name} exiles {game.name(c)} to pay for the spell ({why})")
        move(game, c, Zone.EXILE)


def leave_zone(game: Game, spell: int, zone: Zone) -> Zone:
    """702.133a: a spell cast with jump-start is exiled instead of going anywhere else as it leaves the stack."""
    item = game.world.try_get(spell, StackItem)
    if item is None or zone == Zone.EXILE:
        return zone
    way = way_of(game.obj(spell).printed or game.obj(spell).card, item.cost) if item.cost in KEYWORDS else None
    if way is not None and way.exile_after:
        game.say(f"{game.name(spell)} is exiled instead ({item.cost})")
        return Zone.EXILE
    return zone


@registry.hook("zones.discarded")
def _discarded(game: Game, new: int, zone: Zone) -> None:
    if game.graveyard_abilities_seen:
        discarded(game, new)  # mayhem: "if you discarded it this turn"
