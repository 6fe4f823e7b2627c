"""Effects on the hidden zones (CR 400.2): looking at and revealing cards of a library or a hand, and
putting cards from them elsewhere. Read by content/oracle/hidden_zones.py, carried out by
systems/hidden_zones.py, written back by content/oracle/hidden_zones.py ``render_effect``.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Count, Effect, PermanentFilter, PlayerRef, SearchLibrary

ANY_NUMBER = 99  # "any number of" / "all" (bounded by the cards there)


@dataclass(frozen=True, slots=True)
class LookAtTop(Effect):
    """'Look at the top N cards of your library. You may reveal a creature card from among them and put it
    into your hand. Put the rest on the bottom of your library in a random order.' and its relatives
    (CR 701.16a reveal, 701.16e look at): the controller picks between ``at_least`` and ``at_most`` of the
    cards (matching ``filter``, None: any card), puts them ``to`` a zone, and the rest ``rest``."""

    amount: int
    dynamic: Count | None = None  # X ("look at the top X cards", "where X is ...")
    reveal: bool = False  # "reveal the top N cards" (all players see them, 701.16a); else "look at" (701.16e)
    filter: PermanentFilter | None = None  # the cards that may be picked ("a creature card"); None: any card
    at_least: int = 0
    at_most: int = 1  # ANY_NUMBER: "any number of"; with ``all_of``: every matching card
    all_of: bool = False  # "put all land cards from among them ..."
    to: str = "hand"  # "hand", "battlefield", "graveyard"
    tapped: bool = False
    reveal_picked: bool = False  # "you may reveal a creature card from among them and put it into your hand"
    rest: str = "bottom_random"  # "bottom_random", "bottom_any", "bottom" (one card), "graveyard", "exile"
    wording: str = ""  # how the picked cards are named (renderer): "among", "of them", "of those cards", "it", ...
    joined: bool = False  # "... into your hand and the rest ..." in one sentence (else a sentence of its own)
    then_rest: bool = False  # "Then put the rest ..."
    may: bool = False  # "you may put / reveal ..." (the player may pick none: ``at_least`` is 0)


@dataclass(frozen=True, slots=True)
class RevealHandChoose(Effect):
    """'Target opponent reveals their hand. You choose a nonland card from it. That player discards that card.'
    and 'Look at target player's hand and choose X cards from it. That player discards those cards.'
    (CR 701.16a reveal, 701.16e look at, 701.8 discard). With ``then`` empty, the hand is only revealed
    or looked at ("Target player reveals their hand.")."""

    player: PlayerRef
    reveal: bool = True  # "reveals their hand" (all players see it); else "look at ... hand" (you see it)
    filter: PermanentFilter | None = None  # which cards may be chosen; None: any card
    amount: int = 1
    dynamic: Count | None = None  # "choose X cards"
    up_to: bool = False  # "choose up to two cards" / "you may choose"
    may: bool = False  # "You may choose a nonland card from it."
    then: str = ""  # "discard" or "exile" (what happens to the chosen cards), "" for none
    joined: bool = False  # "look at target player's hand and choose ..." (one sentence)


@dataclass(frozen=True, slots=True)
class PutFromHand(Effect):
    """'[You may] put a land card from your hand onto the battlefield [tapped].' (not playing a land, 305.4): the
    controller chooses a matching card of their hand (one if able), or up to ``amount`` of them ("put up to
    two land cards ...")."""

    filter: PermanentFilter
    amount: int = 1
    tapped: bool = False
    after_then: bool = False  # "draw a card, then you may put ..." (one sentence; for the renderer)
    each_player: bool = False  # "Each player may put ... from their hand": each chooses (APNAP), then all move


@dataclass(frozen=True, slots=True)
class GraveyardToLibrary(Effect):
    """'Target player shuffles their graveyard into their library.' (701.20a): every card of the player's
    graveyard goes into their library, then it is shuffled."""

    player: PlayerRef
    to: str = "library"


@dataclass(frozen=True, slots=True)
class RevealTopCard(Effect):
    """'Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put it
    into your hand.' and relatives (CR 701.16a reveal, 701.16e look at): the top card goes ``to`` if it matches
    ``filter`` (the player may decline with ``may``); ``otherwise`` says where it goes if it doesn't match
    ("" stays on top), or, with ``else_if_not_moved``, if it wasn't put there ("If you don't put the card into
    your hand, ...")."""

    reveal: bool
    filter: PermanentFilter | None
    to: str  # "hand", "battlefield", "graveyard", "bottom"
    tapped: bool = False
    may: bool = False
    reveal_it: bool = False  # "you may reveal it and put it into your hand" (a card only looked at)
    otherwise: str = ""  # "hand", "graveyard", "bottom", "" (nothing)
    may_otherwise: bool = False
    else_if_not_moved: bool = False
    wording: str = "it's"  # "it's" / "that card is" (the condition), for the renderer


@dataclass(frozen=True, slots=True)
class ExileTopMayPlay(Effect):
    """'Exile the top card of your library. Until end of turn, you may play that card.' (CR 701.14b play:
    a land is played, 305.2, with the turn's land plays; a spell is cast with its normal timing and costs,
    601.2). ``until``: "turn" (this turn), "next_turn" (until the end of your next turn), "exiled" (for as
    long as it remains exiled)."""

    amount: int
    dynamic: Count | None = None
    until: str = "turn"
    play: bool = True  # "play" (lands too) or "cast" (spells only)
    wording: str = ""  # the renderer's sentence shape: "front" ("Until end of turn, you may play ...") or ""
    pronoun: str = "that card"  # "that card" / "those cards" / "them" / "cards exiled this way"


@dataclass(frozen=True, slots=True)
class SearchCards(Effect):
    """A library search (CR 701.19) worded beyond the plain template: "reveal those cards", "any number of",
    "a Mercenary permanent card", "then shuffle and put that card on top", a search by another player ("Its
    controller may search their library for a basic land card ..."), and "put one onto the battlefield
    tapped and the other into your hand" (``split``). The search itself is ``search``; ``player``: who
    searches (None: the controller), ``may``: that player may choose not to."""

    search: SearchLibrary
    player: PlayerRef | None = None
    may: bool = False
    split: bool = False
    reveal_word: str = ""  # "it", "them", "that card", "those cards" ("" not revealed)
    put_word: str = "it"  # "it", "that card", "them", "those cards"; for "top": "that card", "it", "the card"
    alt: tuple[PermanentFilter, ...] = ()  # "a basic land card or a Desert card": a card matching any of them
    also: tuple[PermanentFilter, ...] = ()  # "a Forest card and a Plains card": one more card for each
    alt_article: bool = True  # "or a Desert card" / "or Gate card" (renderer)


@dataclass(frozen=True, slots=True)
class Shuffle(Effect):
    """'Target player shuffles.' / '... shuffles their library.' (CR 701.20a)."""

    player: PlayerRef
    library_word: bool = False  # "shuffles their library" (renderer)


@dataclass(frozen=True, slots=True)
class RevealTopToHand(Effect):
    """'Reveal the top card of your library and put that card into your hand. You lose life equal to its mana
    value.' (CR 701.16a; 202.3 mana value): ``life`` "gain", "lose" or "" (no second sentence)."""

    life: str = ""
    pronoun: str = "that card"  # "that card" / "it" (the first sentence), for the renderer
    its: str = "its"  # "its" / "the card's" / "that card's" (the second sentence), for the renderer


@dataclass(frozen=True, slots=True)
class ShuffleCardsIn(Effect):
    """'Shuffle up to five target cards from your graveyard into your library.' / 'Shuffle all creature cards from
    your graveyard into your library.' (CR 701.20a; 701.20c-d: the library is shuffled even if no card moves)."""

    targets: tuple[int, ...] = ()  # target slots (cards in your graveyard)
    filter: PermanentFilter | None = None  # "all creature cards from your graveyard" (with no targets)


@dataclass(frozen=True, slots=True)
class LookAtTopOf(Effect):
    """'Look at the top card of target player's library. [You may put that card into that player's graveyard.]'
    (CR 701.16e: only the controller sees it)."""

    player: PlayerRef
    may_mill: bool = False
    reveal: bool = False  # "Target player reveals the top card of their library." (all players see it, 701.16a)


@dataclass(frozen=True, slots=True)
class AsEntersReveal(Ability):
    """'As ~ enters, you may reveal a Merfolk card from your hand. If you don't, ~ enters tapped.' (CR 614.12,
    614.1c, 701.16a): a replacement effect with a choice made as the land enters (systems/as_enters.py)."""

    text: str
    filter: PermanentFilter


@dataclass(frozen=True, slots=True)
class SearchLibraryAndGraveyard(Effect):
    """'Search your library and/or graveyard for a card named X, reveal it, and put it into your hand. If you
    search your library this way, shuffle.' (CR 701.19; 701.19b: a hidden zone may be searched without finding
    the card, a graveyard can't). ``name`` is the name in lower case."""

    name: str


@dataclass(frozen=True, slots=True)
class ShuffleHandDraw(Effect):
    """'Shuffle the cards from your hand into your library, then draw that many cards.' (CR 701.20a, 121.1):
    each affected player, in APNAP order, shuffles their hand into their library and draws as many cards."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class RevealUntil(Effect):
    """'Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand
    and the rest on the bottom of your library in a random order.' / 'Target opponent reveals cards from the top
    of their library until four land cards are revealed. That player puts all cards revealed this way into their
    graveyard.' (CR 701.16a): cards are revealed one at a time until ``count`` cards match ``filter`` (or the
    library runs out); the matching cards go ``to``, the others ``rest``."""

    player: PlayerRef
    filter: PermanentFilter | None
    count: int = 1
    to: str = "hand"  # "hand", "battlefield", "graveyard" (their owner's), "exile"
    rest: str = "bottom_random"  # "bottom_random", "exile", "graveyard"


@dataclass(frozen=True, slots=True)
class KinshipReveal(Effect):
    """Kinship: 'Look at the top card of your library. If it shares a creature type with ~, you may reveal it. If
    you do, <effects>.' (CR 701.16e look at, 701.16a reveal; 205.3m creature types)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class OwnerTopOrBottom(Effect):
    """'Target creature's owner puts it on their choice of the top or bottom of their library.' (CR 401.4; the
    owner chooses)."""

    target: int
