"""Agents named by a string, as on the command line: ``make_agent("ismcts:iterations=400", seed=1)``.

A spec is a built-in name with optional ``key=value`` parameters after a colon (``random``, ``heuristic``,
``mc:playouts=200``, ``ismcts:iterations=400,rollout=heuristic``), or the import path of a user's class,
``package.module:Class`` or ``package.module.Class``, optionally followed by ``?key=value,...`` parameters.
The class is called as ``Class(seed=seed, **params)``; it must have an ``act(view)`` method.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from typing import Any

from ecs.errors import MtgError


class AgentSpecError(MtgError):
    """An agent spec names no agent, or a parameter it doesn't take (a ValueError)."""


# name -> "module:Class"; imported when the name is used, so a spec never loads the search agents needlessly
BUILTINS: dict[str, str] = {
    "random": "ecs.agents.base:RandomAgent",
    "heuristic": "ecs.agents.heuristic:HeuristicAgent",
    "mc": "ecs.agents.search:FlatMonteCarloAgent",
    "ismcts": "ecs.agents.search:ISMCTSAgent",
}
BUILTIN_NAMES = tuple(BUILTINS)


def _builtin(name: str) -> Callable[..., Any]:
    module, _, attr = BUILTINS[name].partition(":")
    factory: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return factory


def _value(text: str) -> object:
    """A parameter value: int, float, true/false, or the text itself."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _params(spec: str, text: str) -> dict[str, object]:
    params: dict[str, object] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise AgentSpecError(f"agent spec {spec!r}: parameter {part.strip()!r} is not key=value")
        params[key] = _value(value.strip())
    return params


def _load_class(spec: str, path: str) -> Callable[..., Any]:
    if ":" in path:
        module_name, _, attr = path.partition(":")
    else:
        module_name, _, attr = path.rpartition(".")
    if not module_name or not attr:
        raise AgentSpecError(f"agent spec {spec!r}: not a built-in agent ({', '.join(BUILTIN_NAMES)}) "
                             "nor an import path such as mypackage.agents:MyAgent")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any failure while importing a user's module is their spec's error
        raise AgentSpecError(f"agent spec {spec!r}: cannot import module {module_name!r}: "
                             f"{type(exc).__name__}: {exc}") from None
    cls: Callable[..., Any] | None = getattr(module, attr, None)
    if cls is None:
        raise AgentSpecError(f"agent spec {spec!r}: module {module_name!r} has no {attr!r}")
    if not callable(cls):
        raise AgentSpecError(f"agent spec {spec!r}: {path} is not a class")
    return cls


@functools.cache
def _parameters(cls: Callable[..., Any]) -> tuple[tuple[str, ...], bool] | None:
    """The keyword parameters ``cls`` takes besides ``seed``, and whether it takes any (``**kwargs``); None when
    Python can't tell. Kept per class: a batch makes two agents a game, and ``inspect.signature`` costs ~27 us."""
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    var_keyword = inspect.Parameter.VAR_KEYWORD
    known = tuple(k for k, p in signature.parameters.items() if k != "seed" and p.kind is not var_keyword)
    return known, any(p.kind is var_keyword for p in signature.parameters.values())


def make_agent(spec: str, *, seed: int) -> Any:
    """Build the agent a spec names, seeded with ``seed``; raises :class:`AgentSpecError` for a bad spec."""
    spec = spec.strip()
    name, colon, rest = spec.partition(":")
    if name in BUILTINS:
        cls = _builtin(name)
        params = _params(spec, rest) if colon else {}
    else:
        path, _, query = spec.partition("?")
        if path.count(":") > 1 or (":" not in path and "." not in path):
            raise AgentSpecError(f"agent spec {spec!r}: unknown agent {name!r}; built-in agents are "
                                 f"{', '.join(BUILTIN_NAMES)}, or give an import path such as mypackage.agents:MyAgent")
        cls = _load_class(spec, path)
        params = _params(spec, query)
    if "seed" in params:  # (each game gives its agents their seeds: a batch's own --seed)
        raise AgentSpecError(f"agent spec {spec!r}: 'seed' is not a parameter of a spec; each game seeds its agents "
                             "from the run's --seed")
    accepted = _parameters(cls)
    if accepted is not None:
        known, takes_any = accepted
        unknown = [k for k in params if k not in known and k != "seed" and not takes_any]
        if unknown:
            raise AgentSpecError(f"agent spec {spec!r}: unknown parameter {unknown[0]!r}; "
                                 f"{name if name in BUILTINS else cls.__name__} takes "
                                 f"{', '.join(known) if known else 'no parameters'}")
    try:
        agent = cls(seed=seed, **params)
    except AgentSpecError:
        raise
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent spec {spec!r}: {exc}") from None
    if not callable(getattr(agent, "act", None)) and not callable(getattr(agent, "choose", None)):
        raise AgentSpecError(f"agent spec {spec!r}: {type(agent).__name__} has no act(view) method")
    return agent
