"""Instructions that make a choice and effects that refer back to it (CR 608.2d, 115.1, 700.2), read by
content/oracle/choices.py and carried out by systems/choices.py.

Target fields are effect target indices (a target slot, SELF, EVENT_OBJECT, ATTACHED) like the other effects
of components/abilities.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Effect, Group

CHOSEN_COLOR_BIT = 1 << 6  # PermanentFilter.colors_any / colors_none: "of the chosen color" (608.2d)


@dataclass(frozen=True, slots=True)
class ChooseTargets:
    """'Choose target creature [and target creature ...].' (CR 115.1, 601.2c): the targets are chosen as the
    spell is cast or the ability is put on the stack, like any other target; the sentence itself does nothing
    as it resolves. The instructions after it name the targets ("that creature", "those creatures")."""

    target: int  # the first of ``count`` target slots in a row
    count: int = 1


@dataclass(frozen=True, slots=True)
class FightEachOther:
    """'Those creatures fight each other.' (CR 701.12a): the two targets named before."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class ChooseThen:
    """'Choose a color. <instructions about the chosen color>' / 'Choose a creature type. <... of the chosen
    type>' (CR 608.2d: the choice is made as the spell or ability resolves, then the instructions after it are
    followed with the chosen value). ``kind``: "color" or "creature type"."""

    kind: str
    effects: tuple[Effect, ...]
    inline: bool = False  # "Creatures of the creature type of your choice get -3/-3 ..." (one sentence)


@dataclass(frozen=True, slots=True)
class ProtectionFromChosen:
    """'<objects> gain protection from the chosen color until end of turn' (702.16a) after "Choose a color."
    (608.2d): systems/choices.py turns it into the locked-in continuous effect once the color is chosen."""

    target: int
    group: Group | None = None


@dataclass(frozen=True, slots=True)
class ControllerMaySacrifice:
    """'Its controller may sacrifice it. If they don't, <instructions>.' (a choice another player makes as it
    resolves, 608.2d; 701.21a: they sacrifice a permanent they control)."""

    target: int
    then: tuple[Effect, ...]  # (named like MayEffect.then: content/oracle/__init__.py shifts its targets)


@dataclass(frozen=True, slots=True)
class ChooseOneOf:
    """'<object> gains your choice of flying, vigilance, or lifelink until end of turn' / 'create your choice of a
    Clue token, a Food token, or a Treasure token': the controller picks one alternative as it resolves (608.2d);
    ``labels`` name them for the decision; ``effects`` are their instructions one after another, ``sizes[i]`` of
    them for alternative i (one flat tuple, so that target indices shift like other nested instructions)."""

    labels: tuple[str, ...]
    effects: tuple[Effect, ...]
    sizes: tuple[int, ...]

    def option(self, i: int) -> tuple[Effect, ...]:
        start = sum(self.sizes[:i])
        return self.effects[start:start + self.sizes[i]]
