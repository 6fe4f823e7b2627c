"""Building games: a normal game from two or more decks (CR 103)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from components.card import CardDef
from components.characteristics import CardType
from components.objects import CardObject, InZone, Zone
from ecs.errors import DeckError
from ecs.game import Game
from systems import mana
from systems.mulligan import start_game
from systems.zones import CardNotes, card_notes, learn_card

if TYPE_CHECKING:
    from content.card_pool import CardPool

COMMAND_ONLY = int(CardType.CONSPIRACY | CardType.VANGUARD)
LIMITS = ("max_decisions", "max_objects", "max_auto_steps")  # Game's resource limits (issue 15.4)


def new_game(
    decks: Sequence[Sequence[CardDef]],
    seed: int = 0,
    *,
    names: Sequence[str] | None = None,
    auto_pass: bool = True,
    small_decisions: bool = True,
    mana_at_priority: bool = False,
    max_turns: int = 100,
    mulligans: bool = True,
    log: bool = True,
    conspiracies: Sequence[Sequence[CardDef | tuple[CardDef, Sequence[str]]]] | None = None,
    vanguards: Sequence[CardDef | None] | None = None,
    card_names: Sequence[str] | None = None,
    pool: CardPool | None = None,
    limits: Mapping[str, int] | None = None,
) -> Game:
    """A game ready for its first decision: libraries shuffled, hands drawn, mulligans pending.

    ``conspiracies``: per player, conspiracy cards put into the command zone before the game starts
    (CR 315.2, 905.4); a card with hidden agenda may come with its secretly chosen name(s) as
    ``(card, [name])``, otherwise its owner chooses them first (NAME_CARD decisions, 702.106a).
    ``vanguards``: per player, a vanguard card or None (CR 902: its modifiers change the starting life
    total and the starting and maximum hand size, 103.4b, 103.5a, 402.2). ``card_names``: the names a
    player may choose (CR 201.4); by default the built-in card pool's and the decks'. ``pool``: the card pool
    the decks came from (content.card_files.load_card_files); the game's save then carries the objects of the
    cards that came from the user's card files, so that it replays anywhere. ``limits``: resource
    limits other than the defaults (``max_decisions``, ``max_objects``, ``max_auto_steps``: ecs/game.py),
    kept in the game's origin so that its replay ends the same way.
    """
    limits = dict(limits or {})
    unknown = set(limits) - set(LIMITS)
    if unknown:
        raise ValueError(f"unknown resource limit(s) {sorted(unknown)} (known: {', '.join(LIMITS)})")
    names = list(names) if names is not None else [f"player{i + 1}" for i in range(len(decks))]
    game = Game(names, seed, auto_pass=auto_pass, small_decisions=small_decisions, mana_at_priority=mana_at_priority,
                max_turns=max_turns, log=log, **limits)
    for player, deck in enumerate(decks):
        _fill_library(game, deck, player)
    game.origin = {"kind": "new_game", "decks": [[c.name for c in deck] for deck in decks], "names": names,
                   "seed": seed, "auto_pass": auto_pass, "max_turns": max_turns, "mulligans": mulligans,
                   "small_decisions": small_decisions, "mana_at_priority": mana_at_priority}
    if pool is not None:
        extra = [c if isinstance(c, CardDef) else c[0] for row in conspiracies or [] for c in row]
        objects = pool.external_objects([c for deck in decks for c in deck] + extra +
                                        [v for v in vanguards or [] if v is not None])
        if objects:
            game.origin["cards"] = objects
    if limits:
        game.origin["limits"] = limits
    if conspiracies or vanguards:
        _command_zone_setup(game, decks, conspiracies or [], vanguards or [], card_names)
        if game.naming:
            from systems.command_zone import ask_next_name

            game.mulligans.start = mulligans
            ask_next_name(game)  # 702.106a: names are chosen before the game starts
            from ecs.decision_pages import paginate

            paginate(game)  # every card name: asked in pages
            return game
    start_game(game, mulligans=mulligans)
    game.advance()
    return game


class _LibraryPlan(NamedTuple):
    """A deck put into a library, worked out once (what is immutable and the same in every game of the deck)."""

    objects: list[CardObject]  # the CardObject of each card, in deck order (copies of a card share one)
    places: list[InZone]  # where each is: one InZone(LIBRARY, player), shared
    # the notes of the deck's distinct cards that teach a game something (learn_card: a mechanic or a flag), in the
    # order they first appear in the deck (the others change nothing)
    notes: tuple[CardNotes, ...]


# (player, id of each card of the deck) -> its plan. Exact: the plan's objects hold the very cards (so no id is reused
# while kept), cards and CardObject/InZone are immutable (copies of a game share them already), and the plan is what
# create_card would make and learn. Bounded: cleared when full.
_PLANS: dict[tuple[int, ...], _LibraryPlan] = {}
_PLANS_MAX = 256


def _library_plan(deck: Sequence[CardDef], player: int) -> _LibraryPlan:
    place = InZone(Zone.LIBRARY, player)
    noted: dict[int, CardObject] = {}  # id(card) -> its object: copies of a card share it
    objects: list[CardObject] = []
    notes: list[CardNotes] = []
    for card in deck:
        if card.type_bits & COMMAND_ONLY:
            # CR 315.3: conspiracies can't be included in a deck; 313.2: vanguards stay in the command zone.
            raise DeckError(f"deck {player + 1}: {card.name} is a {card.type_line.text} card, not a card of a "
                            "deck: give it as new_game(conspiracies=...) or (vanguards=...) (CR 315.3, 313.2)")
        known = noted.get(id(card))
        if known is None:
            known = noted[id(card)] = CardObject(card, player, False)  # (as create_card makes it)
            learnt = card_notes(card)
            if learnt.mechanics or learnt.graveyard or learnt.combat_types or learnt.top_rules:
                notes.append(learnt)
        objects.append(known)
    return _LibraryPlan(objects, [place] * len(objects), tuple(notes))


def _fill_library(game: Game, deck: Sequence[CardDef], player: int) -> None:
    """Put a deck into its owner's library, in order (its top is the deck's first card until shuffled): what
    create_card does for each card, with the deck's plan kept across games."""
    key = (player, *map(id, deck))
    plan = _PLANS.get(key)
    if plan is None:
        plan = _library_plan(deck, player)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[key] = plan
    elif mana.CHECKS.on:  # (read at the call: tests turn it on)
        fresh = _library_plan(deck, player)
        assert plan.places == fresh.places and plan.notes == fresh.notes and len(plan.objects) == len(fresh.objects) \
            and all(a.card is b.card and a == b for a, b in zip(plan.objects, fresh.objects, strict=True)), \
            f"stale library plan for player {player}"
    for notes in plan.notes:  # in the order create_card would have learnt them (game.mechanics: the same unions)
        learn_card(game, notes)
    if plan.objects:
        # one bulk create: the same ids (in deck order), component dicts and index entries as a create per card
        game.zones[player][Zone.LIBRARY].extend(game.world.create_many(plan.objects, plan.places))


def _command_zone_setup(game: Game, decks: Sequence[Sequence[CardDef]],
                        conspiracies: Sequence[Sequence[CardDef | tuple[CardDef, Sequence[str]]]],
                        vanguards: Sequence[CardDef | None], card_names: Sequence[str] | None) -> None:
    from systems.command_zone import put_conspiracy, put_vanguard

    if card_names is None:
        from content.card_pool import builtin_pool

        card_names = list(builtin_pool().cards) + [c.name for deck in decks for c in deck]
    game.card_names = tuple(sorted(set(card_names)))
    for player, card in enumerate(vanguards):
        if card is not None:
            put_vanguard(game, card, player)
    for player, entries in enumerate(conspiracies):
        for entry in entries:
            card, names = entry if isinstance(entry, tuple) else (entry, None)
            put_conspiracy(game, card, player, names)
    if game.origin is not None:
        game.origin["vanguards"] = [None if c is None else c.name for c in vanguards]
        game.origin["conspiracies"] = [[[e[0].name, list(e[1])] if isinstance(e, tuple) else e.name for e in row]
                                       for row in conspiracies]
