"""Loyalty abilities (CR 606, 209.2): "+N: <effect>", "−N: <effect>" and "0: <effect>".

A loyalty ability is an activated ability whose cost is a loyalty symbol (606.2, 606.4): +N puts N
loyalty counters on the permanent, −N removes N (606.6: only with at least N on it), 0 changes
nothing. Oracle text writes the minus as "−" (U+2212); a hyphen is read the same way. Its timing
and once-per-turn limit (606.3) are enforced where activations are offered (systems/casting.py).

The effect text is compiled sentence by sentence: first the templates below (effects the general
compiler has no words for), then whatever the Oracle compiler reads (content/oracle/effects.py).

Rules: Effects of loyalty abilities (CR 606) that the general executors don't know: Jace, the Living
Guildpact's "+1: Look at the top two cards of your library. Put one of them into your graveyard." and
"−8: Each player shuffles their hand and graveyard into their library. ..." (the rest of a loyalty
ability's effects are ordinary effects, systems/effects.py).

The choice among the cards looked at is asked with :func:`systems.resolution.ask` before anything
moves, so the step can be replayed once the answer is in.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import (
    YOU,
    Ability,
    ActivatedAbility,
    Effect,
    LookAtTopPutOne,
    PlayerRef,
    ShuffleIntoLibrary,
)
from components.characteristics import CardType
from components.objects import Zone
from content import registry
from ecs.actions import ChooseCard, DecisionKind
from systems.resolution import ask
from systems.zones import move, shuffle_library

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_COST = re.compile(r"([+\-−]?)(\d+): (.+)", re.S)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_LOOK = re.compile(r"look at the top (one|two|three|four|five|\d+) cards? of your library\. "
                   r"put (?:one of them|it) into your graveyard\.?")
_SHUFFLE = re.compile(r"(each player|you) shuffles? (their|your) hand and graveyard into (their|your) library\.?")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    """A loyalty ability line, or None when ``line`` isn't one (or its effect can't be compiled)."""
    m = _COST.fullmatch(line.strip())
    if not m:
        return None
    sign, amount, body = m.groups()
    loyalty = -int(amount) if sign in ("-", "−") else int(amount)
    if sign == "" and loyalty != 0:
        return None  # "2: ..." is not a loyalty cost; only 0 is written without a sign
    compiled = _effects(body.strip())
    if compiled is None:
        return None
    targets, effects = compiled
    return ActivatedAbility(line.strip(), None, False, targets, effects, sorcery_speed=True, loyalty=loyalty)


def _effects(body: str) -> tuple[tuple, tuple[Effect, ...]] | None:
    """The targets and effects of an effect text, or None if some sentence can't be read."""
    low = re.sub(r"\{[^}]*\}", lambda m: m.group(0).upper(), body.lower())  # mana symbols stay as printed
    effects: list[Effect] = []
    targets: list = []
    ctx = None
    rest = low
    while rest:
        m = _LOOK.match(rest)
        if m:
            n = _NUMBERS.get(m.group(1)) or int(m.group(1))
            effects.append(LookAtTopPutOne(n))
            rest = rest[m.end():].strip()
            continue
        m = _SHUFFLE.match(rest)
        if m:
            who = PlayerRef("each") if m.group(1) == "each player" else YOU
            effects.append(ShuffleIntoLibrary(who))
            rest = rest[m.end():].strip()
            continue
        sentence, dot, after = rest.partition(". ")
        sentence = sentence + ("." if dot else "")
        try:
            from content.oracle.effects import Ctx
            from content.oracle.effects import sentence as compile_sentence

            if ctx is None:
                ctx = Ctx("activated", is_permanent=True)
            effects.extend(compile_sentence(ctx, sentence))
        except Exception:  # noqa: BLE001 - NoParse, or a compiler without these names: not readable
            return None
        rest = after.strip()
    if ctx is not None:
        targets = list(ctx.targets)
    if not effects:
        return None
    return tuple(targets), tuple(effects)


registry.reader(read, priority=50)


# ---------------------------------------------------------------- rules


_ZONES = {"hand": Zone.HAND, "graveyard": Zone.GRAVEYARD}


@registry.executor(LookAtTopPutOne)
def look_at_top_put_one(game: Game, effect: LookAtTopPutOne, ctx: EffectContext) -> None:
    """CR 701.16e: the controller looks at the top N cards (fewer if the library is smaller) and puts the
    one they choose into their graveyard; the others stay on top in the same order (401.1)."""
    player = ctx.controller
    top = game.zones[player][Zone.LIBRARY][: effect.amount]
    if not top:
        return  # nothing to look at: the instruction does nothing
    choice = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(c) for c in top])
    assert isinstance(choice, ChooseCard)
    name = game.card(choice.card).name
    move(game, choice.card, Zone.GRAVEYARD)
    game.say(f"{game.player_states[player].name} looks at the top {len(top)} cards of their library "
             f"and puts {name} into their graveyard")


@registry.executor(ShuffleIntoLibrary)
def shuffle_into_library(game: Game, effect: ShuffleIntoLibrary, ctx: EffectContext) -> None:
    """CR 400.12, 701.20a: each affected player puts every card of those zones into their library, then
    shuffles it (with the game's own generator). Players act in APNAP order (101.4)."""
    kind = effect.player.kind
    if kind == "each":
        players = [(game.active + i) % game.num_players for i in range(game.num_players)]
    elif kind == "you":
        players = [ctx.controller]
    elif kind == "opponents":
        players = [p for p in game.opponents(ctx.controller)]
    else:  # pragma: no cover - the reader produces only the kinds above
        raise ValueError(f"unsupported player reference {effect.player!r}")
    for p in players:
        if game.player_states[p].lost:
            continue
        for zone in effect.zones:
            for card in list(game.zones[p][_ZONES[zone]]):
                move(game, card, Zone.LIBRARY)
        shuffle_library(game, p)
        game.say(f"{game.player_states[p].name} shuffles their {' and '.join(effect.zones)} into their library")
