"""Which moves a Shanghai seat may make, and why another move is refused.

Move forms (every one is listed by ``legal_moves`` exactly as ``apply`` accepts it):

- ``draw_stock`` / ``take_upcard`` — the draw (S3).
- ``buy`` / ``decline`` — the seat offered the upcard in the buy window (S8).
- ``meld`` — going down (S6): ``groups`` has one tuple per contract meld, in the
  contract's order, each at exactly its stated size; a set lists its naturals sorted,
  then its wilds; a run is in rank order, lowest first, each wild where it stands;
  melds of the same kind and size come in non-decreasing order. ``cards`` is all the
  groups' cards in that order.
- ``lay_off`` — ONE card per move (S6). ``target`` is ``(owner, meld index)`` for a
  set and ``(owner, meld index, end)`` for a run, ``end`` 0 below its lowest card and
  1 above its highest (so a wild, or an ace on a 2…K run, has a clear place).
- ``swap_joker`` — ``cards`` the natural card, ``target`` ``(owner, meld index)`` (S7);
  in a set it takes a joker before any other wild.
- ``discard`` — ``cards`` the card (S3, S10).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from ...engine.cards import JOKER_CARD, STANDARD_CARDS, Card, not_held
from ...engine.moves import Move, parts_refusal
from .contract_check import can_go_down
from .events import CardDiscarded, UpcardBought
from .godown import MAX_GO_DOWN_OPTIONS, go_down_options
from .melds import (HIGH, LOW, RUN_CARD, Meld, contract_meld_refusal, lay_off, lay_off_places, make_meld,
                    swap_index)
from .preset import contract_size

if TYPE_CHECKING:
    from .state import ShanghaiGame
    from .view import ShanghaiView

DRAW_STOCK = Move("draw_stock")
TAKE_UPCARD = Move("take_upcard")
BUY = Move("buy")
DECLINE = Move("decline")

Table = list[list[Meld]]


def fits_anywhere(card: Card, table: Sequence[Sequence[Meld]], wild: frozenset[int]) -> bool:
    """Whether ``card`` could be laid off on some meld of ``table``."""
    return any(_fits(meld, card, wild) for melds in table for meld in melds)


def _fits(meld: Meld, card: Card, wild: frozenset[int]) -> bool:
    """Whether ``card`` could be laid off on ``meld`` (a meld that stays on the table)."""
    return _fits_places(_meld_facts(meld, wild).places, card, wild)


def _fits_places(found: _Places, card: Card, wild: frozenset[int]) -> bool:
    """Whether ``card`` could be laid off at one of the places ``found`` (:func:`_places_of`)."""
    places, wild_fits = found
    if card.rank in wild:
        return wild_fits
    return any(card in naturals for _end, naturals in places)


def go_down_groups(game: ShanghaiGame, seat: int, hand: list[Card], table: Table,
                   limit: int | None = None) -> list[tuple[tuple[Card, ...], ...]]:
    """S6/S10: the ways ``seat`` may lay down its contract from ``hand`` on ``table``.

    Without ``out_by_discard`` a go-down may not leave a single card that cannot be laid
    off at once (it could be neither discarded nor played)."""
    return _go_downs(game.contract, game.wild, game.rules.out_by_discard, hand, table, limit)


def _go_downs(contract: Sequence[tuple[str, int]], wild: frozenset[int], out_by_discard: bool,
              hand: Sequence[Card], table: Sequence[Sequence[Meld]],
              limit: int | None = None) -> list[tuple[tuple[Card, ...], ...]]:
    """:func:`go_down_groups` from the contract, the wilds and the S10 knob."""
    accept = None
    if not out_by_discard and len(hand) == contract_size(contract) + 1:
        on_table: dict[Card, bool] = {}                         # per last card: it fits on the table
        new_places: dict[tuple[str, tuple[Card, ...]], _Places] = {}   # per new meld: its places

        def accept(groups: tuple[tuple[Card, ...], ...], rest: list[Card]) -> bool:
            """S10: the one card left must fit some meld, the new ones included."""
            card = rest[0]
            if card not in on_table:
                on_table[card] = fits_anywhere(card, table, wild)
            if on_table[card]:
                return True
            for (kind, _size), group in zip(contract, groups):
                if (kind, group) not in new_places:
                    new_places[kind, group] = _places_of(make_meld(kind, group, wild), wild)  # type: ignore[arg-type]
                if _fits_places(new_places[kind, group], card, wild):
                    return True
            return False
    kwargs = {} if limit is None else {"limit": limit}
    return go_down_options(hand, contract, wild, accept=accept, **kwargs)


def may_go_down(game: ShanghaiGame, seat: int, hand: list[Card], table: Table) -> bool:
    """Whether :func:`go_down_groups` would list at least one go-down (quick when not)."""
    if not can_go_down(hand, game.contract, game.wild):
        return False
    if game.rules.out_by_discard or len(hand) != contract_size(game.contract) + 1:
        return True       # the last-card check of S10 cannot veto any option
    return bool(go_down_groups(game, seat, hand, table, limit=1))


_SUIT_CARDS = {rank: tuple(Card(rank, suit) for suit in "CDHS") for rank in range(2, 15)}

_Places = tuple[tuple[tuple[int | None, tuple[Card, ...]], ...], bool]


class _MeldFacts(NamedTuple):
    """What the legal moves read of one meld on the table, worked out once."""

    places: _Places
    """Where a card may be laid off (:func:`_places_of`)."""
    jokers: dict[Card, int]
    """S7: per natural card, the index of the joker it may take (:func:`_joker_places`)."""


_FACTS: dict[int, tuple[Meld, frozenset[int], _MeldFacts]] = {}
"""The facts of the melds on the table (:func:`_meld_facts`), remembered: a meld stays
as it is for many turns, and every seat reads them all on each play turn. Kept small."""


def _meld_facts(meld: Meld, wild: frozenset[int]) -> _MeldFacts:
    """The lay-off places and joker places of ``meld``, remembered."""
    # By id (cheaper than hashing the cards): the entry holds the meld, so its id is not
    # reused while the entry is there.
    entry = _FACTS.get(id(meld))
    if entry is not None and entry[0] is meld and entry[1] == wild:
        return entry[2]
    if len(_FACTS) > 500:
        _FACTS.clear()
    found = _MeldFacts(_places_of(meld, wild), _joker_places(meld, wild))
    _FACTS[id(meld)] = (meld, wild, found)
    return found


def _joker_places(meld: Meld, wild: frozenset[int]) -> dict[Card, int]:
    """S7: per natural card, the index of the joker in ``meld`` it may take, as
    :func:`swap_index` finds it (a set: its first joker, for any natural of its rank; a
    run: the joker standing for that very card)."""
    if JOKER_CARD not in meld.cards:
        return {}
    if meld.kind == "set":
        joker = meld.cards.index(JOKER_CARD)
        return {card: joker for card in _SUIT_CARDS.get(meld.base, ()) if card.rank not in wild}
    places: dict[Card, int] = {}
    for index, card in enumerate(meld.cards):
        natural = RUN_CARD[meld.base + index, meld.suit]
        if card == JOKER_CARD and natural.rank not in wild:
            places.setdefault(natural, index)
    return places


def _places_of(meld: Meld, wild: frozenset[int]) -> _Places:
    """Where a card may be laid off on ``meld`` (:func:`lay_off_places`): per place (None
    for a set, LOW or HIGH for a run's end), the natural cards that fit there; and
    whether a wild fits."""
    found = lay_off_places(meld, wild)
    if meld.kind == "set":
        rank = meld.base
        return ((None, () if rank in wild else _SUIT_CARDS.get(rank, ())),), found.wild_fits
    return tuple((end, _natural_at(value, meld.suit, wild)) for end, value in found.ends), found.wild_fits


def _natural_at(value: int, suit: str, wild: frozenset[int]) -> tuple[Card, ...]:
    """The natural card for run value ``value`` of ``suit`` (none if its rank is wild)."""
    card = RUN_CARD[value, suit]
    return () if card.rank in wild else (card,)


_Placed = list[tuple[int, int, Meld, _MeldFacts]]
"""The melds on the table with their facts: (owner, meld index, meld, facts), in table order."""


def _table_facts(table: Table, wild: frozenset[int]) -> _Placed:
    """Every meld of ``table`` with its facts (:func:`_meld_facts`)."""
    return [(owner, index, meld, _meld_facts(meld, wild))
            for owner, melds in enumerate(table) for index, meld in enumerate(melds)]


def _lay_off_moves(game: ShanghaiGame, seat: int, placed: _Placed) -> list[Move]:
    """S6: every lay-off of one card for a seat that is down (``placed``: the table,
    :func:`_table_facts`); S10 without out_by_discard: none that leaves a last card
    which fits nowhere (it could not be played)."""
    hand = game.hands[seat]
    wild = game.wild
    held = set(hand)
    wilds = sorted(card for card in held if card.rank in wild)
    last_card = not game.rules.out_by_discard and len(hand) == 2
    fits_at: dict[Card, list[tuple[int, int]]] = {}     # S10: where each card fits now (as asked)
    moves = []
    for owner, index, meld, facts in placed:
        places, wild_fits = facts.places
        for end, naturals in places:
            for card in (*naturals, *wilds) if wild_fits else naturals:
                if card not in held:
                    continue
                if last_card and not _last_card_fits(game.table, hand, card, owner, index, end,
                                                     placed, fits_at, wild):
                    continue
                target = (owner, index) if end is None else (owner, index, end)
                moves.append(Move("lay_off", (card,), (), target))
    moves.sort(key=lambda move: move.cards)
    return moves


def _last_card_fits(table: Table, hand: list[Card], card: Card, owner: int, index: int, end: int | None,
                    placed: _Placed, fits_at: dict[Card, list[tuple[int, int]]], wild: frozenset[int]) -> bool:
    """S10: whether, after laying off ``card`` of a two-card ``hand`` there, the other card
    fits somewhere on the table (``fits_at``: the melds each card fits now, filled in as
    asked)."""
    rest = hand[1] if hand[0] == card else hand[0]
    if rest not in fits_at:
        fits_at[rest] = [(owner, index) for owner, index, _meld, facts in placed
                         if _fits_places(facts.places, rest, wild)]
    if any(place != (owner, index) for place in fits_at[rest]):
        return True
    new = lay_off(table[owner][index], card, end, wild)
    assert new is not None, "the places and wilds listed all fit the meld"
    return _fits_places(_places_of(new, wild), rest, wild)


def _replaced(table: Table, owner: int, index: int, meld: Meld) -> Table:
    """A copy of ``table`` with ``meld`` in place of the meld ``owner`` has at ``index``."""
    copy = [list(melds) for melds in table]
    copy[owner][index] = meld
    return copy


def _some_melded_joker(table: Table) -> bool:
    """Whether a joker lies in some meld on ``table`` (what a joker swap takes, S7)."""
    return any(JOKER_CARD in meld.cards for melds in table for meld in melds)


_Jokers = list[tuple[int, int, Meld, dict[Card, int]]]
"""The melds holding a joker: (owner, meld index, meld, per natural card the joker's
place it may take, :func:`_joker_places`), in table order."""


def _jokers_of(placed: _Placed) -> _Jokers:
    """The melds of ``placed`` that hold a joker, with the places their jokers may be taken from."""
    return [(owner, index, meld, facts.jokers) for owner, index, meld, facts in placed if facts.jokers]


def _reachable_jokers(hand: Sequence[Card], jokers: _Jokers) -> int:
    """How many of the melded ``jokers`` ``hand`` holds a natural card to take back (S7),
    at most: per meld no more than its jokers, and no more than the hand's cards that fit
    some joker's place (each takes one)."""
    reach = 0
    usable: set[int] = set()  # (the hand's cards, by position, that fit some joker's place)
    for _owner, _index, meld, places in jokers:
        fitting = [at for at, card in enumerate(hand) if card in places]
        if fitting:
            reach += min(meld.cards.count(JOKER_CARD), len(fitting))
            usable.update(fitting)
    return min(reach, len(usable))


def _goes_down(game: ShanghaiGame, hand: list[Card], jokers: int) -> bool:
    """Whether ``hand`` with ``jokers`` more wild cards could lay down the contract."""
    return can_go_down([*hand, *[JOKER_CARD] * jokers] if jokers else hand, game.contract, game.wild)


def _swap_moves(game: ShanghaiGame, seat: int, placed: _Placed) -> list[Move]:
    """S7: swaps for a melded joker (``placed``: the table, :func:`_table_facts`). A seat
    not yet down may swap only if it can then go down this turn (:func:`_down_after_swaps`)."""
    hand = game.hands[seat]
    wild = game.wild
    down = game.down[seat]
    moves: list[Move] = []
    jokers = _jokers_of(placed)
    choices = sorted(set(hand)) if jokers else []
    tried: dict[object, bool] = {}  # (positions reached by several orders of the same swaps)
    for number, (owner, index, meld, places) in enumerate(jokers):
        for card in choices:
            place = places.get(card)
            if place is None:
                continue
            if not down:
                if not _down_after_swaps(game, seat, hand, game.table, jokers, number, card, tried):
                    continue
            elif not game.rules.out_by_discard and len(hand) == 1:
                table = _replaced(game.table, owner, index,
                                  meld._replace(cards=meld.cards[:place] + (card,) + meld.cards[place + 1:]))
                if not fits_anywhere(meld.cards[place], table, wild):
                    continue
            moves.append(Move("swap_joker", (card,), (), (owner, index)))
    return moves


def _down_after_swaps(game: ShanghaiGame, seat: int, hand: list[Card], table: Table, jokers: _Jokers,
                      number: int, card: Card, tried: dict[object, bool], start: int = 0) -> bool:
    """S7 (README reading): whether a seat not yet down, holding ``hand`` with ``table``
    on the table (its melds with jokers ``jokers``), can go down this turn after putting
    ``card`` in the place of the joker of ``jokers[number]``: at once, or after more joker
    swaps (several jokers taken may be what a go-down needs). Swaps on different melds
    leave the same table and hand in any order, so further ones are tried only on the
    ``start``-th meld with a joker and after it; ``tried`` keeps the answer for each
    position reached (by hand and melds), as the first swap may be any of them."""
    owner, index, meld, places = jokers[number]
    place = places[card]
    swapped = meld._replace(cards=meld.cards[:place] + (card,) + meld.cards[place + 1:])
    hand = list(hand)
    hand.remove(card)
    hand.append(meld.cards[place])
    jokers = [*jokers[:number], (owner, index, swapped, _joker_places(swapped, game.wild)), *jokers[number + 1:]]
    reach = _reachable_jokers(hand, jokers)
    if not _goes_down(game, hand, reach):
        return False      # (the quick answer: even every joker it could take would not do)
    position = (tuple(sorted(hand)), tuple(entry[2] for entry in jokers), start)
    if position not in tried:
        table = _replaced(table, owner, index, swapped)
        tried[position] = may_go_down(game, seat, hand, table) or bool(reach) and any(
            _down_after_swaps(game, seat, hand, table, jokers, later, natural, tried, later)
            for later in range(start, len(jokers)) for natural in jokers[later][3] if natural in hand)
    return tried[position]


def may_discard(game: ShanghaiGame, seat: int) -> bool:
    """S7/S10: a player who swapped a joker must go down first; without out_by_discard
    the last card may not be discarded."""
    if game.must_go_down:
        return False
    return game.rules.out_by_discard or len(game.hands[seat]) >= 2


def legal_moves(game: ShanghaiGame, seat: int) -> list[Move]:
    """Every move ``seat`` may make now (the game has checked that it is to act)."""
    if game.phase == "buy":
        return [BUY, DECLINE]
    if game.phase == "draw":
        moves = [DRAW_STOCK] if game.can_draw_stock() else []
        return moves + [TAKE_UPCARD] if game.live else moves
    moves = []
    if not game.down[seat]:
        hand = game.hands[seat]
        placed = _table_facts(game.table, game.wild) if _some_melded_joker(game.table) else []
        reach = _reachable_jokers(hand, _jokers_of(placed))
        # Neither a go-down nor a joker swap (which only trades a natural for a wild) is
        # possible if even the hand plus every joker it could take cannot lay down the
        # contract (the quick answer: most hands cannot).
        if _goes_down(game, hand, reach):
            if not reach or can_go_down(hand, game.contract, game.wild):
                for groups in go_down_groups(game, seat, hand, game.table):
                    moves.append(Move("meld", tuple(chain.from_iterable(groups)), groups))
            if reach:
                moves.extend(_swap_moves(game, seat, placed))
    else:
        placed = _table_facts(game.table, game.wild)
        moves.extend(_lay_off_moves(game, seat, placed))
        moves.extend(_swap_moves(game, seat, placed))
    if may_discard(game, seat):
        moves.extend(map(_DISCARDS.__getitem__, sorted(set(game.hands[seat]))))
    return moves


_DISCARDS = {card: Move("discard", (card,)) for card in (*STANDARD_CARDS, JOKER_CARD)}
"""The move discarding each card (one shared value per card: moves never change)."""


NOT_DOWN = "you lay off once you are down (S6)"
STRANDED = "a last card you could neither meld nor discard (S10)"
"""S10 without ``out_by_discard``: what no move may leave a player holding."""
LAST_CARD = f"laying it off would leave {STRANDED}"
SWAP_THEN_DOWN = "you may take a joker only if you can then lay down your contract this turn (S7)"
LAST_JOKER = "the joker would be your last card and it fits on no meld (S10)"
GO_DOWN_FIRST = "after taking a joker you must lay down your contract before you discard (S7)"
LAST_DISCARD = "you may not go out by discarding your last card: meld or lay it off (S10)"
"""Reasons ``apply`` and the seat's view (:func:`lay_off_refusal`, :func:`swap_refusal`,
:func:`discard_refusal`) give alike."""


def lay_off_refusal(view: ShanghaiView, card: Card) -> str:
    """Why the seat whose ``view`` this is has no lay-off of ``card`` listed, in its words."""
    if not view.down[view.seat]:
        return NOT_DOWN
    if view.phase != "play":
        return "draw first, then lay off"
    if not fits_anywhere(card, view.melds, view.wilds):
        return "it fits on no meld now" + _why_no_fit(card, [meld for owned in view.melds for meld in owned],
                                                      view.wilds)
    return LAST_CARD


def _why_no_fit(card: Card, melds: Sequence[Meld], wild: frozenset[int]) -> str:
    """The note to "``card`` fits none of ``melds``": the wilds' limit for a wild, a run's
    order for a natural beside a run (beside sets alone, a rank says it all)."""
    if card.rank in wild:
        return " (no more wilds than naturals in a meld)"
    return " (runs grow in order at their ends)" if any(meld.kind == "run" for meld in melds) else ""


def last_card_refusal(view: ShanghaiView) -> str | None:
    """S10: why the seat whose ``view`` this is, not down, after its draw, may not go down
    though its cards make the contract: every way down leaves one last card that fits no
    meld, and without ``out_by_discard`` it may not be discarded. None when its cards do
    not make the contract, or it may go down."""
    hand, contract, wild, rules = view.hand, view.contract, view.wilds, view.rules
    if rules is None or rules.out_by_discard or len(hand) != contract_size(contract) + 1:
        return None
    ways = go_down_options(hand, contract, wild, limit=MAX_GO_DOWN_OPTIONS)
    if not ways or _go_downs(contract, wild, False, hand, view.melds, limit=1):
        return None
    left = {card for groups in ways
            for card in (Counter(hand) - Counter(c for group in groups for c in group)).elements()}
    which = f"{next(iter(left)).pretty()}, " if len(left) == 1 else ""
    return f"your cards make the contract, but going down now would leave {which}{STRANDED}: go down on a later turn"


def discard_refusal(view: ShanghaiView) -> str:
    """Why the seat whose ``view`` this is, after its draw, has no discard listed (S7: a
    joker taken before going down; S10: the last card), in its words."""
    return GO_DOWN_FIRST if view.must_go_down else LAST_DISCARD


def swap_refusal(view: ShanghaiView, card: Card | None = None) -> str:
    """Why the seat whose ``view`` this is may not put ``card`` in a melded joker's place
    (S7); with no card, why it has no joker swap at all."""
    kept = " (a 2 played as a wild stays where it is)" if 2 in view.wilds else ""
    if card is None:
        if not any(JOKER_CARD in meld.cards for owned in view.melds for meld in owned):
            return f"no joker lies in a meld now{kept}"
        if not any(swap_index(meld, held, view.wilds) is not None
                   for held in set(view.hand) for owned in view.melds for meld in owned):
            return f"you hold no natural card that a melded joker stands for{kept}"
    elif card.rank in view.wilds:
        return "a wild card takes no joker's place: put the natural card the joker stands for"
    elif not any(swap_index(meld, card, view.wilds) is not None for owned in view.melds for meld in owned):
        return f"no melded joker stands for it now{kept}"
    if view.phase != "play":
        return "draw first, then swap"
    if view.down[view.seat]:
        return LAST_JOKER
    return SWAP_THEN_DOWN


MOVE_PARTS = {"draw_stock": "", "take_upcard": "", "buy": "", "decline": "", "meld": "cards groups",
              "lay_off": "cards target", "swap_joker": "cards target", "discard": "cards"}
"""Every Shanghai move kind, with what it names besides its kind (see
:func:`~cardtable.engine.moves.parts_refusal`)."""


def illegal_reason(game: ShanghaiGame, seat: int, move: Move) -> str | None:
    """None if ``move`` is listed by legal_moves, else a reason in plain words."""
    if move in game._legal_list(seat):
        return None
    return explain(game, seat, move)


def bought_upcard(game: ShanghaiGame) -> Card | None:
    """S8: the upcard bought since the last discard (a seat that is down is offered none
    first: the others may buy it before its draw), or None."""
    for event in reversed(game.events):
        if isinstance(event, CardDiscarded):
            return None
        if isinstance(event, UpcardBought):
            return event.card
    return None


def explain(game: ShanghaiGame, seat: int, move: Move) -> str:
    """Why ``move`` is not legal now (it is not among the legal moves)."""
    kind, phase = move.kind, game.phase
    if kind not in MOVE_PARTS:
        return f"{kind!r} is not a Shanghai move (moves: {', '.join(MOVE_PARTS)})"
    if refusal := parts_refusal(move, MOVE_PARTS):
        return refusal
    if phase == "buy":
        return "the upcard is being offered to you: buy it or decline"
    if kind in ("buy", "decline"):
        return "nobody is being offered the upcard now"
    if phase == "draw":
        if kind == "take_upcard":
            bought = bought_upcard(game)
            if bought is not None:
                return f"{bought.pretty()} was bought before your draw: draw from the stock"
            return "there is no live upcard to take"
        if kind == "draw_stock":
            return "the stock is empty"
        return "draw first: take the upcard or draw from the stock"
    if kind in ("draw_stock", "take_upcard"):
        return "you have drawn already this turn"
    if move.groups and kind != "meld":
        return f"a {kind} move takes no such cards"
    hand = game.hands[seat]
    missing = not_held(move.cards, hand)
    if missing is not None:
        return missing
    if kind == "discard":
        if len(move.cards) != 1:
            return "discard exactly one card"
        return GO_DOWN_FIRST if game.must_go_down else LAST_DISCARD
    if kind == "meld":
        return _explain_meld(game, seat, move)
    if kind == "lay_off":
        return _explain_lay_off(game, seat, move)
    return _explain_swap(game, seat, move)


def _explain_meld(game: ShanghaiGame, seat: int, move: Move) -> str:
    if game.down[seat]:
        return "you are down already: lay off cards instead"
    contract = game.contract
    if len(move.groups) != len(contract):
        return f"the contract is {len(contract)} melds; give one group for each"
    if tuple(card for group in move.groups for card in group) != move.cards:
        return "a meld's cards must be its groups' cards in order"
    for number, ((kind, size), group) in enumerate(zip(contract, move.groups), start=1):
        refusal = contract_meld_refusal(kind, size, group, game.wild)  # (in whatever order given)
        if refusal is not None:
            return f"meld {number}: {refusal}"
    left = list((Counter(game.hands[seat]) - Counter(move.cards)).elements())  # (the cards are held: checked)
    if len(left) == 1 and not game.rules.out_by_discard and _made_but_last_card(game, seat, move):
        return f"going down so would leave {left[0].pretty()}, {STRANDED}"
    for number, ((kind, _size), group) in enumerate(zip(contract, move.groups), start=1):
        if isinstance(make_meld(kind, group, game.wild), str):  # (a meld in another order)
            return f"meld {number}: list a run's cards in rank order, each wild where it stands"
        if kind == "set" and tuple(sorted(group, key=lambda c: (c.rank in game.wild, c))) != group:
            return f"meld {number}: list a set's natural cards sorted, then its wilds"
    if sum(move.kind == "meld" for move in game._legal_list(seat)) >= MAX_GO_DOWN_OPTIONS:
        return (f"that go-down is not among the first {MAX_GO_DOWN_OPTIONS:,} ways listed for this hand "
                "(choose one of the listed ways: the same cards, the wilds placed as listed)")
    return f"that go-down is not in canonical form (same-size melds in order) or would leave {STRANDED}"


def _made_but_last_card(game: ShanghaiGame, seat: int, move: Move) -> bool:
    """S10: whether ``move``'s groups (each in any order) are a way to lay the contract
    down from the hand that only the last-card rule keeps off the list: the one card it
    would leave fits no meld, old or new."""
    wanted = _as_melds(game.contract, move.groups)
    hand = game.hands[seat]
    without_s10 = go_down_options(hand, game.contract, game.wild, limit=MAX_GO_DOWN_OPTIONS)
    if not any(_as_melds(game.contract, groups) == wanted for groups in without_s10):
        return False
    return not any(_as_melds(game.contract, groups) == wanted
                   for groups in go_down_groups(game, seat, list(hand), game.table))


def _as_melds(contract: Sequence[tuple[str, int]],
              groups: Sequence[Sequence[Card]]) -> list[tuple[str, tuple[Card, ...]]]:
    """A go-down's melds as kinds and cards, in no order (melds of one kind and size may
    be written either way round)."""
    return sorted((kind, tuple(sorted(group))) for (kind, _size), group in zip(contract, groups))


def _explain_lay_off(game: ShanghaiGame, seat: int, move: Move) -> str:
    if not game.down[seat]:
        return NOT_DOWN
    if len(move.cards) != 1:
        return "lay off one card at a time"
    target = move.target or ()
    if len(target) not in (2, 3) or not 0 <= target[0] < game.players:
        return "say where: target (owner, meld index) for a set, (owner, meld index, end) for a run"
    melds = game.table[target[0]]
    if not 0 <= target[1] < len(melds):
        return "there is no such meld"
    meld = melds[target[1]]
    if meld.kind == "set" and len(target) != 2:
        return "a lay-off on a set takes the target (owner, meld index)"
    if meld.kind == "run" and (len(target) != 3 or target[2] not in (LOW, HIGH)):
        return "a lay-off on a run takes the target (owner, meld index, end): end 0 low, 1 high"
    end = target[2] if len(target) == 3 else None
    if lay_off(meld, move.cards[0], end, game.wild) is None:
        return f"{move.cards[0]} does not fit there" + _why_no_fit(move.cards[0], [meld], game.wild)
    return LAST_CARD


def _explain_swap(game: ShanghaiGame, seat: int, move: Move) -> str:
    target = move.target or ()
    if len(move.cards) != 1 or len(target) != 2 or not 0 <= target[0] < game.players \
            or not 0 <= target[1] < len(game.table[target[0]]):
        return "swap one natural card for a wild: target (owner, meld index)"
    if swap_index(game.table[target[0]][target[1]], move.cards[0], game.wild) is None:
        return f"no wild in that meld stands for {move.cards[0]}"
    return LAST_JOKER if game.down[seat] else SWAP_THEN_DOWN
