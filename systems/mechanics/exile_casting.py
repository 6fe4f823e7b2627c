"""Suspend (CR 702.62), plot (702.170) and foretell (702.143): keywords that exile the card from its owner's hand
as a special action (116.2f, 116.2k, 116.2h), to be cast from exile later.

* "Suspend N—[cost]" (702.62a); only a number of time counters and a mana cost are read.
* "Plot [cost]" (702.170a), "Foretell [cost]" (702.143a); only mana costs are read.

* In an instant or sorcery with foretell, "<instructions>. If this spell was foretold, <one more instruction>."
  (702.143c): the last instruction is followed only if the spell was foretold (a Conditional instruction, 608.2c,
  condition kind "foretold"). It must not have targets of its own nor refer back to the rest of the text.

The rules are systems/mechanics/exile_casting.py.

Rules: Suspend (CR 702.62) and plot (702.170): a special action exiles the card from its owner's hand (116.2f,
116.2k; ``ecs.actions.SpecialAction``), and it is cast from exile later without paying its mana cost (an
alternative cost of {0}, 118.9; cost increases still apply, 118.9d). ``CastSpell.cost`` names the cast
"suspend" or "plot".

Suspend (702.62a):
* The special action may be taken whenever its owner could begin to cast the card (116.2f, 702.62c: the
  card's timing, 307.1 / 117.1a, and no split second spell on the stack, 702.61a); they pay the suspend cost
  and exile it with N time counters on it (a ``Suspended`` designation on the exiled card: its time counters). It doesn't use
  the stack.
* "At the beginning of your upkeep, if this card is suspended, remove a time counter from it": triggers as
  its owner's upkeep begins (systems/turn.py calls :func:`upkeep_began`); the "if" is checked again as it
  resolves (603.4). A card is suspended if it is in exile with suspend and a time counter (702.62b).
* "When the last time counter is removed from this card, if it's exiled, you may play it without paying its
  mana cost if able. If you don't, it remains exiled. If you cast a creature spell this way, it gains haste
  until you lose control of the spell or the permanent it becomes." Timing restrictions don't apply (the
  effect tells them to cast it now). The haste is an effect on the permanent with the condition that the
  caster still controls it (the condition is read from the control of the last layer pass, so a change of
  control ends it at the next check).

Foretell (702.143):
* The special action (116.2h, 702.143a-b): any time its owner has priority during their turn, they pay {2} and
  exile it face down (a ``Foretold`` designation on the exiled card: the turn it was foretold). The log doesn't name it, and
  other players' observations show it as a face-down card (its owner may look at it, 702.143a).
* On a later turn its owner may cast it, with its normal timing, for its foretell cost rather than its mana cost
  (an alternative cost, 118.9; "foretell" in ``CastSpell.cost``). Such a spell was foretold (702.143c: condition
  kind "foretold", "If this spell was foretold, ...").

Plot (702.170):
* The special action: any time its owner has priority during their main phase while the stack is empty
  (sorcery timing, 116.2k), they pay the plot cost and exile it; it becomes plotted (a ``Plotted``
  designation on the exiled card: the turn it was plotted).
* 702.170d: on any later turn, during their main phase while the stack is empty, its owner may cast it from
  exile without paying its mana cost.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    Condition,
    Conditional,
    ContinuousPart,
    Layer,
    SpellAbility,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.casting_keywords import ExileFromHand, SuspendCast, SuspendTick
from components.characteristics import CardType, ManaCost, ManaSymbol
from components.designations import Foretold, Plotted, Suspended
from components.keywords import Keyword
from components.objects import InZone, PendingTrigger, StackItem, Step, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import CastSpell, SpecialAction
from systems.casting import sorcery_timing
from systems.flash_permission import any_time
from systems.mana import can_pay
from systems.mechanics.additional_costs import payment_units
from systems.mechanics.alternative_costs import hand_cards_with, spell_choices
from systems.mechanics.cast_card import cast_options
from systems.mechanics.split_second import active as split_second

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_SUSPEND = re.compile(r"suspend (\d+)\s*[—-]\s*((?:\{[^}]+\})+)", re.I)
_PLOT = re.compile(r"(plot|foretell) ((?:\{[^}]+\})+)", re.I)


_FORETOLD = re.compile(r"(?P<pre>.+?)\s*if ~ was foretold, (?P<post>[^.]+\.?)", re.I | re.S)
_BACK_REFERENCE = re.compile(r"\b(it|its|they|them|their|that|those|this way|these|another)\b", re.I)
FORETOLD = Condition("foretold")
SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


def _foretold_line(text: str) -> Ability | None:
    m = _FORETOLD.fullmatch(text)
    if not m or _BACK_REFERENCE.search(m.group("post")):
        return None
    post = m.group("post").strip()
    # imported here, not at the top: loading that module registers its reader (systems/mechanics MODULES order)
    from systems.mechanics.cast_conditions import one_spell

    pre = one_spell(m.group("pre").strip())
    extra = one_spell(post[:1].upper() + post[1:])
    if pre is None or extra is None or extra.targets:
        return None
    return SpellAbility(text, pre.targets, (*pre.effects, Conditional(FORETOLD, extra.effects)))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if int(types) & SPELL_TYPES and "if ~ was foretold" in text.lower():
        return _foretold_line(text)
    if int(types) & int(CardType.LAND):
        return None  # a land card is played, not cast (the cast from exile is all these keywords do)
    m = _SUSPEND.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        n, cost = int(m.group(1)), m.group(2).upper()
        if n <= 0:
            return None
        return ExileFromHand(f"Suspend {n}—{cost}", "suspend", parse_mana_cost(cost), n)
    m = _PLOT.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        return ExileFromHand(f"{keyword.capitalize()} {cost}", keyword, parse_mana_cost(cost))
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, SpellAbility) and a.effects and isinstance(a.effects[-1], Conditional) \
            and a.effects[-1].condition == FORETOLD:
        from content.oracle.render import render_line

        pre = render_line([SpellAbility("", a.targets, a.effects[:-1])])
        post = render_line([SpellAbility("", (), a.effects[-1].effects)])
        return f"{pre} If ~ was foretold, {post[:1].lower()}{post[1:]}"
    if not isinstance(a, ExileFromHand):
        return None
    if a.keyword == "suspend":
        return f"Suspend {a.time_counters}—{a.cost}"
    return f"{a.keyword.capitalize()} {a.cost}"


registry.reader(read, priority=530)
registry.renderer(render, priority=490)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
CREATURE = int(CardType.CREATURE)
FLASH = int(Keyword.FLASH)
KEYWORDS = frozenset({"suspend", "plot", "foretell"})
FORETELL_COST = ManaCost((ManaSymbol.generic(2),))  # 702.143a: "pay {2}"
FREE = ManaCost(())
TICK_TEXT = "At the beginning of your upkeep, if this card is suspended, remove a time counter from it."
CAST_TEXT = ("When the last time counter is removed from this card, if it's exiled, you may play it without "
             "paying its mana cost if able.")

_INFO: dict[int, tuple[CardDef, tuple[ExileFromHand, ...]]] = {}
_TRIGGER_CARDS: dict[tuple[int, str], tuple[CardDef, CardDef]] = {}


def abilities(card: CardDef) -> tuple[ExileFromHand, ...]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities if isinstance(a, ExileFromHand)))
        _INFO[id(card)] = hit
    return hit[1]


def ability_of(card: CardDef, keyword: str) -> ExileFromHand | None:
    return next((a for a in abilities(card) if a.keyword == keyword), None)


def _hand_cards(game: Game, player: int) -> list[tuple[int, CardDef]]:
    """The cards in hand with suspend or plot, one per name; cached until a hand changes."""
    return hand_cards_with(game, player, "exile_from_hand", abilities)


def special_actions(game: Game, player: int) -> list[SpecialAction]:
    """The suspend and plot special actions ``player`` may take now (116.2f, 116.2k)."""
    cards = _hand_cards(game, player)
    if not cards:
        return []  # the common case: no such card in hand
    out: list[SpecialAction] = []
    for ent, card in cards:
        for a in abilities(card):
            if a.keyword == "suspend":
                # 116.2f, 702.62c: only if they could begin to cast it now.
                if split_second(game) or not (any_time(game, player, card)
                                              or sorcery_timing(game, player)):
                    continue
            elif a.keyword == "foretell":
                if game.active != player:
                    continue  # 702.143a: any time they have priority during their turn
            elif not sorcery_timing(game, player):
                continue  # 702.170a: during your main phase while the stack is empty
            if can_pay(game, player, FORETELL_COST if a.keyword == "foretell" else a.cost):
                out.append(SpecialAction(ent, a.keyword))
    return out


def take(game: Game, player: int, action: SpecialAction) -> None:
    """Pay the cost and exile the card (702.62a, 702.170a); a special action doesn't use the stack (116.1)."""
    from systems.mana import pay
    from systems.zones import move

    card = game.card(action.card)
    a = ability_of(card, action.kind)
    assert a is not None
    ok = pay(game, player, FORETELL_COST if a.keyword == "foretell" else a.cost)
    assert ok, "special actions are only offered when payable"
    new = move(game, action.card, Zone.EXILE)
    if a.keyword != "suspend":
        game.exile_designated = True  # a Foretold or Plotted card exists now (priority stops look for them)
    if a.keyword == "foretell":
        game.world.add(new, Foretold(game.turn))  # on the exiled card: it ends as the card leaves exile (400.7)
        game.say(f"{game.player_states[player].name} foretells a card")  # exiled face down (702.143a)
    elif a.keyword == "suspend":
        game.world.add(new, Suspended(a.time_counters))
        game.say(f"{game.player_states[player].name} suspends {card.name} with {a.time_counters} time "
                 f"counter{'s' if a.time_counters != 1 else ''}")
    else:
        game.world.add(new, Plotted(game.turn))
        game.say(f"{game.player_states[player].name} plots {card.name}")


def _in_exile(game: Game, card: int) -> bool:
    if card < 0 or not game.world.exists(card):
        return False
    where = game.world.try_get(card, InZone)
    return where is not None and where.zone == Zone.EXILE


def exile_casts(game: Game, player: int) -> list[CastSpell]:
    """The plotted cards ``player`` owns, cast without paying their mana cost on a later turn (702.170d), and
    their foretold cards, cast for their foretell costs on a later turn (702.143a)."""
    out: list[CastSpell] = []
    world = game.world
    for card in sorted(world.holders(Foretold)):  # the designation left with the card if it left exile (400.7)
        turn = world.get(card, Foretold).turn
        c = game.card(card)
        a = ability_of(c, "foretell")
        if turn >= game.turn or game.obj(card).owner != player or a is None:
            continue
        if not (any_time(game, player, c) or sorcery_timing(game, player)):
            continue
        out.extend(spell_choices(game, player, card, c, a.cost, "foretell", -1,
                                 payment_units(game, player, c)))
    if not world.holders(Plotted) or not sorcery_timing(game, player):
        return out
    for card in sorted(world.holders(Plotted)):
        turn = world.get(card, Plotted).turn
        if turn < game.turn and game.obj(card).owner == player:
            out.extend(cast_options(game, player, card, "plot"))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """Without paying its mana cost (118.9): suspend's cast (702.62a) and a plotted card's (702.170d); a foretold
    card for its foretell cost (702.143a)."""
    if action.cost not in KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    if action.cost == "foretell":
        a = ability_of(card, "foretell")
        if a is None:
            raise ValueError(f"{card.name} has no foretell cost")
        return card, total_cost(game, player, card, a.cost)
    return card, total_cost(game, player, card, FREE)


def hidden_name(game: Game, card: int, viewer: int) -> str | None:
    """A foretold card is face down in exile (702.143a): None when ``viewer`` may see it, else what they see."""
    if game.world.has(card, Foretold) and game.obj(card).owner != viewer:
        return "a face-down card"
    return None


@registry.condition("foretold")
def was_foretold(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.143c: "if this spell was foretold": the resolving spell was cast from a foretold card (here: for its
    foretell cost, the only way this engine casts a foretold card)."""
    from components.objects import StackItem
    from systems.mechanics.cast_conditions import resolving_spell

    spell = resolving_spell(game, source)
    if spell < 0:
        return False
    item = game.world.try_get(spell, StackItem)
    return item is not None and item.cost == "foretell"


def _trigger_card(card: CardDef, kind: str) -> CardDef:
    """The card with one of suspend's triggered abilities as its only ability (its source on the stack)."""
    hit = _TRIGGER_CARDS.get((id(card), kind))
    if hit is not None and hit[0] is card:
        return hit[1]
    if kind == "tick":
        ability = TriggeredAbility(TICK_TEXT, TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP)),
                                   (), (SuspendTick(),))
    else:
        ability = TriggeredAbility(CAST_TEXT, TriggerCondition(TriggerKind.BEGINNING_OF_STEP,
                                                               step=int(Step.UPKEEP)), (), (SuspendCast(),))
    result = dataclasses.replace(card, abilities=(ability,))
    _TRIGGER_CARDS[(id(card), kind)] = (card, result)
    return result


def _trigger(game: Game, card: int, kind: str) -> None:
    game.trigger_uid += 1
    owner = game.obj(card).owner
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, card, _trigger_card(game.card(card), kind), 0,
                                                owner, card))


def upkeep_began(game: Game) -> None:
    """702.62a: the active player's suspended cards trigger as their upkeep begins (603.2, 603.4: only if it is
    suspended then)."""
    world = game.world
    for card in sorted(world.holders(Suspended)):  # a card that left exile is a new object, not suspended (400.7)
        if world.get(card, Suspended).time > 0 and game.obj(card).owner == game.active:
            _trigger(game, card, "tick")


@registry.executor(SuspendTick)
def remove_time_counter(game: Game, effect: SuspendTick, ctx: EffectContext) -> None:
    card = ctx.event_object
    world = game.world
    if card not in world.holders(Suspended) or world.get(card, Suspended).time <= 0:
        game.say("the card is no longer suspended: nothing happens")  # 603.4
        return
    left = world.get(card, Suspended).time - 1
    game.say(f"a time counter is removed from {game.card(card).name} ({left} left)")
    if left > 0:
        world.add(card, Suspended(left))
        return
    world.remove(card, Suspended)  # no time counter: no longer suspended (702.62b)
    _trigger(game, card, "cast")  # "When the last time counter is removed from this card" (603.2)


@registry.executor(SuspendCast)
def cast_suspended(game: Game, effect: SuspendCast, ctx: EffectContext) -> None:
    from systems.casting import cast_spell
    from systems.mechanics.cast_card import ask_to_cast

    player = ctx.controller
    card = ctx.event_object
    if not _in_exile(game, card):
        game.say("the card is no longer exiled: nothing is cast")  # 603.4: "if it's exiled"
        return
    choice = ask_to_cast(game, player, card, "suspend")  # "if able"; none while split second is on the stack (702.61a)
    if choice is None:
        game.say(f"{game.player_states[player].name} doesn't cast {game.card(card).name}: it remains exiled")
        return
    cast_spell(game, player, choice)


def entered(game: Game, permanent: int, controller: int) -> None:
    """702.62a: the creature spell cast with suspend became this permanent: it has haste while its caster
    controls it (611.3a: a condition; the spell had it too, which changes nothing on the stack)."""
    from systems.layers import add_effect, effect_from_part

    if permanent not in game.table.row_of or not game.card(permanent).type_bits & CREATURE:
        return
    game.effect_groups += 1
    add_effect(game, effect_from_part(ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE)),
                                      timestamp=game.new_timestamp(), source=permanent, controller=controller,
                                      until_end_of_turn=False, from_static=False, fixed=(permanent,),
                                      group=game.effect_groups,
                                      condition=Condition("suspend_still_controlled", n=controller)))
    game.conditional_statics.add(permanent)  # look at the condition again at each check (611.3a)


@registry.condition("suspend_still_controlled")
def still_controlled(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """The caster (``cond.n``) still controls the permanent (the control of the last layer pass)."""
    row = game.table.row_of.get(source)
    return row is not None and int(game.table.controller[row]) == cond.n


_UPKEEP = Step.UPKEEP  # (a module constant: an enum class look-up is slow on Python 3.11, at every step)


@registry.hook("turn.step_began_late")
def _step_began(game: Game, step: Step) -> None:
    if step == _UPKEEP and game.world.holders(Suspended):
        upkeep_began(game)  # suspend: remove a time counter (702.62a)


@registry.hook("zones.entered_from_stack")
def _entered_from_stack(game: Game, permanent: int, item: StackItem) -> None:
    if item.cost == "suspend":
        entered(game, permanent, item.controller)  # haste (702.62a)
