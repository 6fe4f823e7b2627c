"""Splice (CR 702.47): "Splice onto Arcane [cost]". Only mana costs onto Arcane spells are read; the rules are
systems/mechanics/splice.py.

Rules: Splice (CR 702.47): "Splice onto Arcane [cost]".

702.47a: as its owner casts an Arcane spell, they may reveal this card from their hand; the spell gains the text
of this card's rules text and they pay the splice cost as an additional cost (601.2b, 601.2f-h). The card stays in
the hand. 702.47b: not if the required choices (targets) can't be made for that text; not the same card twice onto
one spell; with several cards, the caster chooses the order of their effects, after the main spell's. 702.47c: the
spell keeps its own characteristics plus the rules text (a text-changing effect, 612); 702.47d: targets for the
added text are chosen normally; 702.47e: the changes end when it leaves the stack.

A cast from the hand with spliced cards is its own option, named "splice" in ``CastSpell.cost`` with the spliced
cards, in the order their effects happen, in ``CastSpell.spliced``: the spell on the stack has one spell ability
made of the main spell's instructions and targets followed by each spliced card's (``CardObject.printed`` keeps
the card, systems/zones.py restores it as it leaves the stack); the added instructions' target slots are numbered
after the spell's (as the compiler numbers the lines of one spell, content/oracle ``shift_targets``). Any number of
cards may be spliced: the rules list one cast of each Arcane card with ``spliced`` left ``OPEN``, and the
announcement asks the cards one at a time in the order of their effects (systems/announcing.py ``OpenSet``), each
offered only if the spell with it can still be cast (its cost paid, its text's targets chosen: adding a card never
makes that easier, so a sequence that can't be cast has no completion), then the spell's modes and targets.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility
from components.casting_keywords import Splice
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import OPEN, Action, CastSpell
from systems.announcing import OpenSet
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_SPLICE = re.compile(r"splice onto arcane ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _SPLICE.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES or "X" in m.group(1).upper():
        return None
    cost = m.group(1).upper()
    return Splice(f"Splice onto Arcane {cost}", parse_mana_cost(cost))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Splice onto Arcane {a.cost}" if isinstance(a, Splice) else None


registry.reader(read, priority=630)
registry.renderer(render, priority=590)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)

_INFO: dict[int, tuple[CardDef, Splice | None]] = {}
_SPLICED: dict[tuple[int, ...], tuple[tuple[CardDef, ...], CardDef | None]] = {}


def splice_of(card: CardDef) -> Splice | None:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, next((a for a in card.abilities if isinstance(a, Splice)), None))
        _INFO[id(card)] = hit
    return hit[1]


def _spell(card: CardDef) -> SpellAbility | None:
    spells = [a for a in card.abilities if isinstance(a, SpellAbility)]
    return spells[0] if len(spells) == 1 and not spells[0].modes else None


def spliced(main: CardDef, cards: tuple[CardDef, ...]) -> CardDef | None:
    """The main spell with the rules text of ``cards`` added in order (702.47b-c), or None if not offered."""
    key = (id(main), *map(id, cards))
    hit = _SPLICED.get(key)
    if hit is not None and hit[0][0] is main and all(a is b for a, b in zip(hit[0][1:], cards, strict=True)):
        return hit[1]
    base = _spell(main)
    result = None
    if base is not None:
        targets, effects = base.targets, base.effects
        ok = True
        from content.oracle import shift_targets

        for card in cards:
            extra = _spell(card)
            if extra is None:
                ok = False
                break
            # The added text's target slots come after the spell's (601.2c), as for the lines of one spell.
            moved = tuple(shift_targets(e, len(targets)) for e in extra.effects)
            targets, effects = (*targets, *extra.targets), (*effects, *moved)
        if ok:
            merged = dataclasses.replace(base, targets=targets, effects=effects)
            result = dataclasses.replace(main, abilities=tuple(merged if a is base else a for a in main.abilities))
    _SPLICED[key] = ((main, *cards), result)
    return result


def _splice_costs(cards: tuple[CardDef, ...]) -> list[ManaCost]:
    """The splice costs of ``cards``, each a card with splice (702.47a: paid as an additional cost)."""
    costs = []
    for c in cards:
        s = splice_of(c)
        assert s is not None  # (cards from _splicers, or checked by as_cast)
        costs.append(s.cost)
    return costs


def _splicers(game: Game, player: int, ent: int) -> list[int]:
    return [c for c in game.zones[player][Zone.HAND] if c != ent and splice_of(game.card(c)) is not None]


def _casts(game: Game, player: int, ent: int, order: tuple[int, ...]) -> list[CastSpell]:
    """The casts of ``ent`` with the cards ``order`` spliced onto it (each choice of its modes and targets)."""
    from systems.mechanics.additional_costs import combine, payment_units
    from systems.mechanics.alternative_costs import spell_choices

    card = game.card(ent)
    cards = tuple(game.card(c) for c in order)
    spell = spliced(card, cards)
    if spell is None:
        return []
    cost = combine(card.mana_cost, *_splice_costs(cards))
    units = payment_units(game, player, card)
    return [dataclasses.replace(o, spliced=order)
            for o in spell_choices(game, player, ent, spell, cost, "splice", -1, units)]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    """Casts of an Arcane spell from the hand with splice cards from the hand spliced onto it (the cards chosen in
    steps: ``open_splice``)."""
    from systems.casting import sorcery_timing

    hand = game.zones[player][Zone.HAND]
    if not any(splice_of(game.card(c)) is not None for c in hand):
        return []
    out: list[CastSpell] = []
    seen: set[str] = set()
    for ent in hand:
        card = game.card(ent)
        if "Arcane" not in card.type_line.subtypes or card.name in seen or not card.mana_cost.present:
            continue
        seen.add(card.name)
        if not (any_time(game, player, card) or sorcery_timing(game, player)):
            continue
        if any(_casts(game, player, ent, (c,)) for c in _splicers(game, player, ent)):
            out.append(CastSpell(ent, cost="splice", spliced=OPEN))
    return out


@registry.hook("announce.open")
def open_splice(game: Game, player: int, play: object, name: str) -> OpenSet | None:
    """702.47a-b: the cards spliced, each at most once, in the order their effects happen."""
    if not isinstance(play, CastSpell) or play.cost != "splice" or name != "spliced":
        return None
    ent = play.card
    known: dict[tuple[int, ...], list[CastSpell]] = {}

    def casts(order: tuple[int, ...]) -> list[CastSpell]:
        hit = known.get(order)
        if hit is None:
            hit = known[order] = _casts(game, player, ent, order) if order else []
        return hit

    def expand(template: Action, order: tuple[int, ...]) -> list[Action]:
        return list(casts(order))

    others = _splicers(game, player, ent)
    by_name: dict[str, list[int]] = {}
    for c in others:
        by_name.setdefault(game.card(c).name, []).append(c)
    elements = tuple(c for group in by_name.values() for c in group)  # identical cards next to each other
    kinds = tuple(game.card(c).name for c in elements)
    return OpenSet("spliced", elements, kinds, lambda order: bool(casts(order)),
                   lambda order, rest: bool(casts(order)), ordered=True, expand=expand)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "splice":
        return None
    from systems.mechanics.additional_costs import combine
    from systems.mechanics.alternative_costs import total_cost

    cards = tuple(game.card(c) for c in action.spliced)
    spell = spliced(card, cards)
    if spell is None or any(splice_of(c) is None for c in cards):
        raise ValueError(f"these cards can't be spliced onto {card.name}")
    cost = combine(card.mana_cost, *_splice_costs(cards))
    return spell, total_cost(game, player, spell, cost)
