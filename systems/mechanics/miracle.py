"""Miracle (CR 702.94): "Miracle [cost]".

702.94a: a static ability linked to a triggered ability: "You may reveal this card from your hand as you
draw it if it's the first card you've drawn this turn. When you reveal this card this way, you may cast it
by paying [cost] rather than its mana cost." Drawing, revealing and the trigger are in
systems/mechanics/miracle.py.

Rules: Miracle (CR 702.94): the first card a player draws in a turn may be revealed; if it is, a triggered
ability lets them cast it for its miracle cost.

* Draws are counted per player and turn (``PlayerState.drawn_this_turn``); a card with miracle drawn as the
  first card of its owner's turn count is noted by systems/zones.py ``draw`` (702.94a: "if it's the first
  card you've drawn this turn").
* The owner is offered the reveal (a MIRACLE decision) before anyone next receives priority, when the
  triggered ability would be put on the stack anyway (603.3): after a draw-step draw (a turn-based action,
  504.1) or once the spell or ability that drew it has finished resolving. Nothing can happen in between
  that depends on the card being revealed, and it is still in the hand (if it left, there is nothing to
  reveal).
* Revealing it triggers "When you reveal this card this way, you may cast it by paying [cost] rather than
  its mana cost" (702.94a), controlled by its owner; as it resolves they may cast it, ignoring timing
  (systems/mechanics/cast_card.py), if it is still in their hand.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import CastCard, Miracle
from components.objects import InZone, PendingTrigger, Zone
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import Decision, DecisionKind, RevealMiracle

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


_LINE = re.compile(r"miracle ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    if not m or int(types) & CardType.LAND:
        return None
    return Miracle(f"Miracle {m.group(1)}", parse_mana_cost(m.group(1)))


registry.reader(read, priority=110)


# ---------------------------------------------------------------- rules


_TRIGGER_CARDS: dict[int, tuple[CardDef, CardDef]] = {}


@dataclasses.dataclass(slots=True)
class MiracleState:
    """Miracle's own record in a game (``Game.mechanic_state["miracle"]``)."""

    # (player, card) drawn as its owner's first card this turn whose reveal is not yet offered (702.94a)
    reveals: list[tuple[int, int]] = dataclasses.field(default_factory=list)


def _reveals(game: Game) -> list[tuple[int, int]]:
    state = game.mechanic_state.get("miracle")
    if state is None:
        state = game.mechanic_state["miracle"] = MiracleState()
    return state.reveals


def miracle_of(card: CardDef) -> Miracle | None:
    for a in card.abilities:
        if isinstance(a, Miracle):
            return a
    return None


@registry.hook("draw.after")
def note_draw(game: Game, player: int, card: int) -> None:
    """Remember a miracle card drawn as its owner's first card this turn (702.94a; systems/zones.py counts)."""
    if game.player_states[player].drawn_this_turn == 1 and miracle_of(game.card(card)) is not None:
        _reveals(game).append((player, card))


@registry.hook("priority.before")
def offer_reveal(game: Game) -> bool:
    """Ask the owner of the next noted miracle card whether they reveal it (sets ``game.pending``); True when
    there was a noted card (asked, or dropped because it left the hand)."""
    # (typed: the mechanic records are held as Any, whose fields a compiled read looks up generically; ~800 a game)
    state: MiracleState | None = game.mechanic_state.get("miracle")
    if state is None or not state.reveals:
        return False
    reveals = state.reveals
    while reveals:
        player, card = reveals[0]
        where = game.world.try_get(card, InZone) if game.world.exists(card) else None
        if where is None or where.zone != Zone.HAND or game.player_states[player].lost:
            reveals.pop(0)  # it left the hand: nothing to reveal
            continue
        game.pending = Decision(player, DecisionKind.MIRACLE, (RevealMiracle(card, True), RevealMiracle(card, False)))
        game.answer_hook = _answer
        return True
    return True


def _answer(game: Game, player: int, action: RevealMiracle) -> None:
    answer(game, action)


def trigger_card(card: CardDef) -> CardDef:
    """The card with the miracle triggered ability as its only ability (the ability's source on the stack)."""
    hit = _TRIGGER_CARDS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    m = miracle_of(card)
    assert m is not None
    text = (f"When you reveal this card this way, you may cast it by paying {m.cost} rather than its mana "
            "cost.")
    ability = TriggeredAbility(text, TriggerCondition(TriggerKind.REVEALED), (), (CastCard("miracle"),))
    result = dataclasses.replace(card, abilities=(ability,))
    _TRIGGER_CARDS[id(card)] = (card, result)
    return result


def answer(game: Game, action: RevealMiracle) -> None:
    """The owner reveals the card (its miracle ability triggers, 702.94a) or keeps it hidden."""
    player, card = _reveals(game).pop(0)
    assert card == action.card
    name = game.player_states[player].name
    if not action.reveal:
        game.say(f"{name} doesn't reveal {game.card(card).name}")
        return
    game.say(f"{name} reveals {game.card(card).name} (miracle)")
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, card, trigger_card(game.card(card)), 0, player,
                                                card))
