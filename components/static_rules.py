"""Static abilities about combat, untapping, entering and players that the general ability types don't
describe (content/oracle/statics.py reads them, systems/static_rules.py executes them).

Plain data only. Some are subclasses of the general types, so the systems that already execute those
(layers, replacement effects, the untap step) execute them unchanged; the subclass only keeps how the
line was written, for the renderer (content/oracle/render.py round trip).
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, PermanentFilter, StaticEffect, StaticReplacement, UntapRule


@dataclass(frozen=True, slots=True)
class CombatRule(Ability):
    """A restriction on attacking or blocking (CR 508.1c, 509.1b) that depends on the other creature or
    on the defending player, checked with column operations by systems/combat.py:

    * "blocked_by_not": the subject can't be blocked by creatures matching ``other``
      ("~ can't be blocked by Walls", "... by creatures with power 2 or less");
    * "blocked_only_by": the subject can't be blocked except by creatures matching ``other``;
    * "block_only": the subject can block only creatures matching ``other`` ("... only creatures with flying");
    * "cant_block_these": the subject can't block creatures matching ``other``;
    * "block_or_blocked_by_not": both of the above ("can't block or be blocked by non-Spirit creatures");
    * "max_blockers": the subject can't be blocked by more than ``n`` creatures (509.1b);
    * "attack_unless_defender": the subject can't attack a player unless that player (the defending
      player, 506.2) controls a permanent matching ``other`` (or its planeswalker: the same player);
    * "power_less_cant_block" / "power_greater_cant_block": creatures with power less / greater than the
      subject's power can't block it ("Creatures with power less than ~'s power can't block it").

    ``subject``: "self" (the source), "attached" (the permanent the source is attached to, written
    ``attached_noun``: "enchanted creature", "equipped creature") or "filter" (the permanents matching
    ``affected``, seen from the source's controller: "Each creature you control ...", written ``attached_noun``).
    """

    text: str
    kind: str
    other: PermanentFilter | None = None
    n: int = 0
    subject: str = "self"
    attached_noun: str = ""
    affected: PermanentFilter | None = None


@dataclass(frozen=True, slots=True)
class WrittenStatic(StaticEffect):
    """A StaticEffect (executed by systems/layers.py) written in a form the general renderer doesn't
    write: ``form`` is "during_your_turn" ("During your turn, ~ has first strike."; the condition is
    "your_turn"), "unless" ("~ can't attack unless you control a Goblin."; the condition is the negation
    of the printed one), "it" ("As long as ~ is equipped, it gets +1/+1."), "predicates" (several
    predicates joined: "~ gets +2/+2 and can't block.")."""

    form: str = ""
    predicates: tuple[str, ...] = ()  # the predicates in printed order ("gets +2/+2", "can't block")
    subject_text: str = ""  # the subject as printed ("~", "enchanted creature", "creatures you control")


@dataclass(frozen=True, slots=True)
class WrittenReplacement(StaticReplacement):
    """A StaticReplacement (executed by systems/replacement.py) written in a form the general renderer doesn't
    write: ``form`` "enters_tapped_unless" ("~ enters tapped unless you control a Plains or a Swamp."; the
    condition is the negation of the printed one), "enter_tapped" ("Creatures enter tapped.", "Artifacts and
    lands your opponents control enter tapped."), "die_self" ("If ~ would die, exile it instead.")."""

    form: str = ""
    subject_text: str = ""


@dataclass(frozen=True, slots=True)
class FilterUntapRule(UntapRule):
    """CR 502.3: "Islands don't untap during their controllers' untap steps." (``who`` "filter"): permanents
    matching ``affected`` (seen from the source's controller) stay tapped while the source is on the
    battlefield with its abilities."""

    affected: PermanentFilter | None = None
    subject_text: str = ""


@dataclass(frozen=True, slots=True)
class OtherUntapRule(UntapRule):
    """"Untap ~ during each other player's untap step." (``who`` "others_self"), "Untap all permanents you control
    during each other player's untap step." (``who`` "others_yours"): in another player's untap step (502.3) these
    permanents untap too."""


@dataclass(frozen=True, slots=True)
class ActivationBan(Ability):
    """CR 602.5: "Activated abilities of artifacts can't be activated." (``affected``: the permanents, any
    controller), and the part "its activated abilities can't be activated" of an Aura's line (``affected`` None:
    the permanent it is attached to). Mana abilities included (605.3a: they are activated abilities)."""

    text: str
    affected: PermanentFilter | None = None


@dataclass(frozen=True, slots=True)
class BanningStatic(WrittenStatic):
    """"Enchanted creature can't attack or block, and its activated abilities can't be activated.": the static
    effect (layers) and an ActivationBan on the same permanent."""


@dataclass(frozen=True, slots=True)
class BanningUntapRule(UntapRule):
    """"Enchanted permanent doesn't untap during its controller's untap step and its activated abilities can't be
    activated.": the untap rule (502.3, ``who`` "attached") and an ActivationBan on the same permanent."""


@dataclass(frozen=True, slots=True)
class GraveyardExile(Ability):
    """CR 614.1a, 614.15: "If ~ would be put into a graveyard from anywhere, exile it instead." A
    self-replacement effect that applies in every zone (systems/zones.py ``move``)."""

    text: str


@dataclass(frozen=True, slots=True)
class StaticPrevention(Ability):
    """CR 615.1a: a static ability that prevents damage while its permanent is on the battlefield:
    "Prevent all damage that would be dealt to ~ [by creatures]." (``to`` "self"), "Prevent all combat damage
    that would be dealt to and dealt by enchanted creature." (``to`` "attached", ``also_by``), "If a source would
    deal 3 or less damage to ~, prevent that damage." (``at_most`` 3: each source's damage of that event)."""

    text: str
    to: str = "self"  # "self", "attached" ("enchanted creature"), "you" (its controller)
    combat_only: bool = False
    by_creatures: bool = False  # only damage creatures would deal
    at_most: int = 0  # 0: any amount
    also_by: bool = False  # "... dealt to and dealt by ...": its damage is prevented too
    attached_noun: str = ""


@dataclass(frozen=True, slots=True)
class PlayerStatic(Ability):
    """A static ability about players while its permanent is on the battlefield, ``kind`` "rule:whose":
    "hexproof:you" ("You have hexproof.", 702.11c-d: its controller can't be the target of spells or abilities
    their opponents control), "no_life_gain:each" / "no_life_gain:opponents" ("Players can't gain life.",
    "Your opponents can't gain life.", 119.7: life gain doesn't happen)."""

    text: str
    kind: str
