"""Soulbond (CR 702.95) and the static abilities of paired creatures.

"Soulbond" stands for two triggered abilities (702.95a): "When this creature enters, if you control
both this creature and another creature and both are unpaired, you may pair this creature with
another unpaired creature you control ..." and "Whenever another creature you control enters, if you
control both that creature and this one and both are unpaired, you may pair that creature with this
creature ...". They trigger on disjoint events (this creature entering / another creature entering),
so they are compiled as one triggered ability on "a creature you control enters" whose intervening
"if" (condition "soulbond", systems/mechanics/soulbond.py) and effect (:class:`Pair`) tell the two
cases apart by whether the entering creature is the soulbond creature itself.

"As long as ~ is paired with another creature, both creatures have double strike." / "..., each of
those creatures gets +4/+4." is a static ability whose affected set is the creature and its partner
while they are paired (702.95b): ``PermanentFilter(paired=True)``, which the layer system evaluates
(systems/layers.py); unpaired, the set is empty, which is the "as long as".

Rules: Soulbond (CR 702.95): pairing creatures, and the end of a pair.

A ``Paired`` designation on each paired creature names its partner and the player who controls the pair. A pair
forms when a soulbond trigger resolves and its controller chooses to pair (702.95a, 702.95c); it
ends as soon as either creature leaves the battlefield, stops being a creature, or comes under
another player's control (702.95e). That is checked right after the layer system has computed the
characteristics (``Game.refresh_layers`` calls :func:`check_pairs`), so the static abilities that
depend on the pair (``PermanentFilter(paired=True)``, systems/layers.py) stop applying at once.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    Condition,
    ContinuousPart,
    Layer,
    Pair,
    PermanentFilter,
    StaticEffect,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.designations import Paired
from components.keywords import KEYWORD_NAMES
from content import registry
from ecs.actions import ChooseCard, DecisionKind
from systems.layers import apply_layers
from systems.resolution import ask

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


CREATURE = int(CardType.CREATURE)

SOULBOND = TriggeredAbility(
    "Soulbond",
    TriggerCondition(TriggerKind.ENTERS, "filter", PermanentFilter(types_any=CREATURE, controller="you")),
    (), (Pair(),), False, Condition("soulbond"))

_PAIRED = re.compile(
    r"as long as ~ is paired with another creature, (?:both creatures|each of those creatures) "
    r"(?:(?:get|gets) (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and (?:have|has) (?P<kw2>[a-z ,]+))?|(?:have|has) (?P<kw>[a-z ,]+))\.?")


def _keywords(text: str) -> int | None:
    mask = 0
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", text.strip()):
        bit = KEYWORD_NAMES.get(part.strip())
        if bit is None:
            return None
        mask |= int(bit)
    return mask


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if text.lower().rstrip(".") == "soulbond" and types & CardType.CREATURE:
        return SOULBOND
    m = _PAIRED.fullmatch(text[0].lower() + text[1:] if text else text)
    if not m:
        return None
    parts: list[ContinuousPart] = []
    kw = m.group("kw") or m.group("kw2")
    if kw:
        mask = _keywords(kw)
        if mask is None:
            return None
        parts.append(ContinuousPart(Layer.ABILITY, keywords_add=mask))  # layer 6 (613.1f)
    if m.group("p"):
        parts.append(ContinuousPart(Layer.PT_MODIFY, power=int(m.group("p")), toughness=int(m.group("t"))))  # 7c
    return StaticEffect(text, PermanentFilter(paired=True), tuple(parts))


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): "Soulbond", and a paired creatures' static ability
    written from its parts ("both creatures have K" / "each of those creatures gets +N/+N")."""
    one = abilities[0] if len(abilities) == 1 else None
    if one == SOULBOND:
        return "Soulbond"
    if not isinstance(one, StaticEffect) or one.affected != PermanentFilter(paired=True) or one.condition is not None:
        return None
    from content.oracle.render import _and_list, _keywords_text, _signed

    pt = next((p for p in one.parts if p.layer == Layer.PT_MODIFY), None)
    kw = next((p for p in one.parts if p.layer == Layer.ABILITY), None)
    if len(one.parts) != (pt is not None) + (kw is not None) or kw is not None and kw.abilities_add:
        return None
    has = _and_list(_keywords_text(kw.keywords_add, kw.keyword_order)) if kw is not None else ""
    if pt is None:
        body = f"both creatures have {has}"
    else:
        body = f"each of those creatures gets {_signed(pt.power, pt.toughness)}" + (f" and has {has}" if has else "")
    return f"As long as ~ is paired with another creature, {body}."


registry.reader(read, priority=60)
registry.renderer(render, priority=60)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)


def is_paired(game: Game, creature: int) -> bool:
    return creature in game.world.holders(Paired)


def partner_of(game: Game, creature: int) -> int | None:
    """The creature ``creature`` is paired with (702.95b), or None."""
    return game.world.get(creature, Paired).partner if is_paired(game, creature) else None


def _unpaired_creature_of(game: Game, ent: int, player: int) -> bool:
    """On the battlefield, a creature, controlled by ``player`` and unpaired (702.95a, 702.95c)."""
    if ent < 0:
        return False
    t = game.table
    row = t.row_of.get(ent)
    if row is None:
        return False
    game.refresh_layers()
    return bool(int(t.types[row]) & CREATURE) and int(t.controller[row]) == player and not is_paired(game, ent)


def candidates(game: Game, source: int, entered: int, player: int) -> list[int]:
    """The creatures the soulbond creature ``source`` may be paired with as its trigger resolves."""
    if not _unpaired_creature_of(game, source, player):
        return []  # 702.95c: the soulbond creature can't be paired now
    if entered == source:
        # "When this creature enters ... pair this creature with another unpaired creature you control"
        t = game.table
        game.refresh_layers()
        ents = t.entity[: t.n].tolist()
        return [e for e in ents if e != source and _unpaired_creature_of(game, e, player)]
    # "Whenever another creature you control enters ... pair that creature with this creature"
    return [entered] if entered != source and _unpaired_creature_of(game, entered, player) else []


@registry.condition("soulbond")
def soulbond_condition(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """The intervening "if" of both soulbond triggers (702.95a, 603.4): "if you control both this creature
    and another creature and both are unpaired" / "if you control both that creature and this one and
    both are unpaired"."""
    return bool(candidates(game, source, event_object, controller))


@registry.executor(Pair)
def pair_effect(game: Game, effect: Pair, ctx: EffectContext) -> None:
    """As the trigger resolves its controller may pair (702.95a: "you may"); the choice is one of the
    creatures allowed, or -1 for none. 702.95c: if either would-be partner is no longer a creature on the
    battlefield under that player's control, neither becomes paired."""
    player = ctx.controller
    options = candidates(game, ctx.self_object, ctx.event_object, player)
    if not options:
        return
    choice = ask(game, player, DecisionKind.SOULBOND, [ChooseCard(c) for c in options] + [ChooseCard(-1)])
    assert isinstance(choice, ChooseCard)
    if choice.card < 0:
        game.say(f"{game.player_states[player].name} chooses not to pair {game.name(ctx.self_object)}")
        return
    pair(game, ctx.self_object, choice.card, player)


def pair(game: Game, a: int, b: int, controller: int) -> None:
    """Pair two creatures (702.95b, 702.95d: each with only one other)."""
    assert a != b and not is_paired(game, a) and not is_paired(game, b)
    game.world.add(a, Paired(b, controller))
    game.world.add(b, Paired(a, controller))
    game.table.mark_changed()
    game.say(f"{game.name(a)} is paired with {game.name(b)}")


def unpair(game: Game, a: int) -> None:
    """Both creatures of the pair stop being paired (a creature that left is a new object already, 400.7)."""
    b = partner_of(game, a)
    if b is not None:
        game.world.remove(a, Paired)
        if is_paired(game, b):
            game.world.remove(b, Paired)
        game.table.mark_changed()


def check_pairs(game: Game) -> bool:
    """702.95e: unpair every pair one of whose creatures left the battlefield, stopped being a creature or
    is controlled by another player than the pair's. Runs on freshly computed characteristics; True if a
    pair ended (the caller then computes them again without its effects)."""
    t = game.table
    world = game.world
    broken: list[tuple[int, int]] = []
    for a in sorted(world.holders(Paired)):
        b, controller = world.get(a, Paired).partner, world.get(a, Paired).controller
        if b in world.holders(Paired) and a > b:
            continue  # each pair once (a creature that left the battlefield took its half with it, 400.7)
        for ent in (a, b):
            row = t.row_of.get(ent)
            if row is None or not int(t.types[row]) & CREATURE or int(t.controller[row]) != controller:
                broken.append((a, b))
                break
    for a, b in broken:
        names = (game.lki.get(a, {}).get("name") if a not in t.row_of else game.name(a),
                 game.lki.get(b, {}).get("name") if b not in t.row_of else game.name(b))
        unpair(game, a)
        game.say(f"{names[0]} and {names[1]} become unpaired")
    return bool(broken)


@registry.hook("layers.after")
def _after_layers(game: Game) -> None:
    """702.95e on freshly computed characteristics: while a pair broke, compute them again without its effects."""
    while game.world.holders(Paired) and check_pairs(game):
        apply_layers(game)
