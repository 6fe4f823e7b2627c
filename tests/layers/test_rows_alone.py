"""Rows recomputed alone (issue 11): when the only changes since the last whole layer pass are permanents entering or
leaving, counters put on or removed, or locked-in layer 7c effects beginning or ending (CR 611.2c, 613.4c), the pass
works out those rows from the last pass's class values (systems/layers.update_rows) instead of the whole table.

Each test checks the table against the per-object reference (systems/layers_reference.py) without forcing a whole
pass, and whether a whole pass ran; the invalidation tests fail if the kept class values outlive a change they don't
cover (a new effect, a new class an effect could pick by filter, an object an effect singles out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest
from layer_support import CREATURE, FLYING, Layer, board, effect, inline_card, put

from components.abilities import Condition, PermanentFilter
from components.keywords import Keyword
from components.objects import Zone
from ecs.game import Game
from systems import layers
from systems.counters import add_counters
from systems.layers import remove_effect
from systems.layers_reference import reference_characteristics
from systems.state_based import state_check
from systems.zones import move

CREATURES = PermanentFilter(types_any=CREATURE)


class WholePasses:
    """The whole layer passes a game's table made since :meth:`start`, by the table's own count
    (``PermanentTable.whole_passes``): read, not counted by a replaced ``layers._whole_pass``, which compiled code
    would call around."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.started = 0

    def start(self, game: Game) -> None:
        self.game, self.started = game, game.table.whole_passes

    def __len__(self) -> int:
        assert self.game is not None, "start() first"
        return self.game.table.whole_passes - self.started


@pytest.fixture
def whole_passes(monkeypatch: pytest.MonkeyPatch) -> WholePasses:
    from systems import mana

    monkeypatch.setattr(mana.CHECKS, "on", False)  # (the check mode makes whole passes to compare)
    return WholePasses()


@pytest.fixture
def whole_pass_rows(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """One entry (the number of rows) per whole layer pass."""
    from systems import mana

    monkeypatch.setattr(mana.CHECKS, "on", False)  # (the check mode makes whole passes to compare: it counts them)
    passes: list[int] = []
    real = layers._whole_pass

    def counted(game: Game) -> None:
        passes.append(game.table.n)
        real(game)

    monkeypatch.setattr(layers, "_whole_pass", counted)
    yield passes


def _as_reference(game: Game) -> None:
    """The table's columns, as the engine leaves them on the next look, equal the per-object reference (CR 613)."""
    game.refresh_layers()
    t = game.table
    n = t.n
    names = ("controller", "types", "supertypes", "colors", "keywords", "power", "toughness")
    got = dict(zip(t.entity[:n].tolist(), zip(*(getattr(t, c)[:n].tolist() for c in names), strict=True),
                   strict=True))
    assert got == reference_characteristics(game)


def _pt(game: Game, ent: int) -> tuple[int, int]:
    game.refresh_layers()
    row = game.table.row_of[ent]
    return int(game.table.power[row]), int(game.table.toughness[row])


def _anthem_board() -> tuple[Game, int, int]:
    """Glorious Anthem ("Creatures you control get +1/+1") and a Grizzly Bears, layers applied."""
    game = board()
    anthem = put(game, "Glorious Anthem")
    bears = put(game, "Grizzly Bears")
    game.refresh_layers()
    return game, anthem, bears


def test_613_4c_a_permanent_of_a_known_class_enters_with_its_class_values_without_a_whole_pass(whole_passes):
    game, _, bears = _anthem_board()
    whole_passes.start(game)
    other = put(game, "Grizzly Bears")  # the class (card, controller, token) is known: 2/2 + 1/1
    assert _pt(game, other) == (3, 3) and _pt(game, bears) == (3, 3)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_122_1a_counters_and_leaving_change_their_rows_alone(whole_passes):
    game, _, bears = _anthem_board()
    whole_passes.start(game)
    other = put(game, "Grizzly Bears")
    add_counters(game, bears, "+1/+1", 2)
    assert _pt(game, bears) == (5, 5)
    move(game, other, Zone.GRAVEYARD)
    assert _pt(game, bears) == (5, 5)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_611_2c_a_locked_in_pump_begins_and_ends_on_its_rows_alone(whole_passes):
    game, anthem, bears = _anthem_board()
    whole_passes.start(game)
    pump = effect(game, Layer.PT_MODIFY, source=anthem, fixed=[bears], power=3, toughness=3, until_end_of_turn=True)
    assert _pt(game, bears) == (6, 6)
    remove_effect(game, pump)
    assert _pt(game, bears) == (3, 3)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_613_4d_a_locked_in_pump_on_a_switched_creature_lands_switched():
    """A creature whose class is switched (7d) takes a later locked-in +3/+0 as +0/+3 in its power's place."""
    game = board()
    source = put(game, "Glorious Anthem")
    bears = put(game, "Grizzly Bears")
    effect(game, Layer.PT_SWITCH, source=source, affected=CREATURES)
    game.refresh_layers()
    effect(game, Layer.PT_MODIFY, source=source, fixed=[bears], power=3, toughness=0)
    assert _pt(game, bears) == (3, 6)  # 7c: 2/2 +1/+1 +3/+0 = 6/3, then 7d: 3/6
    _as_reference(game)


def test_a_new_effect_makes_a_whole_pass_even_when_a_row_changed_too(whole_passes):
    """Invalidation: an effect that began since the last pass is not in the kept class values."""
    game, anthem, bears = _anthem_board()
    whole_passes.start(game)
    other = put(game, "Grizzly Bears")  # a row changed, then an effect began
    effect(game, Layer.PT_MODIFY, source=anthem, affected=CREATURES, power=1, toughness=1)
    assert _pt(game, other) == (4, 4) and _pt(game, bears) == (4, 4)
    assert len(whole_passes) == 1
    _as_reference(game)


def test_a_new_class_takes_the_pass_s_class_operations_while_an_effect_picks_classes_by_filter(whole_passes):
    """A creature of a class the last pass didn't know, with an anthem that picks it: the pass's operations on the class
    rows (the anthem's +1/+1) are made on the new class's row alone (systems/layers._class_program), not a whole pass.
    (Session 19: this test asked for a whole pass here, the invalidation before the operations were kept.)"""
    game, _, _ = _anthem_board()
    whole_passes.start(game)
    knight = put(game, "Serra Angel")
    assert _pt(game, knight) == (5, 5)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_613_4d_6_a_new_class_takes_switched_values_and_added_subtypes_without_a_whole_pass(whole_passes):
    """The class operations of every layer a filter picks classes in, made again for a new class: a type (205.1b),
    a keyword, +1/+1 (7c) and a switch (7d), with the switch decided before counters (as in the whole pass)."""
    game, anthem, _ = _anthem_board()
    effect(game, Layer.TYPE, source=anthem, affected=CREATURES, subtypes_add=("Zombie",))
    effect(game, Layer.ABILITY, source=anthem, affected=CREATURES, keywords_add=FLYING)
    effect(game, Layer.PT_SWITCH, source=anthem, affected=CREATURES)
    game.refresh_layers()
    whole_passes.start(game)
    pegasus = put(game, "Armored Pegasus")
    add_counters(game, pegasus, "+1/+1", 1)
    assert _pt(game, pegasus) == (4, 3)  # 1/2, +1/+1: 2/3, switched: 3/2, then the counter (613.4c-d)
    assert len(whole_passes) == 0
    _as_reference(game)
    t = game.table
    row = t.row_of[pegasus]
    assert "Zombie" in game.class_subtypes[int(t.cls[row])] and int(t.keywords[row]) & FLYING


def test_a_new_class_makes_a_whole_pass_while_an_effect_removes_abilities(whole_passes):
    """Invalidation: with an effect that removes abilities (613.1f), which may stop a static ability's effect part-way
    through a pass, the class operations are not made again for a new class: a whole pass is."""
    game, _, bears = _anthem_board()
    effect(game, Layer.ABILITY, source=bears, fixed=[bears], lose_all_abilities=True)
    game.refresh_layers()
    whole_passes.start(game)
    knight = put(game, "Serra Angel")
    assert _pt(game, knight) == (5, 5)
    assert len(whole_passes) == 1
    _as_reference(game)


def test_a_new_class_takes_its_printed_values_while_effects_pick_single_objects_only(whole_passes):
    game = board()
    source = put(game, "Forest")  # (an effect's source, with no static ability of its own)
    bears = put(game, "Grizzly Bears")
    effect(game, Layer.ABILITY, source=source, fixed=[bears], keywords_add=FLYING)  # singles the Bears out
    game.refresh_layers()
    whole_passes.start(game)
    angel = put(game, "Serra Angel")
    assert _pt(game, angel) == (4, 4)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_122_1a_counters_on_an_object_an_effect_singles_out_take_the_pass_s_values_for_it(whole_passes):
    """Counters on the source of a static ability (evaluated alone, not by its class): its values from the last pass's
    frame of singled-out permanents, plus the counters (613.4c), not a whole pass. (Session 19: this test asked for a
    whole pass here, the invalidation before that frame was kept.)"""
    game = board()
    bears = put(game, "Grizzly Bears")
    effect(game, Layer.PT_MODIFY, source=bears, affected=PermanentFilter(self_only=True), power=1, toughness=1)
    game.refresh_layers()
    whole_passes.start(game)
    add_counters(game, bears, "+1/+1", 1)
    assert _pt(game, bears) == (4, 4)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_611_2c_613_4d_a_locked_in_pump_on_a_singled_out_switched_creature_lands_switched(whole_passes):
    """A locked-in +3/+0 and a counter on a creature an effect switches alone (7d): its frame's 7c values switched,
    then the counter and the pump (+a/+b lands as +b/+a), as the whole pass adds them."""
    game = board()
    pegasus = put(game, "Armored Pegasus")  # 1/2
    effect(game, Layer.PT_SWITCH, source=pegasus, affected=PermanentFilter(self_only=True))
    game.refresh_layers()
    whole_passes.start(game)
    add_counters(game, pegasus, "+1/+1", 1)
    effect(game, Layer.PT_MODIFY, source=pegasus, fixed=[pegasus], power=3, toughness=0)
    assert _pt(game, pegasus) == (3, 5)  # 2/1 switched, +1/+1, then +3/+0 lands as +0/+3
    assert len(whole_passes) == 0
    _as_reference(game)


def test_an_object_an_effect_singles_out_makes_a_whole_pass_while_a_restriction_applies(whole_passes):
    """Invalidation: with a restriction (613.11: written over the final columns after the layers) the frame of
    singled-out permanents is not kept: counters on the source of a static ability make a whole pass."""
    game = board()
    bears = put(game, "Grizzly Bears")
    effect(game, Layer.PT_MODIFY, source=bears, affected=PermanentFilter(self_only=True), power=1, toughness=1)
    effect(game, Layer.ABILITY, source=bears, affected=PermanentFilter(self_only=True),
           keywords_add=int(Keyword.CANT_BLOCK))
    game.refresh_layers()
    whole_passes.start(game)
    add_counters(game, bears, "+1/+1", 1)
    assert _pt(game, bears) == (4, 4)
    assert len(whole_passes) == 1
    _as_reference(game)


def test_611_2c_only_locked_in_pumps_then_counters_and_a_new_creature():
    """A whole pass with only locked-in 7c effects (printed values plus the pumps), then rows alone on top of it."""
    game = board()
    source = put(game, "Forest")
    bears = put(game, "Grizzly Bears")
    effect(game, Layer.PT_MODIFY, source=source, fixed=[bears], power=3, toughness=3, until_end_of_turn=True)
    assert _pt(game, bears) == (5, 5)
    add_counters(game, bears, "+1/+1", 1)
    angel = put(game, "Serra Angel")
    assert _pt(game, bears) == (6, 6) and _pt(game, angel) == (4, 4)
    _as_reference(game)


def test_611_2c_the_first_locked_in_pump_and_the_end_of_the_last_change_their_rows_alone(whole_passes):
    """With no other continuous effect, every class has its printed values before and after: a locked-in pump that
    begins, a counter and a creature entering meanwhile, and the pump's end change only their rows (613.4c)."""
    game = board()
    source = put(game, "Forest")
    bears = put(game, "Grizzly Bears")
    angel = put(game, "Serra Angel")
    game.refresh_layers()
    whole_passes.start(game)
    pump = effect(game, Layer.PT_MODIFY, source=source, fixed=[bears], power=3, toughness=2, until_end_of_turn=True)
    other = put(game, "Grizzly Bears")
    assert _pt(game, bears) == (5, 4) and _pt(game, other) == (2, 2) and _pt(game, angel) == (4, 4)
    _as_reference(game)
    add_counters(game, other, "+1/+1", 1)
    remove_effect(game, pump)
    assert _pt(game, bears) == (2, 2) and _pt(game, other) == (3, 3) and _pt(game, angel) == (4, 4)
    assert len(whole_passes) == 0
    _as_reference(game)
    pump = effect(game, Layer.PT_MODIFY, source=source, fixed=[other], power=1, toughness=1)  # and again
    assert _pt(game, other) == (4, 4) and len(whole_passes) == 0
    _as_reference(game)


def _lethal_check(game: Game, dying: int, start_counting: Callable[[Game], None]) -> None:
    """Lethal damage on ``dying`` and a state check (704.5g) with a "whenever another creature dies" ability in play,
    which looks at the layers after the death (its controller and filter are layered values); the whole passes are
    counted from just before the check (``start_counting``)."""
    put(game, inline_card("Test Dier", "Creature — Human", 1, 1, text="Whenever another creature dies, draw a card."))
    game.refresh_layers()
    start_counting(game)
    t = game.table
    t.mark_damage(np.array([t.row_of[dying]]), [3])
    assert state_check(game)
    assert dying not in t.row_of


def test_704_3_a_state_check_that_looked_at_the_layers_does_not_make_them_whole_again(whole_passes):
    """The death changed one row (its own mark): the check that performed it doesn't dirty the whole table."""
    game, _, bears = _anthem_board()
    _lethal_check(game, bears, whole_passes.start)
    game.refresh_layers()
    assert len(whole_passes) == 0
    _as_reference(game)


# (the rows at each pass are seen only by replacing layers._whole_pass, which compiled code calls around)
@pytest.mark.plain_python
def test_611_3a_a_state_check_applies_the_layers_again_while_an_effect_reads_outside_the_table(whole_pass_rows):
    """Invalidation: an "as long as" condition on a graveyard (611.3a) may have changed with what the check did, after
    the layers were looked at; the loop's next check sees the layers applied again (704.3)."""
    game, anthem, bears = _anthem_board()
    effect(game, Layer.PT_MODIFY, source=anthem, affected=CREATURES, power=1, toughness=0,
           condition=Condition("graveyard_at_least", n=5))
    _lethal_check(game, bears, lambda _game: whole_pass_rows.clear())
    assert whole_pass_rows == [2, 2]  # as the ability looks after the death (a condition: no rows alone), and again
    _as_reference(game)


@pytest.mark.parametrize(("text", "sees"), [("Whenever another creature enters, draw a card.", False),
                                             ("Whenever another creature dies, draw a card.", True)])
def test_603_2_the_layers_are_looked_at_for_a_death_only_by_abilities_that_can_see_one(text, sees):
    """A "whenever ... enters" ability can't trigger on a death (603.2): the zone change doesn't bring the layers up
    to date for it (the next look does); a "whenever ... dies" ability sees the death, with the layers current."""
    game, _, bears = _anthem_board()
    put(game, inline_card("Test Watcher", "Creature — Human", 1, 1, text=text))
    game.refresh_layers()
    move(game, bears, Zone.GRAVEYARD)
    assert len(game.waiting_triggers) == int(sees)
    assert game.table.layers_dirty != sees
    _as_reference(game)


def test_an_object_an_effect_singles_out_leaving_changes_no_other_row(whole_passes):
    """The Bears an effect gave flying leave: the effect applies to no row now, the others keep their values."""
    game = board()
    source = put(game, "Forest")
    bears = put(game, "Grizzly Bears")
    other = put(game, "Grizzly Bears")
    effect(game, Layer.ABILITY, source=source, fixed=[bears], keywords_add=FLYING)
    game.refresh_layers()
    whole_passes.start(game)
    move(game, bears, Zone.GRAVEYARD)
    assert _pt(game, other) == (2, 2)
    assert len(whole_passes) == 0
    _as_reference(game)


def test_the_source_of_an_effect_leaving_makes_a_whole_pass(whole_passes):
    """Invalidation: an effect whose source left (it stays, 611.2a) reads its controller from the effect now."""
    game = board()
    bears = put(game, "Grizzly Bears")
    other = put(game, "Grizzly Bears")
    effect(game, Layer.ABILITY, source=bears, fixed=[other], keywords_add=FLYING)
    game.refresh_layers()
    whole_passes.start(game)
    move(game, bears, Zone.GRAVEYARD)
    assert _pt(game, other) == (2, 2)
    assert len(whole_passes) == 1
    _as_reference(game)


def test_205_1b_a_subtype_an_effect_added_is_gone_when_the_last_effect_ends():
    """With no continuous effect left, every permanent has its printed subtypes again (a whole pass without effects
    used to keep its classes' layered subtypes), also when the battlefield was empty meanwhile."""
    from systems.layers import subtypes_of

    game = board()
    source = put(game, "Forest")
    bears = put(game, "Grizzly Bears")
    zombies = effect(game, Layer.TYPE, source=source, affected=CREATURES, subtypes_add=("Zombie",))
    assert subtypes_of(game, bears) == {"Bear", "Zombie"}
    remove_effect(game, zombies)
    assert subtypes_of(game, bears) == {"Bear"}
    effect(game, Layer.TYPE, source=source, affected=CREATURES, subtypes_add=("Zombie",))
    game.refresh_layers()
    move(game, bears, Zone.GRAVEYARD)
    move(game, source, Zone.GRAVEYARD)
    remove_effect(game, game.effects[0])
    game.refresh_layers()  # (an empty battlefield)
    assert subtypes_of(game, put(game, "Grizzly Bears")) == {"Bear"}


def test_611_3a_a_condition_on_the_enchanted_creature_alone_keeps_the_class_values(whole_passes):
    """Hobble ("Enchanted creature can't attack. Enchanted creature can't block if it's black.", 613.11): its condition
    reads only the enchanted creature's row, which it singles out; a permanent entering takes its class values (no
    whole pass), and a change to the enchanted creature still makes one."""
    game = board()
    bears = put(game, "Grizzly Bears", controller=1)
    hobble = put(game, "Hobble")
    game.table.attach(hobble, bears)
    game.refresh_layers()
    whole_passes.start(game)
    other = put(game, "Grizzly Bears", controller=1)
    assert _pt(game, other) == (2, 2)
    assert len(whole_passes) == 0
    _as_reference(game)
    add_counters(game, bears, "+1/+1", 1)  # the object the effects single out: a whole pass
    assert _pt(game, bears) == (3, 3)
    assert len(whole_passes) == 1
    _as_reference(game)


def _printed_rows(game: Game) -> list[tuple[int, ...]]:
    """Each class's printed values as the class table gives them (``arrays``), row by row."""
    arrays = game.classes.arrays()
    return list(zip(*(column.tolist() for column in arrays.values()), strict=True))


def test_707_2_a_clone_shares_the_printed_class_values_and_a_new_class_in_either_game_is_its_own():
    """A clone (a playout starts from one) reads the original's printed class arrays, not made again; a card entering
    for the first time in the clone, then another in the original, gives each game its own class row (the printed
    values of its own card, 707.2), and both games' layers equal the reference."""
    game, _, _ = _anthem_board()
    game.classes.arrays()
    put(game, "Llanowar Elite")
    printed = game.classes.arrays()  # (a class added to made arrays: the original's buffers have room for another)
    copy = game.clone()
    assert copy.classes.arrays() is printed  # shared, not made again
    k = len(game.classes.cards)
    put(copy, "Hill Giant")
    copy.classes.arrays()
    put(game, "Serra Angel")
    game.classes.arrays()
    for g, name in ((copy, "Hill Giant"), (game, "Serra Angel")):
        assert g.classes.cards[k].name == name
        assert _printed_rows(g) == [g.classes._printed(c) for c in range(k + 1)]
        _as_reference(g)
    assert printed["power"].tolist() == [c.power.base if c.power else 0 for c in game.classes.cards[:k]]


def test_613_a_clone_keeps_the_class_values_and_works_out_its_first_changed_rows_alone(whole_passes):
    """A copy of a game (a playout starts from one) keeps the last pass's class values: a permanent entering, counters
    and a new class there are worked out alone, as in the original; the per-class values it extends are its own."""
    game, _, bears = _anthem_board()
    k = len(game.classes.cards)
    copy = game.clone()
    whole_passes.start(copy)
    other = put(copy, "Grizzly Bears")
    add_counters(copy, bears, "+1/+1", 1)
    assert _pt(copy, other) == (3, 3) and _pt(copy, bears) == (4, 4)
    giant = put(copy, "Hill Giant")  # a new class, given the anthem by the pass's kept operations
    assert _pt(copy, giant) == (4, 4)
    assert len(whole_passes) == 0
    _as_reference(copy)
    kept, copied = game.layer_rows_cache, copy.layer_rows_cache
    assert kept is not None and copied is not None
    assert len(kept.columns["power"]) == k and len(copied.columns["power"]) == k + 1  # the original's are untouched
    put(game, "Serra Angel")
    _as_reference(game)
    assert _pt(game, bears) == (3, 3)


def test_707_2_the_printed_class_lists_equal_the_arrays_and_a_copy_extends_its_own():
    """``ClassTable.printed_lists`` (the printed values as Python ints, extended per new class) give what the arrays
    give; a copy's new class extends the copy's lists only."""
    game, _, _ = _anthem_board()
    k = len(game.classes.cards)
    lists = game.classes.printed_lists()
    copy = game.clone()
    put(copy, "Hill Giant")
    arrays = copy.classes.arrays()
    assert copy.classes.printed_lists() == {name: arrays[name].tolist() for name in lists}
    assert len(copy.classes.printed_lists()["power"]) == k + 1
    assert game.classes.printed_lists() is lists and len(lists["power"]) == k
