"""Cards that start the game in the command zone (CR 408.3): conspiracies (315, 702.106, 905.4) and
vanguards (313, 902), and choosing a card name (201.4).

* A conspiracy is put into the command zone before the game starts (315.2). With hidden agenda
  (702.106a) it goes face down and its owner secretly chooses a card name (double agenda: two
  different names, 702.106f); without, it is face up. Turning a face-down conspiracy face up is a
  special action its controller may take any time they have priority (116.2j, 702.106c). A face-up
  conspiracy's static abilities affect the game (315.5); a face-down one has no characteristics
  (315.5b). It receives a timestamp as the game begins and a new one as it turns face up (613.7j).
* A vanguard is face up in the command zone for the whole game (313.2, 902.3). Its hand modifier
  changes its owner's starting and maximum hand size (211.1, 103.5a, 902.5), its life modifier the
  starting life total (212.1, 103.4b, 902.4); its static abilities affect the game (313.4, 902.7) with
  a timestamp from the beginning of the game (613.7i).
* "Choose a card name" (201.4) is a decision among the names of the game's card pool
  (``game.card_names``), one :class:`~ecs.actions.NameCard` option per name.

Static abilities of these cards become continuous effects whose source is the command-zone object
(systems/layers.py evaluates them like any static ability; "the chosen name" is substituted first).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from components.abilities import CHOSEN_NAME, HiddenAgenda, StaticEffect
from components.characteristics import CardType
from components.objects import Zone
from ecs.actions import Decision, DecisionKind, NameCard, TurnFaceUp
from systems.layers import add_effect, effect_from_part, remove_effect
from systems.zones import create_card

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

STARTING_LIFE = 20  # CR 103.4
STARTING_HAND = 7  # CR 103.5
MAX_HAND = 7  # CR 402.2


@dataclass
class CommandCard:
    """A conspiracy or vanguard in the command zone: face up or down, its chosen names, its effects."""

    owner: int
    face_down: bool = False
    names: tuple[str, ...] = ()  # the secretly chosen card name(s) (702.106b)
    needed: int = 0  # how many names its hidden or double agenda needs (702.106a, 702.106f)
    effects: list[int] = field(default_factory=list)  # continuous effects of its static abilities


def agenda_names(card: CardDef) -> int:
    """How many card names a conspiracy's hidden agenda (1) or double agenda (2) needs; 0 without."""
    return next((a.names for a in card.abilities if isinstance(a, HiddenAgenda)), 0)


# ------------------------------------------------------------------ putting cards into the command zone


def put_conspiracy(game: Game, card: CardDef, player: int, names: Sequence[str] | None = None) -> int:
    """CR 315.2, 905.4: put a conspiracy into ``player``'s command zone before the game starts.

    With hidden agenda it is face down (702.106a); ``names`` are the secretly chosen card names, or None
    to have the player choose them (a NAME_CARD decision before the game begins, :func:`ask_next_name`).
    """
    if not card.type_bits & CardType.CONSPIRACY:
        raise ValueError(f"{card.name} is not a conspiracy card (CR 315.2)")
    ent = create_card(game, card, player, Zone.COMMAND)
    needed = agenda_names(card)
    entry = CommandCard(player, face_down=needed > 0, needed=needed)
    game.command_cards[ent] = entry
    if needed:
        if names is not None:
            set_names(game, ent, tuple(names))
        else:
            game.naming.append([ent, player, []])
    else:
        if names:
            raise ValueError(f"{card.name} has no hidden agenda: it chooses no card name (CR 702.106a)")
        _start_statics(game, ent)  # 315.5: face up, its static abilities affect the game (613.7j)
    return ent


def set_names(game: Game, ent: int, names: tuple[str, ...]) -> None:
    """Record a hidden agenda's secretly chosen name(s) (702.106b; 702.106f: two different names)."""
    entry = game.command_cards[ent]
    card = game.card(ent)
    if len(names) != entry.needed:
        raise ValueError(f"{card.name} needs {entry.needed} chosen card name(s), got {len(names)} (CR 702.106)")
    if len(set(names)) != len(names):
        raise ValueError(f"{card.name}: a double agenda's names must be different (CR 702.106f)")
    if game.card_names:
        for name in names:
            if name not in game.card_names:
                raise ValueError(f"{name!r} is not the name of a card (CR 201.4)")
    entry.names = names


def put_vanguard(game: Game, card: CardDef, player: int) -> int:
    """CR 902.3-902.5, 313.2: a vanguard face up in the command zone; its modifiers set the starting life
    total (103.4b, 212.1) and the starting and maximum hand size (103.5a, 211.1, 402.2) of its owner."""
    if not card.type_bits & CardType.VANGUARD:
        raise ValueError(f"{card.name} is not a vanguard card (CR 313.1)")
    ent = create_card(game, card, player, Zone.COMMAND)
    game.command_cards[ent] = CommandCard(player)
    state = game.player_states[player]
    hand = getattr(card, "hand_modifier", None) or 0
    life = getattr(card, "life_modifier", None) or 0
    state.life = STARTING_LIFE + life
    state.starting_hand_size = max(0, STARTING_HAND + hand)
    state.max_hand_size = max(0, MAX_HAND + hand)
    game.say(f"{state.name}'s vanguard is {card.name}: life {state.life}, hand size {state.starting_hand_size}")
    _start_statics(game, ent)
    return ent


# ------------------------------------------------------------------ static abilities from the command zone


def _start_statics(game: Game, ent: int) -> None:
    """The card's static abilities start to apply, with the card's new timestamp (613.7a, 613.7i-j)."""
    entry = game.command_cards[ent]
    card = game.card(ent)
    ts = game.new_timestamp()
    for ability in card.abilities:
        if not isinstance(ability, StaticEffect):
            continue
        affected = ability.affected
        if CHOSEN_NAME in affected.names:
            # 702.106d, 607.2d: "the chosen name" means the name(s) its hidden agenda chose.
            names = tuple(n for n in affected.names if n != CHOSEN_NAME) + entry.names
            affected = dataclasses.replace(affected, names=names)
        group = 0
        if len(ability.parts) > 1:
            game.effect_groups += 1
            group = game.effect_groups
        for part in ability.parts:
            entry.effects.append(add_effect(game, effect_from_part(
                part, timestamp=ts, source=ent, controller=entry.owner, until_end_of_turn=False,
                from_static=True, affected=affected, group=group)))


def stop_statics(game: Game, ent: int) -> None:
    entry = game.command_cards.get(ent)
    if entry is not None:
        for eff in entry.effects:
            if eff in game.effects:
                remove_effect(game, eff)
        entry.effects.clear()


# ------------------------------------------------------------------ hidden agenda: the special action


def turn_face_up_actions(game: Game, player: int) -> list[TurnFaceUp]:
    """702.106c: each face-down conspiracy ``player`` controls (its owner, 315.6) may be turned face up."""
    return [TurnFaceUp(ent) for ent, entry in game.command_cards.items()
            if entry.face_down and entry.owner == player and not game.player_states[player].lost]


def turn_face_up(game: Game, player: int, ent: int) -> None:
    """702.106c, 116.2j: turn it face up, revealing the chosen name(s); its static abilities start to apply
    with a new timestamp (613.7j). A special action: it doesn't use the stack (116.1)."""
    entry = game.command_cards[ent]
    assert entry.face_down and entry.owner == player
    entry.face_down = False
    game.say(f"{game.player_states[player].name} turns {game.card(ent).name} face up, revealing "
             f"{' and '.join(entry.names)}")
    _start_statics(game, ent)


# ------------------------------------------------------------------ choosing card names before the game


def name_options(game: Game, exclude: Sequence[str] = ()) -> tuple[NameCard, ...]:
    """CR 201.4: the player must choose the name of a card (here: one in the game's card pool)."""
    return tuple(NameCard(n) for n in game.card_names if n not in exclude)


def ask_next_name(game: Game) -> bool:
    """Set the next NAME_CARD decision; False when every hidden agenda has its names."""
    while game.naming:
        ent, player, chosen = game.naming[0]
        if len(chosen) < game.command_cards[ent].needed:
            game.pending = Decision(player, DecisionKind.NAME_CARD, name_options(game, chosen))
            return True
        set_names(game, ent, tuple(chosen))
        game.naming.pop(0)
    return False


def name_card(game: Game, player: int, action: NameCard) -> None:
    """Record a chosen name (secretly: the log doesn't show it, 702.106b); start the game when done."""
    ent, owner, chosen = game.naming[0]
    assert owner == player
    chosen.append(action.name)
    game.say(f"{game.player_states[player].name} secretly chooses a card name for a hidden agenda")
    if not ask_next_name(game):
        from systems.mulligan import start_game

        start_game(game, mulligans=game.mulligans.start)
