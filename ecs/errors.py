"""Errors raised for bad input. All subclass ValueError and say what was wrong and where."""

from __future__ import annotations


class MtgError(ValueError):
    """Base class of every input error mtg-ecs raises."""


class IllegalActionError(MtgError):
    """An agent chose an action that is not legal now; the game is unchanged."""


class CardDataError(MtgError):
    """A card object could not be read (names the card and field)."""


class UnsupportedCardError(CardDataError):
    """The card has an ability the engine cannot execute; the message names the text. (Defined here, not in the
    Oracle compiler that raises it, so that code reading compiled cards from the cache need not import the
    compiler: issue 11's warm start.)"""


class DeckError(MtgError):
    """A deck file or list is malformed (names the file and line)."""


class ScenarioError(MtgError):
    """A scenario file is invalid (names the file and field)."""


class SaveError(MtgError):
    """A saved game is malformed or does not replay (names the field)."""


class InputFileError(MtgError):
    """A file could not be read as the kind of file it should be (missing, binary, not UTF-8, empty,
    not valid JSON, too large or too deeply nested); the message names the file and, where it can, the
    line and column. Every reader and CLI argument check raises an MtgError subclass, never anything else."""
