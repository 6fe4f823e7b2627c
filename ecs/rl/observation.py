"""The observation encoder: what one player may know of a game, as fixed-shape numpy arrays.

docs/observation.md documents every array and column. In short, ``encode(game, viewer)`` returns

* ``globals`` int32 [G]: turn, step one-hot, active player, priority, the decision's kind and who decides;
* ``players`` int32 [P, FP]: one row per seat *relative to the viewer* (row 0 is the viewer);
* ``objects`` int32 [M, FO] and ``object_mask`` int8 [M]: object slots in fixed regions (my hand, each
  seat's battlefield, the stack, each seat's graveyard and exile, cards of hidden zones the viewer sees);
* ``options`` int32 [N, FA] and ``action_mask`` int8 [N]: the pending decision's options (only for the
  player who decides), whose references are *pointers*: slot indices into ``objects``, or ``M + seat`` for
  a player, -1 for none;
* ``dropped`` int32 [R]: per region, how many objects did not fit (truncation is never silent).

Nothing in the arrays is an engine entity id, and nothing depends on what the viewer may not know
(CR 400.2: hands and libraries are hidden zones; 708.5: face-down permanents; 702.143a: foretold cards).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from components.characteristics import CardType, Color
from components.designations import Foretold
from components.objects import AbilityOnStack, CardObject, Counter, StackItem, Step, Zone
from ecs import actions as engine_actions
from ecs.actions import Action, DecisionKind
from ecs.rl.vocabulary import DEFAULT_BITS, UNKNOWN, card_id

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


class TooManyOptionsError(ValueError):
    """A decision has more options than the action space has slots: never cut silently."""


@dataclass(frozen=True, slots=True)
class ObservationSizes:
    """How many slots of each kind an observation has (all configurable)."""

    players: int = 2  # seats; games with fewer players leave rows empty, more players is an error
    hand: int = 16  # the viewer's hand
    battlefield: int = 32  # per seat
    stack: int = 12
    graveyard: int = 16  # per seat
    exile: int = 8  # per seat
    seen: int = 8  # cards in hidden zones the viewer sees now (a revealed top card or hand, a searched library)
    options: int = 64  # the action space: Discrete(options)
    option_refs: int = 4  # pointers per option besides its source
    card_id_bits: int = DEFAULT_BITS

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or value < (2 if f.name == "players" else 1):
                raise ValueError(f"observation size {f.name} must be a positive integer, got {value!r}")


# ---------------------------------------------------------------- column layouts (documented in docs/observation.md)

TYPE_COLUMNS = ("creature", "land", "artifact", "enchantment", "planeswalker", "instant", "sorcery", "battle", "kindred")
COLOR_COLUMNS = ("white", "blue", "black", "red", "green")
OBJECT_FEATURES: tuple[str, ...] = (
    "card_id", "known", "zone", "owner", "controller", "token", "ability", "face_down",
    *TYPE_COLUMNS, *COLOR_COLUMNS,
    "mana_value", "power", "toughness", "loyalty", "plus1_counters", "minus1_counters", "other_counters", "damage",
    "tapped", "summoning_sick", "attacking", "blocking", "combat_ref", "attached_to", "position",
)
OF = {name: i for i, name in enumerate(OBJECT_FEATURES)}

PLAYER_FEATURES: tuple[str, ...] = (
    "present", "life", "poison", "energy", "hand_size", "library_size", "graveyard_size", "exile_size",
    "mana_W", "mana_U", "mana_B", "mana_R", "mana_G", "mana_C", "lands_played", "land_plays_allowed",
    "mulligans", "lost", "monarch", "permanents", "lands", "untapped_lands", "creatures",
)
PF = {name: i for i, name in enumerate(PLAYER_FEATURES)}

STEPS = tuple(Step)
DECISION_KINDS = tuple(DecisionKind)
# Option kinds: the engine's action classes in the order of the ``Action`` union (0 = no option); a class
# added later gets the next id when it is added at the end of the union.
ACTION_TYPES: tuple[type, ...] = typing.get_args(engine_actions.Action)
ACTION_KIND = {cls: i + 1 for i, cls in enumerate(ACTION_TYPES)}

# Fields of action dataclasses that hold numbers rather than entity ids; every other int (or tuple of ints)
# field names objects or players and becomes a pointer.
SCALAR_FIELDS = frozenset({"x", "index", "face", "uid", "modes"})


def option_features(refs: int) -> tuple[str, ...]:
    return ("kind", "source", *(f"ref_{i}" for i in range(refs)), "ref_count", "source_mana_value",
            "x", "index", "face", "modes", "flags", "label", "amount")


ZONE_CODE = {Zone.HAND: 1, Zone.BATTLEFIELD: 2, Zone.STACK: 3, Zone.GRAVEYARD: 4, Zone.EXILE: 5, Zone.LIBRARY: 6,
             Zone.COMMAND: 7}
_TYPE_BITS = np.array([int(getattr(CardType, n.upper())) for n in TYPE_COLUMNS], dtype=np.uint32)
_COLOR_BITS = np.array([int(c) for c in (Color.W, Color.U, Color.B, Color.R, Color.G)], dtype=np.uint32)
_LAND, _CREATURE = int(CardType.LAND), int(CardType.CREATURE)
# The static part of an object row, cached per card definition: card id, types, colours, mana value, P/T, loyalty.
_STATIC_COLUMNS = np.array([OF["card_id"], *(OF[n] for n in TYPE_COLUMNS), *(OF[n] for n in COLOR_COLUMNS),
                            OF["mana_value"], OF["power"], OF["toughness"], OF["loyalty"]], dtype=np.intp)
_TYPE_COLS = np.array([OF[c] for c in TYPE_COLUMNS], dtype=np.intp)
_COLOR_COLS = np.array([OF[c] for c in COLOR_COLUMNS], dtype=np.intp)
# object column <- permanent-table column, copied as they are (after layers, CR 613)
_TABLE_COPIES = (("token", "token"), ("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"),
                 ("plus1_counters", "plus1"), ("minus1_counters", "minus1"), ("damage", "damage"),
                 ("tapped", "tapped"), ("summoning_sick", "sick"))
_TABLE_COUNTERS = frozenset({"+1/+1", "-1/-1", "loyalty"})  # kept as table columns (systems/counters.py)


def _label_id(text: str) -> int:
    """A small stable number for a string field (a colour, "top"/"bottom", a cost keyword): 1..32767."""
    return card_id(text, 15)


@dataclass(frozen=True, slots=True)
class Region:
    name: str
    start: int
    size: int


class ObservationEncoder:
    """Encodes a game for one viewer; the layout is fixed by ``sizes``."""

    def __init__(self, sizes: ObservationSizes | None = None) -> None:
        self.sizes = s = sizes or ObservationSizes()
        regions: list[Region] = []
        start = 0

        def add(name: str, size: int) -> None:
            nonlocal start
            regions.append(Region(name, start, size))
            start += size

        add("hand", s.hand)
        for p in range(s.players):
            add(f"battlefield_{p}", s.battlefield)
        add("stack", s.stack)
        for p in range(s.players):
            add(f"graveyard_{p}", s.graveyard)
        for p in range(s.players):
            add(f"exile_{p}", s.exile)
        add("seen", s.seen)
        self.regions: tuple[Region, ...] = tuple(regions)
        self.region_index = {r.name: i for i, r in enumerate(regions)}
        self.num_objects = start
        self.option_columns = option_features(s.option_refs)
        self.AF = {name: i for i, name in enumerate(self.option_columns)}
        self.num_globals = 1 + len(STEPS) + 3 * s.players + len(DECISION_KINDS) + 2
        # Static features per card definition, one row each (row 0: nothing known), indexed by id(CardDef).
        self._static_index: dict[int, tuple[Any, int]] = {}
        self._static_table = np.zeros((64, len(_STATIC_COLUMNS)), np.int32)
        self._static_count = 1
        self._cache_game: Game | None = None
        self._shapes: dict[str, tuple[tuple[int, ...], type]] | None = None
        self._block_cache: dict[tuple[Any, ...], np.ndarray] = {}

    # ------------------------------------------------------------------ shapes

    def shapes(self) -> dict[str, tuple[tuple[int, ...], type]]:
        if self._shapes is not None:
            return self._shapes
        s = self.sizes
        self._shapes = {
            "globals": ((self.num_globals,), np.int32),
            "players": ((s.players, len(PLAYER_FEATURES)), np.int32),
            "objects": ((self.num_objects, len(OBJECT_FEATURES)), np.int32),
            "object_mask": ((self.num_objects,), np.int8),
            "options": ((s.options, len(self.option_columns)), np.int32),
            "action_mask": ((s.options,), np.int8),
            "dropped": ((len(self.regions),), np.int32),
        }
        return self._shapes

    def empty(self) -> dict[str, np.ndarray]:
        return {k: np.zeros(shape, dtype) for k, (shape, dtype) in self.shapes().items()}

    def flat_size(self) -> int:
        return sum(int(np.prod(shape)) for shape, _ in self.shapes().values())

    @staticmethod
    def flatten(obs: dict[str, np.ndarray]) -> np.ndarray:
        """All arrays as one float32 vector, in ``shapes()`` order (for tensor-only frameworks)."""
        return np.concatenate([a.ravel() for a in obs.values()]).astype(np.float32)

    # ------------------------------------------------------------------ cached per-card features

    def _static_row(self, card: CardDef) -> int:
        """The row of ``card`` in the static table (added on first sight)."""
        hit = self._static_index.get(id(card))
        if hit is not None and hit[0] is card:
            return hit[1]
        types = int(card.type_bits)
        colors = int(card.colors)
        row = self._static_count
        if row == len(self._static_table):
            self._static_table = np.concatenate([self._static_table, np.zeros_like(self._static_table)])
        self._static_table[row] = (
            card_id(card.name, self.sizes.card_id_bits) if card.name else UNKNOWN,
            *((types & int(b)) != 0 for b in _TYPE_BITS), *((colors & int(b)) != 0 for b in _COLOR_BITS),
            card.mana_cost.mana_value(),
            card.power.value() if card.power is not None else 0,
            card.toughness.value() if card.toughness is not None else 0,
            card.loyalty or 0,
        )
        self._static_count += 1
        self._static_index[id(card)] = (card, row)
        return row

    def _static(self, card: CardDef) -> np.ndarray:
        row: np.ndarray = self._static_table[self._static_row(card)]
        return row

    # ------------------------------------------------------------------ encoding

    def encode(self, game: Game, viewer: int, obs: dict[str, np.ndarray] | None = None,
               options: Sequence[Action] | None = None) -> dict[str, np.ndarray]:
        """The observation of ``viewer`` (a player index). ``options``: the decision's options in the order
        the action slots use (default: ``game.legal_actions()`` order); filled only when ``viewer`` decides.

        Raises TooManyOptionsError when the decision has more options than ``sizes.options``.
        """
        s = self.sizes
        n_players = game.num_players
        if n_players > s.players:
            raise ValueError(f"the game has {n_players} players but the observation has {s.players} seats "
                             "(ObservationSizes.players)")
        if obs is None:
            obs = self.empty()
        else:
            for a in obs.values():
                a.fill(0)
        game.refresh_layers()
        seat_of = [(p - viewer) % n_players for p in range(n_players)]  # player index -> relative seat
        objects = obs["objects"]
        mask = obs["object_mask"]
        dropped = obs["dropped"]
        slot_of: dict[int, int] = {}
        pending = game.pending
        deciding = pending is not None and pending.player == viewer
        face_down_seen = game.face_down_seen

        objects[:, OF["attached_to"]] = -1
        objects[:, OF["combat_ref"]] = -1

        # -------- battlefield: column reads over the permanent table, one block per seat
        t = game.table
        n = t.n
        ctrl = t.controller[:n]
        types = t.types[:n]
        ents = t.entity[:n]
        # truncation order: per controller, nonland permanents before lands, each by timestamp (oldest first)
        order = np.lexsort((t.timestamp[:n], (types & _LAND) != 0, ctrl))
        bounds = np.searchsorted(ctrl[order], np.arange(n_players + 1))
        kept: list[np.ndarray] = []
        slot_parts: list[np.ndarray] = []
        positions: list[np.ndarray] = []
        for p in range(n_players):
            ri = self.region_index[f"battlefield_{seat_of[p]}"]
            region = self.regions[ri]
            lo, hi = int(bounds[p]), int(bounds[p + 1])
            k = min(hi - lo, region.size)
            dropped[ri] = hi - lo - k
            kept.append(order[lo:lo + k])
            slot_parts.append(np.arange(region.start, region.start + k))
            positions.append(np.arange(k))
        rows = np.concatenate(kept)
        all_rows = rows
        all_slots = np.concatenate(slot_parts)
        if len(rows):
            block = np.zeros((len(rows), len(OBJECT_FEATURES)), np.int32)
            idx = []
            hidden_faces = []
            for i, (ent, slot) in enumerate(zip(ents[rows].tolist(), all_slots.tolist(), strict=True)):
                slot_of[ent] = slot
                card = game.card(ent)
                idx.append(self._static_row(card))
                if face_down_seen and card.layout == "face_down":
                    hidden_faces.append((i, ent))
            block[:, _STATIC_COLUMNS] = self._static_table[idx]
            block[:, OF["known"]] = 1
            block[:, _TYPE_COLS] = (types[rows][:, None] & _TYPE_BITS[None, :]) != 0
            block[:, _COLOR_COLS] = (t.colors[rows].astype(np.uint32)[:, None] & _COLOR_BITS[None, :]) != 0
            block[:, OF["zone"]] = ZONE_CODE[Zone.BATTLEFIELD]
            seat_arr = np.array(seat_of, dtype=np.int32)
            block[:, OF["owner"]] = seat_arr[t.owner[rows]]
            block[:, OF["controller"]] = seat_arr[ctrl[rows]]
            for col, name in _TABLE_COPIES:
                block[:, OF[col]] = getattr(t, name)[rows]
            block[:, OF["position"]] = np.concatenate(positions)
            block[:, OF["attached_to"]] = -1
            block[:, OF["combat_ref"]] = -1
            for i, ent in hidden_faces:  # CR 708.2, 708.5
                block[i, OF["face_down"]] = 1
                printed = game.obj(ent).printed
                if printed is not None and self._may_look(game, viewer, ent):
                    block[i, OF["card_id"]] = self._static(printed)[0]  # its characteristics stay 2/2 (708.2a)
                else:
                    block[i, OF["known"]] = 0
            objects[all_slots] = block
            mask[all_slots] = 1

        # -------- the viewer's hand, in hand order (CR 402.3: a player may arrange it; order is theirs)
        hand = game.zones[viewer][Zone.HAND]
        self._cards(game, viewer, hand[: s.hand], self.regions[0].start, Zone.HAND, seat_of, slot_of, objects, mask)
        dropped[0] = max(0, len(hand) - s.hand)

        # -------- the stack, top first (CR 405.2); the top S objects are kept
        stack = list(reversed(game.stack))
        region = self.regions[self.region_index["stack"]]
        for pos, ent in enumerate(stack[: region.size]):
            slot = region.start + pos
            self._stack_object(game, viewer, ent, slot, seat_of, objects)
            objects[slot, OF["position"]] = pos
            mask[slot] = 1
            slot_of[ent] = slot
        dropped[self.region_index["stack"]] = max(0, len(stack) - region.size)

        # -------- graveyards (most recent first: the last card put there is kept first) and exile
        for p in range(n_players):
            zones = game.zones[p]
            for zone, prefix in ((Zone.GRAVEYARD, "graveyard"), (Zone.EXILE, "exile")):
                ri = self.region_index[f"{prefix}_{seat_of[p]}"]
                region = self.regions[ri]
                cards = list(reversed(zones[zone]))
                self._cards(game, viewer, cards[: region.size], region.start, zone, seat_of, slot_of, objects, mask)
                dropped[ri] = max(0, len(cards) - region.size)

        # -------- cards of hidden zones the viewer sees now
        seen = self._seen_cards(game, viewer, deciding, slot_of)
        ri = self.region_index["seen"]
        region = self.regions[ri]
        if seen:
            self._cards(game, viewer, seen[: region.size], region.start, None, seat_of, slot_of, objects, mask)
            dropped[ri] = max(0, len(seen) - region.size)

        # -------- references between objects: attachments (CR 301.5, 303.4) and combat (CR 506.4)
        if len(all_rows):
            attached = t.attached_to[:n][all_rows]
            has = attached >= 0
            if has.any():
                objects[all_slots[has], OF["attached_to"]] = [self._pointer(e, slot_of, game, seat_of)
                                                                for e in attached[has].tolist()]
        self._combat(game, slot_of, seat_of, objects)
        if game.counters:
            self._other_counters(game, slot_of, objects)

        self._globals(game, viewer, seat_of, obs["globals"])
        self._players(game, seat_of, obs["players"])
        if deciding and pending is not None:
            opts = pending.options if options is None else options
            self.check_option_count(game)
            self._options(game, opts, slot_of, seat_of, objects, obs["options"], obs["action_mask"])
        return obs

    def check_option_count(self, game: Game) -> None:
        pending = game.pending
        if pending is not None and len(pending.options) > self.sizes.options:
            raise TooManyOptionsError(
                f"the {pending.kind.value} decision of {game.player_states[pending.player].name} (turn {game.turn}, "
                f"{game.step.label}) has {len(pending.options)} options but the action space has "
                f"{self.sizes.options} slots: raise ObservationSizes.options")

    # ------------------------------------------------------------------ pieces

    @staticmethod
    def _may_look(game: Game, viewer: int, ent: int) -> bool:
        """CR 708.5: a face-down permanent's controller may look at it (and so may players an effect lets)."""
        from systems.mechanics.face_down import seen_face_down

        return seen_face_down(game, viewer, ent) is not None

    def _cards(self, game: Game, viewer: int, cards: Sequence[int], start: int, zone: Zone | None,
               seat_of: list[int], slot_of: dict[int, int], objects: np.ndarray, mask: np.ndarray) -> None:
        """Cards outside the battlefield and stack, one block: ``zone`` None for the ``seen`` region."""
        k = len(cards)
        if not k:
            return
        # The rows of a zone depend only on its objects (a zone change makes a new object, CR 400.7) and the
        # viewer: kept per game until the zone changes. Not for the seen region, nor exile while a card is
        # foretold (hidden to some, 702.143a).
        key = None
        if zone is not None and not (zone == Zone.EXILE and game.world.holders(Foretold)):
            if self._cache_game is not game or len(self._block_cache) > 4096:
                self._cache_game = game
                self._block_cache.clear()
            key = (zone, viewer, tuple(cards))
            cached = self._block_cache.get(key)
            if cached is not None:
                slot_of.update(zip(cards, range(start, start + k), strict=True))
                objects[start:start + k] = cached
                mask[start:start + k] = 1
                return
        from components.objects import InZone

        block = np.zeros((k, len(OBJECT_FEATURES)), np.int32)
        idx = []
        world = game.world
        foretold = game.world.holders(Foretold)  # a live index: read only
        for pos, ent in enumerate(cards):
            slot_of[ent] = start + pos
            co = world.get(ent, CardObject)
            row = block[pos]
            where = zone
            place = pos
            if where is None:
                loc = world.get(ent, InZone)
                where = loc.zone
                # a hand's order is its owner's; in a library only a known top card has a known place (401.5)
                place = game.zones[loc.player][where].index(ent) if where in (Zone.LIBRARY, Zone.HAND) else -1
                if where == Zone.LIBRARY and place != 0:
                    place = -1
            if where == Zone.EXILE and foretold and ent in foretold and co.owner != viewer:  # face down (702.143a)
                idx.append(0)
                row[OF["face_down"]] = 1
            else:
                idx.append(self._static_row(game.card(ent)))
                row[OF["known"]] = 1
            row[OF["zone"]] = ZONE_CODE[where]
            row[OF["owner"]] = row[OF["controller"]] = seat_of[co.owner]
            row[OF["token"]] = co.is_token
            row[OF["position"]] = place
        block[:, _STATIC_COLUMNS] = self._static_table[idx]
        block[:, OF["attached_to"]] = -1
        block[:, OF["combat_ref"]] = -1
        objects[start:start + k] = block
        mask[start:start + k] = 1
        if key is not None:
            self._block_cache[key] = block

    def _stack_object(self, game: Game, viewer: int, ent: int, slot: int, seat_of: list[int],
                      objects: np.ndarray) -> None:
        item = game.world.get(ent, StackItem)
        ability = game.world.try_get(ent, AbilityOnStack)
        objects[slot, OF["zone"]] = ZONE_CODE[Zone.STACK]
        objects[slot, OF["controller"]] = seat_of[item.controller]
        if ability is not None:  # CR 113.7: an ability on the stack; its source card is public
            objects[slot, _STATIC_COLUMNS] = self._static(ability.card)
            objects[slot, OF["ability"]] = 1
            objects[slot, OF["owner"]] = seat_of[item.controller]
            objects[slot, OF["known"]] = 1
            return
        co = game.world.get(ent, CardObject)
        objects[slot, OF["owner"]] = seat_of[co.owner]
        objects[slot, OF["token"]] = co.is_token
        card = game.card(ent)
        if card.layout == "face_down" and co.printed is not None:  # a face-down spell (708.4)
            objects[slot, OF["face_down"]] = 1
            row = self._static(card)
            if item.controller == viewer:
                row = row.copy()
                row[0] = self._static(co.printed)[0]
                objects[slot, OF["known"]] = 1
            objects[slot, _STATIC_COLUMNS] = row
            return
        objects[slot, _STATIC_COLUMNS] = self._static(card)
        objects[slot, OF["known"]] = 1
        if item.x:  # CR 202.3e: on the stack, X is the chosen value
            objects[slot, OF["mana_value"]] = card.mana_cost.mana_value(item.x)

    def _seen_cards(self, game: Game, viewer: int, deciding: bool, slot_of: dict[int, int]) -> list[int]:
        """Cards in hidden zones (libraries, other players' hands) that ``viewer`` may see now: a top card
        played revealed or that its owner may look at (401.5), hands played revealed, and the cards the
        viewer's own pending decision shows them (a searched library, the cards of a scry)."""
        seen: list[int] = []
        if game.top_rules_seen:
            from systems.hidden_zones import seen_cards

            for owner in range(game.num_players):
                entry: dict[str, Any] = {}
                seen_cards(game, viewer, owner, entry)
                if "library_top" in entry:
                    seen.append(entry["library_top"]["id"])
                if owner != viewer and "hand" in entry:
                    seen.extend(c["id"] for c in entry["hand"])
        if deciding and game.pending is not None:
            for option in game.pending.options:
                for ent in _entity_refs(option):
                    if ent not in slot_of and ent not in seen and game.world.try_get(ent, CardObject) is not None:
                        seen.append(ent)
        return [e for e in seen if e not in slot_of]

    def _pointer(self, ent: int, slot_of: dict[int, int], game: Game, seat_of: list[int]) -> int:
        slot = slot_of.get(ent)
        if slot is not None:
            return slot
        player = game.player_of_entity.get(ent)
        if player is not None:
            return self.num_objects + seat_of[player]
        return -1

    def _combat(self, game: Game, slot_of: dict[int, int], seat_of: list[int], objects: np.ndarray) -> None:
        combat = game.combat
        if combat.att is not None:  # locked-in arrays (bulk combat and after blockers)
            att = combat.att.tolist()
            for a, d in zip(att, combat.att_defender.tolist(), strict=True):
                if a in slot_of:
                    objects[slot_of[a], OF["attacking"]] = 1
                    objects[slot_of[a], OF["combat_ref"]] = self._pointer(d, slot_of, game, seat_of)
            if combat.pair_blocker is not None:
                for b, ai in zip(combat.pair_blocker.tolist(), combat.pair_attacker.tolist(), strict=True):
                    if b in slot_of:
                        objects[slot_of[b], OF["blocking"]] = 1
                        objects[slot_of[b], OF["combat_ref"]] = self._pointer(att[ai], slot_of, game, seat_of)
            return
        for a, d in combat.attackers.items():
            if a in slot_of:
                objects[slot_of[a], OF["attacking"]] = 1
                objects[slot_of[a], OF["combat_ref"]] = self._pointer(d, slot_of, game, seat_of)
        for b, blocked in combat.blocking.items():
            if b in slot_of:
                objects[slot_of[b], OF["blocking"]] = 1
                if blocked:
                    objects[slot_of[b], OF["combat_ref"]] = self._pointer(blocked[0], slot_of, game, seat_of)

    def _other_counters(self, game: Game, slot_of: dict[int, int], objects: np.ndarray) -> None:
        for (obj, kind), cent in game.counters.items():
            if kind not in _TABLE_COUNTERS and obj in slot_of:
                counter = game.world.try_get(cent, Counter)
                if counter is not None:
                    objects[slot_of[obj], OF["other_counters"]] += counter.count

    def _globals(self, game: Game, viewer: int, seat_of: list[int], out: np.ndarray) -> None:
        s = self.sizes
        out[0] = game.turn
        i = 1
        out[i + int(game.step)] = 1
        i += len(STEPS)
        out[i + seat_of[game.active]] = 1
        i += s.players
        pending = game.pending
        if pending is not None:
            if pending.kind == DecisionKind.PRIORITY:
                out[i + seat_of[game.priority]] = 1
            i += s.players
            out[i + seat_of[pending.player]] = 1
            i += s.players
            out[i + DECISION_KINDS.index(pending.kind)] = 1
            i += len(DECISION_KINDS)
            out[i] = int(pending.player == viewer)
            out[i + 1] = len(pending.options) if pending.player == viewer else 0
        # when the game is over everything after the active player stays 0

    def _players(self, game: Game, seat_of: list[int], out: np.ndarray) -> None:
        t = game.table
        n = t.n
        ctrl = t.controller[:n].astype(np.intp)
        types = t.types[:n]
        lands = (types & _LAND) != 0
        k = game.num_players
        permanents = np.bincount(ctrl, minlength=k)
        land_count = np.bincount(ctrl[lands], minlength=k)
        untapped = np.bincount(ctrl[lands & ~t.tapped[:n]], minlength=k)
        creatures = np.bincount(ctrl[(types & _CREATURE) != 0], minlength=k)
        for state in game.player_states:
            p = state.index
            zones = game.zones[p]
            out[seat_of[p]] = (
                1, state.life, state.poison, state.energy, len(zones[Zone.HAND]), len(zones[Zone.LIBRARY]),
                len(zones[Zone.GRAVEYARD]), len(zones[Zone.EXILE]), *state.mana_pool[:6], state.lands_played,
                state.land_plays_allowed, state.mulligans, state.lost, game.monarch == p, permanents[p],
                land_count[p], untapped[p], creatures[p],
            )

    def _options(self, game: Game, options: Sequence[Action], slot_of: dict[int, int], seat_of: list[int],
                 objects: np.ndarray, out: np.ndarray, action_mask: np.ndarray) -> None:
        refs = self.sizes.option_refs
        AF = self.AF
        for i, option in enumerate(options):
            row = out[i]
            row[AF["kind"]] = ACTION_KIND.get(type(option), len(ACTION_TYPES) + 1)
            pointers: list[int] = []
            flags = 0
            label = 0
            amount = 0
            for name, how in _field_plan(type(option)):
                value = getattr(option, name)
                if how == "flag":
                    flags = (flags << 1) | int(value)
                elif how == "ref":
                    if value >= 0:
                        if name == "effect":  # a replacement effect: point at its source (CR 616.1)
                            value = _replacement_source(game, value)
                        pointers.append(self._pointer(value, slot_of, game, seat_of))
                elif how == "refs":
                    pointers.extend(self._pointer(v, slot_of, game, seat_of) for v in value)
                elif how == "pairs":  # (recipient, amount) pairs of a damage assignment (510.1c)
                    pointers.extend(self._pointer(int(v[0]), slot_of, game, seat_of) for v in value)
                    if value:
                        amount = int(value[0][1])  # the first recipient's share
                elif how == "scalar":
                    row[AF[name]] = value
                elif how == "modes":
                    row[AF["modes"]] = sum(1 << m for m in value if 0 <= m < 31)
                elif how == "uid":  # a waiting trigger: point at its source (CR 603.3)
                    pointers.append(self._pointer(_trigger_source(game, value), slot_of, game, seat_of))
                elif how == "label" and value:
                    label = (label * 31 + _label_id(value)) & 0x7FFFFFFF
                elif how == "any" and value is not None:  # e.g. a small decision's value: read by its type
                    if isinstance(value, bool):
                        flags = (flags << 1) | int(value)
                    elif isinstance(value, str):
                        label = (label * 31 + _label_id(value)) & 0x7FFFFFFF
                    elif isinstance(value, int):
                        named = getattr(option, "field", None)  # which choice it answers ("x", "targets", ...)
                        if named in SCALAR_FIELDS or named == "page":
                            row[AF["modes" if named == "modes" else ("index" if named in ("page", "uid") else named)]] = (
                                1 << value if named == "modes" and 0 <= value < 31 else value)
                        elif value >= 0:
                            pointers.append(self._pointer(value, slot_of, game, seat_of))
            rest = pointers[1:]
            row[AF["source"]] = pointers[0] if pointers else -1
            for k in range(refs):
                row[AF[f"ref_{k}"]] = rest[k] if k < len(rest) else -1
            row[AF["ref_count"]] = len(rest)
            row[AF["flags"]] = flags
            row[AF["label"]] = label
            row[AF["amount"]] = amount
        n = len(options)
        action_mask[:n] = 1
        src = out[:n, AF["source"]]
        valid = (src >= 0) & (src < self.num_objects)
        out[:n, AF["source_mana_value"]] = np.where(
            valid, objects[np.clip(src, 0, self.num_objects - 1), OF["mana_value"]], 0)


_PLANS: dict[type, tuple[tuple[str, str], ...]] = {}


def _field_plan(cls: type) -> tuple[tuple[str, str], ...]:
    """How each field of an action dataclass is encoded, read once per class from its annotations: "flag"
    (bool), "label" (str), "scalar" / "modes" / "uid" (numbers, SCALAR_FIELDS), "ref" (an int naming an
    object or player), "refs" (a tuple of them), "pairs" (a tuple of (entity, number) pairs)."""
    plan = _PLANS.get(cls)
    if plan is not None:
        return plan
    out = []
    for f in dataclasses.fields(cls):
        how = _field_how(f.name, _annotation(f))
        if how is not None:  # (None: a field of a type the encoder does not know is left out)
            out.append((f.name, how))
    plan = _PLANS[cls] = tuple(out)
    return plan


def _field_how(name: str, kind: str) -> str | None:
    """How ``_field_plan`` encodes a field ``name`` annotated ``kind`` (the text, without spaces)."""
    if kind == "bool":
        return "flag"
    if name in ("modes", "uid"):
        return name
    if name in SCALAR_FIELDS:
        return "scalar"
    if kind == "str":
        return "label"
    if kind == "int":
        return "ref"
    if kind.startswith("tuple[tuple["):
        return "pairs"
    if kind.startswith("tuple[int"):
        return "refs"
    if "int" in kind.split("|"):
        return "any"  # a union such as int | str | None: encoded by the value's type
    return None


# The action fields that hold (entity, number) pairs: compiled, a field's annotation is only its class (``tuple``).
PAIRS_FIELDS = frozenset({"assignment"})


def _annotation(f: dataclasses.Field[Any]) -> str:
    """A field's annotation as ``_field_plan`` reads it: as written (plain Python keeps the text); compiled, mypyc
    keeps only the class (``tuple`` for ``tuple[int, ...]``, ``object`` for a union), which is read back as the
    text it stands for in ecs/actions.py (tests/rl/test_rl_observation.py checks both readings agree)."""
    kind = f.type
    if isinstance(kind, str):
        return kind.replace(" ", "")
    if kind is tuple:
        return "tuple[tuple[int,int],...]" if f.name in PAIRS_FIELDS else "tuple[int,...]"
    if kind is object:
        return "int|str|None"  # (the one union, Pick.value: read by its value's type)
    return getattr(kind, "__name__", str(kind))


def _entity_refs(option: Action) -> list[int]:
    """The entity ids an option names (for the cards a decision shows its player)."""
    out: list[int] = []
    for name, how in _field_plan(type(option)):
        value = getattr(option, name)
        if how == "ref" and value >= 0 and name != "effect":
            out.append(value)
        elif how == "refs":
            out.extend(value)
        elif how == "pairs":
            out.extend(int(v[0]) for v in value)
        elif how == "any" and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            named = getattr(option, "field", None)
            if named not in SCALAR_FIELDS and named != "page":
                out.append(value)
    return out


def _trigger_source(game: Game, uid: int) -> int:
    for trigger in game.waiting_triggers:
        if trigger.uid == uid:
            return int(trigger.source)
    return -1


def _replacement_source(game: Game, effect: int) -> int:
    from components.objects import ReplacementEffect

    re = game.world.try_get(effect, ReplacementEffect)
    return -1 if re is None else int(re.source)
