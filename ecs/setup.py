"""Building games: a normal game from two or more decks (CR 103)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from components.card import CardDef
from components.characteristics import CardType
from components.objects import CardObject, InZone, Zone
from ecs.errors import DeckError
from ecs.game import Game
from systems.mulligan import start_game
from systems.zones import create_card

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


def _fill_library(game: Game, deck: Sequence[CardDef], player: int) -> None:
    """Put a deck into its owner's library, in order (its top is the deck's first card until shuffled)."""
    library = game.zones[player][Zone.LIBRARY]
    # ids of the cards create_card has seen, with the object it made: what it learns from a card is the same for a
    # copy, and CardObject and InZone are immutable, so every copy of a card in the library shares them
    noted: dict[int, CardObject] = {}
    place = InZone(Zone.LIBRARY, player)
    # (a further copy is one World.create: the copies of a card run one to three long in a deck, and a bulk
    # create_many per run cost more than those calls, valgrind counts: the same entities, in deck order)
    create, append = game.world.create, library.append
    for card in deck:
        if card.type_bits & COMMAND_ONLY:
            # CR 315.3: conspiracies can't be included in a deck; 313.2: vanguards stay in the command zone.
            raise DeckError(f"deck {player + 1}: {card.name} is a {card.type_line.text} card, not a card of a "
                            "deck: give it as new_game(conspiracies=...) or (vanguards=...) (CR 315.3, 313.2)")
        known = noted.get(id(card))
        if known is not None:
            append(create(known, place))  # another copy: only its entity is new
            continue
        ent = create_card(game, card, player, place.zone)  # (not Zone.LIBRARY: an enum class look-up a card)
        noted[id(card)] = game.world.get(ent, CardObject)


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
