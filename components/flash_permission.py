"""Flash permissions (CR 601.3a, 702.8a): a static ability that lets a player cast spells any time they could
cast an instant, "You may cast artifact spells as though they had flash." / "Any player may cast creature and
enchantment spells as though they had flash." (systems/mechanics/flash_permission.py reads it,
systems/flash_permission.py applies it to every casting path)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Condition, PermanentFilter


@dataclass(frozen=True, slots=True)
class FlashPermission(Ability):
    """``who``: "you" (the permanent's controller) or "each" (any player); ``spells``: the spells it applies to
    (None: every spell), matched against the card's characteristics; ``noun``: the words naming them as printed
    ("Spirit spells"), kept for the round trip."""

    text: str
    who: str
    spells: PermanentFilter | None
    noun: str
    condition: Condition | None = None  # who "self": "If you control a creature with power 4 or greater, you may cast
    #                                   ~ as though it had flash." (the card's own permission, from its owner's hand)
