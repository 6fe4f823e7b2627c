"""Restrictions on spending mana (CR 106.6): "Spend this mana only to cast a creature spell.", "This mana
can't be spent to cast a nonartifact spell." (a Powerstone, 111.10s). Read by content/oracle/mana_spending.py,
enforced by systems/mana_spending.py."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, PermanentFilter

# A mana-unit flag (ManaAbility.produces, AddMana.produces): "two mana of any one color" (106.1a) - every mana of
# the ability is the same color, chosen once; the other bits are the colors it may be.
ONE_COLOR = 256


@dataclass(frozen=True, slots=True)
class SpendRestriction:
    """What restricted mana may pay for (CR 106.6). ``spells``: the spells it may be spent to cast (None: no
    spell); ``abilities``: it may pay the costs of activated abilities (602.2b), of any source when
    ``ability_sources`` is None, else only of sources matching it ("abilities of artifacts").
    Rendering: ``negated`` reads "This mana can't be spent to cast <a non-X spell>" (``spells`` holds the
    allowed X); ``plural`` says "creature spells" rather than "a creature spell"; ``abilities_first`` puts
    the abilities part first ("to activate an ability or cast an artifact spell")."""

    spells: PermanentFilter | None = None
    abilities: bool = False
    ability_sources: PermanentFilter | None = None
    negated: bool = False
    plural: bool = False
    abilities_first: bool = False
    abilities_plural: bool = False  # "to activate abilities" rather than "an ability"
    to_again: bool = False  # "... or to activate an ability" (the second "to" of the Oracle wording)


@dataclass(frozen=True, slots=True)
class TappedForManaExtra(Ability):
    """'Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.' (CR 605.1b: a
    triggered mana ability; it doesn't use the stack and resolves at once, 605.4a). ``produces``: one type mask
    per mana added (31: "one mana of any color"). Executed by systems/mana_triggers.py."""

    text: str
    produces: tuple[int, ...]
