"""Gift (CR 702.174): "Gift a card", "Gift a Food", "Gift a Treasure", "Gift a tapped Fish", "Gift an Octopus"
(702.174d-i; "Gift an extra turn" is not read). The rules are systems/mechanics/gift.py.

Rules: Gift (CR 702.174).

* 702.174a: "As an additional cost to cast this spell, you may choose an opponent": casting with the gift promised
  (702.174k) is its own option from the hand, "gift:<player>" in ``CastSpell.cost`` naming the chosen opponent, for
  the spell's mana cost (601.2f), with its normal timing; not offered with other additional or alternative costs.
* 702.174b, 702.174j: an instant or sorcery whose gift was promised gives the gift before its other effects: the
  spell on the stack is the card with the gift's effect first (and, for "If the gift was promised, instead ...",
  the other instructions and targets, 702.174m; ``CardObject.printed`` keeps the card); if it doesn't resolve, the
  gift isn't given. A permanent's "When this permanent enters, if its gift cost was paid, [effect]" triggers as it
  enters (systems/zones.py ``move`` calls systems/mechanics/entering_costs.py, which calls :func:`entered`).
* 702.174d-i: the chosen player draws a card, or creates a Food, a Treasure, a tapped 1/1 blue Fish creature token
  or an 8/8 blue Octopus creature token (the tokens are created under their control, 111.2).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    Effect,
    SpellAbility,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.casting_keywords import Gift, GiveGift
from components.characteristics import CardType, ManaCost
from components.keywords import Keyword
from components.objects import PendingTrigger, StackItem
from content import registry
from ecs.actions import CastSpell

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_GIFT = re.compile(r"gift (?:a|an) (card|food|treasure|tapped fish|octopus)", re.I)
WHAT = {"card": "card", "food": "Food", "treasure": "Treasure", "tapped fish": "tapped Fish", "octopus": "Octopus"}


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _GIFT.fullmatch(line.strip().rstrip("."))
    if not m or int(types) & int(CardType.LAND):
        return None
    what = WHAT[m.group(1).lower()]
    return Gift(f"Gift {'an' if what == 'Octopus' else 'a'} {what}", what, _token_effect(what))


def _token_effect(what: str) -> Effect | None:
    """The effect that makes the gift's token (702.174f-i), compiled here, as the card loads (once per kind)."""
    if what not in TOKENS:
        return None  # a card (702.174e): drawn, no token
    token = _TOKEN_EFFECTS.get(what)
    if token is None:
        from content.oracle import (
            compile_line,  # the compiler imports this module (a reader): not at import time
        )

        (spell,) = compile_line(TOKENS[what], is_spell=True)
        assert isinstance(spell, SpellAbility)
        token = _TOKEN_EFFECTS[what] = spell.effects[0]
    return token


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return a.text if isinstance(a, Gift) else None


registry.reader(read, priority=680)
registry.renderer(render, priority=630)


# ---------------------------------------------------------------- rules


INSTANT = int(CardType.INSTANT)
SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
FLASH = int(Keyword.FLASH)
TOKENS = {"Food": "Create a Food token.", "Treasure": "Create a Treasure token.",
          "tapped Fish": "Create a tapped 1/1 blue Fish creature token.",
          "Octopus": "Create an 8/8 blue Octopus creature token."}
_INFO: dict[int, tuple[CardDef, Gift | None, CardDef]] = {}
_TOKEN_EFFECTS: dict[str, Effect] = {}


def gift_of(card: CardDef) -> tuple[Gift | None, CardDef]:
    """The card's gift ability and the card as a spell whose gift was promised (702.174b, 702.174j, 702.174m)."""
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        a = next((x for x in card.abilities if isinstance(x, Gift)), None)
        promised = card
        spell = next((x for x in card.abilities if isinstance(x, SpellAbility)), None)
        if a is not None and spell is not None and card.type_bits & SPELL_TYPES:
            base = spell.instead if spell.instead is not None and spell.instead_if == "gift" else spell
            first = dataclasses.replace(base, effects=(GiveGift(a.what, token=a.token), *base.effects), instead=None,
                                        instead_if="")
            promised = dataclasses.replace(card, abilities=tuple(first if x is spell else x for x in card.abilities))
        hit = (card, a, promised)
        _INFO[id(card)] = hit
    return hit[1], hit[2]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    from systems.mechanics.additional_costs import payment_units
    from systems.mechanics.alternative_costs import hand_spells_with, spell_choices

    out: list[CastSpell] = []
    for ent, card, _a, promised in hand_spells_with(game, player, gift_of):
        units = payment_units(game, player, card)
        for opponent in game.opponents(player):  # 702.174a: the opponent chosen
            out.extend(spell_choices(game, player, ent, promised, card.mana_cost, f"gift:{opponent}", -1, units))
    return out


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if not action.cost.startswith("gift:"):
        return None
    from systems.mechanics.alternative_costs import total_cost

    a, promised = gift_of(card)
    if a is None:
        raise ValueError(f"{card.name} has no gift")
    return promised, total_cost(game, player, promised, card.mana_cost)


def chosen(cost: str) -> int:
    """The opponent chosen for a gift ("gift:<player>"), or -1."""
    name, _, who = cost.partition(":")
    return int(who) if name == "gift" and who.isdigit() else -1


def entered(game: Game, permanent: int, card: CardDef, controller: int, cost: str) -> None:
    """702.174b: "When this permanent enters, if its gift cost was paid, [effect]" triggers."""
    a, _ = gift_of(card)
    if a is None:
        return
    ability = TriggeredAbility(f"When this permanent enters, if its gift cost was paid, the chosen player gets the "
                               f"gift ({a.text}).", TriggerCondition(TriggerKind.ENTERS), (),
                               (GiveGift(a.what, chosen(cost), a.token),))
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, permanent,
                                                dataclasses.replace(card, abilities=(ability,)), 0, controller,
                                                permanent))


@registry.executor(GiveGift)
def give_gift(game: Game, effect: GiveGift, ctx: EffectContext) -> None:
    from systems.effects import run_effect
    from systems.zones import draw

    player = effect.player
    if player < 0 and game.world.exists(ctx.source):
        item = game.world.try_get(ctx.source, StackItem)
        player = chosen(item.cost) if item is not None else -1
    if player < 0 or game.player_states[player].lost:
        return
    game.say(f"{game.player_states[player].name} gets the gift")
    if effect.what == "card":
        draw(game, player, 1)  # 702.174e
        return
    if effect.token is None:
        raise RuntimeError(f"the {effect.what} gift's token effect was not compiled with its card (gift.py read)")
    run_effect(game, effect.token, dataclasses.replace(ctx, controller=player))  # 702.174d, f-i: they create it


@registry.hook("zones.entered_from_stack")
def _entered_from_stack(game: Game, permanent: int, item: StackItem) -> None:
    if item.cost.startswith("gift:") and permanent in game.table.row_of:
        controller = int(game.table.get(permanent, "controller"))
        entered(game, permanent, game.obj(permanent).printed or game.card(permanent), controller, item.cost)
