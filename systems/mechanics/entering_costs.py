"""Offspring (CR 702.175), evoke (702.74), dash (702.109), blitz (702.152) and squad (702.157) on permanent cards,
embalm (702.128) and eternalize (702.129).

* "Offspring [cost]", "Evoke [cost]", "Dash [cost]", "Blitz [cost]", "Squad [cost]": only mana costs are read. The rules are
  systems/mechanics/entering_costs.py.
* "Embalm [cost]" / "Eternalize [cost]" (also "Eternalize—[cost], Discard a card."): an activated ability of a
  card in a graveyard, "[Cost], Exile this card from your graveyard: Create a token that's a copy of this card,
  except ... Activate only as a sorcery." (an ActivatedAbility with ``from_graveyard``, ``exile_self`` and
  ``sorcery_speed``; the effect is systems/mechanics/entering_costs.py).

Rules: Offspring (CR 702.175), evoke (702.74), dash (702.109), blitz (702.152), squad (702.157), emerge (702.119) and
web-slinging (newer than the rules used here; reminder text: "You may cast this spell for [cost] if you also return a
tapped creature you control to its owner's hand", an alternative cost with a further cost, 118.9, 601.2f-h,
``CastSpell.returned``): costs of a permanent spell that its permanent remembers as it enters; embalm (702.128)
and eternalize (702.129): token copies of a card exiled from a graveyard.

* Offspring and squad are additional costs (squad any number of times: "squad*N" names N payments, each
  number the caster can pay offered); evoke, dash and blitz alternative costs (118.9). Casting with one is its own option from
  the hand, named by the keyword in ``CastSpell.cost``, offered only when the total cost (601.2f) can be paid, with
  the card's normal timing. Not offered together with other additional or alternative costs.
* As the permanent spell resolves and its permanent enters (systems/zones.py ``move`` calls :func:`entered`):
  - "When this permanent enters, if its offspring / evoke / squad cost was paid, ..." triggers (603.2, 603.6a; the
    cost was paid, so the intervening "if" holds, 603.4), controlled by the permanent's controller:
    offspring: "create a token that's a copy of it, except it's 1/1" (the permanent's copiable values, 707.2, or
    as it last existed, 608.2h; 1/1 by 707.9b); squad: a copy of it for each time the cost was paid; evoke: "its
    controller sacrifices it" (701.21a), if it is still on the battlefield (400.7);
  - dash / blitz: it has haste while it stays (an effect on it); the delayed triggered ability returns it to its
    owner's hand (dash) or sacrifices it (blitz) at the beginning of the next end step (603.7); a blitzed
    permanent put into a graveyard from the battlefield triggers "draw a card" (a ``Blitzed`` designation).
* Embalm / eternalize (702.128a, 702.129a): the token copy of the exiled card (its printed characteristics,
  707.2) with the exceptions: white, no mana cost, Zombie in addition (embalm); black, 4/4, no mana cost, Zombie
  in addition (eternalize). The copy is created under the ability's controller's control (111.2).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    SELF,
    Ability,
    ActivatedAbility,
    ContinuousPart,
    Delayed,
    DrawCards,
    Layer,
    MoveObject,
    Sacrifice,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.casting_keywords import EnteredWithCost, EnteringCost, TokenCopyOfCard
from components.characteristics import CardType, Color, ManaCost, PTValue
from components.designations import Blitzed
from components.keywords import Keyword
from components.objects import AbilityOnStack, PendingTrigger, StackItem, Step, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_COST = re.compile(r"(offspring|evoke|dash|blitz|squad|emerge|web-slinging) ((?:\{[^}]+\})+)", re.I)
_GRAVE = re.compile(r"(embalm|eternalize)(?: |\s*[—-]\s*)((?:\{[^}]+\})+)(, discard a card\.?)?", re.I)
PERMANENT = int(CardType.CREATURE | CardType.ARTIFACT | CardType.ENCHANTMENT | CardType.PLANESWALKER
                | CardType.BATTLE)


_EVOKE_EXILE = re.compile(r"evoke\s*[—-]\s*exile an? (white|blue|black|red|green) card from your hand\.?", re.I)
COLOR_BITS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
COLOR_WORDS = {v: k for k, v in COLOR_BITS.items()}


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    m = _EVOKE_EXILE.fullmatch(text)
    if m and int(types) & PERMANENT:
        color = m.group(1).lower()
        return EnteringCost(f"Evoke—Exile a {color} card from your hand.", "evoke", ManaCost(()),
                            exile_from_hand=COLOR_BITS[color])
    m = _COST.fullmatch(text)
    creature_only = m is not None and m.group(1).lower() in ("dash", "blitz", "squad", "emerge", "web-slinging")
    if m and int(types) & (int(CardType.CREATURE) if creature_only else PERMANENT) and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        if keyword == "squad" and not parse_mana_cost(cost).mana_value():
            return None  # a free squad cost could be paid any number of times: not offered as a finite choice
        return EnteringCost(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))
    m = _GRAVE.fullmatch(text)
    if m and int(types) & CardType.CREATURE and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        label = f"{keyword.capitalize()}—{cost}, Discard a card." if m.group(3) else f"{keyword.capitalize()} {cost}"
        return ActivatedAbility(label, parse_mana_cost(cost), False, (), (TokenCopyOfCard(keyword),),
                                sorcery_speed=True, from_graveyard=True, exile_self=True, discard=1 if m.group(3) else 0)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, EnteringCost):
        if a.exile_from_hand:
            color = COLOR_WORDS[a.exile_from_hand]
            return f"Evoke—Exile {'an' if color[0] in 'aeiou' else 'a'} {color} card from your hand."
        return f"{a.keyword.capitalize()} {a.cost}"
    if isinstance(a, ActivatedAbility) and len(a.effects) == 1 and isinstance(a.effects[0], TokenCopyOfCard):
        word = a.effects[0].keyword.capitalize()
        return f"{word}—{a.mana_cost}, Discard a card." if a.discard else f"{word} {a.mana_cost}"
    return None


registry.reader(read, priority=560)
registry.renderer(render, priority=520)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
FLASH = int(Keyword.FLASH)
KEYWORDS = frozenset({"offspring", "evoke", "dash", "blitz", "squad", "emerge", "web-slinging"})
# rather than the mana cost (118.9); the others in addition to it
ALTERNATIVE = frozenset({"evoke", "dash", "blitz", "emerge", "web-slinging"})
TEXTS = {"offspring": "When this permanent enters, if its offspring cost was paid, create a token that's a copy of "
                      "it, except it's 1/1.",
         "evoke": "When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
         "squad": "When this creature enters, if its squad cost was paid, create a token that's a copy of it for "
                  "each time its squad cost was paid."}
HASTE = ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE))
DASH_RETURN = Delayed((MoveObject(SELF, "hand"),), int(Step.END), ref=SELF)  # 702.109a
BLITZ_SACRIFICE = Delayed((Sacrifice(SELF),), int(Step.END), ref=SELF)  # 702.152a
BLITZ_DRAW = TriggeredAbility("When this permanent is put into a graveyard from the battlefield, draw a card.",
                              TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD), (), (DrawCards(1),))

_INFO: dict[int, tuple[CardDef, tuple[EnteringCost, ...]]] = {}
_COPIES: dict[tuple[int, str], tuple[CardDef, CardDef]] = {}
_TRIGGERS: dict[tuple[int, str, int], tuple[CardDef, CardDef]] = {}


def costs(card: CardDef) -> tuple[EnteringCost, ...]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities if isinstance(a, EnteringCost)))
        _INFO[id(card)] = hit
    return hit[1]


def cost_of(card: CardDef, keyword: str) -> EnteringCost | None:
    return next((a for a in costs(card) if a.keyword == keyword), None)


def split(keyword: str) -> tuple[str, int]:
    """"squad*3" -> ("squad", 3): how many times a repeatable cost was paid; other keywords once."""
    name, _, times = keyword.partition("*")
    return name, int(times) if times else 1


def _total(card: CardDef, a: EnteringCost, times: int) -> ManaCost:
    from systems.mechanics.additional_costs import combine

    if a.keyword in ALTERNATIVE:
        return a.cost
    return combine(card.mana_cost, *([a.cost] * times))


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    """Casts from the hand paying an offspring cost or a squad cost (as many times as can be paid) too, or the evoke, dash
    or blitz cost instead of the mana cost."""
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import castable_hand_cards, spell_choices

    out: list[CastSpell] = []
    for ent, card in castable_hand_cards(game, player, "entering_costs", costs):
        units = payment_units(game, player, card)
        for a in costs(card):
            if a.keyword == "emerge":
                out.extend(_emerge_casts(game, player, ent, card, a, units))
                continue
            if a.exile_from_hand:
                # "Evoke—Exile a blue card from your hand." (a cost with no mana, 118.9): another card of that
                # color in the hand (each name is one choice)
                pool = [c for c in game.zones[player][Zone.HAND] if c != ent
                        and int(game.card(c).colors) & a.exile_from_hand]
                picks = {game.card(c).name: c for c in pool}
                if picks:
                    found = spell_choices(game, player, ent, card, a.cost, a.keyword, -1, units)
                    out.extend(dataclasses.replace(o, exile=(c,)) for o in found for c in picks.values())
                continue
            if a.keyword == "web-slinging":
                # "if you also return a tapped creature you control to its owner's hand" (each kind is a choice)
                from systems.mechanics.copy_on_cast import _creatures, _distinct

                tapped = [e for e in _creatures(game, player) if game.table.get(e, "tapped")]
                returns = _distinct(game, tapped, 1)
                if returns:
                    found = spell_choices(game, player, ent, card, a.cost, a.keyword, -1, units)
                    out.extend(dataclasses.replace(o, returned=p) for o in found for p in returns
                               if not set(p) & set(o.targets) and not set(p) & set(o.sacrifice))
                continue
            # 702.157a: squad "any number of times": each number the player can pay (a squad cost is never free)
            for times in (itertools.count(1) if a.keyword == "squad" else (1,)):
                keyword = f"squad*{times}" if a.keyword == "squad" else a.keyword
                found = spell_choices(game, player, ent, card, _total(card, a, times), keyword, -1, units)
                if not found:
                    break  # paying it more times costs more
                out.extend(found)
    return out


def _emerge_casts(game: Game, player: int, ent: int, card: CardDef, a: EnteringCost,
                  units: list[tuple[int, int]]) -> list[CastSpell]:
    """702.119a: the emerge cost and a creature to sacrifice, the total cost reduced by that creature's mana value;
    one option per kind of creature (identical creatures are one choice)."""
    from systems.mana import find_payment
    from systems.mechanics.alternative_costs import spell_choices
    from systems.mechanics.copy_on_cast import _creatures, _distinct
    from systems.mechanics.delve import FREE, _free

    creatures = _distinct(game, _creatures(game, player), 1)
    if not creatures:
        return []
    shapes = spell_choices(game, player, ent, _free(card), FREE, "emerge", -1, units)  # targets, X, modes
    out: list[CastSpell] = []
    for (creature,) in creatures:
        cost = _emerge_total(game, player, card, a, creature)
        if find_payment(game, player, cost, 0, units) is None:
            continue
        out.extend(dataclasses.replace(o, card=ent, sacrifice=(*o.sacrifice, creature)) for o in shapes
                   if creature not in o.sacrifice and creature not in o.targets)
    return out


def _emerge_total(game: Game, player: int, card: CardDef, a: EnteringCost, creature: int) -> ManaCost:
    """702.119a, 601.2f: the total cost (the emerge cost, increases, reductions) reduced by the sacrificed
    creature's mana value, in generic mana."""
    from systems.mechanics.alternative_costs import total_cost
    from systems.mechanics.delve import reduce_generic

    total = total_cost(game, player, card, a.cost)
    return reduce_generic(total, game.card(creature).mana_cost.mana_value())


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    name, times = split(action.cost)
    if name not in KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    a = cost_of(card, name)
    if a is None:
        raise ValueError(f"{card.name} has no {name} cost")
    if name == "emerge":
        if not action.sacrifice:
            raise ValueError("emerge needs a creature to sacrifice")
        return card, _emerge_total(game, player, card, a, action.sacrifice[-1])  # the last sacrifice (702.119a)
    return card, total_cost(game, player, card, _total(card, a, times))


def _trigger_card(card: CardDef, keyword: str, times: int = 1) -> CardDef:
    hit = _TRIGGERS.get((id(card), keyword, times))
    if hit is None or hit[0] is not card:
        ability = TriggeredAbility(TEXTS[keyword], TriggerCondition(TriggerKind.ENTERS), (),
                                   (EnteredWithCost(keyword, card, times),))
        hit = (card, dataclasses.replace(card, abilities=(ability,)))
        _TRIGGERS[(id(card), keyword, times)] = hit
    return hit[1]


@registry.hook("zones.entered_from_stack")
def entered(game: Game, permanent: int, item: StackItem) -> None:
    """The permanent of a spell cast with one of these costs entered: its triggered ability triggers (offspring
    702.175a, squad 702.157a, evoke 702.74a) or it has haste (dash 702.109a, blitz 702.152a)."""
    name, times = split(item.cost)
    if name not in ("offspring", "evoke", "dash", "blitz", "squad") or permanent not in game.table.row_of:
        return
    card = game.obj(permanent).printed or game.card(permanent)
    if cost_of(card, name) is None:
        return
    controller = int(game.table.get(permanent, "controller"))
    if name in ("dash", "blitz"):
        _dashed(game, permanent, controller, card, name)
        return
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, permanent, _trigger_card(card, name, times), 0,
                                                controller, permanent))


def _dashed(game: Game, permanent: int, controller: int, card: CardDef, keyword: str) -> None:
    """Dash (702.109a) and blitz (702.152a): as long as its cost was paid the permanent has haste (an effect on
    it, ending when it leaves, 400.7) and, with blitz, "When this permanent is put into a graveyard from the
    battlefield, draw a card" (a ``Blitzed`` designation, :func:`blitzed_left`); the delayed triggered ability made as the
    spell resolved returns it to its owner's hand (dash) or sacrifices it (blitz) at the beginning of the next end
    step (603.7)."""
    from systems.delayed import create
    from systems.effects import EffectContext
    from systems.layers import add_effect, effect_from_part

    game.effect_groups += 1
    add_effect(game, effect_from_part(HASTE, timestamp=game.new_timestamp(), source=permanent, controller=controller,
                                      until_end_of_turn=False, from_static=False, fixed=(permanent,),
                                      group=game.effect_groups))
    if keyword == "blitz":
        game.world.add(permanent, Blitzed())
    ctx = EffectContext(permanent, card.name, 0, controller, permanent, (), ())
    create(game, DASH_RETURN if keyword == "dash" else BLITZ_SACRIFICE, ctx)


def blitzed_left(game: Game, permanent: int, new: int, zone: Zone, controller: int) -> None:
    """A blitzed permanent left the battlefield: put into a graveyard, its "draw a card" ability triggers (603.6c,
    603.10a: it looks back at the permanent as it last existed)."""
    if zone != Zone.GRAVEYARD:
        return
    card = dataclasses.replace(game.card(new), abilities=(BLITZ_DRAW,))
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, new, card, 0, controller, new))


def copy_card(card: CardDef, kind: str) -> CardDef:
    """The copiable values of a token copy of ``card`` with the exceptions of ``kind`` (707.9b), cached so
    every such token shares one card (and one characteristic class)."""
    hit = _COPIES.get((id(card), kind))
    if hit is not None and hit[0] is card:
        return hit[1]
    if kind == "squad":
        out = card  # a copy of it, without exceptions (702.157a)
    elif kind == "offspring":
        out = dataclasses.replace(card, power=PTValue(1), toughness=PTValue(1))  # "except it's 1/1"
    else:
        subtypes = card.type_line.subtypes
        type_line = dataclasses.replace(card.type_line, subtypes=subtypes if "Zombie" in subtypes
                                        else (*subtypes, "Zombie"))
        out = dataclasses.replace(card, mana_cost=ManaCost((), present=False), type_line=type_line,
                                  colors=Color.W if kind == "embalm" else Color.B)
        if kind == "eternalize":
            out = dataclasses.replace(out, power=PTValue(4), toughness=PTValue(4))
    _COPIES[(id(card), kind)] = (card, out)
    return out


@registry.executor(EnteredWithCost)
def entered_with_cost(game: Game, effect: EnteredWithCost, ctx: EffectContext) -> None:
    from systems.zones import create_token

    permanent = ctx.event_object
    here = permanent >= 0 and permanent in game.table.row_of
    if effect.keyword == "evoke":
        if here:
            from systems.trigger_events import sacrifice

            game.say(f"{game.name(permanent)} is sacrificed (evoke)")
            sacrifice(game, permanent, int(game.table.get(permanent, "controller")))
        return
    # Offspring, squad: copies of it, as it is now (707.2: its copiable values) or as it last existed (608.2h).
    card = game.card(permanent) if here else effect.card
    if card is None:
        return
    for _ in range(effect.times):
        create_token(game, copy_card(card, effect.keyword), ctx.controller)


@registry.executor(TokenCopyOfCard)
def token_copy_of_card(game: Game, effect: TokenCopyOfCard, ctx: EffectContext) -> None:
    from systems.zones import create_token

    on_stack = game.world.try_get(ctx.source, AbilityOnStack) if game.world.exists(ctx.source) else None
    if on_stack is None:
        return
    create_token(game, copy_card(on_stack.card, effect.keyword), ctx.controller)


@registry.hook("zones.left_battlefield")
def _left_battlefield(game: Game, old: int, new: int, zone: Zone, owner: int, controller: int, types: int,
                      was: Mapping[type, object]) -> None:
    if Blitzed in was:  # the permanent as it last existed was blitzed (603.10a)
        blitzed_left(game, old, new, zone, controller)  # 702.152a


@registry.hook("zones.moves_alone")
def _moves_alone(game: Game, entities: np.ndarray) -> np.ndarray | None:
    """Blitzed permanents leave one by one (systems/zones.py bulk moves), so their designation is seen."""
    blitzed = game.world.holders(Blitzed)
    return np.isin(entities, np.fromiter(blitzed, dtype=np.int64)) if blitzed else None
