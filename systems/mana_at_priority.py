"""Mana abilities activated while holding priority (CR 605.3a): "A player may activate an activated mana ability
whenever they have priority", not only while paying a cost (tapping an elf for mana in response to a spell that
would tap it). Offered only with the game option ``mana_at_priority`` (on for scenarios and human play, off by
default in simulation, where paying taps the sources itself and the decision lists stay small).

The mana goes to its controller's pool (106.4) and is spent first by the next payment (systems/mana.py). One
``ActivateMana`` per permanent and choice of mana types (106.1a: the types are chosen as the ability resolves, at
once, 605.3a). Refused rather than approximated: mana with a spending restriction (106.6) and the mana of lands
whose "tapped for mana" triggers add more (605.1b) are made only while paying a cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecs.actions import ActivateMana

if TYPE_CHECKING:
    from ecs.game import Game

LETTERS = "WUBRGC"
ONE_COLOR = 256  # systems/mana.ONE_COLOR: "two mana of any one color"


def mana_actions(game: Game, player: int) -> list[ActivateMana]:
    """One option per untapped mana source of ``player`` and choice of the mana types it makes."""
    if game.mana_trigger_sources:
        return []  # (605.1b triggered mana: only while paying, see the module docstring)
    from systems.mana import mana_sources

    units: dict[int, list[int]] = {}
    for mask, ent in mana_sources(game, player):
        if ent >= 0:
            units.setdefault(ent, []).append(mask)
    out: list[ActivateMana] = []
    for ent, masks in units.items():
        if any(m & ~(63 | ONE_COLOR) for m in masks):
            continue  # restricted or otherwise special mana (106.6): only while paying
        out.extend(ActivateMana(ent, letters) for letters in _choices(masks))
    return out


def _choices(masks: list[int]) -> list[str]:
    """The mana one activation may make: one letter per mana, sorted (the order of mana doesn't matter)."""
    letters = [[c for c, b in zip(LETTERS, (1, 2, 4, 8, 16, 32), strict=True) if b & m] for m in masks]
    if all(m & ONE_COLOR for m in masks):  # "two mana of any one color": one choice for all (106.1a)
        return [c * len(masks) for c in letters[0]]
    from systems.instructions import mana_combinations

    if len(masks) == 1:
        return letters[0]
    return mana_combinations([m & 63 for m in masks])


def activate_mana(game: Game, player: int, action: ActivateMana) -> None:
    """CR 605.3a: the mana ability resolves at once: tap (or sacrifice) the source, add the mana to the pool."""
    from systems.mana import _sacrificed_for_mana

    ent = action.source
    pool = game.player_states[player].mana_pool
    game.table.tap(ent)
    for letter in action.mana:
        pool[LETTERS.index(letter)] += 1
    game.say(f"{game.player_states[player].name} taps {game.name(ent)} for {action.mana}")
    if game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, [ent])  # 701.21a
    if _sacrificed_for_mana(game, ent):
        from systems.trigger_events import sacrifice

        game.say(f"{game.name(ent)} is sacrificed for mana")
        sacrifice(game, ent, player)  # its cost includes sacrificing it (605.3a, 701.21a)
