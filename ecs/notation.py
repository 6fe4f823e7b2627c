"""Human-readable action strings and per-player observations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.designations import Foretold
from components.keywords import keyword_label
from components.objects import Zone
from ecs.actions import (
    ActivateAbility,
    ApplyReplacement,
    AssignDamage,
    CastSpell,
    Choose,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishAttackers,
    FinishBlockers,
    Keep,
    KeepLegend,
    Mulligan,
    NameCard,
    PassPriority,
    PlayLand,
    PutOnBottom,
    PutTrigger,
    SpecialAction,
    TurnFaceUp,
)

if TYPE_CHECKING:
    from ecs.game import Game


def action_to_string(game: Game, action: object) -> str:
    # (object: Game.apply names in its error whatever it was handed, and the fuzz hands it strings and None: those
    # and any action kind without a notation of its own are shown as their repr, below)
    n = game.name
    if isinstance(action, PassPriority):
        return "pass"
    if isinstance(action, PlayLand):
        if action.face >= 0:  # 712.12: a modal double-faced card's land face
            face = game.card(action.card).faces[action.face].name
            return f"play {n(action.card)} as {face}" + (f" ({action.choice})" if action.choice else "")
        if action.choice:  # chosen as it enters (614.12): "pay" / "tapped" / a color
            return f"play {n(action.card)} ({action.choice})"
        return f"play {n(action.card)}"
    if isinstance(action, CastSpell):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        how = ""
        if action.face >= 0:  # one half of a split card (709.3)
            faces = game.card(action.card).faces
            how = f" ({faces[action.face].name})" if action.face < len(faces) else ""
        elif action.cost:  # an alternative cost by keyword (118.9): "(overload)", "(bestow)", "(fuse)"
            how = f" ({action.cost})"
        if action.sacrifice:  # an additional cost (601.2b)
            how += f" (sacrificing {', '.join(n(s) for s in action.sacrifice)})"
        if action.discard:
            how += f" (discarding {', '.join(n(c) for c in action.discard)})"
        if action.exile:  # escape (702.138a)
            how += f" (exiling {', '.join(n(c) for c in action.exile)})"
        if action.tapped:  # conspire (702.78a)
            how += f" (tapping {', '.join(n(c) for c in action.tapped)})"
        if action.returned:  # web-slinging
            how += f" (returning {', '.join(n(c) for c in action.returned)})"
        if action.spliced:  # splice (702.47a)
            how += f" (splicing {', '.join(n(c) for c in action.spliced)})"
        return f"cast {n(action.card)}{how}{targets}"
    if isinstance(action, DeclareAttacker):
        costs = (" exerting it" if action.exert else "") + (f" enlisting {n(action.enlist)}" if action.enlist >= 0 else "")
        return f"attack {n(action.defender)} with {n(action.creature)}{costs}"
    if isinstance(action, FinishAttackers):
        return "done attacking"
    if isinstance(action, DeclareBlocker):
        return f"block {n(action.attacker)} with {n(action.blocker)}"
    if isinstance(action, FinishBlockers):
        return "done blocking"
    if isinstance(action, AssignDamage):
        parts = ", ".join(f"{a} to {n(r)}" for r, a in action.assignment)
        return f"{n(action.attacker)} assigns {parts}"
    if isinstance(action, Discard):
        return f"discard {n(action.card)}"
    if isinstance(action, Keep):
        return "keep"
    if isinstance(action, Mulligan):
        return "mulligan"
    if isinstance(action, PutOnBottom):
        return f"put {n(action.card)} on the bottom"
    if isinstance(action, ApplyReplacement):
        from components.objects import ReplacementEffect

        re = game.world.try_get(action.effect, ReplacementEffect)
        return f"apply {n(re.source) if re is not None else '#'}'s replacement effect"
    if isinstance(action, Choose):
        return "yes" if action.yes else "no"
    if isinstance(action, KeepLegend):
        return f"keep {n(action.permanent)}"
    if isinstance(action, PutTrigger):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        return f"put trigger {action.uid} on the stack{targets}"
    if isinstance(action, ActivateAbility):
        targets = f" -> {', '.join(n(t) for t in action.targets)}" if action.targets else ""
        tapping = f" tapping {', '.join(n(t) for t in action.tapped)}" if action.tapped else ""  # crew (702.122a)
        mana = f" for {{{action.mana}}}" if action.mana else ""  # "one mana of any color" (605.3a)
        return f"activate {n(action.source)} ability {action.index}{mana}{tapping}{targets}"
    from ecs.actions import RevealMiracle

    if isinstance(action, RevealMiracle):  # 702.94a
        return f"reveal {n(action.card)} (miracle)" if action.reveal else f"don't reveal {n(action.card)}"
    if isinstance(action, NameCard):
        return f"name {action.name}"
    from ecs.actions import ChooseColor

    if isinstance(action, ChooseColor):
        return f"choose {action.color}"
    from ecs.actions import ChooseOption, ChooseType

    if isinstance(action, ChooseType):
        return f"choose {action.subtype}"
    if isinstance(action, ChooseOption):  # "your choice of flying or trample" (608.2d)
        return f"choose {action.label}"
    if isinstance(action, SpecialAction):  # suspend, plot (116.2f, 116.2k)
        return f"{action.kind} {n(action.card)}"
    if isinstance(action, TurnFaceUp):
        return f"turn {n(action.card)} face up" + (" for its mana cost" if action.how == "manifest" else "")
    from ecs.actions import ChooseCard, PlaceCard

    if isinstance(action, PlaceCard):
        where = {"top": "on top", "bottom": "on the bottom", "graveyard": "into the graveyard"}[action.where]
        return f"put {n(action.card)} {where}"
    if isinstance(action, ChooseCard):
        return "choose nothing" if action.card < 0 else f"choose {n(action.card)}"
    from ecs.actions import ChoosePlayer

    if isinstance(action, ChoosePlayer):
        return f"choose {n(action.player)}"
    from ecs.actions import ChooseTargets

    if isinstance(action, ChooseTargets):  # 707.10c
        return "targets " + ", ".join(n(t) for t in action.targets) if action.targets else "no targets"
    from ecs.actions import MANA_ABILITY, ActivateMana, Announce, Cancel, Pick

    if isinstance(action, Announce):  # 601.2a, 602.2a: the choices follow
        if action.index == MANA_ABILITY:
            return f"tap {n(action.card)} for mana ..."
        return f"cast {n(action.card)} ..." if action.index < 0 else f"activate {n(action.card)} ability {action.index} ..."
    if isinstance(action, Pick):
        return _pick_string(game, action)
    if isinstance(action, Cancel):  # 730.1
        return "cancel"
    if isinstance(action, ActivateMana):  # 605.3a
        return f"tap {n(action.source)} for {action.mana}"
    return repr(action)


ENTITY_FIELDS = frozenset({"targets", "spliced", "sacrifice", "discard", "exile", "tapped", "returned", "exiled"})


def _pick_string(game: Game, pick: Any) -> str:
    """One small choice of an announcement (systems/announcing.py)."""
    value = pick.value
    if value is None:
        return f"no more {pick.field}"
    if pick.field == "page":
        return f"choices, part {value + 1}"
    if pick.field in ENTITY_FIELDS and isinstance(value, int):
        return f"{pick.field}: " + ("no target" if value < 0 else game.name(value))
    if pick.field == "cost":
        return f"cost: {value or 'normal'}"
    return f"{pick.field}: {value}"


def _command_view(game: Game, card: int, player: int) -> dict[str, Any]:
    """A command-zone card as ``player`` sees it: a face-down conspiracy has no characteristics for the
    others (315.5b); its controller may look at it and its chosen names (315.7, 702.106b)."""
    entry = game.command_cards.get(card)
    if entry is not None and entry.face_down:
        if entry.owner != player:
            return {"id": card, "face_down": True}
        return {"id": card, "face_down": True, "name": game.name(card), "chosen": list(entry.names)}
    view: dict[str, Any] = {"id": card, "name": game.name(card)}
    if entry is not None and entry.names:
        view["chosen"] = list(entry.names)  # revealed as it turned face up (702.106c)
    return view


def _exiled(game: Game, card: int, viewer: int) -> str:
    """An exiled card's name, or what ``viewer`` sees of a face-down foretold card (702.143a)."""
    if game.world.holders(Foretold):
        from systems.mechanics.exile_casting import hidden_name

        hidden = hidden_name(game, card, viewer)
        if hidden is not None:
            return hidden
    return game.name(card)


def observation(game: Game, player: int) -> dict[str, Any]:
    """A JSON-ready view of the game for ``player``; others' hands and all libraries are counts only."""
    game.refresh_layers()
    t = game.table
    permanents = []
    for row in range(t.n):
        ent = int(t.entity[row])
        permanents.append({
            "id": ent, "name": game.name(ent), "controller": int(t.controller[row]),
            "power": int(t.power[row]), "toughness": int(t.toughness[row]), "damage": int(t.damage[row]),
            "tapped": bool(t.tapped[row]), "keywords": keyword_label(int(t.keywords[row])),
        })
        if game.face_down_seen and game.card(ent).layout == "face_down":
            from systems.mechanics.face_down import seen_face_down

            permanents[-1]["face_down"] = True  # 708.2: a face-down permanent; what it is, if you may look (708.5)
            if (card := seen_face_down(game, player, ent)) is not None:
                permanents[-1]["card"] = card
    players = []
    for state in game.player_states:
        zones = game.zones[state.index]
        entry: dict[str, Any] = {
            "name": state.name, "life": state.life, "poison": state.poison, "energy": state.energy,
            "library_count": len(zones[Zone.LIBRARY]), "hand_count": len(zones[Zone.HAND]),
            "graveyard": [game.name(c) for c in zones[Zone.GRAVEYARD]],
            "exile": [_exiled(game, c, player) for c in zones[Zone.EXILE]],
            "command": [_command_view(game, c, player) for c in zones[Zone.COMMAND]],
        }
        if state.index == player:
            entry["hand"] = [{"id": c, "name": game.name(c)} for c in zones[Zone.HAND]]
        if game.top_rules_seen:
            from systems.hidden_zones import seen_cards

            seen_cards(game, player, state.index, entry)  # a top card or hand revealed or looked at (401.5)
        players.append(entry)
    return {
        "turn": game.turn, "active": game.active, "step": game.step.label, "you": player,
        "players": players, "battlefield": permanents,
        "stack": [game.name(e) for e in reversed(game.stack)],
    }
