"""Errors raised for bad input. All subclass ValueError and say what was wrong and where."""

from __future__ import annotations


class MtgError(ValueError):
    """Base class of every input error mtg-ecs raises."""


class IllegalActionError(MtgError):
    """An agent chose an action that is not legal now; the game is unchanged."""


class CardDataError(MtgError):
    """A card object could not be read (names the card and field)."""


class DeckError(MtgError):
    """A deck file or list is malformed (names the file and line)."""


class ScenarioError(MtgError):
    """A scenario file is invalid (names the file and field)."""


class SaveError(MtgError):
    """A saved game is malformed or does not replay (names the field)."""
