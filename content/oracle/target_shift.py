"""Moving an effect's target-slot indices (a spell's second half or a spliced text numbers its targets after the
first's). Outside the compiler proper so that a game casting a fused split card or splicing does not load the
compiler for it (content/oracle/__init__.py loads the compiler on first use of its names)."""

from __future__ import annotations

import dataclasses

from components.abilities import Count, Effect, PlayerRef

_INDEX_FIELDS = ("target", "a", "b", "ref", "source")


def shift_targets(effect: Effect, offset: int) -> Effect:
    """The same effect with its target-slot indices moved up by ``offset``."""
    if not offset:
        return effect
    changes: dict[str, object] = {}
    for f in dataclasses.fields(effect):
        value = getattr(effect, f.name)
        if f.name in _INDEX_FIELDS and isinstance(value, int) and value >= 0:
            changes[f.name] = value + offset
        elif isinstance(value, PlayerRef) and value.kind in ("target", "controller_of", "owner_of") \
                and value.index >= 0:
            changes[f.name] = PlayerRef(value.kind, value.index + offset)
        elif isinstance(value, Count) and value.kind in ("power_of", "toughness_of") and value.ref >= 0:
            changes[f.name] = dataclasses.replace(value, ref=value.ref + offset)
        elif isinstance(value, tuple) and value and all(dataclasses.is_dataclass(e) for e in value) \
                and f.name in ("effects", "then"):
            changes[f.name] = tuple(shift_targets(e, offset) for e in value)  # nested instructions
    return dataclasses.replace(effect, **changes) if changes else effect
