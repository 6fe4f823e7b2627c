"""Targets (CR 115): which objects and players a target slot may choose, and re-checks (608.2b)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from components.abilities import PermanentFilter, TargetKind, TargetSpec
from components.characteristics import CardType
from components.keywords import HEXPROOF_FROM_MASK, PROTECTION_MASK, Keyword
from components.objects import AbilityOnStack, StackItem, Zone
from systems import mana
from systems.definition_memos import recall
from systems.layers import filter_mask, filter_row, table_frame
from systems.oracle_effects import card_matches, card_state_ok, permanent_mana_value, state_mask
from systems.protection import source_qualities, untargetable_mask
from systems.static_rules import player_has

if TYPE_CHECKING:
    from ecs.game import Game

_PERMANENT_TYPES: Final = {
    TargetKind.ANY: int(CardType.CREATURE | CardType.PLANESWALKER | CardType.BATTLE),
    TargetKind.CREATURE: int(CardType.CREATURE),
    TargetKind.CREATURE_OR_PLANESWALKER: int(CardType.CREATURE | CardType.PLANESWALKER),
    TargetKind.PLAYER_OR_PLANESWALKER: int(CardType.PLANESWALKER),
    TargetKind.PLAYER: 0,
    TargetKind.PERMANENT: -1,
    TargetKind.SPELL: 0,
    TargetKind.OPPONENT: 0,
    TargetKind.CARD_IN_GRAVEYARD: 0,
}
_TAKES_PLAYERS: Final = {TargetKind.ANY, TargetKind.PLAYER_OR_PLANESWALKER, TargetKind.PLAYER}
# (module constants: an enum class look-up is slow on Python 3.11)
_PERMANENT: Final = TargetKind.PERMANENT
_OPPONENT: Final = TargetKind.OPPONENT
_SPELL: Final = TargetKind.SPELL
SHROUD: Final = np.uint64(Keyword.SHROUD)
HEXPROOF: Final = np.uint64(Keyword.HEXPROOF)
_SHROUD_BIT: Final = int(Keyword.SHROUD)
_HEXPROOF_BIT: Final = int(Keyword.HEXPROOF)
_QUALITY_KEYWORDS: Final = PROTECTION_MASK | HEXPROOF_FROM_MASK  # protection (702.16b), hexproof from (702.11d)
_HELD: Final = ("held keywords",)  # its key in game.target_cache (the candidates' keys are five-tuples)


def held_keywords(game: Game) -> int:
    """Every keyword bit some permanent has (layers current): a targeting rule whose keyword no permanent has
    removes no candidate. Kept in ``game.target_cache`` for its ``table.layers_version``: the keyword column and
    the rows change only with the layers dirtied (it is a layer output, 613.1f), so nothing else moves it."""
    t = game.table
    version, cache = game.target_cache
    if version != t.layers_version:
        cache = {}
        game.target_cache = (t.layers_version, cache)
    hit = cache.get(_HELD)
    if hit is None:
        if t.n <= _SMALL_BOARD:  # (a loop over the kept list: a ufunc reduce's dispatch costs more on a few rows)
            held = 0
            keywords: list[int] = t.live_list("keywords")
            for k in keywords:
                held |= k
            hit = cache[_HELD] = (held,)
        else:
            hit = cache[_HELD] = (int(np.bitwise_or.reduce(t.keywords[: t.n])),)
    elif mana.CHECKS.on:
        fresh = int(np.bitwise_or.reduce(t.keywords[: t.n]))
        assert hit[0] == fresh, f"stale held keywords: {hit[0]} != {fresh}"
    return hit[0]


def _permanent_mask(game: Game, spec: TargetSpec, controller: int, source: int = -1,
                    self_object: int = -1) -> np.ndarray:
    t = game.table
    game.refresh_layers()  # (the characteristics read below are the layered ones, 613)
    n = t.n
    mask = (t.types[:n] & _PERMANENT_TYPES[spec.kind]) != 0 if spec.kind != _PERMANENT \
        else np.ones(n, dtype=bool)
    if spec.filter is not None:
        frame = table_frame(game)  # (a slot without a filter reads no frame)
        f = spec.filter
        if f.colors_any & 64 or f.subtypes_any and f.subtypes_any[0].startswith("<"):  # (CHOSEN_COLOR_BIT, CHOSEN_TYPE)
            from systems.choices import linked_choice

            f = linked_choice(game, self_object, f)  # "of the chosen color"
        mask &= filter_mask(f, frame, controller)

        mask &= state_mask(game, f)  # tapped, attacking, mana value ...
        if f.exclude_source and self_object >= 0:
            mask &= t.entity[:n] != self_object  # "another target creature"
        if f.power_less_than_source:  # mentor: "with power less than this creature's power" (702.134a)
            from systems.mechanics.combat_triggers import source_power

            mask &= t.power[:n] < source_power(game, self_object)
        if f.blocking_source:  # "target creature blocking ~" (509.1g)
            blockers = set(game.combat.blocked.get(self_object, ()))
            mask &= np.fromiter((e in blockers for e in t.entity[:n].tolist()), dtype=bool, count=n)
        if f.controller == "defending":  # "target creature defending player controls" (506.2)
            from systems.mechanics.combat_triggers import defending_player_of_source

            mask &= t.controller[:n] == defending_player_of_source(game, self_object)
    kw = t.keywords[:n]
    held = held_keywords(game)  # (most boards: none of the keywords below, and no column pass for them)
    # CR 702.18a shroud: can't be the target of spells or abilities.
    if held & _SHROUD_BIT:
        mask &= (kw & SHROUD) == 0
    # CR 702.11b hexproof: can't be the target of spells or abilities opponents control.
    if held & _HEXPROOF_BIT:
        mask &= ((kw & HEXPROOF) == 0) | (t.controller[:n] == controller)
    # CR 702.16b protection, 702.11d hexproof from a quality (systems/protection.py).
    if held & _QUALITY_KEYWORDS:
        mask &= ~untargetable_mask(kw, t.controller[:n], source_qualities(game, source), controller)
    return mask


def candidates(game: Game, spec: TargetSpec, controller: int, source: int = -1, self_object: int = -1) -> list[int]:
    """Every legal choice for one target slot, permanents in table order then players.

    A spell or ability can't target itself (CR 115.5); ``source`` is excluded. ``self_object`` is the
    permanent an ability belongs to ("another target creature" excludes it).
    """
    out: list[int] = []
    t = game.table
    if spec.kind in _OTHER_KINDS:
        return _other_candidates(game, spec, controller, source)
    if (_PERMANENT_TYPES.get(spec.kind, 1)) and t.n:
        if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
            game.refresh_layers()
        out.extend(_permanent_candidates(game, spec, controller, source, self_object))
    if spec.kind in _TAKES_PLAYERS:
        out.extend([game.players[p] for p in range(len(game.players)) if not game.player_states[p].lost
                    and not _player_hexproof(game, p, controller)])
    return out


_OTHER_KINDS: Final = {TargetKind.SPELL, TargetKind.OPPONENT, TargetKind.CARD_IN_GRAVEYARD}
ANY_OBJECT: Final = PermanentFilter()  # a slot without a filter (built once: the dataclass has 35 fields)


def _permanent_candidates(game: Game, spec: TargetSpec, controller: int, source: int, self_object: int
                          ) -> tuple[int, ...]:
    """The permanents a slot may choose (layers current). Asked for every card in hand that could be cast at every
    priority stop (systems/casting.py no_hand_cast), so the answer is kept until the layers are next dirtied
    (``table.layers_version``: characteristics, controllers, counters, the rows themselves), for the slots whose
    filter reads nothing else; one that reads tapped or combat status, counters, a power compared with its
    source's or a choice made as its source entered is computed each time."""
    # (the source's qualities: protection from them, 702.16b; a card's may change as it is cast as one half. They
    # are read only if some permanent has protection or hexproof from a quality, 702.11d: -1 in the key otherwise,
    # as held_keywords is kept for the same layers version as these candidates)
    qualities = source_qualities(game, source) if held_keywords(game) & _QUALITY_KEYWORDS else -1
    # The slot is named by its object, kept with the answer so that its id stays its own: a TargetSpec's own hash
    # walks its 35-field filter (~8k instructions, at every look). The slots are those of the card definitions, so
    # nearly always the same objects; an equal slot made anew (an Aura's enchant target) only misses.
    key = (id(spec), controller, source, self_object, qualities)
    cache = game.target_cache[1]  # (for this layers version: held_keywords made it so)
    kept = cache.get(key)
    # (an answer is kept only for a slot whose filter _filter_kept allows: looked up first, the filter read on a miss)
    if kept is None or kept[0] is not spec:
        found = _fresh_candidates(game, spec, controller, source, self_object)
        if _filter_kept(spec.filter):
            cache[key] = (spec, found)
        return found
    assert not mana.CHECKS.on or _filter_kept(spec.filter), f"kept targets for a filter read anew: {spec}"
    found = kept[1]
    if mana.CHECKS.on:  # (read at the call: tests/core/test_option_caches.py turns it on)
        fresh = _fresh_candidates(game, spec, controller, source, self_object)
        assert found == fresh, f"stale targets for {spec}: {found} != {fresh}"
    return found


def _filter_kept(f: PermanentFilter | None) -> bool:
    """Does a slot with filter ``f`` choose among permanents by what changes only with ``table.layers_version`` (not
    tapped or combat status, counters, a power compared with its source's or a choice made as its source entered)?"""
    return f is None or not (f.tapped is not None or f.combat or f.blocking_source or f.controller == "defending"
                             or f.with_counter or f.without_counter or f.power_less_than_source
                             or f.colors_any & 64 or (f.subtypes_any and f.subtypes_any[0].startswith("<")))


def kept_with_layers(spec: TargetSpec) -> bool:
    """Are the slot's candidates (``candidates`` with no flash permission or player hexproof in play:
    ``game.static_rule_sources`` empty) the same while ``table.layers_version`` stays, the layers current? Permanents
    only (no player, who may lose the game, 800.4a; no spell, opponent or graveyard card), chosen by a filter
    ``_permanent_candidates`` keeps per layers version."""
    return spec.kind not in _OTHER_KINDS and spec.kind not in _TAKES_PLAYERS and _filter_kept(spec.filter)


_SMALL_BOARD: Final = 32  # up to this many rows a slot's candidates are found row by row (``_row_candidates``)


def _fresh_candidates(game: Game, spec: TargetSpec, controller: int, source: int, self_object: int
                      ) -> tuple[int, ...]:
    t = game.table
    if t.n <= _SMALL_BOARD:
        found = _row_candidates(game, spec, controller, source, self_object)
        if found is not None:
            if mana.CHECKS.on:  # (read at the call: tests turn it on) as the whole-column masks find them
                mask = _permanent_mask(game, spec, controller, source, self_object)
                fresh = tuple([e for e in t.entity[: t.n][mask].tolist() if e != source])
                assert found == fresh, f"row candidates for {spec}: {found} != {fresh}"
            return found
    mask = _permanent_mask(game, spec, controller, source, self_object)
    return tuple([e for e in t.entity[: t.n][mask].tolist() if e != source])  # (a list: no generator to resume)


def _row_candidates(game: Game, spec: TargetSpec, controller: int, source: int, self_object: int
                    ) -> tuple[int, ...] | None:
    """``_permanent_mask``'s candidates less ``source``, found one row at a time in Python ints: on a board of a few
    permanents a dozen whole-column numpy operations cost more than the loop. None for what it leaves to the masks:
    protection or hexproof from a quality in play (702.16b, 702.11d), and filters reading combat, counters, a
    choice made as the source entered, the source's power or the defending player."""
    f = spec.filter
    if f is not None and not _row_filter(f):
        return None
    game.refresh_layers()  # (the characteristics read below are the layered ones, 613)
    held = held_keywords(game)
    if held & _QUALITY_KEYWORDS:
        return None
    t = game.table
    n = t.n
    kind = spec.kind
    need = _PERMANENT_TYPES[kind]
    types: list[int] = t.live_list("types")  # (kept for the layers version: ecs/table.py)
    ents = t.entity_list
    shroud, hexproof = held & _SHROUD_BIT, held & _HEXPROOF_BIT
    kws: list[int] | None = t.live_list("keywords") if shroud or hexproof else None
    owners: list[int] | None = t.live_list("controller") if hexproof else None
    state = f is not None and (f.tapped is not None or f.power_at_most is not None or f.power_at_least is not None
                               or f.toughness_at_most is not None or f.toughness_at_least is not None
                               or f.mana_value_at_most is not None or f.mana_value_at_least is not None
                               or f.mana_value_is is not None or bool(f.names))
    # A filter of card types and a controller only (most slots: "target creature", "target nonland permanent an
    # opponent controls") is read here from the rows' Python ints, as filter_row reads it (types_match, then "you" /
    # "opponent"), without its two calls and numpy reads a row.
    plain = f is not None and _plain_filter(f)
    if plain:
        assert f is not None
        types_any, types_all, types_none, whose = f.types_any, f.types_all, f.types_none, f.controller
        mine = whose == "you"
        theirs = whose == "opponent"
        owned: list[int] = [] if not (mine or theirs) else owners if owners is not None else t.live_list("controller")
    out: list[int] = []
    for row in range(n):
        e = ents[row]
        if e == source or (kind is not _PERMANENT and not types[row] & need):
            continue
        if kws is not None:
            k = kws[row]
            if k & shroud:
                continue  # CR 702.18a shroud
            if k & hexproof and owners is not None and owners[row] != controller:
                continue  # CR 702.11b hexproof: opponents' spells and abilities
        if f is not None:
            if plain:
                ty = types[row]
                kept = not ((types_any and not ty & types_any) or (types_all and ty & types_all != types_all)
                            or (types_none and ty & types_none)
                            or (mine and owned[row] != controller) or (theirs and owned[row] == controller))
                if mana.CHECKS.on:  # (read at the call: tests turn it on)
                    assert kept == filter_row(f, game, row, controller), f"plain filter row {row}: {f}"
                if not kept:
                    continue
            elif not filter_row(f, game, row, controller):
                continue
            if f.exclude_source and self_object >= 0 and e == self_object:
                continue  # "another target creature"
            if state and not _state_row(game, f, row, e):
                continue
        out.append(e)
    return tuple(out)


_PLAIN: Final[dict[int, tuple[PermanentFilter, bool]]] = {}  # id(filter) -> (filter, _plain_filter's answer)


def _plain_filter(f: PermanentFilter) -> bool:
    """Does ``filter_row`` read only ``f``'s card types and controller (no supertype, colour, keyword, token or
    subtype test)? Kept per filter (a frozen dataclass, kept with the answer so its id stays its own)."""
    return recall(_PLAIN, f, _plain, mana.CHECKS.on)


def _plain(f: PermanentFilter) -> bool:
    return not (f.supertypes_any or f.supertypes_none or f.colors_any or f.colors_none or f.color_count
                or f.keywords_any or f.keywords_none or f.token is not None or f.subtypes_any or f.subtypes_none)


def _row_filter(f: PermanentFilter) -> bool:
    """Can ``_row_candidates`` read filter ``f`` (nothing of combat, counters, a linked choice, the source's power or
    the defending player)?"""
    return not (f.combat or f.with_counter or f.without_counter or f.power_less_than_source or f.blocking_source
                or f.controller == "defending" or f.colors_any & 64
                or (f.subtypes_any and f.subtypes_any[0].startswith("<")))


def _state_row(game: Game, f: PermanentFilter, row: int, ent: int) -> bool:
    """``state_mask(game, f)[row]`` for a filter ``_row_filter`` allows: tapped, power, toughness, mana value, name."""
    t = game.table
    if f.tapped is not None and t.tapped_list[row] != f.tapped:
        return False
    if f.power_at_most is not None and int(t.power[row]) > f.power_at_most:
        return False
    if f.power_at_least is not None and int(t.power[row]) < f.power_at_least:
        return False
    if f.toughness_at_most is not None and int(t.toughness[row]) > f.toughness_at_most:
        return False
    if f.toughness_at_least is not None and int(t.toughness[row]) < f.toughness_at_least:
        return False
    if f.mana_value_at_most is not None or f.mana_value_at_least is not None or f.mana_value_is is not None \
            or f.names:
        return card_state_ok(game.card(ent), f, permanent_mana_value(game, ent))
    return True


def _other_candidates(game: Game, spec: TargetSpec, controller: int, source: int) -> list[int]:
    """Targets that aren't permanents: spells on the stack (CR 115.1), opponents, cards in graveyards."""

    f = spec.filter or ANY_OBJECT
    if spec.kind == _OPPONENT:
        return [game.players[p] for p in range(game.num_players)
                if p != controller and not game.player_states[p].lost and not _player_hexproof(game, p, controller)]
    if spec.kind == _SPELL:
        out = []
        for ent in game.stack:
            if ent == source or game.world.try_get(ent, AbilityOnStack) is not None:
                continue
            spell_controller = game.world.get(ent, StackItem).controller
            if f.controller == "you" and spell_controller != controller:
                continue
            if f.controller == "opponent" and spell_controller == controller:
                continue
            if card_matches(game.card(ent), f):
                out.append(ent)
        return out
    owners: Sequence[int] = range(game.num_players)
    if f.controller == "you":
        owners = [controller]
    elif f.controller == "opponent":
        owners = [p for p in owners if p != controller]
    return [c for p in owners for c in game.zones[p][Zone.GRAVEYARD] if card_matches(game.card(c), f)]


def is_legal_target(game: Game, spec: TargetSpec, controller: int, target: int, source: int = -1,
                    self_object: int = -1) -> bool:
    """Is ``target`` still a legal choice for the slot (CR 608.2b)?"""
    if spec.kind in _OTHER_KINDS:
        return target in _other_candidates(game, spec, controller, source)
    if target in game.player_of_entity:
        p = game.player_of_entity[target]
        return spec.kind in _TAKES_PLAYERS and not game.player_states[p].lost and not _player_hexproof(game, p, controller)
    t = game.table
    row = t.row_of.get(target)
    if row is None:
        return False  # it left the battlefield: a new object now (CR 400.7)
    game.refresh_layers()
    if target != source:  # (the candidates leave the source out: 115.5)
        return target in _permanent_candidates(game, spec, controller, source, self_object)  # (often kept)
    return bool(_permanent_mask(game, spec, controller, source, self_object)[row])


def _player_hexproof(game: Game, player: int, controller: int) -> bool:
    """702.11c-d: "You have hexproof": that player can't be the target of spells or abilities their opponents control."""
    if not game.static_rule_sources or player == controller:
        return False
    return player_has(game, player, "hexproof")


def spec_for(kind: TargetKind, f: PermanentFilter | None = None) -> TargetSpec:
    return TargetSpec(kind, f)
