"""Choices made as a permanent enters: unleash (CR 702.98a) and tribute (CR 702.104a).

Both are replacement effects on the event "this permanent enters" (614.1c, 614.12): the choices are
made as it enters, and the counters are on it as it enters (it doesn't enter and then get them).

*How the players are asked.* A choice has to be made before anything about the event happens, and the
engine asks players only at decisions it can stop and resume at. So the choices are asked where a card
is put onto the battlefield by a resolution that can pause:

* a resolving permanent spell (CR 608.3): ``systems.stack.resolve_top`` resolves a spell whose card
  has such choices as a one-step resolution (``EnterWithChoices``): its step asks every question
  (``systems.resolution.ask``), then moves the card;
* any effect executor that puts a card onto the battlefield during a resolution may do the same by
  calling :func:`ask_enter_choices` before it moves the card and passing the answer through
  ``game.enter_choices``.

Anywhere else (a scenario's set-up, a token, a card put onto the battlefield by an executor that
doesn't ask first) nobody is asked and the permanent enters without the optional counters: the
unleash counter is not added, and tribute counts as not paid (702.104b: the counters weren't put on
it). This is the engine's documented limit, not a choice made for a player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.abilities import AsEntersChooseColor, AsEntersChooseType
from components.characteristics import CardType
from components.designations import TributePaid
from components.keyword_abilities import EnterWithChoices, Tribute
from components.keywords import Keyword
from components.objects import StackItem, Zone
from content import registry
from ecs.actions import Choose, ChoosePlayer, DecisionKind
from systems.counters import add_counters
from systems.mechanics.riot import riot_count

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext

UNLEASH = int(Keyword.UNLEASH)


def has_enter_choices(card: CardDef) -> bool:
    """Does the card ask anything as it enters (unleash, tribute)?"""
    if any(isinstance(a, AsEntersChooseColor) for a in card.abilities) and not card.type_bits & int(CardType.LAND):
        return True  # "As ~ enters, choose a color." on a permanent spell (614.12)
    return bool(card.keywords & UNLEASH) or any(isinstance(a, Tribute | AsEntersChooseType) for a in card.abilities) \
        or riot_count(card) > 0  # riot (702.136a)


def resolve_with_choices(game: Game, spell: int, controller: int) -> None:
    """CR 608.3 for a permanent spell with as-enters choices: a resolution that can stop to ask."""
    from systems import resolution
    from systems.effects import EffectContext

    card = game.card(spell)
    ctx = EffectContext(spell, card.name, card.keywords, controller, -1, (), ())
    resolution.start(game, spell, [(EnterWithChoices(controller), ctx)], "delete")


@registry.executor(EnterWithChoices)
def enter_with_choices(game: Game, effect: EnterWithChoices, ctx: EffectContext) -> None:
    from systems.zones import move

    spell = ctx.source
    choices = ask_enter_choices(game, game.card(spell), effect.controller)  # asked before anything changes
    game.enter_choices = choices
    try:
        move(game, spell, Zone.BATTLEFIELD, controller=effect.controller)
    finally:
        game.enter_choices = None


def ask_enter_choices(game: Game, card: CardDef, controller: int) -> dict[str, Any]:
    """Ask, during a resolution, the choices made as ``card`` enters under ``controller``'s control."""
    from systems.resolution import ask

    choices: dict[str, Any] = {}
    from components.abilities import AsEntersChooseType

    if any(isinstance(a, AsEntersChooseType) for a in card.abilities):
        # "As ~ enters, choose a creature type." (614.12, 205.3m)
        from components.subtypes import CREATURE_TYPES
        from ecs.actions import ChooseType

        pick = ask(game, controller, DecisionKind.CHOOSE_TYPE, [ChooseType(s) for s in sorted(CREATURE_TYPES)])
        assert isinstance(pick, ChooseType)
        choices["creature_type"] = pick.subtype
    from components.abilities import AsEntersChooseColor

    if any(isinstance(a, AsEntersChooseColor) for a in card.abilities) and not card.type_bits & int(CardType.LAND):
        # "As ~ enters, choose a color." on a permanent spell (614.12, 105.1; a land's is part of PlayLand)
        from ecs.actions import ChooseColor

        color = ask(game, controller, DecisionKind.CHOOSE_COLOR, [ChooseColor(c) for c in "WUBRG"])
        assert isinstance(color, ChooseColor)
        choices["color"] = color.color
    if card.keywords & UNLEASH:
        # 702.98a: "You may have this permanent enter with an additional +1/+1 counter on it."
        answer = ask(game, controller, DecisionKind.MAY, [Choose(True), Choose(False)])
        choices["unleash"] = isinstance(answer, Choose) and answer.yes
    for _ in range(riot_count(card)):
        # 702.136a: "You may have this permanent enter with an additional +1/+1 counter on it."
        answer = ask(game, controller, DecisionKind.MAY, [Choose(True), Choose(False)])
        choices.setdefault("riot", []).append(isinstance(answer, Choose) and answer.yes)
    for ability in card.abilities:
        if not isinstance(ability, Tribute):
            continue
        # 702.104a: its controller chooses an opponent; that player may put N +1/+1 counters on it.
        opponents = game.opponents(controller)
        if not opponents:
            continue
        pick = ask(game, controller, DecisionKind.CHOOSE_PLAYER,
                   [ChoosePlayer(game.players[p]) for p in opponents])
        assert isinstance(pick, ChoosePlayer)
        chosen = game.player_of_entity[pick.player]
        answer = ask(game, chosen, DecisionKind.MAY, [Choose(True), Choose(False)])
        paid = isinstance(answer, Choose) and answer.yes
        choices.setdefault("tribute", []).append((chosen, ability.amount, paid))
    return choices


def apply_enter_choices(game: Game, permanent: int) -> None:
    """Called by ``enter_battlefield`` when choices were made for the entering card: it enters with
    the counters chosen, and whether tribute was paid is kept for 702.104b."""
    choices = game.enter_choices
    game.enter_choices = None  # used by this permanent only
    if not choices:
        return
    name = game.name(permanent)
    for kind, amount in choices.get("counters", {}).items():
        # "return it to the battlefield with a -1/-1 counter on it" (persist 702.79a, undying 702.93a, 614.1c)
        add_counters(game, permanent, kind, amount)
        game.say(f"{name} enters with {amount} {kind} counter{'s' if amount != 1 else ''}")
    if "riot" in choices:
        from systems.mechanics.riot import entered

        entered(game, permanent, tuple(choices["riot"]))  # 702.136a
    if choices.get("unleash"):
        add_counters(game, permanent, "+1/+1", 1)
        game.say(f"{name} enters with an additional +1/+1 counter (unleash)")
    for chosen, amount, paid in choices.get("tribute", ()):
        who = game.player_states[chosen].name
        if paid:
            add_counters(game, permanent, "+1/+1", amount)
            game.say(f"{who} pays tribute: {name} enters with {amount} additional +1/+1 counters")
        else:
            game.say(f"{who} doesn't pay tribute")
        game.world.add(permanent, TributePaid(paid))  # 702.104b: a designation of this object (400.7)


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return has_enter_choices(card)


@registry.hook("stack.resolve_permanent_late")
def _resolve(game: Game, spell: int, item: StackItem) -> bool:
    """A permanent spell (not an Aura with a target) whose card asks as it enters resolves step by step (608.3)."""
    card = game.card(spell)
    if not has_enter_choices(card):
        return False
    resolve_with_choices(game, spell, item.controller)  # asked as it enters (702.98a, 702.104a)
    return True
