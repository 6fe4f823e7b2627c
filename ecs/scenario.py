"""Scenario files: set a board, take actions, check the outcome (the Forge/XMage test style, as data).

A scenario is one YAML or JSON file; the format is described in README.md. ``run_paths`` runs
files and folders. An invalid file (unknown keys, cards, ids or steps; impossible set-ups) is
reported with the file and the field; a failed expectation names what differed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from components.abilities import ActivatedAbility, Layer, PermanentFilter
from components.card import CardDef
from components.characteristics import CardType, Color, Supertype
from components.keywords import KEYWORD_NAMES, Keyword
from components.objects import CardObject, ContinuousEffect, InZone, Step, Zone
from content.card_pool import CardPool, builtin_pool
from ecs.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    AssignDamage,
    CastSpell,
    Choose,
    ChooseColor,
    ChooseType,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
    Keep,
    Mulligan,
    PassPriority,
    PlayLand,
)
from ecs.errors import IllegalActionError, MtgError, ScenarioError
from ecs.game import Game
from ecs.table import COLUMNS
from systems.counters import add_counters, counters_on
from systems.layers import subtypes_of
from systems.mana import parse_pool
from systems.zones import create_card

SUFFIXES = (".yaml", ".yml", ".json")
TOP_KEYS = {"name", "cards", "players", "turn", "actions", "expect", "description", "effects"}
EFFECT_LAYERS = {"copy": Layer.COPY, "control": Layer.CONTROL, "text": Layer.TEXT, "type": Layer.TYPE,
                 "color": Layer.COLOR, "ability": Layer.ABILITY, "pt_cda": Layer.PT_CDA, "pt_set": Layer.PT_SET,
                 "pt_modify": Layer.PT_MODIFY, "pt_switch": Layer.PT_SWITCH}
EFFECT_KEYS = {"layer", "source", "targets", "affects", "timestamp", "until_end_of_turn", "cda", "copy_of",
               "new_controller", "text_from", "text_to", "types_add", "types_remove", "supertypes_add",
               "supertypes_remove", "subtypes_add", "subtypes_replace", "colors_set", "colors_add", "keywords_add",
               "keywords_remove", "lose_all_abilities", "power", "toughness"}
FILTER_KEYS = {"types_any", "types_all", "types_none", "subtypes_any", "supertypes_any", "supertypes_none",
               "colors_any", "colors_none", "keywords_any", "keywords_none", "controller", "exclude_source", "token"}
PLAYER_KEYS = {"name", "life", "poison", "energy", "library", "hand", "graveyard", "exile", "command", "battlefield",
               "mana_pool", "vanguard"}
ZONE_KEYS = {"library": Zone.LIBRARY, "hand": Zone.HAND, "graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE,
             "command": Zone.COMMAND, "battlefield": Zone.BATTLEFIELD}
ENTRY_KEYS = {"card", "id", "token", "copy", "named"}  # named: a hidden agenda's chosen name(s) (702.106a)
PERMANENT_KEYS = ENTRY_KEYS | {"tapped", "sick", "counters", "damage", "attached_to", "copy"}
TURN_KEYS = {"number", "active", "step"}
ACTION_KINDS = {"cast", "pass", "pass_until", "attack", "block", "play", "activate", "choose", "assign", "move",
                "tap_for_mana"}
ACTION_KEYS = ACTION_KINDS | {"choice", "color", "player", "targets", "illegal", "mana", "ability", "x", "cost", "to", "sacrifice", "discard",
                              "face", "tap"}
OBJECT_EXPECT_KEYS = {"object", "power", "toughness", "tapped", "counters", "damage", "zone", "controller",
                      "owner", "types", "has", "lacks", "sick", "name", "attacking", "blocking", "loyalty",
                      "colors", "subtypes", "supertypes", "attached_to"}
COLOR_NAMES = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
PLAYER_EXPECT_KEYS = {"player", "life", "poison", "energy", "hand_count", "library_count", "graveyard_count", "lost"}
ZONE_EXPECT_KEYS = {"zone", "cards", "contains", "count"}
STEPS = {s.label: s for s in Step}


class ExpectationFailed(Exception):
    """An expectation did not hold (a FAIL, not an invalid file)."""


@dataclass
class ScenarioResult:
    file: str
    name: str
    passed: bool
    failure: str = ""
    invalid: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "name": self.name, "passed": self.passed, "failure": self.failure}


@dataclass
class ScenarioOutcome:
    results: list[ScenarioResult] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.results)

    @property
    def failed(self) -> int:
        return sum(not r.passed for r in self.results)

    @property
    def invalid(self) -> int:
        return sum(r.invalid for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "failed": self.failed, "invalid": self.invalid,
                "results": [r.to_json() for r in self.results]}


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files of these files and folders; a folder without any, or a path that does not exist,
    is a ScenarioError (exit 2: nothing was tested)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES and f.is_file())
            if not found:
                raise ScenarioError(f"{p}: no scenario files (*.yaml, *.yml, *.json) in this folder")
            out.extend(found)
        elif not p.exists():
            raise ScenarioError(f"{p}: no such scenario file or folder")
        else:
            out.append(p)
    return out


def run_paths(paths: Iterable[str | Path]) -> ScenarioOutcome:
    outcome = ScenarioOutcome()
    for path in scenario_files(paths):
        outcome.results.append(run_file(path))
    return outcome


def load_file(path: Path) -> dict[str, Any]:
    from ecs.input_files import check_nesting, parse_json, read_text

    if path.suffix not in SUFFIXES:
        raise ScenarioError(f"{path}: a scenario file must end in .yaml, .yml or .json")
    try:
        text = read_text(path, "scenario file")
        if path.suffix == ".json":
            data = parse_json(text, path, "scenario file")
        else:
            check_nesting(text, path, "scenario file")
            data = yaml.safe_load(text)
    except MtgError as exc:
        raise ScenarioError(str(exc)) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: not valid YAML: {exc}") from None
    except (RecursionError, ValueError, OverflowError) as exc:  # YAML nested too deeply, or a bad date
        raise ScenarioError(f"{path}: not a valid YAML scenario: {type(exc).__name__}: {exc!s:.200}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: the file must hold one scenario (a mapping)")
    return data


def run_file(path: str | Path) -> ScenarioResult:
    path = Path(path)
    name = path.stem
    try:
        data = load_file(path)
        name = str(data.get("name", name))
        if "replay" in data:  # a game replayed step by step under the fuzz's invariants (ecs/fuzz.py)
            from ecs.fuzz import run_replay_scenario

            run_replay_scenario(data, str(path))
            return ScenarioResult(str(path), name, True)
        scenario = Scenario(data, str(path))
        scenario.run()
    except (ScenarioError, MtgError) as exc:  # MtgError: a card file, deck or number refused while setting up
        return ScenarioResult(str(path), name, False, str(exc), invalid=True)
    except ExpectationFailed as exc:
        return ScenarioResult(str(path), name, False, str(exc))
    return ScenarioResult(str(path), name, True)


MAX_NUMBER = 2**31 - 1  # life, counters, damage and rounds beyond this are typos, and overflow the table


def _integer(where: str, value: Any, minimum: int | None = None, what: str = "an integer") -> int:
    """A number field: 'must be an integer' (and its lower bound), nothing else."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: must be {what}, got {value!r:.40}")
    low = -MAX_NUMBER if minimum is None else minimum
    if not low <= value <= MAX_NUMBER:
        bound = f"from {low} to {MAX_NUMBER}" if minimum is not None else f"between -{MAX_NUMBER} and {MAX_NUMBER}"
        raise ScenarioError(f"{where}: must be {what} {bound}, got {value!r:.40}")
    return value


def _check_keys(where: str, obj: Any, allowed: set[str], required: Sequence[str] = ()) -> None:
    if not isinstance(obj, Mapping):
        raise ScenarioError(f"{where}: expected a mapping, got {obj!r:.80}")
    unknown = sorted(map(str, set(obj) - allowed))
    if unknown:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} "
                            f"(allowed: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in obj:
            raise ScenarioError(f"{where}: missing required key {key!r}")


def state_fingerprint(game: Game) -> str:
    """Everything observable about a game, as text: equal fingerprints mean an unchanged game."""
    game.refresh_layers()
    t = game.table
    parts: list[Any] = [game.turn, game.active, int(game.step), game.priority, game.progress.passes, game.progress.tba_index,
                        repr(game.pending), list(game.stack), len(game.effects), game.result]
    parts.append([(s.life, s.poison, s.lands_played, s.lost, list(s.mana_pool)) for s in game.player_states])
    parts.append([{int(z): list(cards) for z, cards in zones.items()} for zones in game.zones])
    for name in COLUMNS:
        parts.append(t.view(name).tolist())
    parts.append(sorted(game.counters.items()))
    parts.append(repr(game.combat))
    return repr(parts)


class Scenario:
    """One scenario file, set up as a Game."""

    def __init__(self, data: dict[str, Any], source: str, *, mana_at_priority: bool = True) -> None:
        self.data = data
        self.source = source
        _check_keys(source, data, TOP_KEYS, ("name", "players"))
        pool = builtin_pool()
        cards = data.get("cards") or []
        if not isinstance(cards, list):
            raise ScenarioError(f"{source}: field 'cards' must be a list of card objects or card files")
        # A text item is a card file in any MTGJSON shape (content/card_files.py), relative to this file.
        files = [Path(source).parent / c for c in cards if isinstance(c, str)]
        objects = [c for c in cards if not isinstance(c, str)]
        try:
            if files:
                from content.card_files import load_card_files

                pool = load_card_files(files, pool)
            self.pool: CardPool = pool.with_cards(objects, f"{source}: cards") if objects else pool
        except MtgError as exc:
            raise ScenarioError(f"{source}: cards: {exc}" if source not in str(exc) else str(exc)) from None
        players = data["players"]
        if not isinstance(players, list) or len(players) < 2:
            raise ScenarioError(f"{source}: field 'players' must list two or more players (CR 103.1)")
        names: list[str] = []
        for i, p in enumerate(players):
            _check_keys(f"{source}: players[{i}]", p, PLAYER_KEYS, ("name",))
            names.append(str(p["name"]))
        if len(set(names)) != len(names):
            raise ScenarioError(f"{source}: players: player names must be different")
        self.player_index = {n: i for i, n in enumerate(names)}
        self.ids: dict[str, int] = {}
        # 605.3a: in scenarios, as in human play, mana abilities may be activated whenever a player has priority.
        self.game = Game(names, seed=0, auto_pass=False, max_turns=10_000, mana_at_priority=mana_at_priority)
        self.game.card_names = tuple(sorted(self.pool.cards))  # "choose a card name" (201.4)
        self.pending_attachments: list[tuple[str, int, Any]] = []
        for i, p in enumerate(players):
            self._setup_player(i, p)
        for where, ent, ref in self.pending_attachments:
            if not isinstance(ref, str) or ref not in self.ids:
                raise ScenarioError(f"{where}.attached_to: {ref!r} is not an id given in the set-up")
            self.game.table.attach(ent, self.ids[ref])
        effects = data.get("effects") or []
        if not isinstance(effects, list):
            raise ScenarioError(f"{source}: field 'effects' must be a list")
        for i, e in enumerate(effects):
            self._setup_effect(f"{source}: effects[{i}]", e)
        self._setup_turn(data.get("turn") or {})
        actions = data.get("actions") or []
        expect = data.get("expect") or []
        if not isinstance(actions, list):
            raise ScenarioError(f"{source}: field 'actions' must be a list")
        if not isinstance(expect, list):
            raise ScenarioError(f"{source}: field 'expect' must be a list")
        self.actions = actions
        self.expect = expect
        for i, a in enumerate(actions):
            self._validate_action(f"{source}: actions[{i}]", a)
        for i, e in enumerate(expect):
            self._validate_expectation(f"{source}: expect[{i}]", e)

    # ------------------------------------------------------------------ set-up

    def _card(self, where: str, name: Any) -> CardDef:
        if not isinstance(name, str):
            raise ScenarioError(f"{where}: a card name must be text, got {name!r}")
        try:
            return self.pool.get(name)
        except MtgError as exc:
            raise ScenarioError(f"{where}: {exc}") from None

    def _setup_player(self, index: int, p: Mapping[str, Any]) -> None:
        game = self.game
        where = f"{self.source}: players[{index}]"
        state = game.player_states[index]
        if "vanguard" in p:
            # CR 902.3-902.5: a vanguard in the command zone sets the starting life total and hand sizes;
            # an explicit 'life' below still wins.
            from systems.command_zone import put_vanguard

            card = self._card(f"{where}.vanguard", p["vanguard"])
            try:
                put_vanguard(game, card, index)
            except ValueError as exc:
                raise ScenarioError(f"{where}.vanguard: {exc}") from None
        for key in ("life", "poison", "energy"):
            if key in p:
                _integer(f"{where}.{key}", p[key], None if key == "life" else 0)
                setattr(state, key, p[key])
        if "mana_pool" in p:
            try:
                state.mana_pool[:] = parse_pool(str(p["mana_pool"]))
            except ValueError as exc:
                raise ScenarioError(f"{where}.mana_pool: {exc}") from None
        for key, zone in ZONE_KEYS.items():
            entries = p.get(key) or []
            if not isinstance(entries, list):
                raise ScenarioError(f"{where}.{key}: must be a list")
            for j, entry in enumerate(entries):
                self._setup_entry(f"{where}.{key}[{j}]", index, zone, entry)

    def _setup_entry(self, where: str, player: int, zone: Zone, entry: Any) -> None:
        game = self.game
        if isinstance(entry, str):
            entry = {"card": entry}
        _check_keys(where, entry, PERMANENT_KEYS if zone == Zone.BATTLEFIELD else ENTRY_KEYS, ("card",))
        card = self._card(f"{where}.card", entry["card"])
        if card.type_bits & (CardType.CONSPIRACY | CardType.VANGUARD) or "named" in entry:
            self._setup_command_card(where, player, zone, card, entry)
            return
        token = bool(entry.get("token", False))
        if token and zone != Zone.BATTLEFIELD:
            raise ScenarioError(f"{where}.token: a token can only be set up on the battlefield (CR 111.7)")
        if zone == Zone.BATTLEFIELD and not card.type_bits & (
            CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.LAND
            | CardType.PLANESWALKER | CardType.BATTLE
        ):
            raise ScenarioError(f"{where}.card: {card.name} is not a permanent card (CR 110.4a)")
        ent = create_card(game, card, player, zone, token=token)
        if entry.get("copy"):
            co = game.obj(ent)
            # a copy of a card (CR 707.12); 704.5e applies outside its zones
            game.world.add(ent, CardObject(co.card, co.owner, co.is_token, True, co.printed))
            if zone != Zone.BATTLEFIELD:
                game.tokens_adrift = True
        if zone == Zone.BATTLEFIELD:
            t = game.table
            t.set_sick(ent, bool(entry.get("sick", False)))
            if entry.get("tapped", False):
                t.tap(ent)
            else:
                t.untap(ent)
            damage = entry.get("damage", 0)
            _integer(f"{where}.damage", damage, 0)
            if damage:
                t.mark_damage(np.array([t.row_of[ent]]), [damage])
            counters = entry.get("counters") or {}
            if not isinstance(counters, Mapping):
                raise ScenarioError(f"{where}.counters: must map counter kind to number")
            for kind, n in counters.items():
                _integer(f"{where}.counters.{kind}", n, 0)
                if kind == "loyalty":
                    # Replace the printed loyalty it entered with.
                    from systems.counters import counter_count, remove_counters

                    remove_counters(game, ent, "loyalty", counter_count(game, ent, "loyalty"))
                add_counters(game, ent, str(kind), n)
        if "attached_to" in entry:
            self.pending_attachments.append((where, ent, entry["attached_to"]))
        if "id" in entry:
            ident = str(entry["id"])
            if ident in self.ids or ident in self.player_index:
                raise ScenarioError(f"{where}.id: id {ident!r} is used twice")
            self.ids[ident] = ent

    def _setup_command_card(self, where: str, player: int, zone: Zone, card: CardDef, entry: Mapping[str, Any]) -> None:
        """A conspiracy in the command zone (CR 315.2-315.3), face down with its chosen name(s) if it has
        hidden agenda (702.106a, ``named``). Vanguards are set up with the player's 'vanguard' key."""
        from systems.command_zone import agenda_names, put_conspiracy

        if zone != Zone.COMMAND or not card.type_bits & CardType.CONSPIRACY:
            raise ScenarioError(f"{where}.card: only a conspiracy goes into 'command' entries here, and a "
                                f"conspiracy only into the command zone (CR 315.3); use 'vanguard' for vanguards")
        named = entry.get("named")
        names = None if named is None else ([named] if isinstance(named, str) else list(named))
        if names is None and agenda_names(card):
            raise ScenarioError(f"{where}.named: {card.name} has a hidden agenda: give the chosen card name(s)")
        try:
            ent = put_conspiracy(self.game, card, player, names)
        except ValueError as exc:
            raise ScenarioError(f"{where}.named: {exc}") from None
        if "id" in entry:
            ident = str(entry["id"])
            if ident in self.ids or ident in self.player_index:
                raise ScenarioError(f"{where}.id: id {ident!r} is used twice")
            self.ids[ident] = ent

    def _bits(self, where: str, names: Any, enum_type: Any) -> int:
        if not isinstance(names, list):
            raise ScenarioError(f"{where}: expected a list of names")
        out = 0
        for name in names:
            key = str(name).upper().replace(" ", "_")
            if enum_type is Keyword:
                bit = KEYWORD_NAMES.get(str(name).lower())
                if bit is None:
                    raise ScenarioError(f"{where}: unknown keyword {name!r}")
                out |= int(bit)
            elif key in enum_type.__members__:
                out |= int(enum_type[key])
            elif enum_type is Color and str(name).lower() in COLOR_NAMES:
                out |= COLOR_NAMES[str(name).lower()]
            else:
                raise ScenarioError(f"{where}: unknown {enum_type.__name__} {name!r}")
        return out

    def _filter(self, where: str, spec: Any) -> PermanentFilter:
        _check_keys(where, spec, FILTER_KEYS)
        kw: dict[str, Any] = {}
        for key, value in spec.items():
            if key in ("types_any", "types_all", "types_none"):
                kw[key] = self._bits(f"{where}.{key}", value, CardType)
            elif key in ("supertypes_any", "supertypes_none"):
                kw[key] = self._bits(f"{where}.{key}", value, Supertype)
            elif key in ("colors_any", "colors_none"):
                kw[key] = self._bits(f"{where}.{key}", value, Color)
            elif key in ("keywords_any", "keywords_none"):
                kw[key] = self._bits(f"{where}.{key}", value, Keyword)
            elif key == "subtypes_any":
                kw[key] = tuple(str(v) for v in value)
            elif key == "controller":
                if value not in ("you", "opponent", "any"):
                    raise ScenarioError(f"{where}.controller: must be you, opponent or any")
                kw[key] = value
            else:
                kw[key] = value
        return PermanentFilter(**kw)

    def _setup_effect(self, where: str, e: Any) -> None:
        """A continuous effect set up directly (CR 611), for boards no card in the pool makes."""
        from systems.layers import add_effect

        _check_keys(where, e, EFFECT_KEYS, ("layer", "source"))
        if e["layer"] not in EFFECT_LAYERS:
            raise ScenarioError(f"{where}.layer: unknown layer {e['layer']!r} ({', '.join(EFFECT_LAYERS)})")
        if ("targets" in e) == ("affects" in e):
            raise ScenarioError(f"{where}: give exactly one of 'targets' (locked in) or 'affects' (a filter)")
        src = e["source"]
        if src not in self.ids:
            raise ScenarioError(f"{where}.source: {src!r} is not an id given in the set-up")
        source = self.ids[src]
        game = self.game
        controller = game.obj(source).owner
        if source in game.table.row_of:
            controller = game.table.get(source, "base_controller")
        fields: dict[str, Any] = {"layer": EFFECT_LAYERS[e["layer"]], "source": source, "controller": controller,
                                  "until_end_of_turn": bool(e.get("until_end_of_turn", False)),
                                  "cda": bool(e.get("cda", False))}
        ts = e.get("timestamp")
        if ts is not None:
            _integer(f"{where}.timestamp", ts)
        fields["timestamp"] = ts if ts is not None else game.new_timestamp()
        if "targets" in e:
            refs = e["targets"]
            if not isinstance(refs, list) or any(r not in self.ids for r in refs):
                raise ScenarioError(f"{where}.targets: must list ids given in the set-up")
            fields["fixed"] = tuple(self.ids[r] for r in refs)
            fields["from_static"] = False
        else:
            fields["affected"] = self._filter(f"{where}.affects", e["affects"])
            fields["from_static"] = True
        for key in ("types_add", "types_remove"):
            if key in e:
                fields[key] = self._bits(f"{where}.{key}", e[key], CardType)
        for key in ("supertypes_add", "supertypes_remove"):
            if key in e:
                fields[key] = self._bits(f"{where}.{key}", e[key], Supertype)
        for key in ("keywords_add", "keywords_remove"):
            if key in e:
                fields[key] = self._bits(f"{where}.{key}", e[key], Keyword)
        if "colors_set" in e:
            fields["colors_set"] = self._bits(f"{where}.colors_set", e["colors_set"], Color)
        if "colors_add" in e:
            fields["colors_add"] = self._bits(f"{where}.colors_add", e["colors_add"], Color)
        if "subtypes_add" in e:
            fields["subtypes_add"] = tuple(str(v) for v in e["subtypes_add"])
        for key in ("subtypes_replace", "lose_all_abilities"):
            if key in e:
                fields[key] = bool(e[key])
        for key in ("power", "toughness"):
            if key in e:
                _integer(f"{where}.{key}", e[key])
                fields[key] = e[key]
        for key in ("text_from", "text_to"):
            if key in e:
                fields[key] = str(e[key])
        if "copy_of" in e:
            fields["copy_of"] = self._card(f"{where}.copy_of", e["copy_of"])
        if "new_controller" in e:
            if e["new_controller"] not in self.player_index:
                raise ScenarioError(f"{where}.new_controller: unknown player {e['new_controller']!r}")
            fields["new_controller"] = self.player_index[e["new_controller"]]
        add_effect(game, ContinuousEffect(**fields))

    def _setup_turn(self, turn: Mapping[str, Any]) -> None:
        where = f"{self.source}: turn"
        _check_keys(where, turn, TURN_KEYS)
        game = self.game
        number = turn.get("number", 1)
        _integer(f"{where}.number", number, 1)
        active = turn.get("active", next(iter(self.player_index)))
        if active not in self.player_index:
            raise ScenarioError(f"{where}.active: unknown player {active!r}")
        step = self._step(f"{where}.step", turn.get("step", "precombat_main"))
        game.turn = number
        game.active = self.player_index[active]
        game.starting_player = game.active  # only matters on turn 1 (CR 103.8a)
        game.step = step
        game.priority = game.active
        game.progress.tba_index = 0
        game.table.mark_changed()
        game.advance()

    def _step(self, where: str, value: Any) -> Step:
        if value not in STEPS:
            raise ScenarioError(f"{where}: unknown step {value!r} (steps: {', '.join(STEPS)})")
        return STEPS[value]

    # ------------------------------------------------------------------ validation

    def _known_ref(self, where: str, ref: Any) -> None:
        if not isinstance(ref, str):
            raise ScenarioError(f"{where}: a reference must be text, got {ref!r}")
        if ref in self.ids or ref in self.player_index:
            return
        name = ref.split(":", 1)[1] if ":" in ref and ref.split(":", 1)[0] in self.player_index else ref
        if name not in self.pool:
            raise ScenarioError(f"{where}: {ref!r} is not an id, a player or a known card name")

    def _validate_action(self, where: str, a: Any) -> None:
        _check_keys(where, a, ACTION_KEYS)
        kinds = [k for k in ACTION_KINDS if k in a]
        if len(kinds) != 1:
            raise ScenarioError(f"{where}: an action needs exactly one of {', '.join(sorted(ACTION_KINDS))}")
        if "player" in a and a["player"] not in self.player_index:
            raise ScenarioError(f"{where}.player: unknown player {a['player']!r}")
        kind = kinds[0]
        if kind == "move":
            self._known_ref(f"{where}.move", a["move"])
            if a.get("to") not in ZONE_KEYS:
                raise ScenarioError(f"{where}.to: a zone name ({', '.join(ZONE_KEYS)}) is required")
        if kind not in ("pass", "pass_until", "move") and "player" not in a:
            raise ScenarioError(f"{where}: {kind!r} needs 'player'")
        if kind == "pass_until":
            step = self._step(f"{where}.pass_until", a["pass_until"])
            if step in (Step.UNTAP, Step.CLEANUP):
                raise ScenarioError(f"{where}.pass_until: no player gets priority in the {step.label} step")
        if kind == "pass" and a["pass"] is not True:
            _integer(f"{where}.pass", a["pass"], 1, "true (with player) or an integer")
        if kind == "play" and "face" in a:
            _integer(f"{where}.face", a["face"], 0)
        if kind == "pass" and a["pass"] is True and "player" not in a:
            raise ScenarioError(f"{where}: 'pass: true' needs 'player'")
        if kind in ("cast", "play") and a[kind] not in self.ids:
            self._card(f"{where}.{kind}", a[kind])
        if kind == "tap_for_mana":
            self._known_ref(f"{where}.tap_for_mana", a["tap_for_mana"])
        if kind == "activate":
            self._known_ref(f"{where}.activate", a["activate"])
            if "ability" in a:
                _integer(f"{where}.ability", a["ability"], 1)
        for ref in a.get("targets") or []:
            self._known_ref(f"{where}.targets", ref)
        if kind == "attack":
            spec = a["attack"]
            if isinstance(spec, list):
                for ref in spec:
                    self._known_ref(f"{where}.attack", ref)
            elif isinstance(spec, Mapping):
                for k, v in spec.items():
                    self._known_ref(f"{where}.attack", k)
                    self._known_ref(f"{where}.attack.{k}", v)
            else:
                raise ScenarioError(f"{where}.attack: must be a list of attackers or a mapping attacker -> defender")
        if kind == "block":
            if not isinstance(a["block"], Mapping) and a["block"] != []:
                raise ScenarioError(f"{where}.block: must map blocker -> attacker")
            for k, v in (a["block"] or {}).items():
                self._known_ref(f"{where}.block", k)
                self._known_ref(f"{where}.block.{k}", v)
        if kind == "assign":
            if not isinstance(a["assign"], Mapping):
                raise ScenarioError(f"{where}.assign: must map attacker -> {{recipient: amount}}")
            for k, v in a["assign"].items():
                self._known_ref(f"{where}.assign", k)
                if not isinstance(v, Mapping):
                    raise ScenarioError(f"{where}.assign.{k}: must map recipient -> amount")
                for r, n in v.items():
                    self._known_ref(f"{where}.assign.{k}", r)
                    _integer(f"{where}.assign.{k}.{r}", n, 0)

    def _validate_expectation(self, where: str, e: Any) -> None:
        if not isinstance(e, Mapping):
            raise ScenarioError(f"{where}: expected a mapping")
        if "object" in e:
            _check_keys(where, e, OBJECT_EXPECT_KEYS)
            self._known_ref(f"{where}.object", e["object"])
            for key in ("has", "lacks"):
                for kw in e.get(key) or []:
                    if str(kw).lower() not in KEYWORD_NAMES:
                        raise ScenarioError(f"{where}.{key}: unknown keyword {kw!r}")
            if "zone" in e and e["zone"] not in ZONE_KEYS and e["zone"] != "stack":
                raise ScenarioError(f"{where}.zone: unknown zone {e['zone']!r}")
            if "types" in e:
                for ty in e["types"]:
                    if str(ty).upper() not in CardType.__members__:
                        raise ScenarioError(f"{where}.types: unknown card type {ty!r}")
        elif "player" in e:
            _check_keys(where, e, PLAYER_EXPECT_KEYS)
            if e["player"] not in self.player_index:
                raise ScenarioError(f"{where}.player: unknown player {e['player']!r}")
        elif "zone" in e:
            _check_keys(where, e, ZONE_EXPECT_KEYS)
            self._zone_ref(f"{where}.zone", e["zone"])
            if sum(k in e for k in ("cards", "contains", "count")) != 1:
                raise ScenarioError(f"{where}: a zone expectation needs one of cards, contains, count")
        elif "stack" in e:
            _check_keys(where, e, {"stack"})
        elif "turn" in e:
            _check_keys(where, e, {"turn"})
            _check_keys(f"{where}.turn", e["turn"], TURN_KEYS)
            if "step" in e["turn"]:
                self._step(f"{where}.turn.step", e["turn"]["step"])
            if "active" in e["turn"] and e["turn"]["active"] not in self.player_index:
                raise ScenarioError(f"{where}.turn.active: unknown player {e['turn']['active']!r}")
        elif "result" in e:
            _check_keys(where, e, {"result"})
            _check_keys(f"{where}.result", e["result"], {"winner", "draw", "lost"})
        elif "pending" in e:
            _check_keys(where, e, {"pending"})
            _check_keys(f"{where}.pending", e["pending"], {"player", "kind"})
        else:
            raise ScenarioError(f"{where}: unknown expectation (use object, player, zone, stack, turn, result "
                                f"or pending)")

    def _zone_ref(self, where: str, ref: Any) -> tuple[int, Zone]:
        if not isinstance(ref, str) or "." not in ref:
            raise ScenarioError(f"{where}: expected PLAYER.ZONE such as 'bob.graveyard', got {ref!r}")
        player, zone = ref.split(".", 1)
        if player not in self.player_index:
            raise ScenarioError(f"{where}: unknown player {player!r}")
        if zone not in ZONE_KEYS:
            raise ScenarioError(f"{where}: unknown zone {zone!r}")
        return self.player_index[player], ZONE_KEYS[zone]

    # ------------------------------------------------------------------ references

    def resolve(self, ref: str, *, zone: Zone | None = None, player: int | None = None) -> int:
        """An entity (object or player) for a reference; ExpectationFailed if it names nothing now."""
        game = self.game
        if ref in self.ids:
            ent = self.ids[ref]
            if not game.world.exists(ent) or game.world.try_get(ent, CardObject) is None:
                raise ExpectationFailed(f"{ref!r} no longer exists: it changed zones (CR 400.7)")
            return ent
        if ref in self.player_index:
            return game.players[self.player_index[ref]]
        if ":" in ref and ref.split(":", 1)[0] in self.player_index:
            owner, name = ref.split(":", 1)
            player = self.player_index[owner]
        else:
            name = ref
        matches = self._objects_named(name, zone, player)
        if len(matches) != 1:
            place = "on the battlefield and the stack" if zone is None and player is None else "there"
            raise ExpectationFailed(f"{ref!r} names {len(matches)} objects {place}; it must name exactly one")
        return matches[0]

    def _objects_named(self, name: str, zone: Zone | None, player: int | None) -> list[int]:
        game = self.game
        if zone is None and player is None:
            # A name alone means an object on the battlefield or a spell on the stack (a target "by name").
            on_stack = [e for e in game.stack
                        if game.world.try_get(e, CardObject) is not None and game.card(e).name == name]
            return [e for e in game.battlefield() if game.card(e).name == name] + on_stack
        out: list[int] = []
        zones = [zone] if zone is not None else list(ZONE_KEYS.values()) + [Zone.STACK]
        players = [player] if player is not None else range(game.num_players)
        from systems.zones import zone_cards

        for p in players:
            for z in zones:
                out.extend(e for e in zone_cards(game, p, z) if game.card(e).name == name)
        return out

    # ------------------------------------------------------------------ actions

    def run(self) -> None:
        for i, a in enumerate(self.actions):
            self._run_action(f"actions[{i}]", a)
        for i, e in enumerate(self.expect):
            self._check(f"expect[{i}]", e)

    def _pending_for(self, where: str, player: int, kinds: Sequence[DecisionKind]) -> None:
        game = self.game
        p = game.pending
        if p is None:
            raise ExpectationFailed(f"{where}: the game is over ({game.result})")
        if p.player != player or p.kind not in kinds:
            raise ExpectationFailed(
                f"{where}: {game.player_states[player].name} has no {'/'.join(k.value for k in kinds)} decision; "
                f"the game waits on {game.player_states[p.player].name} for {p.kind.value} "
                f"(turn {game.turn}, {game.step.label})"
            )

    def _apply(self, where: str, action: Action) -> None:
        try:
            self.game.apply(action)
        except IllegalActionError as exc:
            raise ExpectationFailed(f"{where}: {exc}") from None

    def _run_action(self, where: str, a: Mapping[str, Any]) -> None:
        game = self.game
        player = self.player_index.get(a.get("player", ""), -1)
        illegal = bool(a.get("illegal", False))
        if illegal:
            self._refused(where, a, player)
            return
        if "pass_until" in a:
            self._pass_until(where, STEPS[a["pass_until"]])
            return
        if "pass" in a and a["pass"] is not True:
            rounds = int(a["pass"])
            for _ in range(rounds * sum(not s.lost for s in game.player_states)):
                if game.pending is None or game.pending.kind != DecisionKind.PRIORITY:
                    break
                game.apply(PassPriority())
            return
        if "attack" in a:
            self._attack(where, player, a["attack"])
            return
        if "block" in a:
            self._block(where, player, a["block"] or {})
            return
        if "move" in a:
            # A test instrument: the object moves as if an effect moved it (CR 400.7), e.g. an anthem
            # leaving the battlefield.
            from systems.zones import move

            ent = self.resolve(a["move"])
            zone = ZONE_KEYS.get(str(a.get("to")))
            if zone is None:
                raise ScenarioError(f"{self.source}: {where}.to: unknown zone {a.get('to')!r}")
            if game.pending is None or game.pending.kind != DecisionKind.PRIORITY:
                raise ExpectationFailed(f"{where}: 'move' is only allowed while a player holds priority")
            move(game, ent, zone)
            game.pending = None  # the options may have changed: the state check runs, then priority again
            game.advance()
            return
        if "assign" in a:
            for attacker_ref, spec in a["assign"].items():
                self._pending_for(where, player, [DecisionKind.ASSIGN_DAMAGE])
                attacker = self.resolve(attacker_ref)
                wanted = {self.resolve(r): n for r, n in spec.items() if n}
                choice = next((o for o in game.legal_actions() if isinstance(o, AssignDamage)
                               and o.attacker == attacker and dict(o.assignment) == wanted), None)
                if choice is None:
                    raise ExpectationFailed(f"{where}: that damage assignment is not legal (CR 510.1c-d)")
                self._apply(where, choice)
            return
        if "choose" in a:
            values = a["choose"] if isinstance(a["choose"], list) else [a["choose"]]
            for value in values:
                self._choose(where, player, value)
            return
        action = self._build_action(where, a, player)
        self._apply(where, action)

    def _refused(self, where: str, a: Mapping[str, Any], player: int) -> None:
        """An ``illegal: true`` action must be refused and leave the game exactly as it was."""
        game = self.game
        before = state_fingerprint(game)
        single = any(k in a for k in ("cast", "play", "activate", "tap_for_mana")) or a.get("pass") is True
        if single:
            # One engine action: it goes to the real game, whose apply() must refuse it atomically.
            try:
                action = self._build_action(where, a, player)
            except ExpectationFailed:
                action = None  # it could not even be formed now: refused
            if action is not None:
                try:
                    game.apply(action)
                except IllegalActionError:
                    pass
                else:
                    raise ExpectationFailed(f"{where}: the action was accepted but must be illegal")
        else:
            # A declaration is several engine actions: try it on a copy of the game.
            self.game = game.clone()
            try:
                self._run_action(where, {k: v for k, v in a.items() if k != "illegal"})
            except (ExpectationFailed, IllegalActionError):
                pass
            else:
                raise ExpectationFailed(f"{where}: the action was accepted but must be illegal")
            finally:
                self.game = game
        if state_fingerprint(game) != before:
            raise ExpectationFailed(f"{where}: a refused action changed the game")

    def _build_action(self, where: str, a: Mapping[str, Any], player: int) -> Action:
        game = self.game
        if a.get("pass") is True:
            self._pending_for(where, player, [DecisionKind.PRIORITY])
            return PassPriority()
        if "play" in a:
            # Any of several identical cards in hand is the same choice.
            card = self._in_zone(where, a["play"], player, Zone.HAND) if a["play"] not in self.ids \
                else self.resolve(a["play"])
            face = int(a.get("face", -1))  # a modal double-faced card's back face (712.12)
            return PlayLand(card, str(a.get("choice") or ""), face)  # a choice made as it enters (614.12)
        if "cast" in a:
            if "mana" in a:
                pool = game.player_states[player].mana_pool
                try:
                    need = parse_pool(str(a["mana"]))
                except ValueError as exc:
                    raise ScenarioError(f"{self.source}: {where}.mana: {exc}") from None
                if any(n > have for n, have in zip(need, pool, strict=True)):
                    raise ExpectationFailed(f"{where}: the mana pool does not hold {a['mana']}")
            ref = a["cast"]
            cost = str(a.get("cost") or "")  # an alternative cost by keyword: overload, bestow, fuse, ...
            zone = Zone.EXILE if cost == "cipher" else Zone.HAND  # a cipher copy is of the exiled card (702.99a)
            if "flashback" in cost.split("+"):
                zone = Zone.GRAVEYARD  # flashback casts the card from its owner's graveyard (702.34a)
            elif cost == "rebound":
                zone = Zone.EXILE  # rebound casts the exiled card (702.88a)
            elif cost in ("suspend", "plot", "madness", "foretell"):
                zone = Zone.EXILE  # a suspended or plotted card is cast from exile (702.62a, 702.170d)
            elif cost in ("jump-start", "retrace", "escape", "disturb"):
                zone = Zone.GRAVEYARD  # cast from its owner's graveyard (702.133a, 702.81a, 702.138a)
            card = self.resolve(ref) if ref in self.ids else self._in_zone(where, ref, player, zone)
            targets = tuple(self.resolve(t) for t in a.get("targets") or [])
            # Any copy of the card in hand is the same option (identical cards are one choice).
            name = game.card(card).name
            faces = [f.name for f in game.card(card).faces]
            face = faces.index(a["face"]) if a.get("face") in faces else -1  # a split card's half (709.3)
            if "face" in a and face < 0:
                raise ExpectationFailed(f"{where}: {name} has no half named {a['face']!r}")
            x = a.get("x")
            sacrificed = tuple(self.resolve(t) for t in a.get("sacrifice") or [])  # an additional cost (601.2b)
            discarded = tuple(self.resolve(t) for t in a.get("discard") or [])
            for option in game.whole_actions():
                if (isinstance(option, CastSpell) and option.targets == targets
                        and game.card(option.card).name == name and option.cost == cost and option.face == face
                        and (x is None or option.x == x) and option.sacrifice == sacrificed
                        and (option.discard == discarded or ("discard" in a and sorted(
                            game.card(c).name for c in option.discard) == sorted(
                            game.card(c).name for c in discarded)))):
                    return option
            return CastSpell(card, targets, x or 0, (), cost, face, sacrificed, discarded)
        if "activate" in a:
            source = self.resolve(a["activate"])
            number = a.get("ability", 1)
            from systems.granted import ability_card

            game.refresh_layers()  # with abilities granted in quotes (113.1b, systems/granted.py)
            activated = [i for i, ab in enumerate(ability_card(game, source).abilities)
                         if isinstance(ab, ActivatedAbility)]
            if not isinstance(number, int) or not 1 <= number <= len(activated):
                raise ExpectationFailed(f"{where}: {game.name(source)} has no activated ability {number!r} "
                                        f"(it has {len(activated)})")
            targets = tuple(self.resolve(t) for t in a.get("targets") or [])
            sacrifice = tuple(self.resolve(t) for t in a.get("sacrifice") or [])
            discard = tuple(self.resolve(t) for t in a.get("discard") or [])
            tapped = tuple(self.resolve(t) for t in a.get("tap") or [])  # crew's creatures (702.122a)
            color = str(a.get("color") or "")  # a mana ability's "one mana of any color" (605.3a)
            wanted = ActivateAbility(source, activated[number - 1], targets, sacrifice, discard, tapped, color)
            if wanted not in game.whole_actions() and "sacrifice" not in a and "discard" not in a and "tap" not in a \
                    and "color" not in a:
                # A cost choice not given: the first legal one (sacrifice / discard, systems/costs.py).
                for option in game.whole_actions():
                    if isinstance(option, ActivateAbility) and (option.source, option.index, option.targets) == (
                            source, activated[number - 1], targets):
                        return option
            return wanted
        if "tap_for_mana" in a:
            # CR 605.3a: a mana ability activated while holding priority; "color": the mana it makes (106.1a)
            source = self.resolve(a["tap_for_mana"])
            wanted_mana = str(a.get("color") or "")
            for option in game.whole_actions():
                if isinstance(option, ActivateMana) and option.source == source and (
                        not wanted_mana or option.mana == wanted_mana):
                    return option
            return ActivateMana(source, wanted_mana)
        raise ExpectationFailed(f"{where}: cannot build this action")

    def _in_zone(self, where: str, name: str, player: int, zone: Zone) -> int:
        """A card of that name in the player's zone; identical cards there are the same choice."""
        matches = self._objects_named(name, zone, player)
        if not matches:
            raise ExpectationFailed(f"{where}: {self.game.player_states[player].name} has no {name!r} "
                                    f"in their {zone.label}")
        return matches[0]

    def _pass_until(self, where: str, step: Step) -> None:
        game = self.game
        start = (game.turn, game.step)
        moved = False
        for _ in range(100_000):
            if game.pending is None:
                raise ExpectationFailed(f"{where}: the game ended before {step.label} ({game.result})")
            if (game.turn, game.step) != start:
                moved = True
            if moved and game.step == step:
                return
            if game.turn > start[0] + 1:
                break
            kind = game.pending.kind
            if kind == DecisionKind.PRIORITY:
                game.apply(PassPriority())
            elif kind == DecisionKind.ATTACKERS:
                game.apply(FinishAttackers())
            elif kind == DecisionKind.BLOCKERS and FinishBlockers() in game.pending.options:
                game.apply(FinishBlockers())
            else:
                return  # stop early at any other decision for the next action to answer
        raise ExpectationFailed(f"{where}: the game did not reach {step.label} this turn or the next")

    def _attack(self, where: str, player: int, spec: Any) -> None:
        game = self.game
        pairs: list[tuple[int, int | None]]
        if isinstance(spec, Mapping):
            pairs = [(self.resolve(k), self.resolve(v)) for k, v in spec.items()]
        else:
            pairs = [(self.resolve(k), None) for k in spec]
        if not pairs and (game.pending is None or game.pending.kind != DecisionKind.ATTACKERS):
            return  # an empty declaration is accepted where the game did not ask
        self._pending_for(where, player, [DecisionKind.ATTACKERS])
        for creature, defender in pairs:
            options = [o for o in game.legal_actions() if isinstance(o, DeclareAttacker) and o.creature == creature]
            if defender is None:
                players = [o for o in options if o.defender in game.player_of_entity]
                options = players[:1] if len(players) >= 1 else options
            else:
                options = [o for o in options if o.defender == defender]
            if not options:
                raise ExpectationFailed(f"{where}: {game.name(creature)} cannot attack that way now (CR 508.1)")
            self._apply(where, options[0])
        if game.pending is not None and game.pending.kind == DecisionKind.ATTACKERS:
            self._apply(where, FinishAttackers())

    def _block(self, where: str, player: int, spec: Mapping[str, Any]) -> None:
        game = self.game
        if not spec and (game.pending is None or game.pending.kind != DecisionKind.BLOCKERS
                         or game.pending.player != player):
            return
        self._pending_for(where, player, [DecisionKind.BLOCKERS])
        for blocker_ref, attacker_ref in spec.items():
            action = DeclareBlocker(self.resolve(blocker_ref), self.resolve(attacker_ref))
            if action not in game.legal_actions():
                raise ExpectationFailed(f"{where}: {game.name(action.blocker)} cannot block "
                                        f"{game.name(action.attacker)} now (CR 509.1)")
            self._apply(where, action)
        if game.pending is not None and game.pending.kind == DecisionKind.BLOCKERS \
                and game.pending.player == player:
            if FinishBlockers() not in game.legal_actions():
                raise ExpectationFailed(f"{where}: this block declaration is illegal (CR 509.1b-c)")
            self._apply(where, FinishBlockers())

    def _choose(self, where: str, player: int, value: Any) -> None:
        game = self.game
        if game.pending is None or game.pending.player != player:
            raise ExpectationFailed(f"{where}: {game.player_states[player].name} has no decision to answer")
        options = game.whole_actions()  # a long decision's own options, not its pages (ecs/decision_pages.py)
        if isinstance(value, bool) or value in ("yes", "no"):
            yes = value is True or value == "yes"
            wanted = Keep() if yes else Mulligan()
            if wanted in options:
                return self._apply(where, wanted)
            if Choose(yes) in options:  # "you may", pay or not
                return self._apply(where, Choose(yes))
            from ecs.actions import ChooseCard, RevealMiracle

            reveal = [o for o in options if isinstance(o, RevealMiracle) and o.reveal == yes]
            if reveal:  # miracle (702.94a)
                return self._apply(where, reveal[0])
            if not yes and ChooseCard(-1) in options:  # choose nothing (e.g. don't encode, 702.99a)
                return self._apply(where, ChooseCard(-1))
            raise ExpectationFailed(f"{where}: this decision is not a yes/no choice")
        if isinstance(value, int):
            if not 0 <= value < len(options):
                raise ExpectationFailed(f"{where}: option {value} does not exist ({len(options)} options)")
            return self._apply(where, options[value])
        text = str(value)
        by_label = [o for o in options if game.action_to_string(o) == text]
        if len(by_label) == 1:
            return self._apply(where, by_label[0])
        by_word = [o for o in options if text in (o.color if isinstance(o, ChooseColor) else
                                                  o.subtype if isinstance(o, ChooseType) else None,)]
        if len(by_word) == 1:  # a color or creature type by itself: "choose: R", "choose: Elf"
            return self._apply(where, by_word[0])
        ent = self.ids.get(text)
        matches = []
        for o in options:
            objs = [getattr(o, s) for s in o.__dataclass_fields__ if isinstance(getattr(o, s), int)]
            objs += [x for s in o.__dataclass_fields__ if isinstance(getattr(o, s), tuple)  # targets of a trigger, say
                     for x in getattr(o, s) if isinstance(x, int)]
            if (ent is not None and ent in objs) or any(game.name(x) == text for x in objs):
                matches.append(o)
        if not matches:
            raise ExpectationFailed(f"{where}: no option matches {text!r}")
        self._apply(where, matches[0])

    # ------------------------------------------------------------------ expectations

    def _check(self, where: str, e: Mapping[str, Any]) -> None:
        game = self.game
        if "object" in e:
            self._check_object(where, e)
        elif "player" in e:
            state = game.player_states[self.player_index[e["player"]]]
            zones = game.zones[state.index]
            actual: dict[str, Any] = {"life": state.life, "poison": state.poison, "energy": state.energy, "hand_count": len(zones[Zone.HAND]),
                      "library_count": len(zones[Zone.LIBRARY]), "graveyard_count": len(zones[Zone.GRAVEYARD]),
                      "lost": state.lost}
            self._compare(where, e["player"], {k: v for k, v in e.items() if k != "player"}, actual)
        elif "zone" in e:
            player, zone = self._zone_ref(where, e["zone"])
            from systems.zones import zone_cards

            names = [game.name(c).removesuffix(" token") for c in zone_cards(game, player, zone)]
            if "cards" in e and Counter(names) != Counter(e["cards"]):
                raise ExpectationFailed(f"{where}: {e['zone']} holds {sorted(names)}, expected {sorted(e['cards'])}")
            if "contains" in e and Counter(e["contains"]) - Counter(names):
                raise ExpectationFailed(f"{where}: {e['zone']} holds {sorted(names)}, expected it to contain "
                                        f"{sorted(e['contains'])}")
            if "count" in e and len(names) != e["count"]:
                raise ExpectationFailed(f"{where}: {e['zone']} holds {len(names)} cards, expected {e['count']}")
        elif "stack" in e:
            names = [game.name(s) for s in reversed(game.stack)]
            if names != list(e["stack"]):
                raise ExpectationFailed(f"{where}: the stack is {names} (top first), expected {e['stack']}")
        elif "turn" in e:
            actual = {"number": game.turn, "active": game.player_states[game.active].name, "step": game.step.label}
            self._compare(where, "turn", e["turn"], actual)
        elif "result" in e:
            self._check_result(where, e["result"])
        elif "pending" in e:
            p = game.pending
            actual = {"player": None if p is None else game.player_states[p.player].name,
                      "kind": None if p is None else p.kind.value}
            self._compare(where, "pending decision", e["pending"], actual)

    def _compare(self, where: str, what: str, wanted: Mapping[str, Any], actual: Mapping[str, Any]) -> None:
        for key, value in wanted.items():
            if actual[key] != value:
                raise ExpectationFailed(f"{where}: {what} {key} is {actual[key]!r}, expected {value!r}")

    def _check_result(self, where: str, wanted: Mapping[str, Any]) -> None:
        game = self.game
        r = game.result
        if "winner" in wanted:
            if r is None or r.winner is None or game.player_states[r.winner].name != wanted["winner"]:
                raise ExpectationFailed(f"{where}: result is {r}, expected {wanted['winner']} to win")
        if "draw" in wanted and bool(wanted["draw"]) != (r is not None and r.winner is None):
            raise ExpectationFailed(f"{where}: result is {r}, expected draw={wanted['draw']}")
        if "lost" in wanted:
            lost = sorted(s.name for s in game.player_states if s.lost)
            if lost != sorted(wanted["lost"]):
                raise ExpectationFailed(f"{where}: players who lost: {lost}, expected {sorted(wanted['lost'])}")

    def _check_object(self, where: str, e: Mapping[str, Any]) -> None:
        game = self.game
        ent = self.resolve(e["object"])
        where_obj = game.world.get(ent, InZone)
        zone = where_obj.zone
        actual: dict[str, Any] = {"zone": "stack" if zone == Zone.STACK else zone.label,
                                  "name": game.card(ent).name,
                                  "owner": game.player_states[game.obj(ent).owner].name}
        if zone == Zone.BATTLEFIELD:
            game.refresh_layers()
            t = game.table
            row = t.row_of[ent]
            kw = int(t.keywords[row])
            actual.update({
                "power": int(t.power[row]), "toughness": int(t.toughness[row]), "tapped": bool(t.tapped[row]),
                "damage": int(t.damage[row]), "sick": bool(t.sick[row]),
                "controller": game.player_states[int(t.controller[row])].name,
                "counters": {k: v for k, v in counters_on(game, ent).items() if v},
                "types": sorted((ct.name or "").capitalize() for ct in CardType if int(t.types[row]) & ct),
                "attacking": ent in game.combat.attackers,
                "blocking": ent in game.combat.blocking,
                "loyalty": int(t.loyalty[row]),
                "colors": sorted(c for c, bit in COLOR_NAMES.items() if int(t.colors[row]) & bit),
                "subtypes": sorted(subtypes_of(game, ent)),
                "supertypes": sorted((st.name or "").capitalize() for st in Supertype if int(t.supertypes[row]) & st),
                "attached_to": next((k for k, v in self.ids.items() if v == int(t.attached_to[row])), None)
                if int(t.attached_to[row]) >= 0 else None,
            })
            for kw_name in e.get("has") or []:
                if not kw & KEYWORD_NAMES[str(kw_name).lower()]:
                    raise ExpectationFailed(f"{where}: {e['object']} lacks {kw_name}")
            for kw_name in e.get("lacks") or []:
                if kw & KEYWORD_NAMES[str(kw_name).lower()]:
                    raise ExpectationFailed(f"{where}: {e['object']} has {kw_name}")
        wanted = {k: v for k, v in e.items() if k not in ("object", "has", "lacks")}
        for key, value in wanted.items():
            if key in ("types", "supertypes"):
                value = sorted(str(v).capitalize() for v in value)
            elif key in ("colors", "subtypes"):
                value = sorted(str(v).lower() if key == "colors" else str(v) for v in value)
            if key not in actual:
                raise ExpectationFailed(f"{where}: {e['object']} is in the {actual['zone']}, so it has no {key}")
            if actual[key] != value:
                raise ExpectationFailed(f"{where}: {e['object']} {key} is {actual[key]!r}, expected {value!r}")
