"""The deck options shared by the commands that play decks (play, simulate, and the tournament command):
``--cards FILE`` (repeatable: MTGJSON card files whose cards decks may use), ``--format`` (deck legality,
CR 100.2, 903.5) and ``--no-validate``."""

from __future__ import annotations

import argparse
import sys

from content.card_pool import CardPool
from content.decks import Deck

PLAYABLE_FORMATS = ("constructed", "limited")


def add_deck_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="an MTGJSON card file (AtomicCards, a set file, AllPrintings or a JSON list) whose "
                             "cards the decks may use; repeatable, a later file wins for a card in both")
    parser.add_argument("--format", choices=PLAYABLE_FORMATS + ("commander",), default="constructed",
                        help="check the decks' legality for this format (default constructed: at least 60 cards, "
                             "at most 4 of a card but basic lands, CR 100.2a)")
    parser.add_argument("--no-validate", action="store_true", help="play decks that break the format's rules")


def warn(message: str) -> None:
    print(f"mtg-ecs: warning: {message}", file=sys.stderr)


def card_pool_from_args(args: argparse.Namespace) -> CardPool:
    from content.card_files import load_card_files

    return load_card_files(getattr(args, "cards", []) or [], warn=warn)


def decks_from_args(args: argparse.Namespace) -> tuple[CardPool, list[Deck]]:
    """The card pool and the decks of ``--decks``, checked for ``--format`` unless ``--no-validate``;
    every problem of every deck is one error (exit 2)."""
    from content.decks import read_decks
    from ecs.errors import DeckError

    pool = card_pool_from_args(args)
    fmt = None if getattr(args, "no_validate", False) else getattr(args, "format", None)
    decks = read_decks(args.decks, pool, format=fmt)
    if getattr(args, "format", None) == "commander":
        checked = "the decks pass the commander deck checks (CR 903.5), but " if fmt else ""
        raise DeckError(f"{checked}commander games (the command zone, commander tax and damage, CR 903.6-903.10) "
                        "are not implemented: play with --format constructed or limited")
    return pool, decks
