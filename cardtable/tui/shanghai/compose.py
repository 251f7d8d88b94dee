"""Helpers for turning what the player picked into one of the engine's legal moves:
go-down groups matched against the listed ``meld`` moves, the lay-offs and joker swaps
a card allows, and plain-words labels for each choice.

No rule is decided here: a choice is only ever matched against ``legal_moves``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from ...engine.cards import JOKER, Card
from ...engine.moves import Move
from ...engine.words import a_rank
from ...games.shanghai.godown import go_down_options
from ...games.shanghai.melds import contract_meld_refusal, kind_refusal, make_meld
from ..widgets.card import card_label, meld_label
from .present import Contract, MeldLine

Groups = tuple[tuple[Card, ...], ...]
Key = Counter[tuple[str, int, tuple[Card, ...]]]
"""Groups as a multiset of (kind, size, sorted cards) (see :func:`_key`)."""


def _key(contract: Contract, groups: Sequence[Sequence[Card]]) -> Key:
    """Groups as a multiset of (kind, size, sorted cards): the order of melds of one
    kind and size does not matter, nor the order of cards within a group."""
    return _placed_key(contract, enumerate(groups[:len(contract)]))


def _placed_key(contract: Contract, placed: Iterable[tuple[int, Sequence[Card]]]) -> Key:
    """:func:`_key` of groups each standing at its place of the contract."""
    return Counter((*contract[place], tuple(sorted(group))) for place, group in placed)


def _meld_keys(moves: Iterable[Move], contract: Contract) -> list[Key]:
    """The :func:`_key` of each legal go-down (``meld`` move) among ``moves``."""
    return [_key(contract, move.groups) for move in moves if move.kind == "meld"]


def matching_go_downs(moves: Iterable[Move], contract: Contract, groups: Sequence[Sequence[Card]]) -> list[Move]:
    """The legal ``meld`` moves made of exactly ``groups`` (they differ, if at all, only
    in where wilds stand in runs)."""
    wanted = _key(contract, groups)
    return [move for move in moves if move.kind == "meld" and _key(contract, move.groups) == wanted]


def fits_a_go_down(moves: Iterable[Move], contract: Contract,
                   placed: Sequence[tuple[int, Sequence[Card]]]) -> bool:
    """Whether some legal ``meld`` move lays down each group of ``placed`` as the contract
    meld at its place (the rest of the contract from other cards of the hand)."""
    return _within_one(_placed_key(contract, placed), _meld_keys(moves, contract))


def groups_that_fit(moves: Iterable[Move], contract: Contract, groups: Sequence[Sequence[Card]]) -> int:
    """How many of ``groups`` (in the contract's order), from the first, some legal ``meld``
    move lays down together."""
    keys = _meld_keys(moves, contract)
    for count in range(len(groups), 0, -1):
        if _within_one(_key(contract, groups[:count]), keys):
            return count
    return 0


def _within_one(wanted: Key, keys: Iterable[Key]) -> bool:
    """Whether some go-down's key of ``keys`` holds all of ``wanted``."""
    return any(not wanted - key for key in keys)


def group_place(contract: Contract, filled: Collection[int], group: Sequence[Card],
                wilds: frozenset[int]) -> tuple[int, str | None]:
    """Which meld of ``contract`` (its index) the player's ``group`` goes down as, the melds
    ``filled`` being taken: the first open one it can be (in "1 set of 3 + 1 run of 4" four
    suited cards in a row are the run, even as the first group); else the first open one
    of its kind (five suited cards in a row are a run too long, not "no set"), else of its
    size, else the first open one — with the engine's reason it cannot be that meld
    (:func:`~cardtable.games.shanghai.melds.contract_meld_refusal`), None if it can."""
    open_places = [place for place in range(len(contract)) if place not in filled]
    refusals = {place: contract_meld_refusal(*contract[place], group, wilds) for place in open_places}
    fitting = [place for place in open_places if refusals[place] is None]
    of_kind = [place for place in open_places if kind_refusal(contract[place][0], group, wilds) is None]
    sized = [place for place in open_places if contract[place][1] == len(group)]
    place = (fitting or of_kind or sized or open_places)[0]
    return place, refusals[place]


def go_downs_with(moves: Iterable[Move], cards: Sequence[Card]) -> list[Move]:
    """The legal ``meld`` moves that use every card of ``cards``."""
    need = Counter(cards)
    return [move for move in moves if move.kind == "meld" and not need - Counter(move.cards)]


def go_downs_of(moves: Iterable[Move], cards: Sequence[Card]) -> list[Move]:
    """The legal ``meld`` moves made of exactly ``cards``, every one of them and no other."""
    have = Counter(cards)
    return [move for move in moves if move.kind == "meld" and Counter(move.cards) == have]


def distinct_go_downs(moves: Iterable[Move], wilds: frozenset[int]) -> list[Move]:
    """``moves`` less the go-downs that differ from an earlier one only in which wild 2
    (or other wild natural) stands where: a natural played as a wild stays where it is
    laid (S7 takes back only jokers) and counts nothing, so the choice is the same. Of
    such go-downs the one written first in card order stands for them all (as a group
    waiting to be laid is shown: :func:`waiting_group_label`). Those that spend the
    fewest wild cards come first (all natural before a joker used up)."""
    kept: dict[object, Move] = {}
    for move in moves:
        shape = _wild_shape(move.groups, wilds)
        if shape not in kept or move.groups < kept[shape].groups:
            kept[shape] = move
    return sorted(kept.values(), key=lambda move: sum(card.rank in wilds for card in move.cards))


def one_per_set_choice(moves: Iterable[Move], wilds: frozenset[int]) -> list[Move]:
    """``moves`` (go-downs) less those that differ from an earlier one only in which cards
    of a rank a set takes (K♣ K♦ K♥ or K♣ K♦ K♠ from four kings): the king left in hand
    lays off on that set as well, so the list offers the choice once (a play-tester read
    eight near-alike lines). Selecting the cards first, or grouping them with ``g``,
    still chooses which."""
    kept: dict[object, Move] = {}
    for move in moves:
        kept.setdefault(tuple(_set_shape(group, wilds) for group in move.groups), move)
    return list(kept.values())


def _set_shape(group: Sequence[Card], wilds: frozenset[int]) -> object:
    """A set as its rank, how many naturals and which wild cards; any other group as it is
    (a group of one natural and wilds may be a run: kept as it is)."""
    naturals = [card for card in group if card.rank not in wilds]
    if len(naturals) < 2 or len({card.rank for card in naturals}) != 1:
        return tuple(group)
    return naturals[0].rank, len(naturals), tuple(sorted(card for card in group if card.rank in wilds))


def _wild_shape(groups: Sequence[Sequence[Card]], wilds: frozenset[int]) -> tuple[tuple[object, ...], ...]:
    """``groups`` with each wild natural (a wild 2) as its rank alone: two go-downs of one
    shape differ only in which of them stands where."""
    return tuple(tuple(card.rank if card.rank in wilds and card.rank != JOKER else card for card in group)
                 for group in groups)


RUN_PLACES = 24
"""How many placements of a waiting run's wilds are read to tell one place from several."""


def waiting_group_label(kind: str, group: Sequence[Card], wilds: frozenset[int], ascii: bool) -> str:
    """A group of a go-down being composed: a set's naturals, then its wilds with the
    rank they stand for ("Q♦ Q♦ 2♦=Q"); a run whose wilds have one place only, in rank
    order with each wild where it stands ("J♦ Q♦ JK=K♦ A♦"); a run whose wilds could stand
    in more than one place, its naturals in order, then its wilds (where they stand is
    chosen when the go-down is)."""
    ordered = _written(kind, group, wilds)
    if kind == "set" or any(card.rank in wilds for card in group):
        shapes: dict[object, tuple[Card, ...]] = {}
        for groups in ([] if kind == "set" else go_down_options(group, ((kind, len(group)),), wilds, limit=RUN_PLACES)):
            shape = _wild_shape(groups, wilds)  # (of one shape, the first in card order: as the go-down is laid)
            shapes[shape] = min(shapes.get(shape, groups[0]), groups[0])
        placed = [ordered] if kind == "set" else list(shapes.values())
        meld = make_meld(kind, placed[0], wilds) if len(placed) == 1 else "placed with the go-down"
        if not isinstance(meld, str):
            return meld_label(meld.cards, meld.wilds_stand_for(wilds), ascii)
    return meld_label(ordered, [None] * len(ordered), ascii)


def _written(kind: str, group: Sequence[Card], wilds: frozenset[int]) -> tuple[Card, ...]:
    """A group's cards as the engine writes a meld before it is placed: its naturals in
    order (a run's by suit and rank), then its wilds."""
    return tuple(sorted(group, key=lambda c: (c.rank in wilds, c if kind == "set" else (c.suit, c.rank))))


def unmatched_go_down(contract: Contract, groups: Sequence[Sequence[Card]], wilds: frozenset[int]) -> Move:
    """The player's groups as a ``meld`` move in the engine's written form (naturals in
    order, wilds last), for the engine to say why it is not legal."""
    ordered = tuple(_written(kind, group, wilds) for (kind, _size), group in zip(contract, groups))
    return Move("meld", tuple(c for g in ordered for c in g), ordered)


def go_down_label(move: Move, contract: Contract, wilds: frozenset[int], ascii: bool,
                  grouped: Sequence[Sequence[Card]] = ()) -> str:
    """A go-down's melds, each wild with what it stands for (the engine's reading); with
    ``grouped`` (the player's groups, in the contract's order), its melds in that order,
    so that choices differing only in where the wilds stand read alike."""
    return "  |  ".join(meld_label(group, _stands(kind, group, wilds), ascii)
                        for (kind, _s), group in zip(contract, _in_order_of(move.groups, grouped)))


def _in_order_of(melds: Sequence[Sequence[Card]], grouped: Sequence[Sequence[Card]]) -> Sequence[Sequence[Card]]:
    """``melds`` in the order of the same cards in ``grouped`` (as they are, if they differ)."""
    left, ordered = list(melds), []
    for group in grouped:
        match = next((meld for meld in left if sorted(meld) == sorted(group)), None)
        if match is None:
            return melds
        left.remove(match)
        ordered.append(match)
    return ordered if not left else melds


def _stands(kind: str, group: Sequence[Card], wilds: frozenset[int]) -> tuple[Card | None, ...]:
    meld = make_meld(kind, group, wilds)
    return meld.wilds_stand_for(wilds) if not isinstance(meld, str) else tuple(None for _card in group)


def meld_text(meld: MeldLine, ascii: bool) -> str:
    return " ".join(card_label(c, ascii) + (f"={s}" if s else "") for c, s in zip(meld.cards, meld.stands))


def find_meld(melds: Sequence[MeldLine], owner: int, index: int) -> MeldLine | None:
    return next((m for m in melds if m.owner == owner and m.index == index), None)


def whose(names: Sequence[str], owner: int, viewer: int | None) -> str:
    return "your" if owner == viewer else f"{names[owner]}'s"


def lay_off_label(move: Move, melds: Sequence[MeldLine], names: Sequence[str], viewer: int | None,
                  ascii: bool, show_cards: bool = True) -> str:
    """``"7♠ on Eve's meld 2 (…) — high end"``; without ``show_cards``, no meld's cards
    (a one-line hint)."""
    owner, index = move.target[0], move.target[1]  # type: ignore[index]
    meld = find_meld(melds, owner, index)
    where = f"{whose(names, owner, viewer)} meld {index + 1}"
    card = card_label(move.cards[0], ascii)
    text = f"{card} on {where}"
    if meld is not None and show_cards:
        text += f" ({meld_text(meld, ascii)})"
    if len(move.target or ()) == 3:
        end = move.target[2]  # type: ignore[index]
        text += " — low end" if end == 0 else " — high end"
        stands = meld.ends[end] if meld is not None else None
        if stands is not None and stands != move.cards[0]:  # (a wild: what it will stand for)
            text += f", as {card_label(stands, ascii)}"
    elif meld is not None and meld.kind == "set":
        rank = next((c.rank for c, stands in zip(meld.cards, meld.stands) if not stands), None)
        if rank is not None and move.cards[0].rank != rank:  # (a wild: the set's rank, S5)
            text += f", as {a_rank(Card(rank, 'S').rank_text)}"
    return text


def swap_label(move: Move, melds: Sequence[MeldLine], names: Sequence[str], viewer: int | None,
               ascii: bool, show_cards: bool = True) -> str:
    owner, index = move.target  # type: ignore[misc]
    meld = find_meld(melds, owner, index) if show_cards else None
    text = f"put {card_label(move.cards[0], ascii)} in {whose(names, owner, viewer)} meld {index + 1}, take its joker"
    if meld is not None:
        text += f" ({meld_text(meld, ascii)})"
    return text
