"""Soulbond (CR 702.95): pairing creatures, and the end of a pair.

``game.paired`` maps each paired creature to (its partner, the player who controls the pair). A pair
forms when a soulbond trigger resolves and its controller chooses to pair (702.95a, 702.95c); it
ends as soon as either creature leaves the battlefield, stops being a creature, or comes under
another player's control (702.95e). That is checked right after the layer system has computed the
characteristics (``Game.refresh_layers`` calls :func:`check_pairs`), so the static abilities that
depend on the pair (``PermanentFilter(paired=True)``, systems/layers.py) stop applying at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Condition, Pair
from components.characteristics import CardType
from ecs.actions import ChooseCard, DecisionKind
from systems.keywords import condition, executor
from systems.resolution import ask

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

CREATURE = int(CardType.CREATURE)


def is_paired(game: Game, creature: int) -> bool:
    return creature in game.paired


def partner_of(game: Game, creature: int) -> int | None:
    """The creature ``creature`` is paired with (702.95b), or None."""
    entry = game.paired.get(creature)
    return None if entry is None else entry[0]


def _unpaired_creature_of(game: Game, ent: int, player: int) -> bool:
    """On the battlefield, a creature, controlled by ``player`` and unpaired (702.95a, 702.95c)."""
    if ent < 0:
        return False
    t = game.table
    row = t.row_of.get(ent)
    if row is None:
        return False
    game.refresh_layers()
    return bool(int(t.types[row]) & CREATURE) and int(t.controller[row]) == player and ent not in game.paired


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


@condition("soulbond")
def soulbond_condition(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """The intervening "if" of both soulbond triggers (702.95a, 603.4): "if you control both this creature
    and another creature and both are unpaired" / "if you control both that creature and this one and
    both are unpaired"."""
    return bool(candidates(game, source, event_object, controller))


@executor(Pair)
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
    assert a != b and a not in game.paired and b not in game.paired
    game.paired[a] = (b, controller)
    game.paired[b] = (a, controller)
    game.layers_dirty = True
    game.sba_dirty = True
    game.say(f"{game.name(a)} is paired with {game.name(b)}")


def unpair(game: Game, a: int) -> None:
    entry = game.paired.pop(a, None)
    if entry is not None:
        game.paired.pop(entry[0], None)
        game.layers_dirty = True
        game.sba_dirty = True


def check_pairs(game: Game) -> bool:
    """702.95e: unpair every pair one of whose creatures left the battlefield, stopped being a creature or
    is controlled by another player than the pair's. Runs on freshly computed characteristics; True if a
    pair ended (the caller then computes them again without its effects)."""
    t = game.table
    broken: list[int] = []
    for a, (b, controller) in game.paired.items():
        if a > b:
            continue  # each pair once
        for ent in (a, b):
            row = t.row_of.get(ent)
            if row is None or not int(t.types[row]) & CREATURE or int(t.controller[row]) != controller:
                broken.append(a)
                break
    for a in broken:
        b = game.paired[a][0]
        names = (game.lki.get(a, {}).get("name") if a not in t.row_of else game.name(a),
                 game.lki.get(b, {}).get("name") if b not in t.row_of else game.name(b))
        unpair(game, a)
        game.say(f"{names[0]} and {names[1]} become unpaired")
    return bool(broken)
