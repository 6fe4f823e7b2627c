"""Saved games as replays: how the game was built, then the index of every option chosen.

A Game is deterministic given its seed and its decisions, so a replay is a complete and compact
save: ``{"format": "mtg-ecs/2", "origin": {...}, "actions": [i0, i1, ...]}``. Loading rebuilds the
game and applies the same choices; a malformed save is refused with the field that is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecs.errors import MtgError, SaveError

if TYPE_CHECKING:
    from ecs.game import Game

# A save records the index of the option chosen at each decision, so a version whose option lists differ must have
# a format of its own. Version 2 announced casting in small decisions (systems/announcing.py); version 3 asks set
# choices (crew, delve, splice, escape, squad, replicate, graveyard exile) one element at a time and offers every
# legal set, so the indices of older saves mean other actions and they are refused rather than replayed wrongly.
FORMAT = "mtg-ecs/3"
FORMATS = {FORMAT: True}  # format -> small decisions unless origin.small_decisions says otherwise
OLD_FORMATS = ("mtg-ecs/1", "mtg-ecs/2")
ORIGIN_KEYS = {"kind", "decks", "names", "seed", "auto_pass", "max_turns", "mulligans", "vanguards", "conspiracies",
               "cards", "limits", "small_decisions", "mana_at_priority"}


def game_to_json(game: Game) -> dict[str, Any]:
    if game.origin is None:
        raise SaveError("this game was not built by new_game(), so it cannot be saved as a replay")
    data: dict[str, Any] = {"format": FORMAT, "origin": dict(game.origin), "actions": list(game.history)}
    if getattr(game, "concessions", None):
        data["concessions"] = [list(c) for c in game.concessions]  # CR 104.3a: not a decision, so kept apart
    return data


def game_from_json(data: Any, source: str = "<save>") -> Game:
    from content.card_pool import builtin_pool
    from ecs.setup import new_game

    if not isinstance(data, dict):
        raise SaveError(f"{source}: a saved game must be a JSON object")
    if data.get("format") in OLD_FORMATS:
        raise SaveError(f"{source}: field 'format' is {data['format']!r}, a save of an earlier version of mtg-ecs whose "
                        f"option lists differ from this one's ({FORMAT!r}); replay it with the version that wrote it")
    if not isinstance(data.get("format"), str) or data.get("format") not in FORMATS:
        raise SaveError(f"{source}: field 'format' must be one of {sorted(FORMATS)}, got {data.get('format')!r}")
    origin = data.get("origin")
    if not isinstance(origin, dict) or origin.get("kind") != "new_game":
        raise SaveError(f"{source}: field 'origin' must describe a new_game() set-up")
    unknown = set(origin) - ORIGIN_KEYS
    if unknown:
        raise SaveError(f"{source}: origin has unknown field(s) {sorted(unknown)}")
    decks = origin.get("decks")
    if not isinstance(decks, list) or len(decks) < 2 or not all(isinstance(d, list) for d in decks):
        raise SaveError(f"{source}: origin.decks must be a list of two or more card-name lists")
    pool = builtin_pool()
    if "cards" in origin:  # the objects of the cards that came from the user's card files
        if not isinstance(origin["cards"], list):
            raise SaveError(f"{source}: origin.cards must be a list of card objects")
        from content.card_files import pool_with_objects

        try:
            pool = pool_with_objects(origin["cards"], f"{source}: origin.cards")
        except MtgError as exc:
            raise SaveError(str(exc)) from None
    cards = []
    for i, deck in enumerate(decks):
        row = []
        for j, name in enumerate(deck):
            if not isinstance(name, str):
                raise SaveError(f"{source}: origin.decks[{i}][{j}]: a card name must be text, got {name!r:.40}")
            try:
                row.append(pool.get(name))
            except MtgError as exc:
                raise SaveError(f"{source}: origin.decks[{i}][{j}]: {exc}") from None
        cards.append(row)
    seed = origin.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(f"{source}: origin.seed must be an integer of 0 or more, got {seed!r:.40}")
    max_turns = origin.get("max_turns", 100)
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1:
        raise SaveError(f"{source}: origin.max_turns must be an integer of at least 1, got {max_turns!r:.40}")
    for flag in ("auto_pass", "mulligans"):
        if not isinstance(origin.get(flag, True), bool):
            raise SaveError(f"{source}: origin.{flag} must be true or false, got {origin.get(flag)!r:.40}")
    names = origin.get("names")
    if not isinstance(names, list) or len(names) != len(decks) or not all(isinstance(n, str) for n in names):
        raise SaveError(f"{source}: origin.names must list one name per deck")
    extra = _command_zone_origin(origin, pool, source)
    if "limits" in origin:
        from ecs.setup import LIMITS

        limits = origin["limits"]
        if (not isinstance(limits, dict) or set(limits) - set(LIMITS)
                or not all(type(v) is int and v > 0 for v in limits.values())):
            raise SaveError(f"{source}: origin.limits must map {', '.join(LIMITS)} to positive integers")
        extra["limits"] = limits
    for flag in ("small_decisions", "mana_at_priority"):
        if not isinstance(origin.get(flag, False), bool):
            raise SaveError(f"{source}: origin.{flag} must be true or false")
    small = bool(origin.get("small_decisions", FORMATS[data["format"]]))
    game = new_game(cards, seed, names=names, auto_pass=bool(origin.get("auto_pass", True)), small_decisions=small,
                    mana_at_priority=bool(origin.get("mana_at_priority", False)),
                    max_turns=max_turns, mulligans=bool(origin.get("mulligans", True)), pool=pool, **extra)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{source}: field 'actions' must be a list of option indices")
    concessions = data.get("concessions", [])
    if not isinstance(concessions, list) or not all(
            isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) for v in c)
            and 0 <= c[0] <= len(actions) and 0 <= c[1] < len(names) for c in concessions):
        raise SaveError(f"{source}: field 'concessions' must be a list of [decisions before it, player index] "
                        f"pairs (0..{len(actions)}, 0..{len(names) - 1})")
    for k, index in enumerate(actions):
        _concede_at(game, concessions, k)
        pending = game.pending
        if pending is None:
            raise SaveError(f"{source}: actions[{k}]: the game was already over")
        if not isinstance(index, int) or not 0 <= index < len(pending.options):
            raise SaveError(f"{source}: actions[{k}]: {index!r} is not an option index "
                            f"(0..{len(pending.options) - 1} at this {pending.kind.value} decision)")
        game.apply(pending.options[index])
    _concede_at(game, concessions, len(actions))
    return game


def _concede_at(game: Game, concessions: list[list[int]], at: int) -> None:
    for when, player in concessions:
        if when == at and not game.is_over:
            game.concede(player)


def _command_zone_origin(origin: dict[str, Any], pool: Any, source: str) -> dict[str, Any]:
    """new_game's vanguards and conspiracies (CR 902, 905.4) from a save's origin, by card name."""
    out: dict[str, Any] = {}

    def card(name: Any, where: str) -> Any:
        if not isinstance(name, str):
            raise SaveError(f"{source}: {where}: a card name must be text, got {name!r:.40}")
        try:
            return pool.get(name)
        except MtgError as exc:
            raise SaveError(f"{source}: {where}: {exc}") from None

    if "vanguards" in origin:
        vanguards = origin["vanguards"]
        if not isinstance(vanguards, list):
            raise SaveError(f"{source}: origin.vanguards must be a list of card names or nulls")
        out["vanguards"] = [None if v is None else card(v, f"origin.vanguards[{i}]") for i, v in enumerate(vanguards)]
    if "conspiracies" in origin:
        rows = origin["conspiracies"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise SaveError(f"{source}: origin.conspiracies must be a list of lists per player")
        for i, row in enumerate(rows):
            for j, e in enumerate(row):
                if isinstance(e, list) and not (len(e) == 2 and isinstance(e[1], list)
                                                and all(isinstance(n, str) for n in e[1])):
                    raise SaveError(f"{source}: origin.conspiracies[{i}][{j}] must be a card name or "
                                    "[card name, [chosen names]]")
        out["conspiracies"] = [
            [(card(e[0], f"origin.conspiracies[{i}][{j}]"), list(e[1])) if isinstance(e, list)
             else card(e, f"origin.conspiracies[{i}][{j}]") for j, e in enumerate(row)]
            for i, row in enumerate(rows)]
    return out
