"""What happened this turn: per-turn counters for conditions such as "if a creature died this turn"
(morbid), "if you attacked this turn" (raid), "if a permanent left the battlefield under your control
this turn" (revolt), "if you gained life this turn", "if an opponent lost life this turn".

The counters live in ``game.turn_log.this`` (a dict of small dicts and ints, reset as each turn begins, CR
500.8-ish bookkeeping: "this turn" means the current turn). The systems that change the game record
into it: :func:`systems.triggers.emit` for zone changes (every zone change to or from the battlefield
is emitted), and the places where life changes, attackers are declared, spells are cast and combat
damage is dealt to players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.characteristics import CardType
from components.objects import BATTLEFIELD, GRAVEYARD

if TYPE_CHECKING:
    from components.events import ZoneChanged
    from ecs.game import Game

CREATURE = int(CardType.CREATURE)
LAND = int(CardType.LAND)
INSTANT_SORCERY = int(CardType.INSTANT | CardType.SORCERY)  # (once: a Flag union is a slow Python call)


def new_turn(game: Game) -> None:
    """Forget the previous turn's history (called as each turn begins); it stays readable as last turn's
    ("if no spells were cast last turn", day and night 728.2: systems/day_night.py)."""
    game.turn_log.last = game.turn_log.this
    game.aura_became.clear()  # read by abilities that triggered as its enchanted permanent left (400.7f)
    game.turn_log.this = {"active": game.active}
    game.moved_to.clear()  # read only while the instruction's spell or ability resolves


def _bump(game: Game, key: str, player: int, n: int = 1) -> None:
    per = game.turn_log.this.setdefault(key, {})
    per[player] = per.get(player, 0) + n


def count(game: Game, key: str, player: int | None = None) -> int:
    """How many (or how much) of ``key`` this turn: for ``player``, or for all players (None)."""
    per = game.turn_log.this.get(key)
    if not per:
        return 0
    if player is None:
        return sum(per.values())
    return int(per.get(player, 0))


def zone_changed(game: Game, ev: ZoneChanged) -> None:
    if ev.from_zone == BATTLEFIELD:
        _bump(game, "left", ev.controller)  # "left the battlefield under your control" (revolt)
        if not ev.types & LAND:
            _bump(game, "nonland_left", ev.controller)
        if ev.to_zone == GRAVEYARD and ev.types & CREATURE:
            _bump(game, "died", ev.controller)  # 700.4: dies (morbid)
    elif ev.to_zone == BATTLEFIELD:
        _bump(game, "entered", ev.controller)
        if not ev.types & LAND:
            _bump(game, "nonland_entered", ev.controller)


def attacked(game: Game, player: int) -> None:
    """``player`` declared one or more attackers (508.1: "you attacked this turn", raid)."""
    _bump(game, "attacked", player)


def spell_cast(game: Game, player: int, card: object = None) -> None:
    _bump(game, "spells", player)  # 601.2i
    if card is not None:
        types = int(card.type_bits)  # type: ignore[attr-defined]
        if types & INSTANT_SORCERY:
            _bump(game, "instant_sorcery_spells", player)  # "if you've cast an instant or sorcery spell this turn"
        if not types & CREATURE:
            _bump(game, "noncreature_spells", player)  # "if you've cast a noncreature spell this turn"


def life_gained(game: Game, player: int, n: int) -> None:
    if n > 0:
        _bump(game, "gained", player, n)  # 119.3


def life_lost(game: Game, player: int, n: int) -> None:
    if n > 0:
        _bump(game, "lost", player, n)  # 119.3 (damage: 120.3a; paying life: 119.4)
        for hook in game.hooks("life.lost"):
            hook(game, player)  # e.g. 702.179d: the speed ability may trigger


def combat_damage_to_player(game: Game, controller: int) -> None:
    _bump(game, "combat_damage_to_player", controller)  # 510.2


# Condition kinds (components.abilities.Condition) read from this turn's history, for
# systems.triggers.check_condition: kind -> (counter, whose: "you", "opponent" or "any").
CONDITIONS: dict[str, tuple[str, str]] = {
    "creature_died_this_turn": ("died", "any"),
    "you_attacked_this_turn": ("attacked", "you"),
    "you_dealt_combat_damage_to_player_this_turn": ("combat_damage_to_player", "you"),
    "permanent_left_under_your_control_this_turn": ("left", "you"),
    "nonland_permanent_left_this_turn": ("nonland_left", "any"),
    "nonland_entered_under_your_control_this_turn": ("nonland_entered", "you"),
    "you_gained_life_this_turn": ("gained", "you"),
    "you_lost_life_this_turn": ("lost", "you"),
    "opponent_lost_life_this_turn": ("lost", "opponent"),
    "you_cast_spells_this_turn": ("spells", "you"),
    "you_cast_instant_or_sorcery_this_turn": ("instant_sorcery_spells", "you"),
    "you_cast_noncreature_this_turn": ("noncreature_spells", "you"),
}


def check(game: Game, kind: str, n: int, controller: int) -> bool | None:
    """A history condition: at least ``n`` (at least 1 when 0) of the counter; None if not one of these."""
    if kind in ("no_spells_cast_last_turn", "a_player_cast_two_spells_last_turn"):
        per = game.turn_log.last.get("spells") or {}  # last turn's spells by caster (601.2i)
        if kind == "no_spells_cast_last_turn":
            return not any(per.values())
        return any(v >= 2 for v in per.values())
    if kind == "you_gained_or_lost_life_this_turn":
        return count(game, "gained", controller) > 0 or count(game, "lost", controller) > 0
    spec = CONDITIONS.get(kind)
    if spec is None:
        return None
    key, whose = spec
    need = max(n, 1)
    if whose == "you":
        return count(game, key, controller) >= need
    if whose == "any":
        return count(game, key) >= need
    return any(count(game, key, p) >= need for p in range(game.num_players) if p != controller)
