"""Counter replacements (CR 614.1a, 122.6, 616.1): "If one or more +1/+1 counters would be put on a creature you
control, that many plus one +1/+1 counters are put on it instead." Each such ability in force whose permanent's
controller controls the permanent getting counters (and that matches) adds one to the event, once per event (614.5);
counters a permanent enters with are put on it too (122.6). The abilities live on permanents indexed in
``game.static_rule_sources`` (systems/static_rules.register): none there, nothing to look at."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ecs.game import Game


def extra_plus_one(game: Game, obj: int) -> int:
    """How many more +1/+1 counters an event putting some on ``obj`` puts instead (one per ability that applies)."""
    from components.counter_replacement import CountersPlusOne
    from systems.layers import filter_mask, table_frame
    from systems.static_rules import _live_sources

    t = game.table
    row = t.row_of.get(obj)
    if row is None:
        return 0
    n = 0
    for _ent, src_row, card in _live_sources(game):
        for a in card.abilities:
            if isinstance(a, CountersPlusOne):
                game.refresh_layers()
                if filter_mask(a.affected, table_frame(game), int(t.controller[src_row]))[row]:
                    n += 1
    return n
