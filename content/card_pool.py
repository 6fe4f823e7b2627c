"""Loading MTGJSON-shaped card objects into :class:`~components.card.CardDef` values."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from components.abilities import ColorDefining
from components.card import CardDef
from components.characteristics import CardType, Color, TypeLine
from content.mana import card_colors, parse_mana_cost
from content.pool_cache import CardCache
from content.printed_values import parse_loyalty, parse_modifier, parse_pt
from content.registry import all_hooks
from content.typeline import parse_type_line
from ecs.errors import CardDataError, UnsupportedCardError

BUILTIN_CARDS = Path(__file__).with_name("cards") / "core.json"

# CR 305.6: the basic land types and the mana their intrinsic ability adds (bit 32 is {C}).
BASIC_LAND_MANA = {"Plains": int(Color.W), "Island": int(Color.U), "Swamp": int(Color.B),
                   "Mountain": int(Color.R), "Forest": int(Color.G)}


# Card types of the casual supplementary formats (CR 901-906, 311-314): not cards of a game of Magic
# between decks, which is what the engine plays. Conspiracies (315, 905) and vanguards (313, 902) are
# supported in the command zone (systems/command_zone.py): new_game(conspiracies=, vanguards=).
NON_GAME_TYPES = int(CardType.PLANE | CardType.PHENOMENON | CardType.SCHEME | CardType.DUNGEON)
# Layouts whose cards have two faces or halves (CR 708-712, 715); MTGJSON lists each face.
MULTI_FACE_LAYOUTS = frozenset({"split", "aftermath", "adventure", "transform", "modal_dfc", "flip", "meld",
                                "prepare", "double_faced_token"})
# Every MTGJSON layout (https://mtgjson.com/data-models/card/card-atomic/ "layout"); another is refused, since
# what its faces mean is not known.
KNOWN_LAYOUTS = MULTI_FACE_LAYOUTS | frozenset({
    "normal", "leveler", "class", "case", "saga", "mutate", "prototype", "battle", "planar", "scheme", "vanguard",
    "token", "emblem", "augment", "host", "art_series", "reversible_card"})
_FACE_RULES = {
    "split": "a split card (CR 709)", "aftermath": "a split card with aftermath (CR 702.127, 709)",
    "adventure": "an adventurer card (CR 715)", "transform": "a transforming double-faced card (CR 712)",
    "modal_dfc": "a modal double-faced card (CR 712)", "flip": "a flip card (CR 710)",
    "meld": "a meld card (CR 712.4, 701.42)", "prepare": "a card with a second spell half",
}


def card_from_json(obj: Mapping[str, Any], source: str = "<cards>",
                   faces: Iterable[Mapping[str, Any]] = ()) -> CardDef:
    """Build a CardDef from one MTGJSON card object; errors name the card and the field. The card records the
    mechanics whose readers compiled its text (CardDef.mechanics: a game enables only their hooks)."""
    from content import registry

    registry.start_recording()
    try:
        card = _card_from_json(obj, source, faces)
    finally:
        mechanics = registry.stop_recording()
    mechanics |= registry.mechanics_using(card)
    return dataclasses.replace(card, mechanics=mechanics) if mechanics else card


def _card_from_json(obj: Mapping[str, Any], source: str, faces: Iterable[Mapping[str, Any]]) -> CardDef:
    """Build a CardDef from one MTGJSON card object; errors name the card and the field.

    ``faces`` are the card's other faces where the data has them (AtomicCards lists every face);
    a multi-face card without its other faces, or a lone back face, is refused with the reason.
    """
    if not isinstance(obj, Mapping):
        raise CardDataError(f"{source}: a card must be an object, got {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{source}: card without a 'name' field")
    faces = list(faces)
    for face in (obj, *faces):
        check_field_types(face, f"{source}: card {name!r}")
    layout = str(obj.get("layout") or "normal")
    if layout not in KNOWN_LAYOUTS:
        raise UnsupportedCardError(f"{name}: unknown layout {layout!r:.40} (known: {', '.join(sorted(KNOWN_LAYOUTS))})")
    if obj.get("face") == "back" and not faces:
        raise UnsupportedCardError(
            f"{name}: the back face of {obj.get('front')!r}; its front face is not in the data, and a face is "
            "not a card on its own (CR 712.1)")
    if layout == "reversible_card" and " // " in name and len(set(name.split(" // "))) == 1:
        # Both sides are the same card (MTGJSON "reversible_card"): it is that card.
        obj = {**obj, "name": name.split(" // ")[0], "layout": "normal"}
        name = obj["name"]
        layout = "normal"
    if layout in MULTI_FACE_LAYOUTS:
        if not faces:
            raise UnsupportedCardError(
                f"{name}: {_FACE_RULES.get(layout, layout)} whose other face or half is not in the data "
                "(only the front face's text is present)")
        front = _single_face(obj, source, faces_of=name)
        others = [_single_face(f, source, faces_of=name) for f in faces]
        if layout == "split" and len(others) == 1:
            from content.split_cards import split_card, unsupported_halves

            problem = unsupported_halves([front, *others])
            if not problem:
                return split_card(name, [front, *others])  # CR 709: cast one half, or both with fuse (702.102)
            raise UnsupportedCardError(f"{name}: {problem}")
        from content.double_faced import LAYOUTS, double_faced_card, unsupported_faces

        if layout in LAYOUTS:
            problem = unsupported_faces(layout, [front, *others])
            if not problem:
                return double_faced_card(name, layout, [front, *others])  # CR 712: transform, modal (712.8)
            raise UnsupportedCardError(f"{name}: {problem}")
        raise UnsupportedCardError(
            f"{name}: {_FACE_RULES.get(layout, layout)}; every face reads "
            f"({', '.join(c.name for c in [front, *others])}), but casting, playing or turning to a face "
            "other than the front is not implemented")
    return _single_face(obj, source)


# The fields the loader reads, and the JSON type each must have when present (null means absent).
TEXT_FIELDS = ("name", "faceName", "side", "layout", "manaCost", "type", "text", "power", "toughness", "loyalty",
               "defense", "hand", "life", "face", "front")
LIST_FIELDS = ("colorIndicator", "colorIdentity")


def check_field_types(obj: Any, where: str) -> None:
    """A card field of the wrong JSON type (a number for "text", a list for "manaCost") is a CardDataError
    naming the field, not a crash further on."""
    if not isinstance(obj, Mapping):
        raise CardDataError(f"{where}: a card face must be an object, got {type(obj).__name__}")
    for key in TEXT_FIELDS:
        value = obj.get(key)
        if value is not None and not isinstance(value, str):
            raise CardDataError(f"{where}: field {key!r} must be text, got {_json_type(value)} {value!r:.40}")
    for key in LIST_FIELDS:
        value = obj.get(key)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise CardDataError(f"{where}: field {key!r} must be a list of colour letters, got {value!r:.40}")


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float) or type(value).__name__ == "Decimal":
        return "a number"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _single_face(obj: Mapping[str, Any], source: str, faces_of: str = "") -> CardDef:
    name = str(obj.get("faceName") or obj.get("name")) if faces_of else str(obj.get("name"))
    where = f"{source}: card {name!r}"
    try:
        mana_cost = parse_mana_cost(obj.get("manaCost"))
    except ValueError as exc:
        raise CardDataError(f"{where}, field 'manaCost': {exc}") from None
    type_text = obj.get("type")
    if not isinstance(type_text, str):
        raise CardDataError(f"{where}: missing or non-text field 'type'")
    try:
        type_line = parse_type_line(type_text)
    except ValueError as exc:
        raise CardDataError(f"{where}, field 'type': {exc}") from None
    try:
        power = parse_pt(obj.get("power"))
        toughness = parse_pt(obj.get("toughness"))
        loyalty = parse_loyalty(obj.get("loyalty"))
        hand_modifier = parse_modifier(obj.get("hand"))  # a vanguard's (CR 211.1)
        life_modifier = parse_modifier(obj.get("life"))  # CR 212.1
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    if type_line.types & CardType.CREATURE and (power is None or toughness is None):
        raise CardDataError(f"{where}: a creature needs 'power' and 'toughness' (CR 208.1)")
    text = obj.get("text") or ""
    if not isinstance(text, str):
        raise CardDataError(f"{where}: field 'text' must be a string")
    if type_line.types & NON_GAME_TYPES:
        raise UnsupportedCardError(f"{name}: a {type_text} card belongs to a supplementary casual format "
                                   "(CR 901-906), not to the game the engine plays")
    # the compiler is loaded only where a card is compiled, not read from the cache
    from content.oracle import compile_text

    abilities, keywords = compile_text(name, text, type_line.types)
    for variant in all_hooks("card.abilities"):
        # overload's spell with "each" (702.96a), cleave's without the bracketed words (702.148a)
        abilities = variant(name, text, type_line.types, abilities)
    colors = card_colors(mana_cost, obj.get("colorIndicator"))
    for ability in abilities:
        if isinstance(ability, ColorDefining):
            # CR 604.3: characteristic-defining abilities work in every zone.
            if ability.colorless:
                colors = Color(0)  # devoid, 702.114a
            if ability.all_creature_types:
                from components.subtypes import CREATURE_TYPES

                # changeling, 702.73a: every creature type (kept in the CR's alphabetical order)
                extra = tuple(sorted(CREATURE_TYPES - set(type_line.subtypes)))
                type_line = TypeLine(type_line.supertypes, type_line.types, type_line.subtypes + extra)
    produces = 0
    if type_line.types & CardType.LAND:
        for subtype in type_line.subtypes:
            produces |= BASIC_LAND_MANA.get(subtype, 0)
    return CardDef(
        name=name,
        mana_cost=mana_cost,
        colors=colors,
        type_line=type_line,
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        text=text,
        abilities=abilities,
        keywords=keywords,
        produces=produces,
        hand_modifier=hand_modifier,
        life_modifier=life_modifier,
    )


# The fields a card file's objects keep after reading (the rest of an MTGJSON object, printings, rulings,
# foreign data, prices, is dropped at once, so a large file's cards take little memory).
KEPT_FIELDS = frozenset(TEXT_FIELDS + LIST_FIELDS + ("faces", "asciiName"))

CardGroup = tuple[Mapping[str, Any], list[Mapping[str, Any]]]


def name_key(name: str) -> str:
    """A card name as players type it: case, accents, apostrophe and dash variants and punctuation don't
    matter ("Lim-Dul's Vault", "lim dûl’s vault" and "Lim-Dûl's Vault" are the same key)."""
    text = unicodedata.normalize("NFKD", name.replace("Æ", "Ae").replace("æ", "ae"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = _PUNCTUATION.sub(lambda m: " " if m.group(0) in "-–—‐/" else "", text)
    return " ".join(text.split())


_PUNCTUATION = re.compile(r"[^\w\s]")


class CardEntry:
    """One card of a pool: its MTGJSON face objects, compiled on first use and then kept (or the reason
    it can't be compiled). Entries are shared by pools built from one another."""

    __slots__ = ("name", "front", "faces", "where", "external", "cache", "_card", "_error")

    def __init__(self, front: Mapping[str, Any], faces: Sequence[Mapping[str, Any]] = (), where: str = "<cards>",
                 *, external: bool = False, card: CardDef | None = None,
                 error: CardDataError | None = None, cache: CardCache | None = None) -> None:
        self.name = str(front.get("name")) if card is None else card.name
        halves = self.name.split(" // ")
        if front.get("layout") == "reversible_card" and len(set(halves)) == 1:
            self.name = halves[0]  # both sides are the same card, and it has that card's name
        self.front = front
        self.faces = list(faces)
        self.where = where
        self.external = external  # defined by a user's card file (not the built-in pool)
        self.cache = cache  # its card file's compiled cards on disk (content/pool_cache.py), if any
        self._card = card
        self._error = error

    @classmethod
    def compiled(cls, card: CardDef) -> CardEntry:
        return cls({"name": card.name}, card=card)

    @classmethod
    def refused(cls, name: str, reason: str) -> CardEntry:
        return cls({"name": name}, error=UnsupportedCardError(reason))

    def face_names(self) -> list[str]:
        """The names of the faces or halves (CR 709-712), for players who type only one of them."""
        if self._card is not None:
            return [f.name for f in self._card.faces]
        names = [str(f.get("faceName") or f.get("name") or "") for f in (self.front, *self.faces)]
        return names if len(names) > 1 else []

    @property
    def error(self) -> CardDataError | None:
        return self._error

    def card(self) -> CardDef:
        """The compiled card, or the (kept) reason it is refused."""
        if self._card is not None:
            return self._card
        if self._error is None and self.cache is not None:
            stored = self.cache.card(self.name)
            if isinstance(stored, CardDef):
                self._card = stored
                return stored
            self._error = stored
        if self._error is None:
            bug = False
            try:
                self._card = card_from_json(self.front, self.where, self.faces)
            except CardDataError as exc:
                self._error = exc
            except RecursionError:
                self._error = UnsupportedCardError(f"{self.name}: its text is nested too deeply to read")
            except Exception as exc:  # noqa: BLE001 - a compiler bug on odd text refuses the card, not the run
                self._error = UnsupportedCardError(
                    f"{self.name}: the Oracle compiler failed on this card ({type(exc).__name__}: {exc}); "
                    "this is an engine bug, please report it")
                bug = True
            if self.cache is not None and not bug:
                # (a compiler bug is not kept on disk: a fault of this process, an import cycle say, must not refuse
                # the card in every later run too, as it once did until the cache directory was deleted)
                self.cache.add(self.name, self._card or self._error)  # type: ignore[arg-type]
            if self._card is not None:
                return self._card
        raise type(self._error)(str(self._error))  # type: ignore[misc]  # set: compiling failed, now or before

    def objects(self) -> list[Mapping[str, Any]]:
        """The card's JSON objects (front face first), enough to load it again (saves embed them)."""
        return [dict(self.front), *(dict(f) for f in self.faces)]


class CardPool:
    """Cards by name, compiled on first use, plus the cards that could not be supported and why.

    ``get`` takes names as players type them: any case, with or without accents and punctuation
    variants, and either face of a double-faced or split card; an unknown name gets a suggestion."""

    def __init__(self, cards: Iterable[CardDef] = (), unsupported: Mapping[str, str] | None = None) -> None:
        self._entries: dict[str, CardEntry] = {}
        self._aliases: dict[str, str] = {}
        self._keys: dict[str, str] | None = None
        for card in cards:
            self.add(CardEntry.compiled(card))
        for name, reason in (unsupported or {}).items():
            if name not in self._entries:
                self.add(CardEntry.refused(name, reason))

    def add(self, entry: CardEntry) -> None:
        """Add a card; it replaces a card of the same name."""
        self._entries[entry.name] = entry
        self._aliases.pop(entry.name, None)
        faces = entry.face_names()
        if faces:
            full = " // ".join(faces)
            for alias in (full, *faces):
                if alias and alias != entry.name and alias not in self._entries:
                    self._aliases[alias] = entry.name  # 712, 709: the card by either face or its full name
        self._keys = None

    def copy(self) -> CardPool:
        pool = CardPool()
        pool._entries = dict(self._entries)
        pool._aliases = dict(self._aliases)
        return pool

    def entry(self, name: str) -> CardEntry | None:
        """The entry a name means: exact, a face's name, or the same name as players type it."""
        entry = self._entries.get(name)
        if entry is None and name in self._aliases:
            entry = self._entries.get(self._aliases[name])
        if entry is None and isinstance(name, str):
            key = self._name_keys().get(name_key(name))
            entry = self._entries.get(key) if key is not None else None
        return entry

    def _name_keys(self) -> dict[str, str]:
        if self._keys is None:
            keys: dict[str, str] = {}
            for alias, target in self._aliases.items():
                keys[name_key(alias)] = target
            for name in self._entries:
                keys[name_key(name)] = name  # a card's own name wins over another card's face name
            self._keys = keys
        return self._keys

    def holds(self, card: CardDef) -> bool:
        """Is this very card object the pool's card of its name (compiled by this pool, not an equal one)?"""
        entry = self.entry(card.name)
        return entry is not None and entry._card is card

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        entry = self.entry(name)
        return entry is not None and entry.error is None

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        # A pool is true even with no supported card: without this, `pool or default` would call __len__, which
        # compiles every card of the pool (all 30,000 of a user's card file) to count the supported ones.
        return True

    def names(self) -> list[str]:
        """Every card name the pool knows, supported or not (without compiling anything)."""
        return list(self._entries)

    def get(self, name: str) -> CardDef:
        entry = self.entry(name)
        if entry is None:
            raise CardDataError(f"unknown card {name!r}{self.suggestion(name)}")
        return entry.card()

    def suggestion(self, name: str) -> str:
        """'; did you mean ...?' for an unknown name, or ''."""
        import difflib  # only for an unknown name (start-up: issue 11)

        keys = self._name_keys()
        close = difflib.get_close_matches(name_key(str(name)), list(keys), n=3, cutoff=0.75)
        names = list(dict.fromkeys(keys[k] for k in close))
        return f"; did you mean {' or '.join(map(repr, names))}?" if names else ""

    @property
    def cards(self) -> dict[str, CardDef]:
        """Every supported card by name (compiles the whole pool; DFCs also under 'Front // Back')."""
        out: dict[str, CardDef] = {}
        for entry in self._entries.values():
            with contextlib.suppress(CardDataError):
                card = entry.card()
                out[card.name] = card
        for card in list(out.values()):
            if card.layout in ("transform", "modal_dfc") and len(card.faces) == 2:
                out.setdefault(f"{card.faces[0].name} // {card.faces[1].name}", card)  # its full name (712)
        return out

    @property
    def unsupported(self) -> dict[str, str]:
        """The cards that can't be supported, with the reason (compiles the whole pool)."""
        out: dict[str, str] = {}
        for name, entry in self._entries.items():
            try:
                entry.card()
            except CardDataError as exc:
                out[name] = str(exc)
        return out

    def external_objects(self, cards: Iterable[CardDef]) -> list[Mapping[str, Any]]:
        """The JSON objects of those cards that came from a user's card file (not the built-in pool), so
        that a save or a worker process can load exactly the same cards again."""
        out: list[Mapping[str, Any]] = []
        seen: set[str] = set()
        for card in cards:
            entry = self.entry(card.name)
            if entry is not None and entry.external and entry.name not in seen and entry._card is card:
                seen.add(entry.name)
                out.extend(entry.objects())
        return out

    def with_entries(self, entries: Iterable[CardEntry]) -> CardPool:
        """A new pool where these entries win over cards of the same name (compiled when first used)."""
        pool = self.copy()
        for entry in entries:
            pool.add(entry)
        return pool

    def with_cards(self, objects: Iterable[Mapping[str, Any]], source: str, *, external: bool = False) -> CardPool:
        """A new pool where the given card objects win over cards of the same name; every one of them is
        compiled now and the first that can't be is raised."""
        entries = [CardEntry(front, faces, f"{source}[{i}]", external=external)
                   for i, (front, faces) in enumerate(card_groups(list(objects), source))]
        for entry in entries:
            entry.card()
        return self.with_entries(entries)


def load_card_file(path: str | Path, *, strict: bool = True) -> CardPool:
    """Load a card file now, every card compiled (``strict``: the first unsupported card is raised;
    otherwise it is kept in ``unsupported`` with its reason). Any MTGJSON shape, see content/card_files.py."""
    from content.card_files import read_card_entries

    pool = CardPool()
    for entry in read_card_entries(path):
        pool.add(entry)
    for entry in pool._entries.values():
        try:
            entry.card()
        except UnsupportedCardError:
            if strict:
                raise
        except CardDataError:
            if strict:
                raise
    return pool


class FaceJoiner:
    """Groups card objects into cards. MTGJSON set files, AllPrintings and lists give each face of a split,
    adventure, flip or double-faced card as its own object with the full ``name`` ("Turn // Burn"), a
    ``faceName`` and a ``side``; those join into one card, and printings of a card collapse to one (the
    first read). Also read: one object holding ``"faces": [...]`` (halves in order), and a back face given
    as ``"face": "back", "front": NAME`` (the project's own card lists)."""

    def __init__(self) -> None:
        self._cards: dict[str, dict[str, Mapping[str, Any]]] = {}
        self._where: dict[str, str] = {}
        self._backs: list[tuple[Mapping[str, Any], str]] = []

    def add(self, obj: Any, where: str) -> None:
        if not isinstance(obj, Mapping):
            raise CardDataError(f"{where}: a card must be an object, got {_json_type(obj)}")
        name = obj.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CardDataError(f"{where}: a card needs a 'name' (text), got {name!r:.40}")
        faces = obj.get("faces")
        if isinstance(faces, list) and faces:
            if not all(isinstance(f, Mapping) for f in faces):
                raise CardDataError(f"{where}: card {name!r}: field 'faces' must be a list of objects")
            halves = [slim(f) for f in faces]
            halves[0] = {**halves[0], "name": name, "layout": obj.get("layout", halves[0].get("layout"))}
            if name not in self._cards:
                self._cards[name] = {str(i): h for i, h in enumerate(halves)}
                self._where[name] = where
            return
        if obj.get("face") == "back" and isinstance(obj.get("front"), str):
            self._backs.append((slim(obj), where))
            return
        side = obj.get("side")
        side_key = side if isinstance(side, str) else ""
        faces_of = self._cards.setdefault(name, {})
        self._where.setdefault(name, where)
        faces_of.setdefault(side_key, slim(obj))  # the first printing of each face is kept

    def add_atomic(self, name: str, faces: Any, where: str) -> None:
        """One AtomicCards entry ``name: [face, ...]``."""
        if not isinstance(faces, list) or not faces or not all(isinstance(f, Mapping) for f in faces):
            raise CardDataError(f"{where}: data[{name!r}] must be a non-empty list of card objects")
        for face in faces:
            self.add(face if isinstance(face.get("name"), str) else {**face, "name": name}, where)

    def groups(self) -> list[tuple[CardGroup, str]]:
        by_front = {name.split(" // ")[0]: name for name in self._cards}
        for back, where in self._backs:
            front = str(back["front"])
            faces = self._cards.get(front) or self._cards.get(by_front.get(front, ""))
            if faces is not None and "b" not in faces:
                faces["b"] = back
            else:
                self._cards.setdefault(str(back["name"]), {"": back})
                self._where.setdefault(str(back["name"]), where)
        self._backs = []
        out: list[tuple[CardGroup, str]] = []
        for name, by_side in self._cards.items():
            ordered = [by_side[k] for k in sorted(by_side)]
            first, rest = ordered[0], ordered[1:]
            if first.get("layout") == "reversible_card":
                rest = []  # both sides are the same card
            out.append(((first, rest), self._where[name]))
        return out


def slim(obj: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if k in KEPT_FIELDS}


def card_groups(data: Any, where: str = "<cards>") -> list[CardGroup]:
    """(front face, other faces) per card, from parsed JSON in any shape content/card_files.py reads."""
    from content.card_files import groups_from_json

    return [group for group, _ in groups_from_json(data, where)]


@functools.cache
def builtin_pool() -> CardPool:
    """The built-in card pool shipped in ``content/cards`` (each card compiled when first used)."""
    from content.card_files import read_card_entries

    pool = CardPool()
    for entry in read_card_entries(BUILTIN_CARDS, external=False):
        pool.add(entry)
    return pool
