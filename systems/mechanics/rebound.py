"""Rebound (CR 702.88): "Rebound" on an instant or sorcery.

702.88a: "If this spell was cast from your hand, instead of putting it into your graveyard as it resolves,
exile it and, at the beginning of your next upkeep, you may cast this card from exile without paying its
mana cost." The rules are systems/mechanics/rebound.py.

Rules: Rebound (CR 702.88): exiled as it resolves, cast again from exile at its owner's next upkeep.

702.88a: "If this spell was cast from your hand, instead of putting it into your graveyard as it resolves,
exile it and, at the beginning of your next upkeep, you may cast this card from exile without paying its
mana cost." Whether it was cast from the hand is kept on the spell (``StackItem.from_zone``, set by
systems/casting.py). The exiled card is remembered in ``ReboundState.waiting`` with the turn it was exiled; the
delayed triggered ability (603.7) triggers as its owner's next upkeep begins (systems/turn.py calls
:func:`upkeep_began`) and is controlled by that player. As it resolves they may cast the card, if it is
still in exile, without paying its mana cost (an alternative cost of {0}, 702.88b, 118.9; cost increases
still apply, 118.9d), ignoring timing, or not (systems/resolution.py asks first). A card cast this way is
not cast from the hand, so it goes to the graveyard as it resolves.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import Rebound, ReboundCast
from components.objects import InZone, PendingTrigger, Step, Zone
from content import registry

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
REBOUND = Rebound()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "rebound" or not int(types) & SPELL_TYPES:
        return None
    return REBOUND


def render(abilities: list[object]) -> str | None:
    return "Rebound" if len(abilities) == 1 and isinstance(abilities[0], Rebound) else None


registry.reader(read, priority=220)
registry.renderer(render, priority=180)


# ---------------------------------------------------------------- rules


TEXT = "At the beginning of your next upkeep, you may cast this card from exile without paying its mana cost."
@dataclasses.dataclass(slots=True)
class ReboundState:
    """Rebound's own record in a game (``Game.mechanic_state["rebound"]``)."""

    # (exiled card, owner, turn it was exiled) whose delayed trigger waits for its owner's next upkeep (702.88a)
    waiting: list[tuple[int, int, int]] = dataclasses.field(default_factory=list)


def state(game: Game) -> ReboundState:
    """This game's record of rebound, made on first use."""
    found = game.mechanic_state.get("rebound")
    if found is None:
        found = game.mechanic_state["rebound"] = ReboundState()
    return found


_TRIGGER_CARDS: dict[int, tuple[CardDef, CardDef]] = {}


def exile_for_rebound(game: Game, spell: int) -> None:
    """702.88a: instead of its owner's graveyard, the resolving spell goes to exile, and the delayed trigger
    waits for its owner's next upkeep."""
    from systems.zones import move

    owner = game.obj(spell).owner
    game.say(f"{game.name(spell)} is exiled (rebound)")
    new = move(game, spell, Zone.EXILE)
    state(game).waiting.append((new, owner, game.turn))


def trigger_card(card: CardDef) -> CardDef:
    """The card with the delayed triggered ability as its only ability (its source on the stack)."""
    hit = _TRIGGER_CARDS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    ability = TriggeredAbility(TEXT, TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP)), (),
                               (ReboundCast(),))
    result = dataclasses.replace(card, abilities=(ability,))
    _TRIGGER_CARDS[id(card)] = (card, result)
    return result


def upkeep_began(game: Game) -> None:
    """The active player's upkeep began: the delayed triggers of their cards exiled by rebound on an earlier
    turn trigger (603.7, 702.88a); each triggers once."""
    keep = []
    for card, owner, turn in state(game).waiting:
        if owner != game.active or turn >= game.turn:
            keep.append((card, owner, turn))
            continue
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, card, trigger_card(game.card(card)), 0, owner,
                                                    card))
    state(game).waiting[:] = keep


@registry.executor(ReboundCast)
def cast_from_exile(game: Game, effect: ReboundCast, ctx: EffectContext) -> None:
    """"you may cast this card from exile without paying its mana cost" (702.88a)."""
    from systems.casting import cast_spell
    from systems.mechanics.cast_card import ask_to_cast

    player = ctx.controller
    card = ctx.event_object
    where = game.world.try_get(card, InZone) if card >= 0 and game.world.exists(card) else None
    if where is None or where.zone != Zone.EXILE:
        game.say("the card is no longer in exile: nothing is cast")
        return
    choice = ask_to_cast(game, player, card, "rebound")  # none while split second is on the stack (702.61a)
    if choice is None:
        game.say(f"{game.player_states[player].name} doesn't cast {game.card(card).name}")
        return
    cast_spell(game, player, choice)


@registry.hook("turn.step_began_late")
def _step_began(game: Game, step: Step) -> None:
    if state(game).waiting and step == Step.UPKEEP:
        upkeep_began(game)  # rebound's delayed triggered abilities (702.88a, 603.7)
