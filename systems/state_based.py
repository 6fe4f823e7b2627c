"""State-based actions (CR 704) as masks over the permanent table, and the end of the game (CR 104).

All applicable state-based actions are found first and then performed simultaneously (704.3),
and the check repeats until none apply. The permanent checks are column operations over the
whole board; only the permanents an action applies to are touched one by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from components.abilities import EnchantAbility
from components.characteristics import CardType, Supertype
from components.keywords import Keyword
from components.objects import CardObject, ContinuousEffect, Zone
from ecs.actions import Decision, DecisionKind, KeepLegend
from ecs.records import GameResult
from systems import mana
from systems.layers import class_rows, filter_mask, filter_row, table_frame
from systems.protection import can_attach
from systems.zones import move

if TYPE_CHECKING:
    from ecs.game import Game
    from ecs.table import PermanentTable

CREATURE: Final = int(CardType.CREATURE)
PLANESWALKER: Final = int(CardType.PLANESWALKER)
BATTLE: Final = int(CardType.BATTLE)
LAND: Final = int(CardType.LAND)
LEGENDARY: Final = int(Supertype.LEGENDARY)
WORLD: Final = int(Supertype.WORLD)
LEGENDARY_OR_WORLD: Final = LEGENDARY | WORLD
INDESTRUCTIBLE: Final = np.uint64(Keyword.INDESTRUCTIBLE)
_INDESTRUCTIBLE: Final = int(Keyword.INDESTRUCTIBLE)


def player_loses(game: Game, player: int, reason: str) -> None:
    state = game.player_states[player]
    if not state.lost:
        state.lost = True
        state.loss_reason = reason
        game.say(f"{state.name} loses the game ({reason})")
        if sum(not s.lost for s in game.player_states) >= 2:
            leave_game(game, player)


def leave_game(game: Game, player: int) -> None:
    """CR 800.4a: a player leaves a multiplayer game: their objects leave with them, effects giving
    them control end, their abilities on the stack cease to exist, what they still control is exiled,
    and priority passes on if they had it."""
    from components.objects import AbilityOnStack, StackItem
    from systems.layers import remove_effect

    t = game.table
    for ent in [e for e in t.entity_list if game.obj(e).owner == player]:
        game.lki[ent] = {"controller": player}
        from systems.zones import leave_battlefield

        leave_battlefield(game, ent)
        game.world.delete(ent)
    for zone in list(game.zones[player].values()):
        for ent in list(zone):
            zone.remove(ent)
            game.graveyard_activatable.pop(ent, None)
            game.world.delete(ent)
    for ent in list(game.stack):
        owned = game.world.try_get(ent, CardObject)
        ability = game.world.try_get(ent, AbilityOnStack)
        if (owned is not None and owned.owner == player) or (
            ability is not None and game.world.get(ent, StackItem).controller == player
        ):
            game.stack.remove(ent)
            game.world.delete(ent)
    for eff in list(game.effects):
        ce = game.world.get(eff, ContinuousEffect)
        if ce.new_controller == player:
            remove_effect(game, eff)
    game.waiting_triggers = [p for p in game.waiting_triggers if p.controller != player]
    # 800.4a during mulligans (103.5): a player who left has no hand to keep or bottom any more
    game.mulligans.bottom_owed.pop(player, None)
    game.mulligans.queue = [p for p in game.mulligans.queue if p != player]
    game.mulligans.takers = [p for p in game.mulligans.takers if p != player]
    game.refresh_layers()
    for ent in t.entity[: t.n][t.controller[: t.n] == player].tolist():
        move(game, ent, Zone.EXILE)
    for ent in [e for e in game.stack if game.world.get(e, StackItem).controller == player]:
        move(game, ent, Zone.EXILE)  # a spell they controlled but another player owns is exiled too (800.4a)
    if game.priority == player:
        game.priority = game.in_game_from((player + 1) % game.num_players)
    if game.pending is not None and game.pending.player == player:
        game.pending = None
    game.table.mark_changed()


def settle_game_end(game: Game) -> None:
    """CR 104.2a: a player still in the game when all opponents have left wins; 104.4a: all lose -> draw."""
    if game.result is not None:
        return
    alive = [s.index for s in game.player_states if not s.lost]
    if len(alive) == 1:
        game.result = GameResult(alive[0], "; ".join(
            f"{s.name} {s.loss_reason}" for s in game.player_states if s.lost), game.turn)
    elif not alive:
        game.result = GameResult(None, "all players lost simultaneously (CR 104.4a)", game.turn)
    if game.result is not None:
        game.pending = None
        winner = "draw" if game.result.winner is None else game.player_states[game.result.winner].name
        game.say(f"game over: {winner} ({game.result.reason})")


_NO_ROWS: Final = np.zeros(0, dtype=np.intp)


def _layer_facts(game: Game) -> tuple[bool, bool, bool, bool]:
    """What the state check screens on among the table's columns that change only with ``table.layers_version``
    (read after the layers are current; the derived columns, the rows, attachments and counters: ecs/table.py):
    (two or more legendary or world permanents, a creature with toughness 0 or less or a planeswalker, a permanent
    attached to another, a -1/-1 counter). Kept per that version: most checks follow a change (damage, life, a
    token or permanent moving) that leaves these as they were."""
    t = game.table
    if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
        game.refresh_layers()
    cached = game.sba_layer_facts
    if cached is not None and cached[0] == t.layers_version:
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1, tests/core/test_option_caches.py: kept against fresh)
            game.sba_layer_facts = None
            fresh = _layer_facts(game)
            assert fresh == cached[1], f"stale state-check facts: {cached[1]} != {fresh}"
        return cached[1]
    facts = _column_facts(t) if t.n > SMALL_BOARD else _column_facts_small(t)
    game.sba_layer_facts = (t.layers_version, facts)
    return facts


# Up to this many rows the facts are read from Python lists: five small numpy reductions cost more than the loops.
SMALL_BOARD: Final = 64


def _column_facts(t: PermanentTable) -> tuple[bool, bool, bool, bool]:
    n = t.n
    types = t.types[:n]
    two_named = bool(np.count_nonzero(t.supertypes[:n] & LEGENDARY_OR_WORLD) >= 2)  # 704.5j-k need two
    at_risk = bool(np.count_nonzero(((types & CREATURE) != 0) & (t.toughness[:n] <= 0))  # 704.5f
                   or np.count_nonzero(types & PLANESWALKER))  # 704.5i
    return (two_named, at_risk, bool(np.count_nonzero(t.attached_to[:n] >= 0)),  # 704.5m-p
            bool(np.count_nonzero(t.minus1[:n])))  # 704.5q


def _column_facts_small(t: PermanentTable) -> tuple[bool, bool, bool, bool]:
    """The same facts as ``_column_facts``, row by row (a loop, not a generator: resuming one costs more a row). (The
    lists typed: compiled, the loops then test native ints, not objects through ``PyNumber_And``.)"""
    n = t.n
    supertypes: list[int] = t.supertypes[:n].tolist()
    named = [s for s in supertypes if s & LEGENDARY_OR_WORLD]
    at_risk = False
    types: list[int] = t.live_list("types")  # (kept: ecs/table.py)
    toughness: list[int] = t.live_list("toughness")
    # (the same length: both live columns. Not zip's strict=True: compiled, a zip with a keyword is a generic call and
    # iteration, one without a native loop over both lists)
    for ty, to in zip(types, toughness):  # noqa: B905
        if ty & PLANESWALKER or (ty & CREATURE and to <= 0):
            at_risk = True
            break
    # -1 is the column's "attached to nothing" (ecs/table.py): a count in C, not a max over the rows
    attached = t.attached_to[:n].tolist().count(-1) != n
    return (len(named) >= 2, at_risk, attached, any(t.minus1[:n].tolist()))


def permanents_to_die(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Rows put into the graveyard (704.5f, 704.5i) and rows destroyed (704.5g, 704.5h)."""
    at_risk = _layer_facts(game)[1]
    t = game.table
    return _to_die(t, at_risk) if t.n > SMALL_BOARD else _to_die_small(t, at_risk)


def _no_damage(t: PermanentTable) -> bool:
    """No row has damage marked or is deathtouched (``t.damage_marked`` is down): 704.5g-h find nothing."""
    if t.damage_marked:
        return False
    if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the flag is down only with both columns clear
        assert not np.count_nonzero(t.damage[: t.n]) and not np.count_nonzero(t.deathtouched[: t.n]), "damage_marked"
    return True


def _to_die(t: PermanentTable, at_risk: bool) -> tuple[np.ndarray, np.ndarray]:
    n = t.n
    if not at_risk and _no_damage(t):
        return _NO_ROWS, _NO_ROWS
    if not at_risk and not np.count_nonzero(t.damage[:n]) and not np.count_nonzero(t.deathtouched[:n]):
        return _NO_ROWS, _NO_ROWS  # the usual check: no creature at 0 toughness, no damage marked, no planeswalker
    types = t.types[:n]
    toughness = t.toughness[:n]
    creature = (types & CREATURE) != 0
    destructible = (t.keywords[:n] & INDESTRUCTIBLE) == 0
    zero_toughness = creature & (toughness <= 0)  # 704.5f (indestructible does not help)
    lethal = creature & (toughness > 0) & (t.damage[:n] >= toughness) & (t.damage[:n] > 0) & destructible  # 704.5g
    deathtouch = creature & (toughness > 0) & t.deathtouched[:n] & destructible  # 704.5h
    no_loyalty = ((types & PLANESWALKER) != 0) & (t.loyalty[:n] <= 0)  # 704.5i
    put = zero_toughness | no_loyalty
    destroyed = (lethal | deathtouch) & ~put
    return put.nonzero()[0], destroyed.nonzero()[0]  # 1-D: np.flatnonzero without its overhead


def _to_die_small(t: PermanentTable, at_risk: bool) -> tuple[np.ndarray, np.ndarray]:
    """The same rows as ``_to_die``, row by row (a small board)."""
    n = t.n
    if not at_risk and _no_damage(t):
        return _NO_ROWS, _NO_ROWS
    damage: list[int] = t.damage[:n].tolist()
    deathtouched: list[bool] = t.deathtouched[:n].tolist()
    if not at_risk and not any(damage) and not any(deathtouched):
        return _NO_ROWS, _NO_ROWS
    toughness: list[int] = t.live_list("toughness")
    keywords: list[int] = t.keywords[:n].tolist()
    loyalty: list[int] = t.loyalty[:n].tolist()
    put: list[int] = []
    destroyed: list[int] = []
    every_types: list[int] = t.live_list("types")  # (typed: compiled, native ints below)
    for r, types in enumerate(every_types):
        creature = types & CREATURE
        if (creature and toughness[r] <= 0) or (types & PLANESWALKER and loyalty[r] <= 0):
            put.append(r)  # 704.5f, 704.5i
        elif creature and (0 < toughness[r] <= damage[r] or deathtouched[r]) and not keywords[r] & _INDESTRUCTIBLE:
            destroyed.append(r)  # 704.5g, 704.5h
    return (np.array(put, dtype=np.intp) if put else _NO_ROWS,
            np.array(destroyed, dtype=np.intp) if destroyed else _NO_ROWS)


def _legend_rule(game: Game) -> tuple[list[int], bool]:
    """CR 704.5j: permanents the legend rule puts into graveyards; True if a choice is still owed."""
    t = game.table
    n = t.n
    rows = ((t.supertypes[:n] & LEGENDARY) != 0).nonzero()[0]
    if len(rows) < 2:
        return [], False
    groups: dict[tuple[int, str], list[int]] = {}
    for r in rows.tolist():
        ent = t.entity_list[r]
        groups.setdefault((int(t.controller[r]), game.card(ent).name), []).append(ent)
    losers: list[int] = []
    for key, ents in groups.items():
        if len(ents) < 2:
            continue
        keep = game.legend_choices.get(key)
        if keep not in ents:
            game.pending = Decision(key[0], DecisionKind.LEGEND_RULE, tuple(KeepLegend(e) for e in ents))
            return [], True
        losers.extend(e for e in ents if e != keep)
    return losers, False


def _world_rule(game: Game) -> list[int]:
    """CR 704.5k: all world permanents but the newest go; a tie for newest sends all of them."""
    t = game.table
    n = t.n
    rows = ((t.supertypes[:n] & WORLD) != 0).nonzero()[0]
    if len(rows) < 2:
        return []
    stamps = t.timestamp[rows]
    newest = stamps.max()
    keep = rows[stamps == newest]
    losers = rows if len(keep) > 1 else rows[stamps != newest]
    return [int(t.entity[r]) for r in losers]


def _subtype_answers(game: Game) -> dict[str, Any]:
    """The per-class answers of ``_is_subtype_row`` and ``_class_kinds``, kept while the classes' subtypes are those
    they were worked out from: the same list, or a new one with the same sets (a whole layer pass makes a new list,
    most often of the same printed subtypes: compared element by element, by identity first, it costs less than
    answering again)."""
    cached = game.subtype_rows_cache
    subtypes = game.class_subtypes
    if cached is None or (cached[0] is not subtypes and cached[0] != subtypes):
        cached = game.subtype_rows_cache = (subtypes, {})
    elif cached[0] is not subtypes:
        game.subtype_rows_cache = (subtypes, cached[1])  # (the next look finds the list itself)
    answers: dict[str, Any] = cached[1]
    return answers


def _subtype_classes(game: Game, subtype: str) -> np.ndarray:
    """Per class: has it this subtype now (kept as ``_subtype_answers`` keeps its answers)."""
    per_class: np.ndarray | None = _subtype_answers(game).get(subtype)
    if per_class is None:
        per_class = _subtype_answers(game)[subtype] = np.array([subtype in s for s in game.class_subtypes], dtype=bool)
    elif mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) kept answers equal fresh ones
        assert per_class.tolist() == [subtype in s for s in game.class_subtypes], f"stale {subtype} rows"
    return per_class


def subtype_rows(game: Game, subtype: str) -> list[int]:
    """The rows ``_is_subtype_row`` marks, in row order. With no class of that subtype and no permanent's subtypes
    set by an effect, none, from a kept answer without a look at the rows (a state check in a game whose Sagas are
    gone asks this each time: systems/mechanics/saga.py)."""
    if not game.subtypes_override:
        answers = _subtype_answers(game)
        key = subtype + _ANY_CLASS
        some = answers.get(key)
        if some is None:
            some = answers[key] = bool(_subtype_classes(game, subtype).any())
        elif mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the kept answer equals a fresh one
            assert some == bool(_subtype_classes(game, subtype).any()), f"stale {subtype} classes"
        if not some:
            return []
    rows: list[int] = np.flatnonzero(_is_subtype_row(game, subtype)).tolist()
    return rows


_ANY_CLASS: Final = " (any class)"  # not a subtype: ``subtype_rows``'s kept "some class has it" with the per-class answers


def _is_subtype_row(game: Game, subtype: str) -> np.ndarray:
    """Per row: has the permanent this subtype now. The per-class answers are kept until the layers rebuild the
    classes' subtypes (a new ``class_subtypes`` list): a state check with attachments or Sagas asks this each time."""
    t = game.table
    n = t.n
    per_class = _subtype_classes(game, subtype)
    mask = per_class[class_rows(t)] if len(per_class) else np.zeros(n, dtype=bool)
    for ent, subs in game.subtypes_override.items():
        row = t.row_of.get(ent)
        if row is not None:
            mask[row] = subtype in subs
    return mask


def _attachments(game: Game) -> tuple[list[int], list[int]]:
    """704.5m Auras to put into graveyards; 704.5n/704.5p permanents that become unattached. Kept per
    ``table.layers_version`` with the layers current, as ``_layer_facts``: what it reads (the attachments, the layered
    characteristics and subtypes, the permanents' cards, a bestowed Aura's status) changes only with that version, and
    a check that finds nothing to do is followed by one after damage or a life change, which leave it as it was."""
    t = game.table
    version = t.layers_version
    cached = game.sba_attachments
    if cached is not None and cached[0] == version and not t.layers_dirty:
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1, tests/core/test_option_caches.py: kept against fresh)
            fresh = _find_attachments(game)
            assert fresh == cached[1], f"stale state-check attachments: {cached[1]} != {fresh}"
        return list(cached[1][0]), list(cached[1][1])
    found = _find_attachments(game)
    if not t.layers_dirty and t.layers_version == version:
        game.sba_attachments = (version, found)
    return list(found[0]), list(found[1])


# What a permanent's subtypes make it for 704.5m-n (bits of ``_attachment_kinds``).
_AURA: Final = 1
_EQUIPMENT: Final = 2
_FORTIFICATION: Final = 4
_KINDS_KEY: Final = "(attachment kinds)"  # not a subtype: the per-class kinds kept with _is_subtype_row's answers


def _kind(subtypes: frozenset[str]) -> int:
    kind = _AURA if "Aura" in subtypes else 0
    if "Fortification" in subtypes:
        kind |= _FORTIFICATION | _EQUIPMENT  # (an Equipment's rule, with a land for a creature: 301.6)
    elif "Equipment" in subtypes:
        kind |= _EQUIPMENT
    return kind


def _class_kinds(game: Game) -> list[int]:
    """Per class: ``_kind`` of its subtypes now, kept as ``_is_subtype_row`` keeps its own answers."""
    answers = _subtype_answers(game)
    per_class: list[int] | None = answers.get(_KINDS_KEY)
    if per_class is None:
        per_class = answers[_KINDS_KEY] = [_kind(s) for s in game.class_subtypes]
    elif mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) kept answers equal fresh ones
        assert per_class == [_kind(s) for s in game.class_subtypes], "stale attachment kinds"
    return per_class


def _attachment_kinds(game: Game) -> list[int]:
    """Per row: ``_kind`` of its subtypes now (a permanent's own subtypes when an effect singled it out)."""
    t = game.table
    per_class = _class_kinds(game)
    kinds = [per_class[c] for c in t.cls[: t.n].tolist()]
    for ent, subs in game.subtypes_override.items():
        row = t.row_of.get(ent)
        if row is not None:
            kinds[row] = _kind(subs)
    return kinds


def _find_attachments(game: Game) -> tuple[list[int], list[int]]:
    """One pass over the rows in Python ints (a few Auras and Equipment on a small board): the Auras first, then the
    other attached permanents, each in row order."""
    t = game.table
    attached = t.attached_to[: t.n].tolist()
    kinds = _attachment_kinds(game)
    if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the kinds equal the per-row subtype masks
        fort = _is_subtype_row(game, "Fortification")
        assert kinds == [int(a) | (_EQUIPMENT if e or f else 0) | (_FORTIFICATION if f else 0) for a, e, f in zip(
            _is_subtype_row(game, "Aura").tolist(), _is_subtype_row(game, "Equipment").tolist(), fort.tolist(),
            strict=True)], "attachment kinds differ from the subtype rows"
    to_graveyard: list[int] = []
    unattach: list[int] = []
    others: list[int] = []  # attached rows that are not Auras (704.5n, 704.5p), looked at after the Auras
    for r, kind in enumerate(kinds):
        if kind & _AURA:
            ent = t.entity_list[r]
            target = attached[r]
            trow = t.row_of.get(target) if target >= 0 else None
            legal = trow is not None and target != ent
            if legal:
                assert trow is not None
                enchant = None
                for a in game.card(ent).abilities:  # (a loop: next() over a generator costs more)
                    if isinstance(a, EnchantAbility):
                        enchant = a
                        break
                if enchant is not None:
                    game.refresh_layers()  # (as table_frame did: the layers are current here)
                    legal = filter_row(enchant.affected, game, trow, int(t.controller[r]))
                    if mana.CHECKS.on:  # the row alone equals the whole-table mask
                        assert legal == bool(filter_mask(enchant.affected, table_frame(game),
                                                         int(t.controller[r]))[trow]), "filter_row differs"
                # CR 702.16c: a permanent with protection can't be enchanted by what it's protected from.
                if legal and not can_attach(int(t.keywords[trow]), int(t.colors[r]), int(t.types[r])):
                    from systems.granted import kept_despite_own_protection

                    # "This effect doesn't remove ~" (Green Ward): its own protection doesn't count
                    legal = game.grants.keeps_source and kept_despite_own_protection(game, ent, target)
            if not legal:
                if game.mechanics and any(stays(game, ent) for stays in game.hooks("sba.aura_stays")):
                    unattach.append(ent)  # a mechanic keeps it, unattached (a bestowed Aura 702.103f, not 704.5m)
                else:
                    to_graveyard.append(ent)
        elif attached[r] >= 0:
            others.append(r)
    for r in others:
        ent = t.entity_list[r]
        target = attached[r]
        trow = t.row_of.get(target)
        types = int(t.types[r])
        kind = kinds[r]
        if types & (CREATURE | BATTLE) or not kind & _EQUIPMENT:
            unattach.append(ent)  # 704.5p
        else:
            # 704.5n: Equipment must be on a creature, a Fortification on a land (301.5c, 301.6).
            needed = LAND if kind & _FORTIFICATION else CREATURE
            if (trow is None or not int(t.types[trow]) & needed or target == ent
                    or not can_attach(int(t.keywords[trow]), int(t.colors[r]), types)):
                unattach.append(ent)  # 702.16d: protection also stops equipping and fortifying
    return to_graveyard, unattach


def check_state_based_actions(game: Game) -> bool:
    """Perform all applicable state-based actions once, simultaneously. True if any happened.

    If the legend rule needs a player's choice, a decision is left pending and nothing is done yet.
    """
    t = game.table
    # 704.5j-k each need two legendary or two world permanents: one look at the column rules both out usually
    two_named, _, attached, minus1 = _layer_facts(game)
    legend_losers, owed = _legend_rule(game) if two_named else ([], False)
    if owed:
        return False
    happened = False
    # Players (704.5a-c).
    losing: list[tuple[int, str]] = []
    for state in game.player_states:
        if state.lost:
            continue
        if state.life <= 0:
            losing.append((state.index, "life total 0 or less (CR 704.5a)"))
        elif state.drew_from_empty_library:
            losing.append((state.index, "drew from an empty library (CR 704.5b)"))
        elif state.poison >= 10:
            losing.append((state.index, "ten or more poison counters (CR 704.5c)"))
    # Permanents (704.5f-k, m).
    put_rows, destroyed_rows = permanents_to_die(game)
    ents = t.entity
    put = ents[put_rows].tolist() if len(put_rows) else []
    destroyed = ents[destroyed_rows].tolist() if len(destroyed_rows) else []
    extra = legend_losers + _world_rule(game) if two_named else []
    for sacrifice in game.hooks("sba.sacrifice"):
        extra += sacrifice(game)  # e.g. 704.5s, 714.4: a Saga past its final chapter is sacrificed
    auras, unattach = _attachments(game) if attached or game.has_auras else ([], [])
    both: list[int] = []  # 704.5q (a -1/-1 counter is rare but for infect and wither: looked for first)
    if minus1:
        both = _both_counters(t)
    if not (losing or put or destroyed or extra or auras or unattach or both or game.tokens_adrift):
        _end_check(game)  # nothing applies (most checks): what the end below leaves, without its bookkeeping
        return False
    if game.replacements and not _die_choices_made(game, put + extra + auras + destroyed):
        return False  # CR 616.1: a player first chooses how replacement effects apply; then all happen
    # Perform them all. Everything else this check looked at is as a complete check finding none leaves it: the marks of
    # these actions start the changes the next look sees anew (state_check's loop may look at those rows alone).
    t.sba_dirty = False
    t.sba_clean_passes = t.whole_passes
    for player, reason in losing:
        player_loses(game, player, reason)
        happened = True
    if losing and not game.is_over:
        # 800.4a: in a multiplayer game the objects a losing player owned leave the game as they lose, in this same
        # check; the other actions apply to what is still on the battlefield (found by the fuzz: a creature of the
        # leaving player was still put into a graveyard).
        here = t.row_of
        put, destroyed, extra = [e for e in put if e in here], [e for e in destroyed if e in here], [e for e in extra if e in here]
        auras, unattach, both = [e for e in auras if e in here], [e for e in unattach if e in here], [e for e in both if e in here]
    if game.tokens_adrift:  # 704.5d-e: tokens and copies outside their zones cease to exist
        game.tokens_adrift = False
        for zones in game.zones:
            for zone in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY, Zone.EXILE, Zone.COMMAND):
                lst = zones[zone]
                gone = [e for e in lst if _ceases(game.world.get(e, CardObject))]
                if gone:
                    dead = set(gone)
                    zones[zone] = [e for e in lst if e not in dead]  # one pass, not one removal each
                    game.world.delete_many(gone)
                    happened = True
    if both:
        from systems.counters import remove_counters

        for ent in both:
            r = t.row_of[ent]
            k = int(min(t.plus1[r], t.minus1[r]))
            remove_counters(game, ent, "+1/+1", k)
            remove_counters(game, ent, "-1/-1", k)
        happened = True
    for ent in unattach:
        t.detach(ent)
        for unattached in game.hooks("sba.unattached"):
            unattached(game, ent)  # a bestowed Aura is no longer bestowed (702.103f)
        happened = True
    dying = list(dict.fromkeys(put + extra + auras))
    dying_set = set(dying)
    to_destroy = [e for e in destroyed if e not in dying_set]
    if dying or to_destroy:
        from systems.effects import destroy
        from systems.trigger_events import simultaneously

        with simultaneously(game):  # one check's state-based actions happen at once (704.3, 603.10a)
            if len(dying) + len(to_destroy) >= BULK_DEATHS and not game.replacements:
                dying, to_destroy = _die_in_bulk(game, dying, to_destroy)
            for ent in dying:
                game.say(f"{game.name(ent)} is put into its owner's graveyard")
                move(game, ent, Zone.GRAVEYARD)
            for ent in to_destroy:
                destroy(game, ent)  # regeneration may replace this (701.15)
        happened = True
    _end_check(game)
    if happened:
        # What the layers read in the table changed with its own mark (rows left or got counters, an Aura fell off,
        # systems/zones.py). What they read outside it (an "as long as" condition or a "for each" number, 611.3a,
        # on a graveyard this check filled or a token it removed) is not marked: if something looked at the layers
        # since, they are applied again (the next check of this loop sees it, 704.3). Without such effects a pass
        # here gave what the last one did in all 342 cases of the 136 round-robin games (issue 11).
        game.table.mark_changed(layers=not t.layers_dirty and _reads_outside_table(game), sba=False)
        settle_game_end(game)
    return happened


def _both_counters(t: PermanentTable) -> list[int]:
    """704.5q: the permanents with both +1/+1 and -1/-1 counters, in row order (on a small board from two lists: four
    numpy calls on a few rows cost more)."""
    n = t.n
    if n > SMALL_BOARD:
        both: list[int] = t.entity[((t.plus1[:n] > 0) & (t.minus1[:n] > 0)).nonzero()[0]].tolist()
        return both
    plus1: list[int] = t.plus1[:n].tolist()
    minus1: list[int] = t.minus1[:n].tolist()
    entities = t.entity_list
    return [entities[r] for r in range(n) if plus1[r] > 0 and minus1[r] > 0]


def _end_check(game: Game) -> None:
    """What every complete check leaves: no deathtouch marks (704.5h read them), no legend-rule or 616.1 answers kept
    for the next one."""
    game.table.clear_deathtouched()
    game.legend_choices.clear()
    game.replacement_answers.clear()


def _reads_outside_table(game: Game) -> bool:
    """Does a continuous effect have a condition or a number that a layer pass works out from outside the permanent
    table (what ``systems.layers.layer_inputs`` compares before each priority)?"""
    world = game.world
    for eff in game.effects:
        ce = world.get(eff, ContinuousEffect)
        if ce.condition is not None or ce.dynamic is not None:
            return True
    return False


def _die_choices_made(game: Game, ents: list[int]) -> bool:
    """Ask, before anything happens, every 616.1 choice the coming deaths need."""
    from systems.replacement import applicable, order_choice

    t = game.table
    for ent in dict.fromkeys(ents):
        row = t.row_of.get(ent)
        if row is None:
            continue
        candidates = applicable(game, "die", obj=ent)
        if len(candidates) > 1 and order_choice(game, "die", int(t.controller[row]), ("die", ent), candidates) is None:
            return False
    return True


def _ceases(co: CardObject) -> bool:
    return co.is_token or co.is_copy


def state_check(game: Game) -> bool:
    """Run state-based actions until none apply (CR 704.3); True if any was performed.

    Skipped when nothing that could make one apply has changed since the last check.
    """
    befores = game.hook_cache.get("sba.before")  # (Game.hooks inlined: this runs before every priority)
    for check in game.hooks("sba.before") if befores is None else befores:
        check(game)  # e.g. ascend, "any time" (702.131b); start your engines! gives speed 1 (704.5z)
    if not game.table.sba_dirty:
        return False
    # (``t.sba_dirty`` is read again below after actions that change it: tested through ``game.table`` above, so mypy
    # does not narrow ``t.sba_dirty`` to True, a narrowing a compiled build (mypyc) would trust)
    t = game.table
    if _quiet_rows(game):
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the whole check on a copy finds nothing either
            copy = game.clone()
            assert not check_state_based_actions(copy) and copy.pending is None, "a quiet row check missed an action"
        _end_check(game)  # (what a check that finds nothing leaves behind, as check_state_based_actions)
        t.sba_dirty = False
        t.sba_clean_passes = t.whole_passes
        return False
    any_happened = False
    while check_state_based_actions(game):
        any_happened = True
        if game.result is not None:
            break
        # 704.3: checked again. What the actions changed is marked since they began (check_state_based_actions): none
        # (e.g. tokens ceased to exist) or only rows that are quiet (creatures died), then none applies now either.
        if game.pending is None and (not t.sba_dirty or _quiet_rows(game)):
            if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the whole check on a copy finds nothing either
                copy = game.clone()
                assert not check_state_based_actions(copy) and copy.pending is None, "a look after actions missed one"
            _end_check(game)  # (what the check that finds nothing leaves behind)
            break
    if game.pending is None:
        t.sba_dirty = False
        t.sba_clean_passes = t.whole_passes  # (the check began by bringing the layers up to date)
    elif not t.sba_dirty:
        t.mark_changed(layers=False)  # (a decision came up while the actions were performed: looked at again after)
    return any_happened


def _quiet_rows(game: Game) -> bool:
    """True when no state-based action can apply because the only changes since the last complete check, which found
    none, are rows that entered or got counters (``table.sba_rows``, typically a land played or a creature resolving)
    and each of them is quiet: not a creature at 0 toughness or with damage marked, not a planeswalker, not legendary
    or world (704.5j-k pair it with another), not attached and no Aura, Equipment or Fortification (704.5m-p), without
    both +1/+1 and -1/-1 counters (704.5q); or rows that left with nothing attached to them. The other rows are as that check left
    them: the layers since recomputed these rows only (no whole pass, which may change any row). A token adrift
    (704.5d-e) or any other change takes the whole check; the players (704.5a-c, marked outside the rows) are looked at
    here, and a mechanic's own action (``sba.sacrifice``, e.g. 714.4) is asked here as the check asks it (a pure
    look): one either finds takes the whole check. (The columns are read with ``.item``: a Python int, without a numpy
    scalar made first, as this runs before most priority stops.)"""
    t = game.table
    rows = t.sba_rows
    if rows is None or t.sba_clean_passes != t.whole_passes or game.tokens_adrift:
        return False
    if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
        game.refresh_layers()
    if t.sba_rows is not rows or t.sba_clean_passes != t.whole_passes or not t.sba_dirty:
        return False  # (the layers needed a whole pass, or what they did marked something else)
    sacrifices = game.hook_cache.get("sba.sacrifice")  # (Game.hooks inlined, as in state_check)
    for sacrifice in game.hooks("sba.sacrifice") if sacrifices is None else sacrifices:
        if sacrifice(game):  # (it reads more than the rows, e.g. the stack for 714.4: asked afresh, as the check does)
            return False
    for state in game.player_states:  # (marked outside the rows; looked at all the same: four reads)
        if not state.lost and (state.life <= 0 or state.drew_from_empty_library or state.poison >= 10):
            return False
    kinds = None
    override = game.subtypes_override
    attached: list[int] | None = None
    row_of = t.row_of
    left = minus1 = False  # a row left; a row here has -1/-1 counters (for the kept facts below)
    for ent in rows:
        row = row_of.get(ent)
        if row is None:
            left = True
            # it left: an Aura still attached to it goes (704.5m), Equipment or a Fortification comes off (704.5n-p);
            # nothing else a state-based action reads is on its row (the rows moved into holes keep their values)
            if attached is None:
                attached = t.attached_to[: t.n].tolist()
            if ent in attached:
                return False
            continue
        types = t.types.item(row)
        if types & PLANESWALKER or t.supertypes.item(row) & LEGENDARY_OR_WORLD:
            return False
        if types & CREATURE and (t.toughness.item(row) <= 0
                                 or (t.damage_marked and (t.damage.item(row) or t.deathtouched.item(row)))):
            return False
        if t.attached_to.item(row) >= 0:
            return False
        if t.minus1.item(row):  # (infect and wither put them on creatures: quiet alone, toughness looked at above)
            if t.plus1.item(row):
                return False  # 704.5q needs both kinds
            minus1 = True
        subtypes = override.get(ent)
        if subtypes is not None:
            if _kind(subtypes):
                return False
        else:
            if kinds is None:
                kinds = _class_kinds(game)
            if kinds[t.cls.item(row)]:
                return False
    kept = game.sba_layer_facts
    if kept is not None and kept[0] != t.layers_version:
        # _layer_facts's answer carried to this version when it is certain: every change since (a whole pass, or a
        # mark of more than rows, would have failed this look or been followed by a complete check, which asks afresh)
        # is a row looked at here, quiet (what it has now, below) or gone. Not carried, it is dropped: the rows looked at
        # next time are those changed after this look, and an answer kept from before it would miss these.
        facts = _carried_facts(kept[1], left, minus1)
        game.sba_layer_facts = None if facts is None else (t.layers_version, facts)
    attachments = game.sba_attachments
    if attachments is not None and attachments[1] == _NO_ATTACHMENTS and attachments[0] != t.layers_version:
        # the same for _attachments's kept answer, none: a quiet row is no Aura, Equipment or Fortification and is
        # attached to nothing, and nothing was attached to one that left
        game.sba_attachments = (t.layers_version, _NO_ATTACHMENTS)
    return True


def _carried_facts(kept: tuple[bool, bool, bool, bool], left: bool,
                   minus1: bool) -> tuple[bool, bool, bool, bool] | None:
    """``_layer_facts``'s answer after changes to quiet rows alone (``_quiet_rows``): rows that entered or got
    counters, which now are not legendary or world, not at risk and not attached, and of which some have -1/-1 counters
    (``minus1``), and rows that left (``left``). A fact some row had may have gone with a row that left or with a
    row's counters (toughness back above 0, its -1/-1 counters removed): None then, asked afresh. A fact no row had
    stays so unless a quiet row has it now (only a -1/-1 counter can be). Counters change no row's supertypes or
    attachment (layer 7c moves power and toughness only), and an entering row adds neither: those two stay unless a
    row left."""
    two_named, at_risk, attached, had_minus1 = kept
    if at_risk or (left and (two_named or attached)) or (had_minus1 and not minus1):
        return None
    return (two_named, False, attached, minus1)
_NO_ATTACHMENTS: Final[tuple[list[int], list[int]]] = ([], [])  # _find_attachments found none


# ---------------------------------------------------------------------------------------------
# Bulk deaths (large combats, systems/combat.py): many permanents leave at once through one bulk
# zone change instead of one move each. Same outcome as the loop above.

BULK_DEATHS = 64


def _die_in_bulk(game: Game, dying: list[int], to_destroy: list[int]) -> tuple[list[int], list[int]]:
    """Put ``dying`` and the destroyed permanents without a regeneration shield (701.15) or
    indestructible (702.12b) into graveyards in one bulk move; returns what is left to do one by one
    (nothing, and the destroyed permanents with regeneration shields)."""
    from systems.zones import move_rows_to_graveyard

    t = game.table
    rows_d = t.rows_of(np.array(to_destroy, dtype=np.int64))
    keep = ((t.keywords[rows_d] & INDESTRUCTIBLE) == 0) & (t.regen_shields[rows_d] <= 0)
    rest = t.entity[rows_d[~keep & ((t.keywords[rows_d] & INDESTRUCTIBLE) == 0)]].tolist()
    rows = np.concatenate([t.rows_of(np.array(dying, dtype=np.int64)), rows_d[keep]])
    if game.log_enabled:
        for ent in dying:
            game.say(f"{game.name(ent)} is put into its owner's graveyard")
        for ent in t.entity[rows_d[keep]].tolist():
            game.say(f"{game.name(ent)} is destroyed")
    move_rows_to_graveyard(game, rows)
    return [], rest
