"""The mechanic registry: one place where each mechanic says what it is.

A mechanic (a keyword ability, a keyword action, an effect or trigger template family) is one module
under ``systems/mechanics/``. When it is imported it registers here, keyed by the ability/effect
dataclass types it owns:

* its Oracle-text **readers** (``line, raw, name, types -> Ability | None``), each with an explicit
  ``priority`` (lower is asked first; ties are broken by the mechanic's name, never by import order);
* its **renderers** (``abilities -> str | None``: the round trip's text of what a line compiled to);
* its **executors** (``effect type -> fn(game, effect, ctx)``, exactly one per type);
* its **conditions** (``condition kind -> fn(game, cond, controller, source, event_object) -> bool``);
* its **hooks** into the core systems (``hook name -> fn``): the core calls ``hooks(game, name)``
  and runs only the hooks of the mechanics that game's cards can use (see :func:`enabled`).

The registry lives in ``content/`` because the compiler (``content/oracle``) consults it for readers
and renderers, and content must not import the rules (``systems/``). It imports nothing from the
layers above; the mechanic modules are discovered by whatever loads cards (``ecs``), which hands
its discovery function to :func:`set_discovery` before the first card is compiled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from components.abilities import Ability, Effect
    from components.characteristics import CardType

Reader = Callable[[str, str, str, "CardType"], "Ability | tuple[Ability, ...] | None"]  # several: "Cascade, cascade"
Renderer = Callable[[list[object]], "str | None"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One registered reader or renderer: who registered it, its precedence and the types it owns."""

    priority: int
    mechanic: str
    fn: Callable[..., Any]
    produces: tuple[type, ...] = ()


class RegistryError(RuntimeError):
    """A mechanic registered something twice, or the mechanics were never discovered."""


_readers: list[Entry] = []
_renderers: list[Entry] = []
EXECUTORS: dict[type, Callable[..., None]] = {}
EXECUTOR_OWNERS: dict[type, str] = {}
CONDITIONS: dict[str, Callable[..., bool]] = {}
# hook name -> [(mechanic, fn)], in registration order sorted by mechanic name (deterministic)
HOOKS: dict[str, list[tuple[str, Callable[..., Any]]]] = {}
# mechanics whose hooks every game runs (their rules apply without any card naming them, e.g. a rules
# variant), besides the ones enabled by the game's cards
ALWAYS: set[str] = set()

_discovery: Callable[[], None] | None = None
_discovered = False


def _mechanic_of(fn: Callable[..., Any]) -> str:
    """The mechanic a function belongs to: its module's last name (``systems.mechanics.extort`` -> extort)."""
    return fn.__module__.rsplit(".", 1)[-1]


def _insert(entries: list[Entry], entry: Entry) -> None:
    entries.append(entry)
    entries.sort(key=lambda e: (e.priority, e.mechanic, e.fn.__name__))


def reader(fn: Reader, *, priority: int, produces: Iterable[type] = ()) -> Reader:
    """Register an Oracle-text reader; the compiler asks readers in ascending ``priority``."""
    _insert(_readers, Entry(priority, _mechanic_of(fn), fn, tuple(produces)))
    return fn


def renderer(fn: Renderer, *, priority: int, produces: Iterable[type] = ()) -> Renderer:
    """Register a renderer; the round trip asks renderers in ascending ``priority``."""
    _insert(_renderers, Entry(priority, _mechanic_of(fn), fn, tuple(produces)))
    return fn


def executor(effect_type: type[Effect]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorator: ``fn`` carries out effects of ``effect_type`` (CR 608.2c). One executor per type."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        add_executor(effect_type, fn)
        return fn
    return register


def add_executor(effect_type: type[Effect], fn: Callable[..., None]) -> None:
    owner = _mechanic_of(fn)
    if effect_type in EXECUTORS and EXECUTOR_OWNERS[effect_type] != owner:
        raise RegistryError(f"{effect_type.__name__} has two executors: {EXECUTOR_OWNERS[effect_type]} and {owner}")
    EXECUTORS[effect_type] = fn
    EXECUTOR_OWNERS[effect_type] = owner


def condition(kind: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Decorator: ``fn`` checks trigger/effect conditions of ``kind``."""
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        if kind in CONDITIONS and CONDITIONS[kind] is not fn:
            raise RegistryError(f"condition {kind!r} registered twice ({_mechanic_of(CONDITIONS[kind])}, "
                                f"{_mechanic_of(fn)})")
        CONDITIONS[kind] = fn
        return fn
    return register


def hook(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: ``fn`` is this mechanic's hook ``name``, called by the core systems through :func:`hooks`."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        entries = HOOKS.setdefault(name, [])
        entries.append((_mechanic_of(fn), fn))
        entries.sort(key=lambda e: e[0])
        return fn
    return register


# ------------------------------------------------------------------ discovery


def set_discovery(discover: Callable[[], None]) -> None:
    """The card loader's way to import every mechanic module (``systems.mechanics.discover``)."""
    global _discovery
    _discovery = discover


def ensure_discovered() -> None:
    global _discovered
    if _discovered:
        return
    if _discovery is None:
        raise RegistryError("no mechanics discovered: import ecs (it hands systems.mechanics.discover to "
                            "content.registry.set_discovery) before compiling cards")
    _discovered = True
    _discovery()


def readers() -> list[Entry]:
    ensure_discovered()
    return _readers


def renderers() -> list[Entry]:
    ensure_discovered()
    return _renderers


# ------------------------------------------------------------------ what the compiler and the rules ask

# The mechanics whose readers accepted a line while a card was compiled (content/oracle compile_text
# collects them into CardDef.mechanics, so a game knows which hooks its cards need).
_reading: list[set[str]] = []


def start_recording() -> None:
    _reading.append(set())


def stop_recording() -> frozenset[str]:
    return frozenset(_reading.pop())


def read_keyword_ability(line: str, raw: str, name: str, types: CardType) -> Ability | tuple[Ability, ...] | None:
    """The ability the first reader (by priority) makes of this line, or None when no mechanic reads it."""
    for entry in readers():
        ability = entry.fn(line, raw, name, types)
        if ability is not None:
            if _reading:
                _reading[-1].add(entry.mechanic)
            return ability
    return None


def render_keyword_ability(abilities: list[object] | tuple[object, ...]) -> str | None:
    """The text of a line read by a mechanic's reader, or None when no mechanic renders these abilities."""
    for entry in renderers():
        text = entry.fn(list(abilities))
        if text is not None:
            return text
    return None


def executor_for(effect: object) -> Callable[..., None] | None:
    """The registered executor of this effect's type, or None."""
    if not _discovered:
        ensure_discovered()
    return EXECUTORS.get(type(effect))


def condition_for(kind: str) -> Callable[..., bool] | None:
    """The registered check of this condition kind, or None."""
    if not _discovered:
        ensure_discovered()
    return CONDITIONS.get(kind)


def all_hooks(name: str) -> tuple[Callable[..., Any], ...]:
    """Every mechanic's hook ``name``, whatever the game: the compiler's hooks (``compile.*``, ``render.*``,
    ``card.*``) run when cards load, before any game exists."""
    ensure_discovered()
    return tuple(fn for _, fn in HOOKS.get(name, ()))


def mechanics_using(card: object) -> frozenset[str]:
    """The mechanics whose ``card.uses`` hook says this card uses them though no reader of theirs read it (a keyword
    of the core keyword list such as phasing, a subtype such as Saga): recorded in CardDef.mechanics with the
    readers' ones, so a game enables their hooks."""
    ensure_discovered()
    return frozenset(mechanic for mechanic, uses in HOOKS.get("card.uses", ()) if uses(card))


def hooks_named(name: str, mechanics: frozenset[str]) -> tuple[Callable[..., Any], ...]:
    """The hooks ``name`` of the given mechanics (and of the ALWAYS ones), in mechanic-name order."""
    if not mechanics and not ALWAYS:
        return ()  # a game of vanilla cards: nothing to look up (asked once per hook name per game)
    ensure_discovered()
    return tuple(fn for mechanic, fn in HOOKS.get(name, ()) if mechanic in mechanics or mechanic in ALWAYS)
