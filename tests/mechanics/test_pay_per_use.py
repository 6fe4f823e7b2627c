"""A game pays only for the mechanics its cards use: hooks are enabled per game from its cards (content/registry.py
hooks, ecs/game.py Game.hooks). CR 117.3: priority stops are where the cost would show."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from content import registry
from content.card_pool import builtin_pool
from ecs import DecisionKind, new_game


class HookCalls(Counter[str]):
    """Calls per "hook name:mechanic", counted once ``armed`` (after the game's cards loaded: the pool compiles a
    card on first use, running the compiler's hooks; only the game's hooks are counted)."""

    armed = False


@pytest.fixture
def hook_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[HookCalls]:
    """Every registered hook wrapped to count its calls (by hook name and mechanic)."""
    registry.ensure_discovered()
    calls = HookCalls()

    def counting(name: str, mechanic: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def hook(*args: Any) -> Any:
            if calls.armed:
                calls[f"{name}:{mechanic}"] += 1
            return fn(*args)
        return hook

    wrapped = {name: [(m, counting(name, m, fn)) for m, fn in entries] for name, entries in registry.HOOKS.items()}
    monkeypatch.setattr(registry, "HOOKS", wrapped)
    yield calls


def _play(deck: list[str], calls: HookCalls, seed: int = 3, decisions: int = 600) -> tuple[Any, int]:
    pool = builtin_pool()
    cards = [pool.get(name) for name in deck]
    calls.armed = True
    game = new_game([cards, list(cards)], seed=seed, auto_pass=False, log=False)
    rng = np.random.default_rng(seed)
    priority_stops = 0
    for _ in range(decisions):
        if game.pending is None:
            break
        if game.pending.kind == DecisionKind.PRIORITY:
            priority_stops += 1
        options = game.legal_actions()
        game.apply(options[int(rng.integers(len(options)))])
    return game, priority_stops


def test_117_3_vanilla_creatures_and_basic_lands_run_no_keyword_hook(hook_calls: HookCalls) -> None:
    game, stops = _play(["Grizzly Bears"] * 12 + ["Hill Giant"] * 8 + ["Forest"] * 10 + ["Mountain"] * 10,
                        hook_calls)
    assert stops > 100  # many priority stops, with creatures cast and lands played
    assert game.mechanics == frozenset()
    assert sum(hook_calls.values()) == 0, hook_calls


def test_702_94a_a_game_with_a_miracle_card_runs_miracle_hooks_only(hook_calls: HookCalls) -> None:
    """The control: the counting sees hooks when a card uses a mechanic, and only that mechanic's."""
    game, stops = _play(["Thunderous Wrath"] * 10 + ["Grizzly Bears"] * 10 + ["Mountain"] * 20, hook_calls)
    assert stops > 50
    assert "miracle" in game.mechanics
    assert hook_calls["draw.after:miracle"] > 0
    assert {key.split(":")[1] for key in hook_calls} <= set(game.mechanics)


def test_714_3a_a_game_with_a_saga_runs_the_saga_entering_hook(hook_calls: HookCalls) -> None:
    """A Saga is recorded by its subtype (a ``card.uses`` hook, not a reader), so its zones.entered hook runs
    (714.3a: it enters with a lore counter) and no other mechanic's."""
    game, stops = _play(["History of Benalia"] * 12 + ["Plains"] * 28, hook_calls)
    assert "saga" in game.mechanics
    assert hook_calls["zones.entered:saga"] > 0
    assert {key.split(":")[1] for key in hook_calls} <= set(game.mechanics)


@pytest.mark.parametrize("text,mechanic", [("Phasing", "phasing"), ("Daybound", "day_night"),
                                           ("Ascend", "ascend"), ("Start your engines!", "speed")],
                         ids=["702_26a_phasing", "702_145b_daybound", "702_131b_ascend", "702_179a_engines"])
def test_core_keywords_are_recorded_so_their_hooks_are_enabled(text: str, mechanic: str) -> None:
    """Keywords compiled by the core keyword list (no reader of the mechanic reads them) are recorded in
    CardDef.mechanics too, or a game with such a card would never run their hooks."""
    from content.card_pool import card_from_json

    card = card_from_json({"name": "Test Keyword", "manaCost": "{1}", "type": "Creature — Test", "power": "1",
                           "toughness": "1", "text": text})
    assert mechanic in card.mechanics
