"""Pickles of games and of frozen records, in both builds (ecs/pickling.py; the compiled build: setup.py).

Compiled by mypyc, a frozen dataclass restores a pickle through its own ``__setattr__``, which refuses: the records
are pickled as calls of their class instead. These tests run in plain Python and, in CI, against the compiled build.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from content.decks import load_deck
from ecs import RandomAgent, new_game
from ecs.build import compiled, compiled_modules, describe
from ecs.pickling import FrozenPickler, dumps
from ecs.scenario import state_fingerprint


@dataclasses.dataclass(frozen=True)
class _Record:
    """Stands for a compiled frozen record: marked native, and restoring a pickle through ``setattr``."""

    __mypyc_attrs__ = ("name", "cost")
    name: str
    cost: tuple[int, ...] = ()
    seen: int = dataclasses.field(default=0, init=False)

    def __setstate__(self, state: dict[str, object]) -> None:
        for key, value in state.items():
            setattr(self, key, value)  # (what mypyc's __setstate__ does: a frozen dataclass refuses it)

    def __getstate__(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


def test_a_frozen_record_the_standard_pickle_cannot_load_is_rebuilt_by_its_class() -> None:
    record = _Record("Shock", (1, 0))
    object.__setattr__(record, "seen", 3)  # a field outside __init__ comes back too
    with pytest.raises(dataclasses.FrozenInstanceError):
        pickle.loads(pickle.dumps(record))
    back = pickle.loads(dumps([record, record]))
    assert back[0] == record and back[0].seen == 3
    assert back[0] is back[1]  # one object pickled twice is one object again


def test_the_pickler_leaves_its_dispatch_table_and_other_objects_alone() -> None:
    calls = []

    def by_name(r: _Record) -> tuple[object, tuple[str]]:
        calls.append(r.name)
        return _Record, (r.name,)

    back = pickle.loads(dumps({"a": _Record("Opt"), "n": [1, 2.5, "x"]}, {_Record: by_name}))
    assert calls == ["Opt"] and back == {"a": _Record("Opt"), "n": [1, 2.5, "x"]}
    assert issubclass(FrozenPickler, pickle.Pickler)


def _played(seed: int, actions: int):
    game = new_game([load_deck("azorius_control")[1], load_deck("mono_black_control")[1]], seed, log=False)
    agent = RandomAgent(seed)
    for _ in range(actions):
        if game.pending is None:
            break
        game.apply(agent.choose(game, game.pending.options))
    return game


def test_a_game_pickled_mid_game_loads_as_the_same_game_and_plays_on_the_same() -> None:
    game = _played(3, 150)
    copy = pickle.loads(pickle.dumps(game))
    assert state_fingerprint(copy) == state_fingerprint(game)
    for g in (game, copy):  # the same decisions from here give the same game (its generator was pickled too)
        agent = RandomAgent(11)
        for _ in range(60):
            if g.pending is None:
                break
            g.apply(agent.choose(g, g.pending.options))
    assert copy.history == game.history and state_fingerprint(copy) == state_fingerprint(game)


def test_the_build_is_named_from_where_the_rules_were_loaded() -> None:
    import systems.priority

    loaded_from_source = systems.priority.__file__.endswith(".py")
    assert compiled() is not loaded_from_source
    assert describe() == ("plain Python" if loaded_from_source else "compiled (mypyc)")
    assert ("systems.priority" in compiled_modules()) is not loaded_from_source
