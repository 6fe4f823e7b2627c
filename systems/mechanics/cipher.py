"""Cipher (CR 702.99): "Cipher" on an instant or sorcery.

702.99a: two abilities. The first is a spell ability, "If this spell is represented by a card, you may exile
this card encoded on a creature you control": it is read as the spell's last instruction (an
:class:`Encode` effect), so the Oracle compiler merges it into the spell's instructions in printed order.
The second, the granted "Whenever this creature deals combat damage to a player, you may copy the encoded
card and you may cast the copy without paying its mana cost", lives in systems/mechanics/cipher.py.

Rules: Cipher (CR 702.99): a spell exiled encoded on a creature, cast again as a copy whenever that creature
deals combat damage to a player.

* 702.99a, first ability: as the spell's last instruction (:class:`Encode`), if the spell is represented by
  a card (not a copy), its controller may exile it encoded on a creature they control. The card is then
  not put into the graveyard (608.2n: it is no longer on the stack).
* 702.99a, second ability: while it is encoded, the creature has "Whenever this creature deals combat
  damage to a player, you may copy the encoded card and you may cast the copy without paying its mana
  cost" (systems/mechanics/cast_card.py casts the copy). The creature's controller controls the trigger
  (603.3a).
* 702.99b-c: the card stays encoded while it stays exiled and the creature stays on the battlefield, even if
  the creature changes controller or stops being a creature. An ``Encoded`` designation on the exiled card
  names the creature; either one changing zones is a new object (400.7), which ends the encoding.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import Ability, SpellAbility, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.designations import Encoded
from components.keyword_abilities import CastCard, Encode
from components.objects import PendingTrigger, Zone
from content import registry
from ecs.actions import ChooseCard, DecisionKind
from systems.resolution import ask

if TYPE_CHECKING:
    from components.card import CardDef
    from components.events import DamageDealt
    from ecs.game import Game
    from systems.effects import EffectContext


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "cipher" or not int(types) & SPELL_TYPES:
        return None
    return SpellAbility("Cipher", (), (Encode(),))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword line, an Encode instruction alone."""
    one = abilities[0] if len(abilities) == 1 else None
    if isinstance(one, SpellAbility) and not one.targets and len(one.effects) == 1 \
            and isinstance(one.effects[0], Encode):
        return "Cipher"
    return None


registry.reader(read, priority=120)
registry.renderer(render, priority=90)


# ---------------------------------------------------------------- rules


GRANTED = TriggeredAbility(
    "Whenever this creature deals combat damage to a player, you may copy the encoded card and you may cast "
    "the copy without paying its mana cost.",
    TriggerCondition(TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER), (), (CastCard("cipher", copy=True),))
_TRIGGER_CARDS: dict[int, tuple[CardDef, CardDef]] = {}
CREATURE = int(CardType.CREATURE)


@registry.executor(Encode)
def encode(game: Game, effect: Encode, ctx: EffectContext) -> None:
    from systems.zones import move

    spell = ctx.source
    if spell not in game.stack or game.obj(spell).is_copy:
        return  # 702.99a: only a spell represented by a card is exiled encoded
    player = ctx.controller
    t = game.table
    game.refresh_layers()
    n = t.n
    creatures = t.entity[:n][(t.controller[:n] == player) & ((t.types[:n] & CREATURE) != 0)].tolist()
    if not creatures:
        return
    choice = ask(game, player, DecisionKind.ENCODE, [*(ChooseCard(c) for c in creatures), ChooseCard(-1)])
    assert isinstance(choice, ChooseCard)
    if choice.card < 0:
        return
    name = game.card(spell).name
    exiled = move(game, spell, Zone.EXILE)
    game.world.add(exiled, Encoded(choice.card))  # on the exiled card: it ends if the card leaves exile (702.99c)
    game.say(f"{game.player_states[player].name} exiles {name} encoded on {game.name(choice.card)}")


def encoded_on(game: Game, creature: int) -> list[int]:
    """The cards encoded on ``creature`` now (702.99c), dropping encodings that have ended."""
    out = []
    world = game.world
    for card in sorted(world.holders(Encoded)):  # a card that left exile is a new object, not encoded (400.7)
        host = world.get(card, Encoded).on
        if host not in game.table.row_of:
            world.remove(card, Encoded)  # 702.99c: the creature left the battlefield
        elif host == creature:
            out.append(card)
    return out


def trigger_card(card: CardDef) -> CardDef:
    """The creature's card with the granted ability as its only ability (the trigger's source card)."""
    hit = _TRIGGER_CARDS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    result = dataclasses.replace(card, abilities=(GRANTED,))
    _TRIGGER_CARDS[id(card)] = (card, result)
    return result


@registry.hook("triggers.damage_dealt")
def combat_damage(game: Game, event: DamageDealt) -> None:
    """702.99a: a creature with encoded cards dealt combat damage to a player: one trigger per card."""
    if not (event.combat and event.to_player) or not game.world.holders(Encoded):
        return
    row = game.table.row_of.get(event.source)
    if row is None or game.table.no_abilities[row]:
        return  # CR 613.1f: a creature that lost all abilities has lost the granted one too
    controller = int(game.table.controller[row])
    source_card = trigger_card(game.card(event.source))
    for card in encoded_on(game, event.source):
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, event.source, source_card, 0, controller,
                                                    card))
