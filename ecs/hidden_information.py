"""What one player may know of a game, and games sampled consistently with it (for search agents).

``determinize(game, viewer, rng)`` returns a clone in which everything hidden from ``viewer`` (CR 400.2:
libraries and other players' hands are hidden zones; 708.2 face-down permanents; 702.143a foretold cards) is
resampled from the cards the viewer has not seen, and whose generator is fresh, so a search over the copy
cannot learn the real future draws or shuffles. ``information_state(game, player)`` is a deterministic key
of what ``player`` knows now: equal for two games that differ only in what is hidden from them.

How resampling works: decklists are public, so the viewer knows the multiset of each player's cards; the
hidden cards of one owner (their hand unless it is revealed, their library except a top card the viewer may
see (401.5), their face-down permanents the viewer may not look at (708.5), their face-down foretold cards)
swap card definitions among themselves at random. Entity ids stay where they are, so every object the viewer
can see keeps its id and every option the viewer has keeps its meaning. The viewer's own library is reordered
(its order is hidden from them too). A face-down object only receives a card that could be face down that way
(morph/disguise for a face-down spell, foretell for a foretold card; a manifested card can be any card).

Known limit, stated rather than approximated silently: the engine does not record which library positions a
player learned by looking (scry, "look at the top N and put them back"); only a top card revealed or viewable
by a rule (401.5) is kept. After such a look, a determinization may put other cards there.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from components.designations import Foretold, Manifested
from components.objects import CardObject, Zone

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

_FACE_DOWN_CAST = frozenset({"morph", "megamorph", "disguise"})


def _keywords(card: CardDef) -> set[str]:
    return {str(getattr(a, "keyword", "")) for a in card.abilities}


def _known_top(game: Game, viewer: int, owner: int) -> bool:
    """The viewer may see the top card of ``owner``'s library (401.5: "play with the top card revealed")."""
    if not game.top_rules_seen or not game.zones[owner][Zone.LIBRARY]:
        return False
    from systems.hidden_zones import seen_cards

    entry: dict[str, object] = {}
    seen_cards(game, viewer, owner, entry)
    return "library_top" in entry


def _hand_revealed(game: Game, viewer: int, owner: int) -> bool:
    if not game.top_rules_seen:
        return False
    from systems.hidden_zones import seen_cards

    entry: dict[str, object] = {}
    seen_cards(game, viewer, owner, entry)
    return "hand" in entry


def _face_down_hidden(game: Game, viewer: int) -> list[tuple[int, int, str]]:
    """(entity, owner, how) of face-down permanents ``viewer`` may not look at (708.5)."""
    if not game.face_down_seen:
        return []
    from systems.mechanics.face_down import seen_face_down

    out = []
    for ent in game.table.view("entity").tolist():
        co = game.world.get(ent, CardObject)
        if co.printed is None or co.card.layout != "face_down":
            continue
        if seen_face_down(game, viewer, ent) is None:
            out.append((ent, co.owner, "manifest" if game.world.has(ent, Manifested) else "cast"))
    return out


def determinize(game: Game, viewer: int, rng: np.random.Generator) -> Game:
    """A clone of ``game`` with everything hidden from ``viewer`` resampled from ``rng`` (see the module doc)."""
    other = game.clone()
    # Slots per owner: (entity, attribute, constraint); attribute "card" (a card in a hidden zone) or
    # "printed" (a face-down permanent's real card); constraint "" (any card) or the keywords it needs.
    slots: dict[int, list[tuple[int, str, frozenset[str]]]] = {}
    for owner in range(other.num_players):
        zones = other.zones[owner]
        library = zones[Zone.LIBRARY]
        keep_top = 1 if _known_top(other, viewer, owner) else 0
        # Hidden cards are listed in a canonical order (by entity id) before sampling, so the result depends
        # only on what the viewer knows, never on the real hidden order.
        rest = sorted(library[keep_top:])
        if owner == viewer:
            # The viewer knows their own cards; only the order of their library is hidden (401.2).
            order = rng.permutation(len(rest))
            zones[Zone.LIBRARY] = library[:keep_top] + [rest[i] for i in order]
            continue
        zones[Zone.LIBRARY] = library[:keep_top] + rest
        own = slots.setdefault(owner, [])
        own.extend((e, "card", frozenset()) for e in rest)
        if not _hand_revealed(other, viewer, owner):
            zones[Zone.HAND] = sorted(zones[Zone.HAND])
            own.extend((e, "card", frozenset()) for e in zones[Zone.HAND])
        for card in zones[Zone.EXILE]:
            if other.world.has(card, Foretold):  # face down in exile (702.143a)
                own.append((card, "card", frozenset({"foretell"})))
    for ent, owner, how in _face_down_hidden(other, viewer):
        if owner != viewer:
            slots.setdefault(owner, []).append((ent, "printed", frozenset() if how == "manifest" else _FACE_DOWN_CAST))
    for owned in slots.values():
        objects = [other.world.get(e, CardObject) for e, _, _ in owned]
        pool: list[CardDef] = sorted((getattr(co, attr) for co, (_, attr, _) in zip(objects, owned, strict=True)),
                                     key=lambda c: c.name)
        order = rng.permutation(len(pool))
        pool = [pool[i] for i in order]
        # Constrained slots first (a face-down spell must be a card with morph or disguise), then the rest.
        chosen: list[CardDef | None] = [None] * len(owned)
        for i, (_, _, need) in enumerate(owned):
            if need:
                j = next((k for k, c in enumerate(pool) if _keywords(c) & need), None)
                if j is None:  # nothing else fits: it keeps its own card (the only consistent one left)
                    j = next((k for k, c in enumerate(pool) if c is getattr(objects[i], owned[i][1])), len(pool) - 1)
                chosen[i] = pool.pop(j)
        for i, picked in enumerate(chosen):
            if picked is None:
                chosen[i] = pool.pop()
        for co, (ent, attr, _), picked in zip(objects, owned, chosen, strict=True):
            assert picked is not None
            # CardObject is immutable and shared with the real game (ecs/state_copy.py): the copy gets a new one
            if attr == "card":
                other.set_card(ent, picked, co.printed)
            else:
                other.set_card(ent, co.card, picked)
    # Caches keyed by hand contents (systems/priority.py) must not carry the real cards' answers over.
    other.hand_versions = [v + 1 for v in other.hand_versions]
    other.instant_speed_cache.clear()
    other.hand_ability_cache.clear()
    other.hand_filter_cache.clear()
    other.hand_facts_cache.clear()
    other.rng = np.random.default_rng(rng.integers(2**63))  # a fresh generator: the real draws stay unknown
    return other


def information_state(game: Game, player: int) -> str:
    """A deterministic key of what ``player`` knows now: their observation (CR 400.2: their hand, every
    public zone, hidden zones as counts), the step and whose decision it is, and their own options when the
    decision is theirs. Another player's options are left out (their number can depend on a hidden hand)."""
    key: dict[str, Any] = {"observation": game.observation(player)}
    pending = game.pending
    if pending is None:
        key["over"] = None if game.result is None else [game.result.winner, game.result.reason]
    else:
        key["decision"] = [pending.player, pending.kind.value]
        if pending.player == player:
            key["options"] = [repr(o) for o in pending.options]
    return json.dumps(key, sort_keys=True, separators=(",", ":"))
