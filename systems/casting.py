"""Playing lands, casting spells and activating abilities (CR 116.2a, 305, 601, 602, 307, 117.1a).

Options are enumerated with their targets (CR 601.2c) and only offered when the cost can be
paid (CR 601.2g-h), so an offered action always completes: casting never has to be rewound.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from components.abilities import (
    ActivatedAbility,
    AddMana,
    EnchantAbility,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
)
from components.card import CardDef  # (at run time: a class annotation of this module names it)
from components.casting_keywords import ExileFromHand, Splice
from components.characteristics import CardType, ManaCost
from components.events import SpellCast
from components.keywords import Keyword
from components.objects import (
    BATTLEFIELD,
    GRAVEYARD,
    HAND,
    MAIN_STEPS,
    AbilityOnStack,
    InZone,
    StackItem,
    Zone,
)
from ecs.actions import ActivateAbility, CastSpell, PlayLand
from systems import history, mana
from systems.additional_sacrifice import has_additional_cost, with_sacrifices
from systems.as_enters import land_choices
from systems.costs import (
    activation_ready,
    cost_changes_in_play,
    cost_choices,
    effective_cost,
    hand_abilities,
    has_own_cost_change,
    is_mana_ability,
    pay_other_costs,
    player_rules,
    resolve_mana_ability,
)
from systems.definition_memos import recall
from systems.flash_permission import any_time, own_permission
from systems.granted import ability_card
from systems.mana import ability_units, can_pay, find_payment, mana_sources, pay
from systems.mana_spending import restricted_units
from systems.mechanics import ripple
from systems.mechanics.additional_costs import additional_cost_cards, hand_variants, info
from systems.mechanics.casting_variants import card_keyword_kinds, casting_keyword_kinds, hand_casts
from systems.mechanics.convoke import help_kinds, spell_units
from systems.mechanics.escalate import drop_unpaid
from systems.mechanics.storm import spell_cast
from systems.mechanics.ward import became_targets
from systems.targeting import candidates, kept_with_layers
from systems.trigger_events import spent_on_spell
from systems.triggers import emit
from systems.zones import hand_cards, move, put_on_stack

if TYPE_CHECKING:
    from ecs.game import Game

LAND: Final = int(CardType.LAND)
INSTANT: Final = int(CardType.INSTANT)
CREATURE: Final = int(CardType.CREATURE)
FLASH: Final = int(Keyword.FLASH)
HASTE: Final = int(Keyword.HASTE)
_zip: Final = zip  # (compiled: a C static read, not a look-up in the builtins module at each call)


def sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1 / 301.1 / 302.1: own main phase with an empty stack."""
    return game.active == player and game.step in MAIN_STEPS and not game.stack


def instant_speed(card: CardDef) -> bool:
    """May this card be cast any time its owner has priority (an instant, or flash, CR 117.1a)?"""
    if card.type_bits & INSTANT or card.keywords & FLASH:
        return True
    if own_permission(card):
        return True  # "If ..., you may cast ~ as though it had flash" (601.3a): maybe; cast_actions decides
    return any(instant_speed(face) for face in getattr(card, "faces", ()) or ())


def spell_ability(card: CardDef) -> SpellAbility | None:
    for ability in card.abilities:
        if isinstance(ability, SpellAbility):
            return ability
    return None


def spell_targets(card: CardDef) -> tuple[TargetSpec, ...]:
    """The target slots of a spell: its instructions', or an Aura's enchant target (CR 303.4a)."""
    spell = spell_ability(card)
    if spell is not None:
        return spell.targets
    for ability in card.abilities:
        if isinstance(ability, EnchantAbility):
            return (TargetSpec(TargetKind.PERMANENT, ability.affected),)
    return ()


def land_actions(game: Game, player: int, facts: HandFacts | None = None) -> list[PlayLand]:
    """CR 305.2: one land per turn, main phase, stack empty, own turn. ``facts``: ``hand_facts(game, player)`` if the
    caller has them."""
    state = game.player_states[player]
    # (sorcery_timing inlined: asked at every stop with options)
    if not (game.active == player and game.step in MAIN_STEPS and not game.stack):
        return []
    if facts is None:
        facts = hand_facts(game, player)
    if not facts.land:
        return []  # no land card in hand, nor a modal double-faced card with a land back face (kept per hand version)
    if state.lands_played >= state.land_plays_allowed and state.lands_played >= state.land_plays_allowed + player_rules(
            game, player, "extra_land"):
        return []  # (the cheap tests first: the permanents granting extra land plays are counted only when needed)
    out: list[PlayLand] = []
    seen: set[str] = set()
    # (the hand's cards with the land fact, in order: the others list no play below; kept per hand version, checked
    # under CHECK_CACHES against the hand's cards)
    for ent, card in facts.lands:
        if card.type_bits & LAND and card.name not in seen:
            seen.add(card.name)  # identical cards in hand are one option
            # A choice made as it enters (614.12) is part of the option: one per choice.
            for choice in land_choices(game, player, card):  # (a loop: no list comprehension frame)
                out.append(PlayLand(ent, choice))
        if card.layout == "modal_dfc" and card.faces[1].type_bits & LAND and card.name + " //" not in seen:
            seen.add(card.name + " //")  # one option per name for the back face too
            back = card.faces[1]  # 712.12: played as its land face
            out.extend(PlayLand(ent, choice, 1) for choice in land_choices(game, player, back))
    return out


def _target_choices(game: Game, specs: tuple[TargetSpec, ...], player: int, source: int,
                    self_object: int = -1) -> list[tuple[int, ...]]:
    if len(specs) == 1:  # (one slot, the usual case: no two choices to compare)
        spec = specs[0]
        out: list[tuple[int, ...]] = list(_zip(candidates(game, spec, player, source, self_object)))  # (c,) each
        if spec.optional:
            out.append((-1,))  # no object chosen for an "up to one target" slot (601.2c)
        return out
    choices = [candidates(game, spec, player, source, self_object) + ([-1] if spec.optional else [])
               for spec in specs]  # -1: no object chosen for an "up to one target" slot (601.2c)
    # CR 115.3: one object can't be chosen twice for the same instance of "target".
    out = []
    for combo in itertools.product(*choices):
        chosen = [c for c in combo if c >= 0]
        if len(set(chosen)) == len(chosen):
            out.append(combo)
    return out


def mode_target_choices(game: Game, ability: SpellAbility | ActivatedAbility, modes: tuple[int, ...], player: int,
                        source: int, self_object: int = -1) -> list[tuple[int, ...]]:
    """The targets of the chosen modes, in mode order. CR 115.3, 601.2c: each mode's "target" is its own instance
    of the word, so one object may be chosen by two modes; within a mode it may not."""
    combos: list[tuple[int, ...]] = [()]
    for m in modes:
        specs = ability.modes[m].targets
        if specs:
            combos = [c + d for c in combos for d in _target_choices(game, specs, player, source, self_object)]
    return combos


def payable_xs(game: Game, player: int, cost: ManaCost, units: list[tuple[int, int]]) -> range:
    """CR 107.3, 601.2b: every value of X the player could pay, 0 up to the largest (X adds generic mana only, so
    a payable X stays payable one lower: the largest is found by bisection). Assumes X = 0 is payable."""
    return range(largest(lambda x: find_payment(game, player, cost, x, units) is not None, len(units)) + 1)


def largest(payable: Callable[[int], bool], high: int) -> int:
    """The largest n in 0..high with ``payable(n)``, for a predicate true at 0 that stays true below any n it is
    true for (bisection)."""
    low = 0
    while low < high:
        mid = (low + high + 1) // 2
        if payable(mid):
            low = mid
        else:
            high = mid - 1
    return low


def _spell_cards_in_hand(game: Game, player: int) -> list[tuple[int, CardDef]]:
    """The nonland cards in hand cast for their mana cost, one per name (identical cards are one
    option; a split card is cast as one half or fused, see alternative_cast_actions). Cached until a
    hand changes."""
    key = ("spells", player)
    cached = game.hand_filter_cache.get(key)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    out: list[tuple[int, CardDef]] = []
    seen: set[str] = set()
    for ent, card in hand_cards(game, player):
        if card.type_bits & LAND or card.name in seen or card.layout == "split":
            continue
        seen.add(card.name)
        out.append((ent, card))
    game.hand_filter_cache[key] = (game.hand_versions[player], out)
    return out


def any_time_cards_in_hand(game: Game, player: int) -> list[tuple[int, CardDef]]:
    """Those of ``_spell_cards_in_hand`` that may be cast outside sorcery timing with no flash permission of a
    permanent in force: instants, flash, or the card's own permission (117.1a, 702.8a, 601.3a). Cached until a
    hand changes: at most priority stops the other cards need no look."""
    key = ("any_time", player)
    cached = game.hand_filter_cache.get(key)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    out = [(ent, card) for ent, card in _spell_cards_in_hand(game, player)
           if card.type_bits & INSTANT or card.keywords & FLASH or own_permission(card)]
    game.hand_filter_cache[key] = (game.hand_versions[player], out)
    return out


class CardFacts:
    """One card's own facts that ``hand_facts`` gathers, found once per card definition (``card_facts``: a card's
    characteristics and abilities don't change). (A plain class, as ``HandFacts``: read natively when compiled.)"""

    __slots__ = ("card", "flags", "helped", "own_change", "modal", "specs", "mana_value", "needs_spell")

    card: CardDef
    flags: int  # the F_* bits below
    helped: bool  # convoke or improvise (702.51a, 702.126a): more than the mana units pay
    own_change: bool  # "This spell costs {1} less to cast if ..." (601.2f): its cost reads other state
    modal: bool  # modes to choose (700.2): cast_actions decides
    specs: tuple[TargetSpec, ...]  # its target slots (601.2c)
    mana_value: int  # its mana cost's (202.3), as no cost-changing ability leaves it
    # no modes, not helped, and a target slot (not "up to one") only a spell on the stack fills ("counter target
    # spell", 701.6a): with an empty stack it can't be cast (601.2c, as cast_actions finds: no target choice)
    needs_spell: bool

    def __init__(self, card: CardDef, flags: int, helped: bool, own_change: bool, modal: bool,
                 specs: tuple[TargetSpec, ...], mana_value: int, needs_spell: bool) -> None:
        self.card = card
        self.flags = flags
        self.helped = helped
        self.own_change = own_change
        self.modal = modal
        self.specs = specs
        self.mana_value = mana_value
        self.needs_spell = needs_spell

    def fields(self) -> tuple[object, ...]:
        """Every field, in order (equality and messages)."""
        return (self.card, self.flags, self.helped, self.own_change, self.modal, self.specs, self.mana_value,
                self.needs_spell)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardFacts) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"CardFacts{self.fields()!r}"

    def __reduce__(self) -> tuple[type[CardFacts], tuple[object, ...]]:
        # a call with its fields: compiled, the class's __new__ runs __init__, so the default pickle (a bare
        # __new__, then the slots) could not load it (a Game's pickle holds the kept facts)
        return CardFacts, self.fields()


class HandFacts:
    """What the pass-only proof (``no_hand_cast``, priority.can_only_pass) reads of a hand that its cards alone
    decide, found once per hand version (``hand_facts``): every field is a function of the cards in the hand only,
    so a stop that sees the same hand reads them with one look-up. (A plain class with an explicit ``__init__``, not a
    NamedTuple: compiled, it is a native class, built by a native call and read natively at every stop.)"""

    __slots__ = ("land", "other_casts", "ways", "any_time_ways", "spells", "any_time", "special", "from_hand",
                 "spell_ids", "any_time_ids", "spells_off_stack", "spell_off_stack_ids", "any_time_off_stack",
                 "any_time_off_stack_ids", "lands")

    land: bool  # a land card, or a modal double-faced card with a land back face (305.2, 712.12)
    other_casts: bool  # kicker or buyback (702.33a, 702.27a), or a casting keyword: cast_actions decides
    ways: bool  # a split, modal double-faced, overload, bestow or morph card (alternative_costs.cards_with_ways)
    any_time_ways: bool  # one of those ways casts an instant, a flash spell or one with its own flash permission
    spells: tuple[tuple[int, CardFacts], ...]  # ``_spell_cards_in_hand``, with their cards' facts
    any_time: tuple[tuple[int, CardFacts], ...]  # ``any_time_cards_in_hand``, likewise
    special: bool  # a card with suspend, plot or foretell (exile_casting.special_actions lists nothing without one)
    from_hand: bool  # a card with an ability activated from a hand (cycling, 702.29a: costs.hand_abilities)
    spell_ids: tuple[int, ...]  # the ids of ``spells``' facts, and of ``any_time``'s: no_hand_cast's kept answer names them
    any_time_ids: tuple[int, ...]
    # ``spells`` and ``any_time`` less the cards that need a spell to target (``CardFacts.needs_spell``), for a stop
    # with an empty stack, with their ids (``_off_stack``)
    spells_off_stack: tuple[tuple[int, CardFacts], ...]
    spell_off_stack_ids: tuple[int, ...]
    any_time_off_stack: tuple[tuple[int, CardFacts], ...]
    any_time_off_stack_ids: tuple[int, ...]
    # the cards with the ``land`` fact (F_LAND), in the hand's order: ``land_actions`` lists the plays of these alone
    # (no look at the hand's other cards, nor ``hand_cards``' list made for it after a draw)
    lands: tuple[tuple[int, CardDef], ...]

    def __init__(self, land: bool, other_casts: bool, ways: bool, any_time_ways: bool,
                 spells: tuple[tuple[int, CardFacts], ...], any_time: tuple[tuple[int, CardFacts], ...], special: bool,
                 from_hand: bool, spell_ids: tuple[int, ...], any_time_ids: tuple[int, ...],
                 spells_off_stack: tuple[tuple[int, CardFacts], ...], spell_off_stack_ids: tuple[int, ...],
                 any_time_off_stack: tuple[tuple[int, CardFacts], ...], any_time_off_stack_ids: tuple[int, ...],
                 lands: tuple[tuple[int, CardDef], ...]) -> None:
        self.land = land
        self.other_casts = other_casts
        self.ways = ways
        self.any_time_ways = any_time_ways
        self.spells = spells
        self.any_time = any_time
        self.special = special
        self.from_hand = from_hand
        self.spell_ids = spell_ids
        self.any_time_ids = any_time_ids
        self.spells_off_stack = spells_off_stack
        self.spell_off_stack_ids = spell_off_stack_ids
        self.any_time_off_stack = any_time_off_stack
        self.any_time_off_stack_ids = any_time_off_stack_ids
        self.lands = lands

    def fields(self) -> tuple[object, ...]:
        """Every field, in order (equality and the CHECK_CACHES messages)."""
        return (self.land, self.other_casts, self.ways, self.any_time_ways, self.spells, self.any_time, self.special,
                self.from_hand, self.spell_ids, self.any_time_ids, self.spells_off_stack, self.spell_off_stack_ids,
                self.any_time_off_stack, self.any_time_off_stack_ids, self.lands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandFacts) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"HandFacts{self.fields()!r}"

    def __reduce__(self) -> tuple[type[HandFacts], tuple[object, ...]]:
        return HandFacts, self.fields()  # (as CardFacts)


_SPELL_TARGET: Final = TargetKind.SPELL  # (a module constant: an enum class look-up is slow on Python 3.11)
F_LAND: Final = 1  # a land, or a modal double-faced card with a land back face (as land_actions finds them)
F_SPELL: Final = 2  # neither a land nor a split card: cast for its mana cost (_spell_cards_in_hand)
F_ANY_TIME: Final = 4  # an instant, flash, or its own flash permission (any_time_cards_in_hand)
F_ADDITIONAL: Final = 8  # a spell card with kicker or buyback (additional_costs.additional_cost_cards)
F_KEYWORD: Final = 16  # a casting keyword other than splice (casting_variants.card_keyword_kinds)
F_SPLICE: Final = 32  # splice onto Arcane (702.47a: asked only with an Arcane spell in the hand too)
F_ARCANE: Final = 64  # an Arcane spell
F_WAYS: Final = 128  # other ways to cast it (alternative_costs.ways)
F_ANY_TIME_WAY: Final = 256  # one of them casts an instant, a flash spell or one with its own permission
F_SPECIAL: Final = 512  # suspend, plot or foretell (an ExileFromHand ability: exile_casting.abilities)
F_FROM_HAND: Final = 1024  # an ability activated from a hand (cycling, 702.29a: costs.hand_abilities)
F_NEEDS_SPELL: Final = 2048  # ``CardFacts.needs_spell``

_CARD_FACTS: Final[dict[int, CardFacts]] = {}  # id(card) -> its facts; the card is kept in them, so its id stays its own


def card_facts(card: CardDef) -> CardFacts:
    """The card's ``CardFacts``, found once per definition from the look-ups each rules area keeps for one card."""
    known = _CARD_FACTS.get(id(card))
    if known is not None and known.card is card:
        return known
    from systems.mechanics.alternative_costs import ways
    types = card.type_bits
    spell = not types & LAND and card.layout != "split"
    kicker, buyback, _, _ = info(card)
    kinds, arcane = card_keyword_kinds(card)
    options = ways(card)
    flags = ((F_LAND if types & LAND or (card.layout == "modal_dfc" and card.faces[1].type_bits & LAND) else 0)
             | (F_SPELL if spell else 0)
             | (F_ANY_TIME if types & INSTANT or card.keywords & FLASH or own_permission(card) else 0)
             | (F_ADDITIONAL if spell and (kicker is not None or buyback is not None) else 0)
             | (F_KEYWORD if any(kind is not Splice for kind in kinds) else 0)
             | (F_SPLICE if Splice in kinds else 0) | (F_ARCANE if arcane else 0) | (F_WAYS if options else 0)
             | (F_ANY_TIME_WAY if any(s.type_bits & INSTANT or s.keywords & FLASH or own_permission(s)
                                      for _k, _f, s, _c in options) else 0)
             | (F_SPECIAL if any(isinstance(a, ExileFromHand) for a in card.abilities) else 0)
             | (F_FROM_HAND if any(isinstance(a, ActivatedAbility) and a.from_hand for a in card.abilities) else 0))
    ability = spell_ability(card)
    helped, modal, specs = bool(help_kinds(card)), ability is not None and bool(ability.modes), spell_targets(card)
    needs_spell = not (modal or helped) and any(s.kind is _SPELL_TARGET and not s.optional for s in specs)
    if needs_spell:
        flags |= F_NEEDS_SPELL
    facts = CardFacts(card, flags, helped, has_own_cost_change(card), modal, specs, card.mana_cost.mana_value(),
                      needs_spell)
    if len(_CARD_FACTS) >= 100_000:
        _CARD_FACTS.clear()  # (a memo only: random card pools make many definitions)
    _CARD_FACTS[id(card)] = facts
    return facts


def hand_facts(game: Game, player: int) -> HandFacts:
    """``HandFacts`` of ``player``'s hand, kept until the hand changes (``hand_versions``: each field reads only the
    hand's cards). A card drawn (the hand as kept, plus one card at its end) extends the kept scan by that card alone
    (``_HandScan.add``) rather than looking at every card again. Under CHECK_CACHES both the kept facts and those found
    are checked against the hand's own look-ups (``_listed_hand_facts``)."""
    version = game.hand_versions[player]
    cached = game.hand_facts_cache.get(player)
    if cached is not None and cached[0] == version:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert cached[1] == _listed_hand_facts(game, player), f"stale hand facts for player {player}"
        return cached[1]
    scan: _HandScan | None = None
    if cached is not None:
        kept: _HandScan = cached[2]
        hand = game.zones[player][HAND]
        n = len(kept.hand)
        if len(hand) == n + 1 and hand[:n] == kept.hand:  # (a draw, most often: a card put at the hand's end)
            ent = hand[n]
            kept.add(ent, game.card(ent))  # (the kept scan is this player's last: no other reads it)
            scan = kept
    if scan is None:
        scan = _hand_scan(game, player)
    facts = scan.facts()
    if mana.CHECKS.on:
        assert facts == _listed_hand_facts(game, player), f"wrong hand facts for player {player}"
    game.hand_facts_cache[player] = (version, facts, scan)
    return facts


def _hand_facts(game: Game, player: int) -> HandFacts:
    """``HandFacts`` found in one pass over the hand's cards (``_hand_scan``), not kept."""
    return _hand_scan(game, player).facts()


class _HandScan:
    """What ``hand_facts``' pass over the hand's cards' facts gathered, in the hand's order, as the look-ups
    ``_listed_hand_facts`` asks would find them (one card per name where they keep one): kept with the facts, so a
    card added at the hand's end is looked at alone (``add``)."""

    __slots__ = ("hand", "flags", "spells", "any_time", "spell_ids", "any_time_ids", "additional", "names",
                 "any_time_ways", "way_names", "lands")

    def __init__(self, hand: list[int], flags: int, spells: list[tuple[int, CardFacts]],
                 any_time: list[tuple[int, CardFacts]], spell_ids: list[int], any_time_ids: list[int],
                 additional: bool, names: set[str], any_time_ways: bool, way_names: set[str] | None,
                 lands: list[tuple[int, CardDef]]) -> None:
        self.hand = hand  # the entities looked at, in order
        self.flags = flags  # the F_* bits of every card
        self.spells = spells
        self.any_time = any_time
        self.spell_ids = spell_ids
        self.any_time_ids = any_time_ids
        self.additional = additional  # a spell card of ``spells`` with kicker or buyback
        self.names = names  # the names of ``spells``' cards
        self.any_time_ways = any_time_ways
        self.way_names = way_names  # the names of the cards with other ways (None: none yet)
        self.lands = lands  # the cards with F_LAND, in order

    def __reduce__(self) -> tuple[type[_HandScan], tuple[object, ...]]:
        # a call with its fields, as CardFacts (compiled, __new__ runs __init__; a Game's pickle holds the scan)
        return _HandScan, (self.hand, self.flags, self.spells, self.any_time, self.spell_ids, self.any_time_ids,
                           self.additional, self.names, self.any_time_ways, self.way_names, self.lands)

    def add(self, ent: int, card: CardDef) -> None:
        """The card ``ent`` (``card``) put at the hand's end: as ``_hand_scan``'s loop looks at one card."""
        f = _CARD_FACTS.get(id(card))
        if f is None or f.card is not card:
            f = card_facts(card)
        bits = f.flags
        self.hand.append(ent)
        self.flags |= bits
        if bits & F_LAND:
            self.lands.append((ent, card))
        if bits & F_SPELL and card.name not in self.names:
            self.names.add(card.name)  # identical cards in hand are one option
            self.spells.append((ent, f))
            self.spell_ids.append(id(f))
            if bits & F_ANY_TIME:
                self.any_time.append((ent, f))
                self.any_time_ids.append(id(f))
            if bits & F_ADDITIONAL:
                self.additional = True
        if bits & F_WAYS:  # (rare) the first card of each name with other ways, as cards_with_ways keeps them
            way_names = self.way_names
            if way_names is None:
                way_names = self.way_names = set()
            if card.name not in way_names:
                way_names.add(card.name)
                self.any_time_ways = self.any_time_ways or bool(bits & F_ANY_TIME_WAY)

    def facts(self) -> HandFacts:
        flags = self.flags
        other = bool(flags & F_KEYWORD or flags & F_SPLICE and flags & F_ARCANE) or self.additional
        spells_t, spell_ids_t = tuple(self.spells), tuple(self.spell_ids)
        any_time_t, any_time_ids_t = tuple(self.any_time), tuple(self.any_time_ids)
        if flags & F_NEEDS_SPELL:  # (rare: a counterspell in the hand)
            spells_off, spell_off_ids = _off_stack(spells_t)
            any_time_off, any_time_off_ids = _off_stack(any_time_t)
        else:
            spells_off, spell_off_ids, any_time_off, any_time_off_ids = spells_t, spell_ids_t, any_time_t, any_time_ids_t
        return HandFacts(bool(flags & F_LAND), other, bool(flags & F_WAYS), self.any_time_ways, spells_t, any_time_t,
                         bool(flags & F_SPECIAL), bool(flags & F_FROM_HAND), spell_ids_t, any_time_ids_t, spells_off,
                         spell_off_ids, any_time_off, any_time_off_ids, tuple(self.lands))


def _hand_scan(game: Game, player: int) -> _HandScan:
    """One pass over the hand's cards' facts (``_HandScan``; a loop of its own, on locals: ``add`` per card costs more)."""
    flags = 0
    hand: list[int] = []
    spells: list[tuple[int, CardFacts]] = []
    any_time: list[tuple[int, CardFacts]] = []
    spell_ids: list[int] = []
    any_time_ids: list[int] = []
    additional = False
    names: set[str] = set()
    any_time_ways = False
    way_names: set[str] | None = None
    lands: list[tuple[int, CardDef]] = []
    memo = _CARD_FACTS
    # (one loop: ``spells``' subsets found as it is built; each card read at once, as ``hand_cards`` reads them, without
    # making and keeping its list: after a cast or a land played nothing else reads it at that hand version)
    for ent in game.zones[player][HAND]:
        card = game.card(ent)
        f = memo.get(id(card))
        if f is None or f.card is not card:
            f = card_facts(card)
        bits = f.flags
        hand.append(ent)
        flags |= bits
        if bits & F_LAND:
            lands.append((ent, card))
        if bits & F_SPELL and card.name not in names:
            names.add(card.name)  # identical cards in hand are one option
            spells.append((ent, f))
            spell_ids.append(id(f))
            if bits & F_ANY_TIME:
                any_time.append((ent, f))
                any_time_ids.append(id(f))
            if bits & F_ADDITIONAL:
                additional = True
        if bits & F_WAYS:  # (rare) the first card of each name with other ways, as cards_with_ways keeps them
            if way_names is None:
                way_names = set()
            if card.name not in way_names:
                way_names.add(card.name)
                any_time_ways = any_time_ways or bool(bits & F_ANY_TIME_WAY)
    return _HandScan(hand, flags, spells, any_time, spell_ids, any_time_ids, additional, names, any_time_ways, way_names,
                     lands)


def _off_stack(cards: list[tuple[int, CardFacts]] | tuple[tuple[int, CardFacts], ...]
               ) -> tuple[tuple[tuple[int, CardFacts], ...], tuple[int, ...]]:
    """The cards that may be cast while the stack is empty, as far as their own target slots tell
    (``CardFacts.needs_spell``), and their facts' ids."""
    kept: list[tuple[int, CardFacts]] = []
    ids: list[int] = []
    for c in cards:  # (a loop: no list comprehension frames)
        f = c[1]
        if not f.needs_spell:
            kept.append(c)
            ids.append(id(f))
    return tuple(kept), tuple(ids)


def _listed_hand_facts(game: Game, player: int) -> HandFacts:
    """``HandFacts`` from the hand's own look-ups, one each (the slow path: ``_hand_facts`` is checked against it)."""
    from systems.mechanics.alternative_costs import cards_with_ways

    land = any(card_facts(card).flags & F_LAND for _ent, card in hand_cards(game, player))
    ways = cards_with_ways(game, player)
    any_time_ways = any(spell.type_bits & INSTANT or spell.keywords & FLASH or own_permission(spell)
                        for _ent, _card, options in ways for _keyword, _face, spell, _cost in options)
    spells = tuple((ent, card_facts(card)) for ent, card in _spell_cards_in_hand(game, player))
    any_time = tuple((ent, card_facts(card)) for ent, card in any_time_cards_in_hand(game, player))
    spells_off, spell_off_ids = _off_stack(spells)
    any_time_off, any_time_off_ids = _off_stack(any_time)
    return HandFacts(land, bool(additional_cost_cards(game, player) or casting_keyword_kinds(game, player)),
                     bool(ways), any_time_ways, spells, any_time,
                     any(isinstance(a, ExileFromHand) for _ent, card in hand_cards(game, player) for a in card.abilities),
                     bool(hand_abilities(game, player)),
                     tuple(id(f) for _ent, f in spells), tuple(id(f) for _ent, f in any_time),
                     spells_off, spell_off_ids, any_time_off, any_time_off_ids,
                     tuple((ent, card) for ent, card in hand_cards(game, player) if card_facts(card).flags & F_LAND))


class StopLook:
    """What the pass-only proof (``no_hand_cast``) found at a priority stop it could not prove pass-only, for the
    listing of that stop's options (``cast_actions``), made next with nothing changed between: the player's mana units
    as found for the proof (kept only where no cost-changing ability is in play, 601.2f), and whether each card it
    looked at with its printed cost can be paid for with those units (601.2f-h). A stop that fails the proof (its player has a spell to
    cast, most often) would otherwise find each again; and the candidates of the one target slot of the card it
    stopped at (601.2c); and the activations the proof listed whole (``activation_actions`` is its last family: the
    proof failed on them). One object, reset by ``priority.stop_options`` at each stop (``units`` and ``activations``
    None: nothing found); only that function passes it, from the proof to the listing."""

    __slots__ = ("units", "paid", "target_card", "found", "activations")

    units: list[tuple[int, int]] | None  # ``mana_sources``' units (none restricted, 106.6), or None
    paid: dict[int, bool]  # card entity -> its printed cost can be paid for with ``units``
    target_card: int  # the card (one target slot) the proof stopped at, or -1 (with ``units``: found at this stop)
    found: list[int]  # that slot's candidates (``targeting.candidates``)
    activations: list[ActivateAbility] | None  # the proof's ``activation_actions`` list at this stop, or None

    def __init__(self) -> None:
        self.units = None
        self.paid = {}
        self.target_card = -1
        self.found = []
        self.activations = None


STOP_LOOK: Final = StopLook()  # (one for every stop: filled and read within one ``stop_options`` call)


def land_play_left(game: Game, player: int) -> bool:
    """CR 305.2: has ``player`` a land play left this turn (one, plus those "you may play an additional land")?"""
    state = game.player_states[player]
    return state.lands_played < state.land_plays_allowed or state.lands_played < (
        state.land_plays_allowed + player_rules(game, player, "extra_land"))


def no_hand_cast(game: Game, player: int, facts: HandFacts, check: bool | None = None,
                 look: StopLook | None = None) -> bool:
    """True only if no land in ``player``'s hand can be played and no spell in it cast now, proved without
    listing the casts (systems/priority.can_only_pass; False: not proved). With no flash permission in force
    and no land to play (305.2), each card in hand that may be cast now (outside sorcery timing only instants
    and flash cards, 117.1a, 307.1) must be cast for its mana cost only (no additional way or casting keyword,
    no convoke or improvise; split halves, overload, bestow and morph are listed) and that cost after increases
    and reductions (601.2f) must be more than the player's sources can pay (601.2g-h), or, for a spell without
    modes, one of its target slots must have no legal choice (601.2c): the tests ``cast_actions`` makes. ``facts``:
    ``hand_facts(game, player)``; ``check``: ``mana.CHECKS.on`` if the caller read it (None: read here); ``look``: the
    stop's ``StopLook``, where the units and the payments found are left for ``cast_actions`` (None: not kept)."""
    if game.static_rule_sources:
        return False
    if check is None:
        check = mana.CHECKS.on  # (read at the call, once: tests turn it on)
    stack = game.stack
    sorcery_ok = game.active == player and not stack and game.step in MAIN_STEPS  # (sorcery_timing, inlined)
    if sorcery_ok and facts.land and land_play_left(game, player):
        # 305.2: a land to play (land_actions lists one option at least for each: land_choices is never empty)
        if check:
            assert land_actions(game, player), f"no land play for player {player}"
        return False
    if check and sorcery_ok and not (facts.land and land_play_left(game, player)):
        assert not land_actions(game, player), f"a land play missed for player {player}"
    if facts.other_casts:
        return False  # kicker or buyback, or a casting keyword: cast_actions decides
    if facts.ways and (sorcery_ok or facts.any_time_ways):
        # Another way to cast a card in this hand, which may be cast now (outside sorcery timing only a way casting
        # an instant, a flash spell or one with its own permission, 307.1, 117.1a): split halves, overload, bestow
        # and morph are proved impossible as alternative_cast_actions would list them.
        if _variant_look_ups()[0](game, player):  # alternative_costs.may_cast_variant
            return False
    if stack:
        cards = facts.any_time  # (not sorcery timing: the stack isn't empty, 307.1)
        if not cards:
            return True
        ids = facts.any_time_ids
    else:
        # 601.2c: with the stack empty, a spell that must target a spell has no target choice: it can't be cast
        if check:  # as any_target_choice finds
            for ent, f in facts.spells if sorcery_ok else facts.any_time:
                assert not f.needs_spell or not any_target_choice(game, f.specs, player, ent), \
                    f"{f.card.name} has a target with an empty stack"
        cards = facts.spells_off_stack if sorcery_ok else facts.any_time_off_stack
        if not cards:
            return True  # (most stops: no card in hand may be cast now)
        ids = facts.spell_off_stack_ids if sorcery_ok else facts.any_time_off_stack_ids
    units = mana_sources(game, player)
    # With no cost-changing ability in play (601.2f), whether these cards can be paid for depends on them and the mana
    # units alone: cards none of which could be paid for stay so until the cards or the units change (a player tapped
    # out with an instant in hand passes at every stop of a turn). The key names the cards' own facts (one object per
    # card definition, kept with the key so their ids stay their own), not the hand's version: a card drawn that can't
    # be cast now (a sorcery in the opponent's turn) leaves the answer as it was. One answer per timing (307.1).
    # A card that could be paid for but has a target slot no permanent fills (removal with no creature on the
    # battlefield) keeps the answer too, for the layers version it was found at: its candidates change only with it
    # (targeting.kept_with_layers). The key's third item: that version, or None if no card's targets were read.
    cache = game.hand_filter_cache
    kept_at = ("unpayable_sorcery" if sorcery_ok else "unpayable", player)
    changes = cost_changes_in_play(game)
    unpaid_key = (ids, tuple(units)) if not changes else None
    held = cache.get(kept_at)
    # (typed: compiled, the cache's entries hold ``Any``, and reads through them would be generic items and comparisons)
    stored: tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], int | None, object] | None = \
        held[1] if held is not None else None
    t = game.table
    kept = unpaid_key is not None and stored is not None and stored[0] == unpaid_key \
        and (stored[1] is None or (stored[1] == t.layers_version and not t.layers_dirty))
    if kept and not check:  # (tests/core/test_option_caches.py turns the check on)
        return True  # (restricted_units not asked: the kept units are these, found unrestricted when kept below)
    if restricted_units(units):
        return False
    n = len(units)
    targets_at = None
    paid: dict[int, bool] | None = None
    if look is not None and not changes:
        look.units = units
        look.target_card = -1
        paid = look.paid
        paid.clear()
    for ent, f in cards:
        if f.helped:
            return False
        if f.own_change:
            unpaid_key = None  # "costs {1} less if ...": the cost reads more than the hand and the units
        if changes or f.own_change or check:
            cost, value = _cost_now(game, player, f, changes)
        else:  # (_cost_now's common answer without its frame: the printed cost, 601.2f)
            cost, value = f.card.mana_cost, f.mana_value
        if value > n or not mana.payable(game, player, cost, units):
            if paid is not None and not f.own_change:
                paid[ent] = False
            continue  # can't be paid for
        if paid is not None and not f.own_change:
            paid[ent] = True
        specs = f.specs
        if f.modal or not specs:
            assert not kept, f"stale unpayable hand for player {player}: {f.card.name} may be cast"
            return False  # it may be castable: cast_actions decides
        if look is not None and paid is not None and len(specs) == 1:
            # (any_target_choice's answer for one slot, its candidates kept for cast_actions' listing at this stop)
            found = candidates(game, specs[0], player, ent, -1)
            if found or specs[0].optional:
                assert not kept, f"stale unpayable hand for player {player}: {f.card.name} may be cast"
                look.target_card = ent
                look.found = found
                return False
        elif any_target_choice(game, specs, player, ent):
            assert not kept, f"stale unpayable hand for player {player}: {f.card.name} may be cast"
            return False
        # 601.2c: a spell with a target slot no legal object fills can't be cast (as cast_actions finds)
        if unpaid_key is not None and not t.layers_dirty and all(kept_with_layers(s) for s in f.specs):
            targets_at = t.layers_version  # (any_target_choice brought the layers current)
        else:
            unpaid_key = None  # (its targets read more than the layers)
    if unpaid_key is not None:
        # (the version slot unused: the key names the cards themselves)
        cache[kept_at] = (0, (unpaid_key, targets_at, cards))
    return True


def _cost_now(game: Game, player: int, f: CardFacts, changes: bool) -> tuple[ManaCost, int]:
    """The card's cost after increases and reductions (601.2f) and its mana value; ``changes``:
    ``cost_changes_in_play(game)``. With none in play and none of its own, the printed cost and the value kept in its
    facts (``effective_cost`` would find nothing to change: checked under CHECK_CACHES)."""
    if changes or f.own_change:
        cost = effective_cost(game, player, f.card)
        return cost, cost.mana_value()
    if mana.CHECKS.on:  # (read at the call: tests turn it on)
        assert effective_cost(game, player, f.card) == f.card.mana_cost, f"a changed cost for player {player}: {f.card.name}"
        assert f.card.mana_cost.mana_value() == f.mana_value
    return f.card.mana_cost, f.mana_value


def any_target_choice(game: Game, specs: tuple[TargetSpec, ...], player: int, source: int) -> bool:
    """``bool(_target_choices(game, specs, player, source))``, found without listing the choices: a slot no object
    fills (and not "up to one") ends the look before the later slots' candidates are found."""
    choices = []
    for spec in specs:
        found = candidates(game, spec, player, source, -1)
        if not found and not spec.optional:
            return False  # 601.2c: this slot can't be filled
        choices.append(found + [-1] if spec.optional else found)
    if len(choices) == 1:
        return True
    # CR 115.3: one object can't be chosen twice for the same instance of "target".
    return any(len({c for c in combo if c >= 0}) == sum(1 for c in combo if c >= 0)
               for combo in itertools.product(*choices))


def cast_actions(game: Game, player: int, facts: HandFacts | None = None, look: StopLook | None = None
                 ) -> list[CastSpell]:
    """Every spell ``player`` may cast now, each with every legal choice of modes, X and targets. ``facts``:
    ``hand_facts(game, player)`` if the caller has them; ``look``: the stop's ``StopLook`` if the pass-only proof
    filled it at this stop (its units and payments are used, not found again)."""
    out: list[CastSpell] = []
    sorcery_ok = game.active == player and game.step in MAIN_STEPS and not game.stack  # (sorcery_timing, inlined)
    units = None  # the player's available mana, found once for all the cards in hand
    # The hand's cards cast for their mana cost, one per name, with their own facts (``hand_facts``, kept per hand
    # version: the pass-only proof has usually found them at this stop already).
    if facts is None:
        facts = hand_facts(game, player)
    cards = facts.spells
    if not sorcery_ok and not game.static_rule_sources:
        cards = facts.any_time  # no flash permission in force: only these may be cast now
    extra = False  # a card cast below has an additional sacrifice or discard cost (601.2b): with_sacrifices is asked
    modal = False  # a card cast below has modes: drop_unpaid is asked (escalate, 702.120a)
    check = mana.CHECKS.on  # (read at the call: tests turn it on)
    paid: dict[int, bool] | None = None
    if look is not None and look.units is not None:
        # the proof's units at this stop (unrestricted, no cost change in play: it kept them only so), as found again
        units, plain, changes, paid = look.units, True, False, look.paid
        if check:
            assert units == mana_sources(game, player) and not restricted_units(units) \
                and not cost_changes_in_play(game), f"the proof's units are stale for player {player}"
    for ent, f in cards:
        card = f.card
        types = card.type_bits
        if not (sorcery_ok or types & INSTANT or card.keywords & FLASH or any_time(game, player, card)):
            continue  # CR 307.1, 117.1a, 702.8a, 601.3a (flash permissions)
        if units is None:
            units = mana_sources(game, player)
            plain = not restricted_units(units)  # no restricted mana (106.6): spell_units would be ``units``
            changes = cost_changes_in_play(game)
        if changes or f.own_change or mana.CHECKS.on:
            cost, value = _cost_now(game, player, f, changes)  # CR 601.2f: increases and reductions
        else:
            cost, value = card.mana_cost, f.mana_value  # (_cost_now's answer: nothing changes its cost)
        # convoke / improvise add taps (702.51a, 702.126a)
        paying = units if plain and not f.helped else spell_units(game, player, card, units)
        can = paid.get(ent) if paid is not None and not f.helped and not f.own_change else None
        if can is None or check:
            fresh = not (value > len(paying) or not mana.payable(game, player, cost, paying))
            assert can is None or can == fresh, f"the proof's payment of {card.name} is stale for player {player}"
            can = fresh
        if not can:
            continue  # (mana.payable: find_payment's answer, memoised on the cost and the units' masks)
        own = _CAST_FACTS.get(id(card))
        if own is None or own[0] is not card:
            own = _cast_facts(card)
        elif mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert own == (card, card.mana_cost.has_x, has_additional_cost(card)), f"stale cast facts: {card.name}"
        xs: range | list[int] = [0]
        if (own[1] if cost is card.mana_cost else cost.has_x):
            xs = payable_xs(game, player, cost, paying)  # CR 107.3, 601.2b: X is announced
        spell = spell_ability(card) if f.modal else None  # (modal: it has a spell ability with modes)
        extra = extra or own[2]
        modal = modal or spell is not None
        for x in xs:
            if spell is not None:
                for modes in _mode_choices(spell):
                    if spell.modes_repeat:  # 700.2d: each time a mode is chosen, its targets are chosen anew
                        from systems.choices import repeated_mode_targets

                        combos = repeated_mode_targets(game, spell, modes, player, ent)
                    else:
                        combos = mode_target_choices(game, spell, modes, player, ent)
                    out.extend([CastSpell(ent, combo, x, modes) for combo in combos])
                continue
            specs = f.specs  # its target slots (spell_targets)
            if not specs:
                out.append(CastSpell(ent, (), x))
            elif paid is not None and look is not None and look.target_card == ent:
                # the candidates the proof found for this card's one slot at this stop, as _target_choices lists them
                looked: list[tuple[int, ...]] = list(zip(look.found))
                if specs[0].optional:
                    looked.append((-1,))  # 601.2c: "up to one target"
                assert not check or looked == _target_choices(game, specs, player, ent), \
                    f"the proof's target candidates of {card.name} are stale for player {player}"
                out.extend([CastSpell(ent, combo, x) for combo in looked])
            else:
                out.extend([CastSpell(ent, combo, x) for combo in _target_choices(game, specs, player, ent)])
    # with_sacrifices and drop_unpaid keep, as they are, the options of a card with no additional cost and those
    # with one mode or none: asked only if a card cast above has such a cost or modes (the options' cards are the
    # hand's, ``facts``' cards: checked under CHECK_CACHES)
    listed = drop_unpaid(game, with_sacrifices(game, player, out)) if mana.CHECKS.on else None  # (tests turn it on)
    if extra:
        out = with_sacrifices(game, player, out)  # "As an additional cost ..., sacrifice ..." (601.2b)
    if modal:
        out = drop_unpaid(game, out)  # escalate: more than one mode only paying for them (702.120a)
    assert listed is None or listed == out, f"cast options differ from with_sacrifices' for player {player}"
    if facts.ways or facts.other_casts or mana.CHECKS.on:  # (alternative_cast_actions lists nothing without)
        out.extend(alternative_cast_actions(game, player, facts))
    return out


# id(card) -> (card, its mana cost has X (107.3), it has an additional sacrifice or discard cost (601.2b)): what
# cast_actions reads of a card it may cast, found once per definition (pure functions of the card; the card is kept
# with them, so its id stays its own)
_CAST_FACTS: Final[dict[int, tuple[CardDef, bool, bool]]] = {}


def _cast_facts(card: CardDef) -> tuple[CardDef, bool, bool]:
    found = (card, card.mana_cost.has_x, has_additional_cost(card))
    if len(_CAST_FACTS) >= 100_000:
        _CAST_FACTS.clear()  # (a memo only: random card pools make many definitions)
    _CAST_FACTS[id(card)] = found
    return found


def alternative_cast_actions(game: Game, player: int, facts: HandFacts | None = None) -> list[CastSpell]:
    """Casts other than for the mana cost, named by keyword in ``CastSpell.cost`` (CR 118.9, 601.2b,
    601.2f): overload (702.96a), bestow (702.103a), fuse (702.102a); and a split card's halves
    (``CastSpell.face``, 709.3). See systems/mechanics/alternative_costs.py. ``facts``: ``hand_facts(game, player)``
    if the caller has them."""
    if facts is None:
        facts = hand_facts(game, player)  # (kept per hand version, checked under CHECK_CACHES against the look-ups)
    out: list[CastSpell] = []
    if facts.ways:  # split halves, modal double-faced backs, overload, bestow, morph (cards_with_ways is not empty)
        out = _variant_look_ups()[1](game, player)  # alternative_costs.cast_variants
    if facts.other_casts:
        # kicker, buyback (702.33a, 702.27a); the other casting keywords' casts (casualty, evoke, delve, prowl, awaken,
        # splice, prototype, entwine, gift, escalate, cleave, ...: systems/mechanics/casting_variants.py). Without
        # ``other_casts`` the hand has no such card (additional_cost_cards and casting_keyword_kinds are empty).
        out = out + hand_variants(game, player) + hand_casts(game, player)
    if mana.CHECKS.on:  # (read at the call: tests turn it on) the kinds skipped above list nothing
        from systems.mechanics.alternative_costs import cast_variants as listed

        assert out == listed(game, player) + hand_variants(game, player) + hand_casts(game, player), \
            f"alternative casts missed for player {player}"
    return out


@functools.cache
def _variant_look_ups() -> tuple[Callable[[Game, int], bool], Callable[[Game, int], list[CastSpell]]]:
    """alternative_costs' ``may_cast_variant`` and ``cast_variants``, imported once (that module imports this one; the
    pass-only proof asks the first at every stop while a card with other ways to cast it is in hand)."""
    from systems.mechanics.alternative_costs import cast_variants, may_cast_variant

    return may_cast_variant, cast_variants


def _mode_choices(spell: SpellAbility | ActivatedAbility | TriggeredAbility) -> list[tuple[int, ...]]:
    """CR 700.2: the different sets of modes that may be chosen (each mode at most once, unless "you may choose
    the same mode more than once", 700.2d)."""
    n = len(spell.modes)
    out: list[tuple[int, ...]] = []
    if getattr(spell, "modes_repeat", False):
        for k in range(spell.choose_min, spell.choose_max + 1):
            out.extend(itertools.combinations_with_replacement(range(n), k))
        return out
    for k in range(spell.choose_min, min(spell.choose_max, n) + 1):
        out.extend(itertools.combinations(range(n), k))
    return out


def activation_actions(game: Game, player: int, facts: HandFacts | None = None) -> list[ActivateAbility]:
    """Activated abilities of permanents ``player`` controls whose costs can be paid now (CR 602.2). ``facts``:
    ``hand_facts(game, player)`` if the caller has them (found here otherwise)."""
    out: list[ActivateAbility] = []
    if not game.activatable:
        if facts is not None and not facts.from_hand and not game.graveyard_activatable:
            return out  # (_hand_and_graveyard_activations would add nothing: no call made)
        return _hand_and_graveyard_activations(game, player, facts, out)
    t = game.table
    if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
        game.refresh_layers()
    sorcery_ok: bool | None = None
    # (the controller column's kept list for this layers version, ecs/table.py: one call, then a list index per
    # permanent where ``ndarray.item`` is a method call each; the layers are current and a look changes no column.
    # The lost-abilities column is read for the player's own permanents alone: a numpy read each costs less there
    # than a second kept list.)
    controllers: list[int] = t.live_list("controller")
    for ent, card in game.activatable.items():
        row = t.row_of.get(ent)
        if row is None or controllers[row] != player or (t.no_abilities[row] and ent not in game.grants.granted):
            continue  # CR 613.1f: a permanent that lost all abilities has none to activate (but those granted later)
        own = _BATTLEFIELD_ACTIVATED.get(id(card))
        if own is None or own[0] is not card:
            own = _battlefield_activated(card)
        elif mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert own == _battlefield_activated(card), f"stale activated abilities of {card.name}"
        if own[2]:  # each needs sorcery timing (a planeswalker's loyalty abilities, 606.3): the loop would skip all
            if sorcery_ok is None:  # (sorcery_timing, inlined: asked at most priority stops)
                sorcery_ok = game.active == player and game.step in MAIN_STEPS and not game.stack
            if not sorcery_ok:
                continue
        for index, ability in own[1]:
            if ability.tap:
                # CR 602.5a / 302.6: {T} needs an untapped permanent, and a creature that isn't sick.
                if t.tapped_list[row] or (t.sick[row] and t.types.item(row) & CREATURE
                                     and not t.keywords.item(row) & HASTE):
                    continue
            if ability.sorcery_speed or ability.loyalty is not None:
                if sorcery_ok is None:
                    sorcery_ok = sorcery_timing(game, player)
                if not sorcery_ok:
                    continue
            if ability.loyalty is not None:
                # CR 606.3: one loyalty ability per permanent per turn; 606.6: a -N cost needs N counters.
                if ent in game.loyalty_used or t.loyalty.item(row) + ability.loyalty < 0:
                    continue
            if not activation_ready(game, player, ent, index, ability):
                continue  # once each turn, {Q}, life, counters (systems/costs.py)
            cost = ability.mana_cost
            if isinstance(cost, ManaCost) and not _payable_with_tap(game, player, cost, ent if ability.tap else -1, ent):
                continue
            out.extend(_activation_options(game, player, ent, index, ability))
    if facts is None:
        facts = hand_facts(game, player)  # (as _hand_and_graveyard_activations would find them: kept per hand)
    if not facts.from_hand and not game.graveyard_activatable:
        return out  # (_hand_and_graveyard_activations would add nothing: no call made)
    return _hand_and_graveyard_activations(game, player, facts, out)


# id(card) -> (card, its activated abilities that work on the battlefield as (index, ability), in order, and whether
# each of them needs sorcery timing: sorcery speed or a loyalty ability, 602.5d, 606.3): what activation_actions reads
# of a card's abilities, found once per definition (a pure function of the card; the card is kept with it, so its id
# stays its own)
_BATTLEFIELD_ACTIVATED: Final[dict[int, tuple[CardDef, tuple[tuple[int, ActivatedAbility], ...], bool]]] = {}


def _battlefield_activated(card: CardDef) -> tuple[CardDef, tuple[tuple[int, ActivatedAbility], ...], bool]:
    # (an ability activated from a graveyard doesn't work on the battlefield, 702.97a)
    abilities = tuple((index, ability) for index, ability in enumerate(card.abilities)
                      if isinstance(ability, ActivatedAbility) and not ability.from_graveyard)
    found = (card, abilities,
             bool(abilities) and all(a.sorcery_speed or a.loyalty is not None for _index, a in abilities))
    if len(_BATTLEFIELD_ACTIVATED) >= 100_000:
        _BATTLEFIELD_ACTIVATED.clear()  # (a memo only: random card pools make many definitions)
    _BATTLEFIELD_ACTIVATED[id(card)] = found
    return found


def _hand_and_graveyard_activations(game: Game, player: int, facts: HandFacts | None,
                                    out: list[ActivateAbility]) -> list[ActivateAbility]:
    """``out`` extended by ``hand_activation_actions`` and ``graveyard_activation_actions``, each asked only if a card
    in the hand or a graveyard has such an ability (the pass-only proof asks at most stops, where neither has)."""
    if (hand_facts(game, player) if facts is None else facts).from_hand:
        out.extend(hand_activation_actions(game, player, facts))
    if game.graveyard_activatable:
        out.extend(graveyard_activation_actions(game, player))
    return out


_NO_SACRIFICE: Final[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [((), ())]  # (read only)


def _activation_options(game: Game, player: int, ent: int, index: int,
                        ability: ActivatedAbility) -> list[ActivateAbility]:
    """One option per choice of targets (601.2c) and of permanents to sacrifice / cards to discard."""
    if ability.modes:  # 700.2a: the modes, then each one's targets (systems/choices.py)
        from systems.choices import modal_activation_options

        return modal_activation_options(game, player, ent, index, ability)
    combos = _target_choices(game, ability.targets, player, -1, ent) if ability.targets else [()]
    if ability.sacrifice is not None or ability.discard or ability.discard_random:
        choices = cost_choices(game, player, ent, ability)
    else:  # (no sacrifice nor discard cost: cost_choices' one choice, without its call)
        choices = _NO_SACRIFICE
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert cost_choices(game, player, ent, ability) == choices, f"cost choices of {ability}"
    if ability.crew:
        from systems.mechanics.crew import crew_choices

        crews = crew_choices(game, player, ent, ability.crew)  # 702.122a: creatures to tap
        return [ActivateAbility(ent, index, combo, sac, dis, tap) for sac, dis in choices for tap in crews
                for combo in combos if not (set(sac) & set(combo))]
    taps: list[tuple[int, ...]] = [()]
    if ability.tap_others is not None:
        from systems.costs import tap_choices

        taps = tap_choices(game, player, ent, ability)  # "Tap an untapped Ally you control" (602.2b)
    # (nothing sacrificed: nothing shared with the targets or the taps, and no set made)
    out = [ActivateAbility(ent, index, combo, sac, dis, tap) for sac, dis in choices for combo in combos
           for tap in taps if not sac or (not (set(sac) & set(combo)) and not (set(sac) & set(tap)))]
    if isinstance(ability.mana_cost, ManaCost) and game.mana_ability_sources \
            and any(s in game.mana_ability_sources for o in out for s in o.sacrifice):
        # A permanent sacrificed as a cost can't also be sacrificed or tapped for mana (601.2h, a Treasure)
        cost = ability.mana_cost
        out = [o for o in out if not o.sacrifice or _payable_with_tap_excluding(game, player, cost, ent, ability.tap,
                                                                                  o.sacrifice)]
    if ability.exile_graveyard_count:
        from systems.costs import graveyard_exile_choices

        picks = graveyard_exile_choices(game, player, ent, ability)  # "Exile a creature card from your graveyard"
        out = [dataclasses.replace(o, exiled=p) for o in out for p in picks]
    colors = recall(_MANA_COLORS, ability, mana_colors, mana.CHECKS.on)  # (a pure function of the ability)
    if colors:
        # "Add one mana of any color" in a mana ability: it resolves at once (605.3a), so the color is part of
        # the option.
        out = [dataclasses.replace(o, mana=c) for o in out for c in colors]
    return out


# id(ability) -> (ability, mana_colors(ability)): kept with the ability, so its id stays its own (abilities are frozen)
_MANA_COLORS: Final[dict[int, tuple[ActivatedAbility, list[str]]]] = {}


def mana_colors(ability: ActivatedAbility) -> list[str]:
    """The colors a mana ability's "one mana of any color" may be, or [] when it has no such choice."""
    if not is_mana_ability(ability):
        return []
    for e in ability.effects:
        if isinstance(e, AddMana):
            multi = [unit for unit in e.produces if unit & (unit - 1)]
            if multi and all(unit & 256 for unit in multi):  # "two mana of any one color": one choice (106.1a)
                return [c for c, b in zip("WUBRG", (1, 2, 4, 8, 16), strict=True) if b & multi[0]]
            if len(multi) > 1:
                # "Add {B}{B}, {B}{R}, or {R}{R}": one letter per mana, as one choice (the mana's order doesn't matter)
                from systems.instructions import mana_combinations

                return mana_combinations(multi)
            for unit in multi:
                return [c for c, b in zip("WUBRGC", (1, 2, 4, 8, 16, 32), strict=True) if b & unit]
    return []


def hand_activation_actions(game: Game, player: int, facts: HandFacts | None = None) -> list[ActivateAbility]:
    """Abilities activated from a hand (cycling, CR 702.29a): the card's owner may activate them. ``facts``:
    ``hand_facts(game, player)`` if the caller has them."""
    out: list[ActivateAbility] = []
    if not (hand_facts(game, player) if facts is None else facts).from_hand:
        return out  # no card in hand has such an ability (kept per hand version: hand_abilities would find none)
    sorcery_ok: bool | None = None
    for ent, index, ability in hand_abilities(game, player):
        if ability.sorcery_speed:
            if sorcery_ok is None:
                sorcery_ok = sorcery_timing(game, player)
            if not sorcery_ok:
                continue
        if not activation_ready(game, player, ent, index, ability):
            continue
        if isinstance(ability.mana_cost, ManaCost) and not _payable_with_tap(game, player, ability.mana_cost, -1, ent):
            continue
        out.extend(_activation_options(game, player, ent, index, ability))
    return out


def graveyard_activation_actions(game: Game, player: int) -> list[ActivateAbility]:
    """Abilities activated from a graveyard (scavenge, CR 702.97a): a card there has no controller, so
    its owner activates them ("from your graveyard", 602.2). Only cards in ``game.graveyard_activatable``
    (indexed by systems/zones.py) are looked at."""
    out: list[ActivateAbility] = []
    if not game.graveyard_activatable:
        return out
    sorcery_ok: bool | None = None
    for ent, card in game.graveyard_activatable.items():
        where = game.world.try_get(ent, InZone)
        if where is None or where.zone != GRAVEYARD or where.player != player:
            continue
        for index, ability in enumerate(card.abilities):
            if not isinstance(ability, ActivatedAbility) or not ability.from_graveyard:
                continue
            if ability.sorcery_speed:
                if sorcery_ok is None:
                    sorcery_ok = sorcery_timing(game, player)
                if not sorcery_ok:
                    continue  # CR 602.5d, 307.1
            if not activation_ready(game, player, ent, index, ability):
                continue
            if isinstance(ability.mana_cost, ManaCost) and not _payable_with_tap(game, player, ability.mana_cost,
                                                                                 -1, ent):
                continue
            out.extend(_activation_options(game, player, ent, index, ability))
    return out


def _payable_with_tap(game: Game, player: int, cost: ManaCost, tapped_source: int, source: int = -1) -> bool:
    """Can ``player`` pay ``cost`` for an activated ability of ``source`` (602.2b: restricted mana that may pay
    for its abilities counts, 106.6)?"""
    if tapped_source < 0:
        return _payable_for(game, player, cost, source)
    # The source is tapped as part of the cost, so it can't also tap for mana (602.2b, 601.2h).
    if source >= 0 and not (game.static_rule_sources or game.mana_trigger_sources) \
            and mana.units_by_rows(game, player):
        # The units read only the tapped column of their own rows (mana._unit_template): as if the source were
        # tapped, they are the player's units less the source's own. (Without the table.assume_tapped look-ahead,
        # whose fresh tap id also dropped the player's kept units, found again at the next look.)
        units = ability_units(game, player, source, (tapped_source,))
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            with game.table.assume_tapped(tapped_source):
                looked = ability_units(game, player, source)
            assert units == looked, f"units as if {tapped_source} were tapped: {units} != {looked}"
        return mana.payable(game, player, cost, units)
    with game.table.assume_tapped(tapped_source):
        return _payable_for(game, player, cost, source)


def _payable_with_tap_excluding(game: Game, player: int, cost: ManaCost, source: int, tap: bool,
                                exclude: tuple[int, ...]) -> bool:
    if source not in game.table.row_of or not tap:
        return find_payment(game, player, cost, 0, ability_units(game, player, source, exclude)) is not None
    with game.table.assume_tapped(source):  # the source is tapped as part of the cost, so it can't also tap for mana
        return find_payment(game, player, cost, 0, ability_units(game, player, source, exclude)) is not None


def _payable_for(game: Game, player: int, cost: ManaCost, source: int) -> bool:
    if source < 0:
        return can_pay(game, player, cost)
    return mana.payable(game, player, cost, ability_units(game, player, source))


def play_land(game: Game, player: int, card: int, choice: str = "", face: int = -1) -> None:
    if face >= 0:
        co = game.obj(card)
        game.set_card(card, co.card.faces[face], co.card)  # 712.12: it enters with that face up
    game.player_states[player].lands_played += 1
    if game.log_enabled:  # (the line built only for a log)
        game.say(f"{game.player_states[player].name} plays {game.name(card)}")
    if choice:
        game.enter_choices = {"as_enters": choice}  # made as it enters (614.12), read by enter_battlefield
    try:
        move(game, card, BATTLEFIELD, controller=player)
    finally:
        game.enter_choices = None


def cast_spell(game: Game, player: int, action: CastSpell) -> None:
    """CR 601.2: move to the stack, with targets, and pay the cost."""
    card = game.card(action.card)
    if action.cost or action.face >= 0:
        # An alternative cost or a split card's half (118.9, 709.3): the spell's characteristics on the
        # stack and what it costs (systems/mechanics/alternative_costs.py).
        from systems.mechanics.alternative_costs import as_cast

        stack_card, cost = as_cast(game, player, card, action)
    else:
        stack_card, cost = card, effective_cost(game, player, card)
    from_zone = int(game.world.get(action.card, InZone).zone)
    ok = pay(game, player, cost, action.x, units=spell_units(game, player, card, None))  # convoke (702.51a)
    assert ok, "cast options are only offered when payable"
    spent = game.last_mana_masks  # the mana spent to cast it (601.2h): converge, adamant

    spent_on_spell(game, player, game.last_mana_spent)  # "whenever you expend N" (700.14)
    spell = put_on_stack(game, action.card, player, action.targets)
    if action.sacrifice or action.discard:
        from systems.additional_sacrifice import pay as pay_additional

        pay_additional(game, player, action.sacrifice, action.discard)  # an additional cost (601.2h)
    if action.exile:
        from systems.mechanics.graveyard_casting import pay_exile

        pay_exile(game, player, action.exile, action.cost)  # escape, delve: cards from the graveyard (702.138a, 702.66a)
    for creature in action.returned:  # web-slinging: a tapped creature you control back to its owner's hand
        game.say(f"{game.player_states[player].name} returns {game.name(creature)} to its owner's hand")
        move(game, creature, Zone.HAND)
    if action.tapped:
        from systems.costs import tap_others

        tap_others(game, player, action.tapped)  # conspire, flashback: untapped creatures to tap (702.78a, 702.34a)
    if action.cost == "flashback":
        from systems.mechanics.graveyard_casting import pay_other_costs

        pay_other_costs(game, player, card, action)  # "Flashback {3}{B}, Pay 3 life." (702.34a, 119.4)
    if stack_card is not card:
        game.set_card(spell, stack_card, game.obj(spell).card)  # 709.3b, 702.102b, 702.96a, 702.103b
        card = stack_card
    item = game.world.get(spell, StackItem)
    item.x, item.modes, item.cost = action.x, action.modes, action.cost
    item.spent = spent
    item.from_zone = from_zone
    item.main_phase = game.active == player and game.step in MAIN_STEPS  # (505.1: "your main phase")
    if game.log_enabled:  # (the names looked up only for a log)
        targets = ""
        if action.targets:
            targets = " targeting " + ", ".join(game.name(t) for t in action.targets)
        game.say(f"{game.player_states[player].name} casts {game.name(spell)}{targets}")

    spell_cast(game, spell, player)  # spells cast this turn; storm triggers (702.40a)
    if action.cost.partition("*")[0] in ("casualty", "conspire", "replicate"):
        from systems.mechanics import copy_on_cast

        copy_on_cast.spell_cast(game, spell, player, action)  # the copy trigger (702.153a, 702.78a)
    ripple.spell_cast(game, spell, player)  # ripple triggers (702.60a)
    history.spell_cast(game, player, card)  # "if you've cast two or more spells this turn", "... a noncreature spell"
    if game.trigger_sources or any(isinstance(a, TriggeredAbility) and a.trigger.subject == "cast_self"
                                   for a in card.abilities):
        emit(game, SpellCast(spell, card, player))  # CR 601.2i: "whenever ... casts" / "when you cast this spell"
    if action.targets and game.trigger_sources:
        became_targets(game, spell, player, action.targets)  # "becomes the target" (ward, 702.21a)


def activate(game: Game, player: int, action: ActivateAbility) -> None:
    """CR 602.2: put the ability on the stack, then pay its costs ({T} first so it can't pay mana)."""
    card = ability_card(game, action.source)  # with abilities granted in quotes (113.1b)
    ability = card.abilities[action.index]
    assert isinstance(ability, ActivatedAbility)
    if ability.tap:
        game.table.tap(action.source)
        if game.trigger_sources:
            from systems.triggers import became_tapped

            became_tapped(game, [action.source])  # 701.21a: the {T} cost taps it
    if ability.loyalty is not None:
        # CR 606.4: the cost is putting on or removing loyalty counters.
        from systems.counters import add_counters, remove_counters

        if ability.loyalty > 0:
            add_counters(game, action.source, "loyalty", ability.loyalty)
        elif ability.loyalty < 0:
            remove_counters(game, action.source, "loyalty", -ability.loyalty)
        game.loyalty_used.add(action.source)
    if isinstance(ability.mana_cost, ManaCost):
        ok = pay(game, player, ability.mana_cost,  # 106.6; what the costs sacrifice can't pay too (601.2h)
                 units=ability_units(game, player, action.source, tuple(action.sacrifice)))
        assert ok, "activation options are only offered when payable"
    pay_other_costs(game, player, action.source, action.index, ability, action.sacrifice, action.discard)
    if action.exiled:
        from systems.costs import exile_from_graveyard

        exile_from_graveyard(game, player, action.exiled)  # "Exile a creature card from your graveyard" (118.3)
    if action.tapped and ability.tap_others is not None:
        from systems.costs import tap_others

        tap_others(game, player, action.tapped)  # "Tap an untapped Ally you control" (602.2b)
    elif action.tapped:
        from systems.mechanics.crew import tap_crew

        tap_crew(game, player, action.tapped)  # 702.122a-b: the creatures crew it
    if is_mana_ability(ability):
        # CR 605.1a, 605.3a: an activated ability that adds mana (no target, not a loyalty ability) is a
        # mana ability: it doesn't use the stack and resolves at once.
        game.mana_choice = action.mana  # "one mana of any color": the color chosen with the option
        try:
            resolve_mana_ability(game, player, action.source, card, ability)
        finally:
            game.mana_choice = ""
        return
    ent = game.world.create(
        AbilityOnStack(action.source, action.index, card.name, card),
        StackItem(player, action.targets, modes=action.modes),
        InZone(Zone.STACK, player),
    )
    game.stack.append(ent)
    game.say(f"{game.player_states[player].name} activates {card.name}: {ability.text}")
    if action.targets and game.trigger_sources:
        became_targets(game, ent, player, action.targets)  # "becomes the target" (ward, 702.21a)
