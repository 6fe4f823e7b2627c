"""Face-down spells and permanents (CR 708): morph (702.37), megamorph (702.37b) and disguise (702.168).

* 702.37c, 702.168b: cast face down, the card becomes a 2/2 face-down creature spell with no text, no name, no
  subtypes and no mana cost (disguise: with ward {2}), for {3}; those are its copiable values (708.2a). It is
  a way to cast the card (keyword "morph" / "disguise", systems/mechanics/alternative_costs.py): the spell's
  ``CardObject.card`` holds the face-down characteristics and ``CardObject.printed`` the card, which it is
  again as soon as it leaves the stack or the battlefield (708.9, systems/zones.py ``move``). It resolves
  into a face-down permanent with the same characteristics (702.37c).
* 702.37e, 702.168d, 116.2b: any time its controller has priority they may turn a face-down permanent with
  a morph or disguise cost face up by paying that cost: a special action (no stack). It regains its normal
  characteristics: the same object, so nothing about entering the battlefield happens (702.37e), with a
  new timestamp (613.7f). Megamorph: it gets a +1/+1 counter as it is turned face up (702.37b).
* "When ~ is turned face up" (708.8) and "whenever a permanent you control is turned face up" trigger then.
* Manifest (701.34), manifest dread (701.60) and cloak (701.56) put a library card onto the battlefield face
  down; such a creature card is turned face up for its mana cost (701.34b, 701.56b; ``TurnFaceUp.how``).
* 708.5: its controller may look at it; so may a player with "you may look at face-down creatures you don't
  control any time" (:func:`seen_face_down`, used by the observation).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from components.abilities import TriggerKind
from components.card import CardDef
from components.characteristics import CardType, ManaCost
from components.designations import Manifested
from components.double_faced import Manifest, Morph
from components.objects import CardObject, Zone
from content import registry
from content.double_faced import face_down_card
from ecs.actions import ChooseCard, DecisionKind, TurnFaceUp
from systems.mana import can_pay, pay

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

CREATURE = int(CardType.CREATURE)


@functools.cache
def _three() -> ManaCost:
    from content.mana import parse_mana_cost

    return parse_mana_cost("{3}")


def morph_of(card: CardDef) -> Morph | None:
    for a in card.abilities:
        if isinstance(a, Morph):
            return a
    return None


def face_down_way(card: CardDef) -> tuple[str, CardDef, ManaCost] | None:
    """The way to cast this card face down, if it has morph or disguise: (keyword, characteristics, {3})."""
    m = morph_of(card)
    if m is None:
        return None

    disguise = m.kind == "disguise"
    return ("disguise" if disguise else "morph"), face_down_card(disguise), _three()


def is_face_down(game: Game, ent: int) -> bool:
    co = game.obj(ent)
    return co.printed is not None and co.card.layout == "face_down"


def cast_face_down(game: Game) -> None:
    """A face-down spell was cast: from now on priority stops look for face-down permanents."""
    game.face_down_seen = True


def turn_face_up_actions(game: Game, player: int) -> list[TurnFaceUp]:
    """702.37e, 702.168d: each face-down permanent ``player`` controls whose morph or disguise cost they can pay."""
    if not game.face_down_seen:
        return []

    t = game.table
    out: list[TurnFaceUp] = []
    entities = game.world._entities  # (Game.obj inlined: this runs at every priority stop once a morph was cast)
    for ent in t.entity[:t.n][t.controller[:t.n] == player].tolist():
        co: CardObject = entities[ent][CardObject]
        if co.printed is None or co.card.layout != "face_down":
            continue
        m = morph_of(co.printed)
        if m is not None and _can_pay_morph(game, player, m):
            out.append(TurnFaceUp(ent))
        # 701.34b, 701.34g: a manifested creature card, for its mana cost (701.34c-d: or its morph cost)
        card = co.printed
        if game.world.has(ent, Manifested) and card.type_bits & CREATURE and card.mana_cost.present \
                and can_pay(game, player, card.mana_cost):
            out.append(TurnFaceUp(ent, "manifest"))
    return out


def _can_pay_morph(game: Game, player: int, m: Morph) -> bool:

    if m.cost is None:  # "Reveal a black card in your hand" (118.1: a cost that is an action)
        return any(int(game.card(c).colors) & m.reveal_color for c in game.zones[player][Zone.HAND])
    return can_pay(game, player, m.cost)


def turn_face_up(game: Game, player: int, ent: int, how: str = "") -> None:
    """702.37e: pay the morph (or disguise) cost, then turn it face up; 701.34b: a manifested creature card for
    its mana cost. A special action (116.2b)."""
    from systems.counters import add_counters
    from systems.mechanics.double_faced import turn_over

    co = game.obj(ent)
    card = co.printed
    assert card is not None and co.card.layout == "face_down"
    m = morph_of(card)
    if how == "manifest":
        m = None
        ok = pay(game, player, card.mana_cost)
    elif m is not None and m.cost is None:
        shown = next((c for c in game.zones[player][Zone.HAND] if int(game.card(c).colors) & m.reveal_color), None)
        ok = shown is not None
        if shown is not None:
            game.say(f"{game.player_states[player].name} reveals {game.card(shown).name}")  # revealing (701.16a)
    else:
        assert m is not None and m.cost is not None  # (a cost-less morph reveals instead: the branch above)
        ok = pay(game, player, m.cost)
    assert ok, "turning face up is offered only when payable"
    game.world.remove(ent, Manifested)
    turn_over(game, ent, card, None)  # 613.7f: a new timestamp; it is the same object (no ETB, 702.37e)
    game.say(f"{game.player_states[player].name} turns a face-down creature face up: {card.name}")
    if m is not None and m.kind == "megamorph":
        add_counters(game, ent, "+1/+1", 1)  # 702.37b
    if game.trigger_sources:
        _turned_face_up(game, ent, player)


def _turned_face_up(game: Game, ent: int, player: int) -> None:
    """708.8: "when ~ is turned face up" of its own, and other permanents' "whenever a permanent ... is turned
    face up"."""
    from systems.triggers import _add, _object_matches, triggers_of_kind

    game.refresh_layers()
    for source, card, controller, index, ability in triggers_of_kind(game, TriggerKind.TURNED_FACE_UP):
        trig = ability.trigger
        if trig.subject == "self":
            if source == ent:
                _add(game, source, card, index, ability, controller, ent)
        elif trig.whose == "you_turn":
            if player == controller:  # "whenever you turn a permanent face up"
                _add(game, source, card, index, ability, controller, ent)
        elif _object_matches(game, trig.filter, ent, controller, source):
            _add(game, source, card, index, ability, controller, ent)


def manifest_card(game: Game, card: int, player: int, cloak: bool = False) -> int:
    """701.34a: turn the card face down and put it onto the battlefield: a manifested 2/2 face-down creature
    (701.56a cloaked: with ward {2}). Either is turned face up for its mana cost if it's a creature card
    (701.34b, 701.56b), or for its morph or disguise cost (701.34c-d, 701.56c-d)."""
    from systems.zones import move

    game.set_card(card, face_down_card(cloak), game.obj(card).card)
    game.face_down_seen = True
    new = move(game, card, Zone.BATTLEFIELD, controller=player)
    game.world.add(new, Manifested())
    game.say(f"{game.player_states[player].name} manifests a card")
    return new


@registry.executor(Manifest)
def _manifest(game: Game, effect: Manifest, ctx: EffectContext) -> None:
    """701.34a; 701.60a manifest dread: the player chooses one of the top two cards to manifest, the others
    go to the graveyard (asked before anything moves)."""
    from systems.counters import add_counters
    from systems.oracle_effects import amount
    from systems.resolution import ask
    from systems.zones import move

    player = ctx.controller
    library = game.zones[player][Zone.LIBRARY]
    top = list(library[:2] if effect.dread else library[:1])
    if not top:
        return
    card = top[0]
    if effect.dread:
        choice = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(c) for c in top])
        assert isinstance(choice, ChooseCard)
        card = choice.card
    n = amount(game, ctx, effect.counters, effect.dynamic)
    new = manifest_card(game, card, player, effect.cloak)
    for other in top:
        if other != card:
            move(game, other, Zone.GRAVEYARD)
    if n > 0:
        add_counters(game, new, "+1/+1", n)


def seen_face_down(game: Game, player: int, ent: int) -> str | None:
    """The card a face-down permanent is, if ``player`` may look at it: its controller may (708.5), and a player
    with "you may look at face-down creatures you don't control any time"; None otherwise."""
    from components.double_faced import LookAtFaceDown

    co = game.obj(ent)
    if co.printed is None or co.card.layout != "face_down":
        return None
    t = game.table
    if int(t.get(ent, "controller")) == player:
        return co.printed.name
    for row in range(t.n):
        if int(t.controller[row]) == player and not t.no_abilities[row] and any(
                isinstance(a, LookAtFaceDown) for a in game.card(int(t.entity[row])).abilities):
            return co.printed.name
    return None
