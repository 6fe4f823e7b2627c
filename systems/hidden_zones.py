"""Executors of the hidden-zone effects (components/hidden_zones.py): looking at and revealing the top cards
of a library or a hand and putting chosen cards elsewhere (CR 400.2, 701.16), putting cards from a hand onto
the battlefield, moving a whole graveyard (406.2, 701.20a).

Every choice is asked with :func:`systems.resolution.ask` before anything moves, so a step can be replayed
once its answer is in; random orders ("in a random order") come from the game's own generator. A card that
is only looked at (701.16e) is named only to the player who looks: the game log, which every player reads,
names revealed cards only (701.16a).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from components.abilities import Effect, PermanentFilter, PlayerRef
from components.characteristics import CardType
from components.hidden_zones import (
    ExileTopMayPlay,
    GraveyardToLibrary,
    KinshipReveal,
    LookAtTop,
    LookAtTopOf,
    OwnerTopOrBottom,
    PutFromHand,
    RevealHandChoose,
    RevealTopCard,
    RevealTopToHand,
    RevealUntil,
    SearchCards,
    SearchLibraryAndGraveyard,
    Shuffle,
    ShuffleCardsIn,
    ShuffleHandDraw,
)
from components.objects import InZone, Zone
from ecs.actions import Action, Choose, ChooseCard, DecisionKind, PlaceCard, PlayLand
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


def _pick(game: Game, player: int, cards: list[int], f: PermanentFilter | None | tuple[PermanentFilter, ...],
          least: int, most: int, kind: DecisionKind = DecisionKind.PICK_CARD) -> list[int]:
    """The player picks between ``least`` and ``most`` of ``cards`` matching ``f`` (or any filter of a tuple), one
    at a time (``ChooseCard(-1)``: no more, offered once ``least`` are picked or none is left)."""
    from systems.oracle_effects import _names_once, card_matches
    from systems.resolution import ask

    fs = f if isinstance(f, tuple) else (() if f is None else (f,))
    matching = [c for c in cards if not fs or any(card_matches(game.card(c), x) for x in fs)]
    chosen: list[int] = []
    while len(chosen) < most:
        rest = [c for c in matching if c not in chosen]
        if not rest:
            break
        options = [ChooseCard(c) for c in _names_once(game, rest)]
        if len(chosen) >= least:
            options.append(ChooseCard(-1))
        answer = ask(game, player, kind, options)
        assert isinstance(answer, ChooseCard)
        if answer.card < 0:
            break
        chosen.append(answer.card)
    return chosen


def _order(game: Game, player: int, cards: list[int]) -> list[int]:
    """CR 401.4: the player puts the cards in the order they choose, one at a time (first chosen first)."""
    from systems.oracle_effects import _names_once
    from systems.resolution import ask

    ordered: list[int] = []
    while len(ordered) < len(cards):
        rest = [c for c in cards if c not in ordered]
        answer = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(c) for c in _names_once(game, rest)])
        assert isinstance(answer, ChooseCard)
        ordered.append(answer.card)
    return ordered


def _put(game: Game, card: int, to: str, player: int, tapped: bool) -> None:
    from systems.zones import move

    if to == "top":
        return  # "put one of those cards back on top": it stays on top while the others leave
    if to == "hand":
        move(game, card, Zone.HAND)
    elif to == "graveyard":
        move(game, card, Zone.GRAVEYARD)
    elif to == "exile":
        move(game, card, Zone.EXILE)
    else:  # the battlefield, under the control of the player who puts it there (110.2a)
        new = move(game, card, Zone.BATTLEFIELD, controller=player)
        if tapped and new in game.table.row_of:
            game.table.tap(new)


def look_at_top(game: Game, e: LookAtTop, ctx: EffectContext) -> None:
    """CR 701.16a/e: the controller looks at (or reveals) the top N cards of their library (all of it if it
    has fewer), picks the cards the effect allows, puts them where it says, then the rest."""
    from systems.oracle_effects import amount

    p = ctx.controller
    n = max(0, amount(game, ctx, e.amount, e.dynamic))
    library = game.zones[p][Zone.LIBRARY]
    seen = list(library[:n])
    if not seen:
        return
    who = game.player_states[p].name
    if e.reveal:
        game.say(f"{who} reveals {', '.join(game.card(c).name for c in seen)}")  # 701.16a: to all players
    else:
        game.say(f"{who} looks at the top {len(seen)} cards of their library")  # 701.16e: only to them
    if e.rest == "top_any":
        order = _order(game, p, seen)  # the first chosen is the new top card
        game.zones[p][Zone.LIBRARY] = order + [c for c in library if c not in seen]
        return
    if e.all_of:
        from systems.oracle_effects import card_matches

        picked = [c for c in seen if e.filter is None or card_matches(game.card(c), e.filter)]
    else:
        picked = _pick(game, p, seen, e.filter, min(e.at_least, len(seen)), e.at_most)
    rest = [c for c in seen if c not in picked]
    if e.rest == "bottom_any" and len(rest) > 1:
        rest = _order(game, p, rest)  # 401.4: in any order; the first chosen goes to the bottom first
    # -------- every choice is made: now the cards move
    for c in picked:
        name = game.card(c).name
        _put(game, c, e.to, p, e.tapped)
        if e.to == "top":
            game.say(f"{who} keeps a card on top of their library")
        elif e.reveal or e.reveal_picked or e.to in ("battlefield", "graveyard"):
            game.say(f"{who} puts {name} {'into their hand' if e.to == 'hand' else 'onto the ' + e.to}")
        else:
            game.say(f"{who} puts a card into their hand")
    if e.rest in ("graveyard", "exile"):
        for c in rest:
            _put(game, c, e.rest, p, False)
        return
    if e.rest == "bottom_random":
        rest = [rest[i] for i in game.rng.permutation(len(rest))]  # the game's own generator
    library = game.zones[p][Zone.LIBRARY]
    game.zones[p][Zone.LIBRARY] = [c for c in library if c not in rest] + rest
    if rest:
        game.say(f"{who} puts {len(rest)} card{'s' if len(rest) != 1 else ''} on the bottom of their library")


def reveal_hand_choose(game: Game, e: RevealHandChoose, ctx: EffectContext) -> None:
    """CR 701.16: the player reveals their hand (or the controller looks at it), the controller chooses cards
    from it, and the player discards them (701.8)."""
    from systems.oracle_effects import amount, players
    from systems.zones import discard, move

    for p in players(game, ctx, e.player):
        hand = list(game.zones[p][Zone.HAND])
        name = game.player_states[p].name
        if e.reveal:
            game.say(f"{name} reveals their hand: {', '.join(game.card(c).name for c in hand) or 'no cards'}")
        else:
            game.say(f"{game.player_states[ctx.controller].name} looks at {name}'s hand")
        if not e.then:
            continue
        n = amount(game, ctx, e.amount, e.dynamic)
        least = 0 if (e.up_to or e.may) else n
        chosen = _pick(game, ctx.controller, hand, e.filter, min(least, len(hand)), n)
        for c in chosen:
            if e.then == "discard":
                discard(game, p, c)  # 701.8a, with its trigger event
            elif e.then == "exile_until":
                src = ctx.self_object
                if src < 0 or src not in game.table.row_of:
                    continue  # 610.3b: its source has already left the battlefield: nothing is exiled
                new = move(game, c, Zone.EXILE)
                game.linked_exile.setdefault(src, []).append(new)  # it returns as the source leaves (610.3)
                game.linked_exile_hand.add(new)  # to its previous zone: the hand
            else:
                move(game, c, Zone.EXILE)


def put_from_hand(game: Game, e: PutFromHand, ctx: EffectContext) -> None:
    """'Put a land card from your hand onto the battlefield': the controller chooses matching cards (it isn't
    playing a land, 305.4)."""
    from systems.oracle_effects import players

    if e.each_player:  # each player chooses in APNAP order (101.4), then the cards enter at the same time
        plan = [(p, _pick(game, p, list(game.zones[p][Zone.HAND]), e.filter, 0, 1))
                for p in players(game, ctx, PlayerRef("each"))]
    else:
        p = ctx.controller
        plan = [(p, _pick(game, p, list(game.zones[p][Zone.HAND]), e.filter, 0 if e.amount > 1 else 1, e.amount))]
    for p, chosen in plan:
        for c in chosen:
            name = game.card(c).name
            _put(game, c, "battlefield", p, e.tapped)
            game.say(f"{game.player_states[p].name} puts {name} onto the battlefield")


def graveyard_to_library(game: Game, e: GraveyardToLibrary, ctx: EffectContext) -> None:
    """Every card of the player's graveyard goes into their library, which is then shuffled (701.20a)."""
    from systems.oracle_effects import players
    from systems.zones import move, shuffle_library

    for p in players(game, ctx, e.player):
        cards = list(game.zones[p][Zone.GRAVEYARD])
        for c in cards:
            move(game, c, Zone.LIBRARY)
        shuffle_library(game, p)  # 701.20d: shuffled even if the graveyard was empty
        game.say(f"{game.player_states[p].name} shuffles their graveyard ({len(cards)} cards) into their library")


def _put_it(game: Game, player: int, card: int) -> bool:
    """"You may put it ...": the card itself is the option (the player has seen it, 701.16e), or none (-1)."""
    from systems.resolution import ask

    answer = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(card), ChooseCard(-1)])
    assert isinstance(answer, ChooseCard)
    return answer.card >= 0


def look_at_top_of(game: Game, e: LookAtTopOf, ctx: EffectContext) -> None:
    """CR 701.16e: the controller looks at the top card of the player's library; with ``may_mill`` they may put
    it into its owner's graveyard."""
    from systems.oracle_effects import players
    from systems.zones import move

    for p in players(game, ctx, e.player):
        library = game.zones[p][Zone.LIBRARY]
        if not library:
            continue
        top = library[0]
        if e.reveal:
            game.say(f"{game.player_states[p].name} reveals {game.name(top)}")  # 701.16a: to all players
            continue
        game.say(f"{game.player_states[ctx.controller].name} looks at the top card of "
                 f"{game.player_states[p].name}'s library")
        if e.may_mill and _put_it(game, ctx.controller, top):
            game.say(f"{game.name(top)} is put into {game.player_states[p].name}'s graveyard")
            move(game, top, Zone.GRAVEYARD)


def reveal_top_card(game: Game, e: RevealTopCard, ctx: EffectContext) -> None:
    """CR 701.16a/e: the top card is revealed (or looked at); if it matches, it goes where the effect says
    (if the player wants, with "you may"); otherwise (or if it wasn't put there) it may go elsewhere."""
    from systems.oracle_effects import card_matches

    p = ctx.controller
    library = game.zones[p][Zone.LIBRARY]
    if not library:
        return
    top = library[0]
    who = game.player_states[p].name
    name = game.card(top).name
    game.say(f"{who} reveals {name}" if e.reveal else f"{who} looks at the top card of their library")
    matches = e.filter is None or card_matches(game.card(top), e.filter)
    moved = False
    to = ""
    if matches:
        yes = True
        if e.may:
            yes = _put_it(game, p, top)
        if yes:
            to, moved = e.to, True
    if not moved and e.otherwise and (not matches or e.else_if_not_moved):
        yes = True
        if e.may_otherwise:
            yes = _put_it(game, p, top)
        if yes:
            to = e.otherwise
    # -------- every choice is made: now the card moves
    if not to:
        return
    if to == "bottom":
        library.remove(top)
        library.append(top)
        game.say(f"{who} puts {'it' if not e.reveal else name} on the bottom of their library")
        return
    _put(game, top, to, p, e.tapped)
    shown = e.reveal or e.reveal_it or to != "hand"
    game.say(f"{who} puts {name if shown else 'a card'} {'into their hand' if to == 'hand' else 'onto the ' + to}")


def exile_top_may_play(game: Game, e: ExileTopMayPlay, ctx: EffectContext) -> None:
    """The top N cards are exiled face up (406.3); the controller may play them for the duration (701.14b)."""
    from systems.oracle_effects import amount
    from systems.zones import move

    p = ctx.controller
    n = max(0, amount(game, ctx, e.amount, e.dynamic))
    cards = list(game.zones[p][Zone.LIBRARY][:n])
    for c in cards:
        new = move(game, c, Zone.EXILE)
        game.play_permissions[new] = (p, e.until if e.play else e.until + ":cast", game.turn)
        game.say(f"{game.player_states[p].name} exiles {game.name(new)}")


def _permission_active(game: Game, card: int, player: int, until: str, since: int) -> bool:
    """Whether a permission still holds: the card is still that exiled object (400.7) and the duration
    hasn't ended ("this turn"; "until the end of your next turn": the first turn of ``player`` after
    ``since``, found as it begins, is stored as ``next@<turn>``)."""
    if not game.world.exists(card):
        return False
    where = game.world.try_get(card, InZone)
    if where is None or where.zone != Zone.EXILE:
        return False
    kind = until.split(":")[0]
    if kind == "turn":
        return game.turn == since
    if kind == "next_turn":
        return True  # (resolved to "next@N" by _prune once that turn begins)
    if kind.startswith("next@"):
        return game.turn <= int(kind[5:])
    return True  # "exiled": for as long as it remains exiled


def _prune(game: Game) -> None:
    for card, (player, until, since) in list(game.play_permissions.items()):
        kind = until.split(":")[0]
        if kind == "next_turn" and game.turn > since and game.active == player:
            until = until.replace("next_turn", f"next@{game.turn}")  # this is that player's next turn
            game.play_permissions[card] = (player, until, since)
        if not _permission_active(game, card, player, until, since):
            del game.play_permissions[card]


def exile_play_actions(game: Game, player: int) -> list[Action]:
    """Plays of cards outside the hand that ``player`` may play now (701.14b): exiled cards an effect lets them
    play, and the top card of their library with "You may play lands [and cast spells] from the top of your
    library" (401.5). A land is played with the turn's land plays and its timing (305.2); a spell is cast with
    its timing (307.1, 117.1a) for its mana cost (601.2f), each choice of X, modes and targets. A split card
    isn't offered (its halves need their own casts)."""
    from systems.casting import sorcery_timing

    if game.play_permissions:
        _prune(game)
    out: list[Action] = []
    sorcery_ok = sorcery_timing(game, player)
    seen: set[str] = set()
    for card_ent, (p, until, _since) in game.play_permissions.items():
        if p != player:
            continue
        card = game.card(card_ent)
        if card.name in seen:
            continue
        seen.add(card.name)  # identical cards are one option
        out.extend(_plays(game, player, card_ent, lands=not until.endswith(":cast"), spells=True,
                          sorcery_ok=sorcery_ok))
    if game.top_rules_seen:
        library = game.zones[player][Zone.LIBRARY]
        if library:
            from systems.costs import player_rules

            lands = bool(player_rules(game, player, "top_play_lands") or player_rules(game, player, "top_play"))
            spells = bool(player_rules(game, player, "top_play"))
            creatures = bool(player_rules(game, player, "top_cast_creatures"))
            top = library[0]
            if creatures and not spells and game.card(top).type_bits & int(CardType.CREATURE):
                spells = True
            out.extend(_plays(game, player, top, lands=lands, spells=spells, sorcery_ok=sorcery_ok))
    return out


def _plays(game: Game, player: int, card_ent: int, *, lands: bool, spells: bool, sorcery_ok: bool) -> list[Action]:
    card = game.card(card_ent)
    if card.type_bits & int(CardType.LAND):
        if not lands:
            return []
        from systems.costs import player_rules

        state = game.player_states[player]
        if sorcery_ok and state.lands_played < state.land_plays_allowed + player_rules(game, player, "extra_land"):
            from systems.as_enters import land_choices

            return [PlayLand(card_ent, choice) for choice in land_choices(game, player, card)]
        return []
    if not spells or card.layout == "split":
        return []
    if not (sorcery_ok or any_time(game, player, card)):
        return []  # CR 307.1, 117.1a, 702.8a
    from systems.additional_sacrifice import with_sacrifices
    from systems.mechanics.alternative_costs import spell_choices

    casts = spell_choices(game, player, card_ent, card, card.mana_cost, "", -1)
    return list(with_sacrifices(game, player, casts))  # "As an additional cost ..., sacrifice ..." (601.2b)


def revealable(game: Game, player: int, land: object, f: PermanentFilter) -> list[int]:
    """The cards of ``player``'s hand a reveal-land may reveal as it enters (614.12): one per name, not the land
    itself (it is entering the battlefield, so the land's own card is not counted once)."""
    from systems.oracle_effects import card_matches

    out: list[int] = []
    seen: set[str] = set()
    skipped = False
    for c in game.zones[player][Zone.HAND]:
        card = game.card(c)
        if card is land and not skipped:
            skipped = True  # (one copy of the land is the card being played)
            continue
        if card.name not in seen and card_matches(card, f):
            seen.add(card.name)
            out.append(c)
    return out


def _rule_anywhere(game: Game, kind: str) -> bool:
    from systems.costs import player_rules

    return any(player_rules(game, p, kind) for p in range(game.num_players))


def seen_cards(game: Game, viewer: int, owner: int, entry: dict[str, object]) -> None:
    """What ``viewer`` may see of ``owner``'s hidden zones beyond their own hand (observation): the top card of
    a library played revealed (all players) or that its owner may look at any time (401.5), a hand played
    revealed ("Players play with their hands revealed")."""
    from systems.costs import player_rules

    library = game.zones[owner][Zone.LIBRARY]
    if library and (player_rules(game, owner, "top_revealed") or _rule_anywhere(game, "top_revealed_all")
                    or (viewer == owner and player_rules(game, owner, "top_look"))):
        entry["library_top"] = {"id": library[0], "name": game.name(library[0])}
    if viewer != owner and _rule_anywhere(game, "hands_revealed_all"):
        entry["hand"] = [{"id": c, "name": game.name(c)} for c in game.zones[owner][Zone.HAND]]


def shuffle(game: Game, e: Shuffle, ctx: EffectContext) -> None:
    """CR 701.20a: the player's library is randomized with the game's own generator."""
    from systems.oracle_effects import players
    from systems.zones import shuffle_library

    for p in players(game, ctx, e.player):
        shuffle_library(game, p)
        game.say(f"{game.player_states[p].name} shuffles their library")


def _search_several(game: Game, e: SearchCards, p: int) -> None:
    """"a basic land card or a Desert card" (either description, ``alt``); "a Forest card and a Plains card" (one
    card for each description, ``also``); "..., exile them". A search for a stated quality may find nothing
    (701.19b)."""
    from systems.zones import shuffle_library

    library = list(game.zones[p][Zone.LIBRARY])
    found: list[int] = []
    if e.alt:
        found = _pick(game, p, library, (e.search.filter, *e.alt), 0, e.search.amount, DecisionKind.SEARCH)
    elif e.also:
        for f in (e.search.filter, *e.also):
            found += _pick(game, p, [c for c in library if c not in found], f, 0, 1, DecisionKind.SEARCH)
    else:  # "search your library for any number of land cards, exile them"
        found = _pick(game, p, library, e.search.filter, 0, e.search.amount, DecisionKind.SEARCH)
    # -------- every choice is made: now the cards move
    for c in found:
        name = game.card(c).name
        if e.search.reveal:
            game.say(f"{game.player_states[p].name} reveals {name}")
        _put(game, c, e.search.to, p, e.search.tapped)
        game.say(f"{game.player_states[p].name} finds {name}")
    shuffle_library(game, p)  # 701.19, 701.20a


def search_cards(game: Game, e: SearchCards, ctx: EffectContext) -> None:
    """CR 701.19: the searching player (the controller, or the player named) finds the cards; with ``may`` they
    may choose not to search. "Put one onto the battlefield tapped and the other into your hand": the player
    chooses which, after finding them, before anything moves."""
    import dataclasses

    from systems.oracle_effects import _search, players
    from systems.resolution import ask

    who = players(game, ctx, e.player) if e.player is not None else [ctx.controller]
    if not who:
        return
    p = who[0]
    if e.may:
        answer = ask(game, p, DecisionKind.MAY, [Choose(True), Choose(False)])
        assert isinstance(answer, Choose)
        if not answer.yes:
            game.say(f"{game.player_states[p].name} doesn't search")
            return
    sub = dataclasses.replace(ctx, controller=p)
    if (e.alt or e.also or e.search.to == "exile") and not e.split:
        _search_several(game, e, p)
        return
    if not e.split:
        _search(game, e.search, sub)
        return
    from systems.zones import shuffle_library

    library = game.zones[p][Zone.LIBRARY]
    found = _pick(game, p, list(library), (e.search.filter, *e.alt), 0, 2, DecisionKind.SEARCH)  # 701.19b
    onto = found[0] if found else -1
    if len(found) == 2 and game.card(found[0]).name != game.card(found[1]).name:
        answer = ask(game, p, DecisionKind.PICK_CARD, [ChooseCard(c) for c in found])  # which goes onto the battlefield
        assert isinstance(answer, ChooseCard)
        onto = answer.card
    # -------- every choice is made: now the cards move
    for c in found:
        game.say(f"{game.player_states[p].name} reveals {game.card(c).name}")
        _put(game, c, "battlefield" if c == onto else "hand", p, c == onto)
    shuffle_library(game, p)  # 701.19, 701.20a


def reveal_top_to_hand(game: Game, e: RevealTopToHand, ctx: EffectContext) -> None:
    """CR 701.16a: the top card is revealed and put into its owner's hand; then the controller gains or loses
    life equal to its mana value (202.3; the card's value as it was revealed)."""
    from components.abilities import GainLife, LoseLife
    from systems.oracle_effects import run
    from systems.zones import move

    p = ctx.controller
    library = game.zones[p][Zone.LIBRARY]
    if not library:
        return
    card = game.card(library[0])
    mv = card.mana_cost.mana_value() if card.mana_cost.present else 0
    game.say(f"{game.player_states[p].name} reveals {card.name} and puts it into their hand")
    move(game, library[0], Zone.HAND)
    if e.life == "gain" and mv:
        run(game, GainLife(mv, None, None), ctx)
    elif e.life == "lose" and mv:
        run(game, LoseLife(mv), ctx)


def shuffle_cards_in(game: Game, e: ShuffleCardsIn, ctx: EffectContext) -> None:
    """CR 701.20a: the chosen cards still in the controller's graveyard go into their library, which is shuffled
    even if none of them is there any more (701.20c-d)."""
    from systems.oracle_effects import card_matches
    from systems.zones import move, shuffle_library

    p = ctx.controller
    if e.targets:
        cards = [c for c in (ctx.target(i) for i in e.targets) if c is not None]
    else:
        cards = [c for c in game.zones[p][Zone.GRAVEYARD] if card_matches(game.card(c), e.filter or PermanentFilter())]
    moved = 0
    for c in cards:
        where = game.world.try_get(c, InZone) if game.world.exists(c) else None
        if where is not None and where.zone == Zone.GRAVEYARD and where.player == p:
            move(game, c, Zone.LIBRARY)
            moved += 1
    shuffle_library(game, p)
    game.say(f"{game.player_states[p].name} shuffles {moved} card{'s' if moved != 1 else ''} into their library")


def search_library_and_graveyard(game: Game, e: SearchLibraryAndGraveyard, ctx: EffectContext) -> None:
    """CR 701.19: the player picks the card found (in the graveyard, in the library, or none). The library is
    shuffled if it was searched: always when the card came from it, or when none was found although the
    graveyard holds one (a graveyard is a public zone: searching it finds the card, 701.19b); otherwise the
    player says whether they searched their library too."""
    from systems.resolution import ask
    from systems.zones import move, shuffle_library

    p = ctx.controller
    graveyard = [c for c in game.zones[p][Zone.GRAVEYARD] if game.card(c).name.lower() == e.name]
    library = [c for c in game.zones[p][Zone.LIBRARY] if game.card(c).name.lower() == e.name]
    options = [ChooseCard(c) for c in graveyard[:1] + library[:1]] + [ChooseCard(-1)]
    answer = ask(game, p, DecisionKind.SEARCH, options)
    assert isinstance(answer, ChooseCard)
    found = answer.card
    if found >= 0 and found in library or (found < 0 and graveyard):
        searched_library = True
    else:
        searched = ask(game, p, DecisionKind.MAY, [Choose(True), Choose(False)])  # "did you search your library?"
        assert isinstance(searched, Choose)
        searched_library = searched.yes
    # -------- every choice is made: now the card moves
    if found >= 0:
        game.say(f"{game.player_states[p].name} reveals {game.card(found).name}")
        move(game, found, Zone.HAND)
    if searched_library:
        shuffle_library(game, p)


def shuffle_hand_draw(game: Game, e: ShuffleHandDraw, ctx: EffectContext) -> None:
    """CR 701.20a, 121.1: each player (APNAP order, 101.4) puts their hand into their library, shuffles it, then
    draws as many cards as they shuffled in."""
    from systems.oracle_effects import players
    from systems.zones import draw, move, shuffle_library

    for p in players(game, ctx, e.player):
        hand = list(game.zones[p][Zone.HAND])
        for c in hand:
            move(game, c, Zone.LIBRARY)
        shuffle_library(game, p)
        game.say(f"{game.player_states[p].name} shuffles {len(hand)} cards from their hand into their library")
        draw(game, p, len(hand))


def reveal_until(game: Game, e: RevealUntil, ctx: EffectContext) -> None:
    """CR 701.16a: the player reveals cards from the top of their library one at a time until ``count`` of them
    match (or none is left); the matching ones go ``to``, the rest ``rest``. No choice is made."""
    from systems.oracle_effects import card_matches, players

    for p in players(game, ctx, e.player):
        library = game.zones[p][Zone.LIBRARY]
        revealed: list[int] = []
        found: list[int] = []
        for c in list(library):
            revealed.append(c)
            if e.filter is None or card_matches(game.card(c), e.filter):
                found.append(c)
                if len(found) >= e.count:
                    break
        game.say(f"{game.player_states[p].name} reveals {', '.join(game.card(c).name for c in revealed) or 'nothing'}")
        rest = [c for c in revealed if c not in found]
        for c in found:
            _put(game, c, e.to, ctx.controller, False)
        if e.rest == "bottom_random":
            order = [rest[i] for i in game.rng.permutation(len(rest))]  # the game's own generator
            game.zones[p][Zone.LIBRARY] = [c for c in game.zones[p][Zone.LIBRARY] if c not in rest] + order
        else:
            for c in rest:
                _put(game, c, e.rest, ctx.controller, False)


def kinship_reveal(game: Game, e: KinshipReveal, ctx: EffectContext) -> None:
    """Kinship: the controller looks at their top card (701.16e); if it shares a creature type (205.3m) with the
    source (its types after layer 4 while it's on the battlefield, else as printed), they may reveal it; if they
    do, the further instructions follow."""
    from components.subtypes import SUBTYPES_BY_CARD_TYPE
    from systems.oracle_effects import then

    p = ctx.controller
    library = game.zones[p][Zone.LIBRARY]
    if not library:
        return
    top = library[0]
    game.say(f"{game.player_states[p].name} looks at the top card of their library")
    src = ctx.self_object
    if src >= 0 and src in game.table.row_of:
        from systems.layers import subtypes_of

        mine = subtypes_of(game, src)
    elif src >= 0 and game.world.exists(src):
        mine = frozenset(game.card(src).type_line.subtypes)
    else:
        return
    creature_types = SUBTYPES_BY_CARD_TYPE["CREATURE"]
    if not set(game.card(top).type_line.subtypes) & set(mine) & creature_types:
        return
    if not _put_it(game, p, top):  # "you may reveal it": the card itself, or none
        return
    game.say(f"{game.player_states[p].name} reveals {game.card(top).name}")
    then(game, e.effects, ctx)


def owner_top_or_bottom(game: Game, e: OwnerTopOrBottom, ctx: EffectContext) -> None:
    """The object's owner chooses the top or the bottom of their library (401.4) and puts it there (400.7: a new
    object)."""
    from systems.oracle_effects import obj
    from systems.resolution import ask
    from systems.zones import move

    ent = obj(game, ctx, e.target)
    if ent is None or not game.world.exists(ent):
        return  # an illegal target: nothing happens (608.2b)
    owner = game.obj(ent).owner
    answer = ask(game, owner, DecisionKind.PICK_CARD, [PlaceCard(ent, "top"), PlaceCard(ent, "bottom")])
    assert isinstance(answer, PlaceCard)
    name = game.name(ent)
    move(game, ent, Zone.LIBRARY, top=answer.where == "top")
    game.say(f"{game.player_states[owner].name} puts {name} on the {answer.where} of their library")


EXECUTORS: dict[type[Effect], Callable[..., None]] = {OwnerTopOrBottom: owner_top_or_bottom, KinshipReveal: kinship_reveal, RevealUntil: reveal_until, ShuffleHandDraw: shuffle_hand_draw, SearchLibraryAndGraveyard: search_library_and_graveyard, LookAtTopOf: look_at_top_of, ShuffleCardsIn: shuffle_cards_in, RevealTopToHand: reveal_top_to_hand, Shuffle: shuffle, SearchCards: search_cards, ExileTopMayPlay: exile_top_may_play, RevealTopCard: reveal_top_card, LookAtTop: look_at_top, RevealHandChoose: reveal_hand_choose, PutFromHand: put_from_hand,
             GraveyardToLibrary: graveyard_to_library}

from content import registry  # noqa: E402

for _type, _fn in EXECUTORS.items():
    registry.add_executor(_type, _fn)
