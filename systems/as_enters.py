"""Choices made as a land enters (CR 614.12, 614.1c, 607.2d): "As ~ enters, you may pay 2 life. If you
don't, it enters tapped." and "As ~ enters, choose a color." (the color is linked to "{T}: Add one mana of the
chosen color", 607.2d; ``game.chosen_color`` keeps it for the permanent).

*How the player is asked.* A land played (a special action, 305.1) enters at once, so the choice is part of
the enumerated ``PlayLand`` option (``PlayLand.choice``: "pay" or "tapped"; "W", "U", "B", "R" or "G"):
each choice is its own option, and paying life is offered only with enough life (119.4). A land put onto
the battlefield by an effect is not asked (as for unleash and tribute, systems/mechanics/entering.py): it
counts as not paying (it enters tapped) and no color is chosen, so its chosen-color mana ability makes no
mana. That is the engine's documented limit, not a choice made for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import AsEntersChooseColor, AsEntersChooseType, AsEntersPayLife
from components.hidden_zones import AsEntersReveal

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

COLORS = ("W", "U", "B", "R", "G")
COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
AsEnters = AsEntersPayLife | AsEntersChooseColor | AsEntersChooseType | AsEntersReveal
_INFO: dict[int, tuple[CardDef, tuple[AsEnters, ...]]] = {}


def abilities(card: CardDef) -> tuple[AsEnters, ...]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities
                           if isinstance(a, AsEnters)))
        _INFO[id(card)] = hit
    return hit[1]


def land_choices(game: Game, player: int, card: CardDef) -> list[str]:
    """Every choice the player may make as this land enters ("" when it has none)."""
    options = [""]
    for a in abilities(card):
        if isinstance(a, AsEntersChooseType):
            continue  # not read for lands (systems/mechanics/as_enters.py)
        if isinstance(a, AsEntersPayLife):
            mine = (["pay"] if game.player_states[player].life >= a.life else []) + ["tapped"]  # 119.4
        elif isinstance(a, AsEntersReveal):
            from systems.hidden_zones import revealable

            mine = [f"reveal:{c}" for c in revealable(game, player, card, a.filter)] + ["tapped"]  # 701.16a
        else:
            mine = list(COLORS)
        options = [",".join(p for p in (o, m) if p) for o in options for m in mine]
    return options


def entering(game: Game, ent: int, card: CardDef, choice: str | None) -> None:
    """Called by ``enter_battlefield`` for a card with such abilities, with the choice made (None: not asked)."""
    parts = choice.split(",") if choice else []
    game.chosen_color.pop(ent, None)
    game.chosen_type.pop(ent, None)
    name = game.name(ent)
    for a in abilities(card):
        if isinstance(a, AsEntersChooseType):
            # asked as its spell resolved (systems/mechanics/entering.py); not asked: none is chosen
            subtype = (game.enter_choices or {}).get("creature_type")
            if subtype:
                game.chosen_type[ent] = subtype
                game.say(f"{name}: {subtype} is chosen")
            continue
        if isinstance(a, AsEntersReveal):
            shown = next((p for p in parts if p.startswith("reveal:")), None)
            if shown is not None:  # a card of the hand that matches, chosen with the land play (614.12)
                game.say(f"{game.player_states[int(game.table.get(ent, 'controller'))].name} reveals "
                         f"{game.name(int(shown[7:]))} as {name} enters")
            else:
                game.table.tap(ent)  # "If you don't, ~ enters tapped."
                game.say(f"{name} enters tapped")
            continue
        if isinstance(a, AsEntersPayLife):
            controller = int(game.table.get(ent, "controller"))
            state = game.player_states[controller]
            if "pay" in parts and state.life >= a.life:
                state.life -= a.life  # CR 119.4
                game.table.mark_changed(layers=False)
                game.say(f"{state.name} pays {a.life} life as {name} enters")
                from systems.oracle_effects import life_changed

                life_changed(game)
            else:
                game.table.tap(ent)  # "If you don't, it enters tapped."
                game.say(f"{name} enters tapped")
        else:
            if a.tapped:
                game.table.tap(ent)
            color = next((p for p in parts if p in COLOR_BITS), None)
            if color is None:
                color = (game.enter_choices or {}).get("color")  # a permanent spell's, asked as it resolved
            if color is not None:
                game.chosen_color[ent] = COLOR_BITS[color]
                game.say(f"{name}: {color} is chosen")
    game.table.mark_changed(sba=False)
