"""The table screen: owns one game, shows it to the human on screen, and runs the
flow shared by every family — bots in a worker, hand-offs between humans (X1),
out-of-turn windows (X3), round end and match end. What is drawn comes from the
family's plug-in (``cardtable.tui.families``)."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from collections.abc import Sequence
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from ...bots import make_bot
from ...engine.cards import Card
from ...engine.errors import IllegalMove
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.rng import Rng, next_seed
from ..bridge import Bridge, GameChanged
from ..families import family_ui
from ..messages import DialogAsked, HandSorted, MoveChosen, ThemeSwitched
from ..notes import NoteSlot, soft_breaks, table_note_width, unused_key
from ..seats import TableSetup
from ..settings import BOT_SPEEDS
from ...engine.words import listed, ordinal, round_word
from ..text import kind_words, themed
from .auto_pass import AutoPassing
from .choose import TableDialog
from .dialogs import ConfirmQuit, HelpScreen, LogScreen, RulesScreen
from .handoff import HandoffScreen
from .saving import TableSaving, start_autosave
from .table_hints import TableHints
from .summary import MatchEndScreen, RoundEndScreen

DEFAULT_BOT_DELAY = BOT_SPEEDS[0][1]
"""Seconds a bot waits before its move, so people can follow the play."""


ESCAPE_AND = {**{sign: (digit, digit) for sign, digit in zip("¡™£¢∞§¶•ªº", "1234567890")},
              "–": ("minus", "-"), "≠": ("equals_sign", "=")}
"""The signs a terminal's escape typed just before a digit, ``-`` or ``=`` arrives as (the
reader of keys, Textual's, takes escape and a key within 0.1 s, or as tmux before 3.5 sends
them, for the macOS option key: escape then 5 is "∞"), and the two keys they stand for at
the table, where none of these signs is a key (the app splits them, before the hand sees
anything: ``CardtableApp.on_event``): a play-tester's escape then 5 said "∞ is no key here",
and the selection escape should have let go stayed, to be discarded. A sign typed on
purpose (£ on a British keyboard, º on a Spanish one) is read so too: it has no use here."""

SIDE_DIALOGS = (HelpScreen, RulesScreen, LogScreen, ConfirmQuit)
"""Dialogs a player opens beside the game, which close when the terminal is handed on."""


class TableScreen(AutoPassing, TableHints, TableSaving):
    """One match at the table."""

    BINDINGS = [Binding("r", "rules", "rules", show=False),
                Binding("L", "full_log", "log", show=False),
                Binding("ctrl+s", "save_game", "save", show=False),
                Binding("H", "hint", "hint", show=False),
                Binding("b", "bot_speed", "bot speed", show=False)]

    def __init__(self, setup: TableSetup, game: Game | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY, kept_told: bool = False) -> None:
        super().__init__(classes="table")
        self.kept_told = kept_told
        """Whether the player was told, before this table opened, that the unfinished game
        it replaces is kept (the start screen asks first): no note says it again over the table."""
        from ... import new_game

        self.setup = setup
        self.seats = setup.seats
        self.game = game if game is not None else new_game(setup.variant, len(setup.seats), seed=setup.seed)
        self.ui = family_ui(self.game.family)
        self.humans = setup.humans
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """The human whose cards are on screen (None: nobody's)."""
        self.bots = {i: make_bot(self.game.family, s.bot, variant=self.game.variant, seed=self.game.seed + i)
                     for i, s in enumerate(self.seats) if s.bot}
        self.rngs = {i: Rng(self.game.seed).fork(i + 1) for i in self.bots}
        self.bot_delay = bot_delay
        self._wake_pause = threading.Event()
        """Set when the speed changes or the table closes: it wakes a bot's pause (:meth:`pause_before_move`)."""
        self.busy = False
        """A bot is thinking or a screen on top waits for an answer."""
        self.window_visits: list[int] | None = None
        self.looking = False
        """An out-of-turn look is on screen (the table behind it shows no hand)."""
        self._waiting_question: tuple[Screen[Any], Any] | None = None
        """A game's question that came while the player had a side dialog open (:meth:`_ask`)."""
        self.error = ""
        self.asked_no_more: set[tuple[int, int]] = set()
        """(seat, round) of each human who chose in a dialog to be asked no more this round
        (:meth:`FamilyUI.standing_answer`: a Shanghai player's "no more buy offers this
        hand"). The table's own, not the game's: a loaded game asks again."""
        self.closed = False
        self.bridge: Bridge | None = None
        self.saver = None
        self.settings_note = NoteSlot()
        self.kept_slot = NoteSlot()
        """The note saying where the unfinished game was kept: it goes at the first key (it
        stood over the opponents' corner as the player weighed their first move)."""
        self.kept_note = ""
        """Where the unfinished game this table replaced was kept, until told (:meth:`_tell_kept_note`)."""

    def compose(self) -> ComposeResult:
        yield self.ui.make_table()

    def on_key(self, event: events.Key) -> None:
        """A letter or digit the table has no key for says where the keys are, rather than
        nothing (as a dialog's note does). Any key takes the kept game's note away. (A sign
        that stands for escape typed just before a digit is split by the app: :data:`ESCAPE_AND`.)"""
        self.kept_slot.withdraw(self.app)
        if unused := unused_key(self, event):
            self.table.notice = f"{unused} is no key here: ? lists the keys"

    def action_bot_speed(self) -> None:
        """The next of the bots' speeds (normal, fast, instant, slow), remembered."""
        delays = [seconds for _name, seconds in BOT_SPEEDS]
        now = self.bot_delay if self.bot_delay in delays else delays[-1]
        name, self.bot_delay = BOT_SPEEDS[(delays.index(now) + 1) % len(BOT_SPEEDS)]
        app = self.app
        app.bot_delay = self.bot_delay  # type: ignore[attr-defined]
        app.remember(bot_delay=self.bot_delay)  # type: ignore[attr-defined]
        self._wake_pause.set()
        pause = "no pause" if not self.bot_delay else f"{self.bot_delay:g} s before each move"
        # (a note, not the notice under the hand: a table of bots alone has no hand, and the
        # speed is no refusal to stand in red until the next move)
        self.settings_note.tell(app, f"bots: {name} ({pause}); b for the next speed", title="bot speed")

    def on_mount(self) -> None:
        self.auto_pass = bool(getattr(self.app, "auto_pass", False))  # (the app's setting: a)
        self.show_auto_pass()
        remember = getattr(self.app, "remember_table", None)
        if remember is not None:
            remember(self.setup)
        self.bridge = Bridge(self.game, self)
        self.saver = start_autosave(self.game, self.seats)
        kept = getattr(self.saver, "kept", None)
        if kept is not None:
            from ...engine.errors import SaveError
            from ...store import load_game, save_info
            from .store_menu import save_words

            try:
                load_game(kept)  # (replayed: a file that reads but does not play is no game to continue)
                said = "" if self.kept_told else (f"Your unfinished game ({' · '.join(save_words(save_info(kept)))}) "
                                                  "is kept: Load game (start screen) continues it.")  # (as Load game lists it)
            except SaveError:  # (kept all the same: it may be worth mending)
                said = f"A damaged autosave was kept as {kept.name} (Load game says what is wrong with it)."
            self.kept_note = said
            if not self.humans:
                self._tell_kept_note()
        self.show_table()
        self._check_autosave()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.close()
        if self.bridge is not None:
            self.bridge.close()
        if self.saver is not None:
            self.saver.detach()  # app exit or a new table: the autosave stays for Continue

    def close(self) -> None:
        """The table is being left: it asks nothing more (not a question it held back while
        a side dialog was open) and its bots stop (a pause ends; a move thought out is not
        made)."""
        self.closed = True
        self._waiting_question = None
        self._wake_pause.set()

    def show_table(self) -> None:
        """Give the table what the human on screen may see (during an out-of-turn look,
        only the public table: the looker's own table would show whether the turn is
        really theirs yet, so whether somebody else was asked first)."""
        viewer = None if self.looking else self.viewer
        self.table.state = self.ui.present(self.game, viewer, self.seats, self.ascii)

    def on_screen_suspend(self) -> None:
        self.table.covered = True  # (a dialog over the table has keys of its own)

    def on_screen_resume(self) -> None:
        self.table.covered = False
        self.show_table()
        if self._waiting_question is not None and not (self.closed or getattr(self.app, "leaving", False)):
            dialog, answered = self._waiting_question  # (the side dialog it waited for is closed)
            self._waiting_question = None
            self.app.push_screen(dialog, answered)

    def _ask(self, dialog: Screen[Any], answered: Any) -> None:
        """Put a game's question (a buy, a chance, an exchange …) over the table; while the
        player has a side dialog open (help, the rules, the log, the quit question), once
        it closes: pushed over it, the question buried it and took keys meant for it."""
        if isinstance(self.app.screen, SIDE_DIALOGS):
            self._waiting_question = (dialog, answered)
        else:
            self.app.push_screen(dialog, answered)

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        self.show_table()

    def on_game_changed(self, message: GameChanged) -> None:
        if any(getattr(event, "out_of_turn", False) for event in message.events):
            self.window_visits = None  # the chance was taken: the round of looks ends
        player = self.ui.chance_after(self.game, message.events)
        if player is not None and len(self.humans) > 1:
            self.window_visits = self._looks_after(player)
        game = self.game
        if not (self.ui.in_window(game) and game.to_act[0] in self.bots):
            self.show_table()  # (while a bot answers a chance, the table waits for its answer)
            if isinstance(self.app.screen, LogScreen) and self.table.state is not None:
                self.app.screen.show(self.table.state.log)  # (the log a player opened goes on)
        self._check_autosave()
        self.advance()

    # ----------------------------------------------------------------- the flow
    def advance(self) -> None:
        """Decide what happens next: a bot moves, a human is handed the screen, a dialog
        asks, or the round / match ends. Nothing, once a quit was chosen (no prompt opens
        while the app closes)."""
        if self.busy or self.closed or getattr(self.app, "leaving", False):
            return
        game = self.game
        if game.round_over:
            self._round_end()
            return
        if self.window_visits and not self.ui.in_window(game):
            # X3: the window closed by declines; the remaining humans still take their
            # look, so nobody learns who could have acted
            self._visit(self.window_visits.pop(0), None)
            return
        if not game.to_act:
            return
        seat = game.to_act[0]
        if seat in self.bots:
            self.busy = True
            # X3: no pause before a bot's out-of-turn answer, or the pause would show
            # that a chance had opened
            delay = 0.0 if self.ui.in_window(game) else self.bot_delay
            self.run_bot(self.app, seat, game.view(seat), game.legal_moves(seat), game, delay, len(game.events))
            return
        if self.ui.in_window(game):
            self._window(seat)
            return
        self.window_visits = None
        if not self.passes_for(seat):
            self._human_turn(seat)

    def _hand_to(self, seat: int, then: Any, reason: str = "") -> None:
        """Cover the table and pass the terminal to ``seat`` unless they already have it."""
        if len(self.humans) < 2 or seat == self.viewer:
            self.viewer = seat
            then()
            return
        self.viewer = None
        self._close_side_dialogs()
        self.show_table()
        self.busy = True

        def uncover() -> None:
            self.viewer = seat
            self.table.notice = ""  # (a note to the last player, a stray key's, is not the next one's)
            self.show_table()

        def ready(_result: None) -> None:
            self.busy = False
            if self.viewer != seat:
                uncover()
            then()

        self.app.push_screen(HandoffScreen(self.seats[seat].name, reason, uncover), ready)

    def _close_side_dialogs(self, but: type[Screen[Any]] | None = None) -> None:
        """Close the help, the rules and the quit question the player handing over left
        open (unanswered, the quit question means "keep playing"): they were that
        player's, and the next one starts at the table. A dialog of class ``but`` on top
        stays (the player who opened it still has the terminal)."""
        while isinstance(self.app.screen, SIDE_DIALOGS) and not (but and isinstance(self.app.screen, but)):
            self.app.screen.dismiss(None)

    def _human_turn(self, seat: int) -> None:
        standing = self.ui.standing_answer(self.game, seat) if (seat, self.game.round) in self.asked_no_more else None
        if standing is not None:  # (no dialog: the player said so; in hot seat still behind a
            # hand-off, or the others would learn that this player buys nothing more this hand)
            self._hand_to(seat, lambda: self._answer_standing(seat, standing))
            return

        def ask() -> None:
            self.show_table()
            dialog = self.ui.dialog(self.game, seat, self.seats, self.error)
            self.error = ""
            if dialog is None:
                self._tell_kept_note()
                return  # the table itself takes the move (MoveChosen)
            if isinstance(dialog, TableDialog):
                dialog.hand_cards = self.table.in_order(dialog.hand_cards)
                self._tag_fresh(dialog, seat)
            self._offer_hint(dialog, seat)
            self.busy = True

            def answered(move: Move | None) -> None:
                self.busy = False
                if getattr(dialog, "stands", False):
                    self.asked_no_more.add((seat, self.game.round))
                if move is None:
                    self.advance()
                else:
                    self.apply(seat, move, from_dialog=True)

            self._ask(dialog, answered)

        self._hand_to(seat, ask)

    def _tag_fresh(self, dialog: TableDialog[Any], seat: int) -> None:
        """A dialog's hand tags "new" the cards ``seat``'s table does (a dialog that knows
        its own keeps them): the table on screen's, or, under an out-of-turn look, whose
        table is the public one, those ``seat``'s own table would tag."""
        if dialog.fresh:
            return
        state = self.table.state
        if state is None or state.viewer != seat:
            state = self.ui.present(self.game, seat, self.seats, self.ascii)
        dialog.fresh = state.fresh

    def _answer_standing(self, seat: int, move: Move) -> None:
        """Make ``seat``'s standing answer (:attr:`asked_no_more`), held as a bot's move is
        while the quit question is open or the terminal too small; the hand on screen keeps
        its picked cards (it is no move of the viewer's turn)."""
        if self.closed or getattr(self.app, "leaving", False):
            return
        if self._bots_held():
            self.set_timer(0.1, self.advance)
            return
        self.game.apply(seat, move)

    def untold_notes(self) -> list[str]:
        """The notes this table has not told yet, as one line each (where the unfinished
        game it replaced was kept): the player leaves it before its first turn."""
        note, self.kept_note = self.kept_note, ""
        return [themed(self.ascii)(note)] if note else []  # (in the theme of the moment it is told)

    def _tell_kept_note(self) -> None:
        """Say where the unfinished game was kept, once, when the table itself is in sight
        (a human's turn at the table, or a table of bots): told at once, the note covered
        the first line of a question the table opened with (a buy offer). A table opened
        after the start screen asked first says nothing (:attr:`kept_told`); one opened
        by ``cardtable play`` does, in a note (in the notice row it hid the key bar and was
        cut beside President's buttons) that the first key takes away."""
        for note in self.untold_notes():  # (the file's name broken at a hyphen, not cut anywhere)
            self.kept_slot.tell(self.app, soft_breaks(note, table_note_width(self.app)), timeout=7)

    def _looks_after(self, player: int) -> list[int]:
        """The humans holding cards, clockwise from ``player``'s left, but not ``player``."""
        order = list(getattr(self.game.view(None), "order", range(self.game.players)))
        start = order.index(player) + 1
        clockwise = order[start:] + order[:start]
        return [h for h in clockwise if h in self.humans and h != player and self.game.view(h).hand]

    def _window(self, front: int) -> None:
        """X3: an out-of-turn chance for a human. With several humans, each of them in
        turn order takes a look at the same dialog after every play that might open a
        chance (see ``chance_after``); only the one the engine asks has anything to
        choose."""
        if len(self.humans) < 2:
            self._visit(front, front)
            return
        if not self.window_visits:
            last = getattr(self.game.view(front), "last_player", None)
            self.window_visits = self._looks_after(last if last is not None else front)
        if self.window_visits and self.window_visits[0] != front:
            # humans before the one asked look first; none of them can act now
            self._visit(self.window_visits.pop(0), None)
            return
        if self.window_visits:
            self.window_visits.pop(0)
        self._visit(front, front)

    def _visit(self, seat: int, front: int | None) -> None:
        eligible = seat == front
        self.looking = len(self.humans) > 1  # (a lone human is only ever asked: nothing to hide)

        def ask() -> None:
            self.show_table()
            moves = self.game.legal_moves(seat) if eligible else []
            self.busy = True

            def answered(move: Move | None) -> None:
                self.busy = False
                self.looking = False
                if eligible and move is not None:
                    self.apply(seat, move, from_dialog=True)
                else:
                    self.advance()

            dialog = self.ui.window_dialog(self.game, seat, self.seats, moves)
            if isinstance(dialog, TableDialog):
                self._tag_fresh(dialog, seat)
            if eligible:
                self._offer_hint(dialog, seat)
            self._ask(dialog, answered)

        self._hand_to(seat, ask, reason="Out-of-turn chance: every player takes a look.")

    def _round_end(self) -> None:
        self.busy = True
        # (the hand is over: a player's log or help would outlast it; an open quit question
        # waits for its answer, unless the match is over: then there is nothing to save)
        self._close_side_dialogs(but=None if self.game.is_over else ConfirmQuit)
        footer = ("Press Enter for the match result." if self.game.is_over
                  else f"Press Enter to deal the next {round_word(self.game.family)}.")

        def seen(_result: None) -> None:
            self.busy = False
            if len(self.humans) > 1:
                self.viewer = None
            if self.game.is_over:
                self._match_end()
            else:
                self.game.next_round()

        # (the hands shown to all in one order, not the last viewer's own: in hot seat, the family's own)
        alone = len(self.humans) < 2
        in_order = self.table.in_order if alone else None
        screen = self.ui.round_end_screen(self.game, self.seats, footer, in_order, self.viewer if alone else None)
        if screen is None:
            heading, rows = self.ui.round_summary(self.game, self.seats)
            screen = RoundEndScreen(heading, rows, footer)
        self._ask(screen, seen)  # (over an open quit question: once it is answered, keep playing)

    def _match_end(self) -> None:
        self.busy = True
        game = self.game
        _heading, rows = self.ui.round_summary(game, self.seats)
        places = game.places()  # the match's places by total (shared totals share one), not the round's
        rows = sorted((replace(row, place=ordinal(places[row.seat])) for row in rows),
                      key=lambda row: places[row.seat])
        winners = listed(self.seats[row.seat].name for row in rows if row.seat in game.winners())  # (table order)
        heading = f"{winners} won the match after {game.round} {round_word(game.family)}{'s' * (game.round != 1)}"
        reason = self.ui.match_over_reason(game, self.seats)
        heading += f": {reason}." if reason else "."

        def chosen(choice: str | None) -> None:
            if choice == "again":
                seed = None if self.setup.seed is None else next_seed(self.setup.seed)
                setup = TableSetup(self.setup.variant, self.seats, seed)
                self.app.switch_screen(TableScreen(setup, bot_delay=self.bot_delay))
            elif choice == "new":
                from .start import StartScreen

                self.app.switch_screen(StartScreen())
            else:
                self.app.exit(0)

        self.app.push_screen(MatchEndScreen(heading, rows, self.game.family, self.game.low_score_wins), chosen)

    # ----------------------------------------------------------------- moves
    def apply(self, seat: int, move: Move, from_dialog: bool = False) -> None:
        """Apply a human's move; an illegal one shows the engine's reason."""
        held = len(self.game.view(seat).hand)
        try:
            self.game.apply(seat, move)
        except IllegalMove as error:
            if from_dialog:
                self.error = error.reason
                self.advance()
            else:
                self.table.notice = error.reason
            return
        if len(self.game.view(seat).hand) > held:  # a draw: the cards picked before it stay picked
            self.table.notice = ""
        else:
            self.table.clear_selection()

    def on_move_chosen(self, message: MoveChosen) -> None:
        message.stop()
        seat = self._acting_viewer()
        if seat is not None:
            self.apply(seat, message.move)

    def on_hand_sorted(self, message: HandSorted) -> None:
        """Keep the hand order just chosen for the next table of the family."""
        orders = self.app.settings.hand_order  # type: ignore[attr-defined]
        self.app.remember(hand_order={**orders, message.family: message.order})  # type: ignore[attr-defined]

    def on_dialog_asked(self, message: DialogAsked) -> None:
        """Open a dialog the table asked for, unless the turn moved on since (a move
        chosen just before is applied first)."""
        message.stop()
        seat = self._acting_viewer()
        if seat is not None:
            self._offer_hint(message.dialog, seat)
            self.app.push_screen(message.dialog, message.answered)

    @work(thread=True, group="bots")
    def run_bot(self, app: Any, seat: int, view: Any, moves: list[Move], game: Game, delay: float,
                stamp: int) -> None:
        """A bot thinks in a worker thread (after :meth:`pause_before_move`, so a person can
        follow the play); its move is applied on the UI thread, if the game is still where it
        was (``stamp``: its number of events then)."""
        if not self.pause_before_move(delay):
            return
        move = self.bots[seat].choose(view, moves, self.rngs[seat])
        try:
            app.call_from_thread(self._bot_moved, seat, move, game, stamp)
        except RuntimeError:  # the app is closing
            pass

    def pause_before_move(self, delay: float) -> bool:
        """Wait ``delay`` seconds before a bot's move (on the bot's thread), and while the
        bots are held (:meth:`_bots_held`). A faster speed chosen meanwhile (b) shortens the
        pause, and closing the table ends it: False then, and the bot makes no move."""
        started = time.monotonic()
        while not self.closed:
            held = self._bots_held()
            left = min(delay, self.bot_delay) - (time.monotonic() - started)
            if held:
                started = time.monotonic()  # (the pause begins again when the player is back)
            elif left <= 0:
                return True
            if self._wake_pause.wait(0.1 if held else min(left, 0.1)):
                self._wake_pause.clear()  # (woken: the speed changed or the table closed; looked at again)
        return False

    def _bots_held(self) -> bool:
        """Whether the bots wait for the player: the quit question is open, or the terminal
        is too small to show the table (a player who stops to think, or mends the window,
        misses no move)."""
        app = self.app
        return bool(getattr(app, "too_small", False)) or any(isinstance(screen, ConfirmQuit)
                                                             for screen in app.screen_stack)

    def _bot_moved(self, seat: int, move: Move, game: Game, stamp: int) -> None:
        """Apply a bot's move. One for a position gone by is dropped (the turn is asked
        again); an illegal one, a bot's bug, is said and the seat's first listed move is
        made instead, so the match goes on."""
        if self.closed or game is not self.game or getattr(self.app, "leaving", False):
            return  # (after "Save and quit", a move held back meanwhile is not made: the autosave keeps the game as seen)
        if self._bots_held():  # (the quit question opened, or the window shrank, while the bot thought)
            self.set_timer(0.1, lambda: self._bot_moved(seat, move, game, stamp))
            return
        self.busy = False
        if seat not in game.to_act or len(game.events) != stamp:
            self.advance()
            return
        try:
            game.apply(seat, move)
        except IllegalMove as error:
            instead = game.legal_moves(seat)[0]
            # (a bot's mistake, for a bug report: the move and the reason name cards only the bot holds, so
            # they go to Textual's log, never on screen)
            self.log.warning(f"seat {seat}: bot move {move} refused ({error.reason}); played {instead}")
            self.app.notify(f"{self.seats[seat].name} (bot) chose a move that is not allowed "
                            f"({kind_words(move)}); it makes another instead.", severity="warning", timeout=8,
                            markup=False)  # (the bot's name as written, never markup)
            game.apply(seat, instead)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.game.variant, self.game.players))

    def sort_hand(self, cards: Sequence[Card]) -> tuple[tuple[Card, ...], str] | None:
        """``o`` in a dialog over the table: the hand on screen sorted the other way, as
        ``o`` at the table does it (the table keeps the order); ``cards`` in the new order,
        and the order's name. None where the table has one order only (President)."""
        if not self.table.SORTS:
            return None
        self.table.action_sort()
        return self.table.in_order(cards), str(self.table.hand_order())

    def results_log(self) -> None:
        """``L`` over a hand's results: the whole log, as at the table, where one human
        plays; at a hot-seat table, whose results everyone reads, the log as the whole
        table saw it (no one's own cards: a hand-off's privacy holds)."""
        if len(self.humans) > 1:
            self.app.push_screen(LogScreen(self.ui.present(self.game, None, self.seats, self.ascii).log, over=True,
                                           word=round_word(self.game.family)))
        else:
            self.action_full_log()

    def action_full_log(self) -> None:
        """The round's whole log as the table shows it to the player on screen."""
        state = self.table.state
        self.app.push_screen(LogScreen(state.log if state is not None else (), over=self.game.round_over,
                                       word=round_word(self.game.family)))
