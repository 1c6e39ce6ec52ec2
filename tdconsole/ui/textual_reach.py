"""Every private part of Textual the console reaches, in one place.

Textual is pinned to one minor version (pyproject.toml) because of what is here: each function
or class below reaches one private part (a name with a leading underscore), says why no public
API does the same, and names the public API it stands in for, or would, when Textual offers
one. The rest of the console calls these and never a private of Textual's itself
(``tests/ui/test_textual_reach.py`` checks it and lists the names in use). On an upgrade of
Textual: read each of these against the new version's source, run ``tests/ui``.

The tests' own reaches (the pilot, the compositor as a test drives it) are in
``tests/ui/textual_reach.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rich.cells import cell_len
from textual.app import App
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.dom import DOMNode
from textual.geometry import Region, Size
from textual.notifications import Notification, Notifications
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import RadioSet
from textual.widgets._footer import FooterKey as FooterKey
from textual.widgets._toast import ToastRack
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from textual.widgets import Footer

ReturnType = TypeVar("ReturnType")

# -- the App --------------------------------------------------------------------------------


def notifications(app: App[Any]) -> Notifications:
    """The App's notices not yet timed out (``App._notifications``). Textual keeps them for
    its toasts and offers only ``notify``/``clear_notifications``: the console paints them
    itself (``ui.notices``) and the tests read them. Stands in for a public
    ``App.notifications``."""
    return app._notifications


def dismiss(app: App[Any], notice: Notification) -> None:
    """One notice taken away, as a click on a Textual toast does (``App._unnotify``). The
    public ``clear_notifications`` takes every notice away; this stands in for a public
    ``App.unnotify``."""
    app._unnotify(notice)


def close_messages_now(app: App[Any]) -> None:
    """The App's message queues closed at once, as Textual does on a fatal error
    (``App._close_messages_no_wait``). Stands in for what ``App.exit`` does when the App can
    no longer wait for its messages: there is no public way to end without waiting."""
    app._close_messages_no_wait()


def style_generation(app: App[Any]) -> int:
    """How many times the App's styles were changed (a theme chosen): Textual's own count
    (``App._css_update_count``), which it reads to style a screen pushed again. No public
    API tells it; it stands in for a stylesheet's version number."""
    return app._css_update_count


def is_beneath(app: App[Any], screen: Screen[Any]) -> bool:
    """``screen`` is shown beneath the one on top (under a dialog): one of Textual's
    ``App._background_screens``. The public ``screen_stack`` lists every screen, shown or
    not; this stands in for a public list of the screens painted beneath the top one."""
    return screen is not app.screen and screen in app._background_screens


class ConsoleAppReach(App[ReturnType]):
    """The App's private steps the console changes, each handed to a public method.

    - ``crashed(error)`` is told of an unexpected error before Textual ends the App with
      code 1 (``App._handle_exception``; no public hook is told of it);
    - on a fatal error Textual prints the traceback with every frame's locals (the State, a
      PIN being typed): here the terminal rings and the App ends, without it
      (``App._fatal_error``; no public setting hides the locals);
    - ``show_notices(notices)`` paints the notices, and says False for Textual's toasts
      (``App._refresh_notifications``, what ``notify`` and a notice timing out call; no
      public hook chooses how notices are shown).

    Stands in for public hooks of the App: an error handler, a quiet end, a notices' painter.
    """

    def crashed(self, error: Exception) -> None:
        """An unexpected error, before the App ends with code 1."""

    def show_notices(self, notices: Notifications) -> bool:
        """Show ``notices`` on the screen on top; False: Textual's toasts show them."""
        return False

    def refresh_notices(self) -> None:
        """The notices shown again now (after a notice added or taken away)."""
        self._refresh_notifications()

    def _handle_exception(self, error: Exception) -> None:
        self.crashed(error)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        self.bell()
        close_messages_now(self)

    def _refresh_notifications(self) -> None:
        if not self.show_notices(notifications(self)):
            super()._refresh_notifications()


# -- screens --------------------------------------------------------------------------------


def breakpoint_classes(
    screen: Screen[Any], dimension: int, points: list[tuple[int, str]]
) -> set[str]:
    """The width or height classes ("-wide") Textual gives a screen of ``dimension`` cells
    (``Screen._get_breakpoint_classes``): set here before the screen's first size, which
    Textual has no public way to do. Stands in for a public ``Screen.breakpoint_classes``."""
    return screen._get_breakpoint_classes(dimension, points)


def forget_dirty_regions(screen: Screen[Any]) -> None:
    """The regions Textual marked to render again on ``screen`` forgotten
    (``Widget._dirty_regions``): a backdrop that keeps its own lines renders only those it
    knows changed. No public API; stands in for a public way to cancel a pending repaint."""
    screen._dirty_regions.clear()


def render_lines(
    screen: Screen[Any], region: Region, wanted: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip]]:
    """The lines ``wanted`` of ``screen`` within ``region``, rendered as Textual paints them
    (``Compositor._render_chops`` of ``Screen._compositor``), without painting them. The
    public ``Screen.render_line`` renders one widget's line, not the screen's composed;
    Textual's ``BackgroundScreen`` renders the whole screen each time. Stands in for a public
    ``Screen.render_lines``."""
    return screen._compositor._render_chops(region, wanted)


class StillScreenReach(Screen[None]):
    """The screen's private steps a screen shown beneath a dialog changes:

    - Textual composes a ``ToastRack`` into every screen (``Screen._extend_compose``; no
      public setting swaps it): ``notice_rack()`` is put in its place;
    - a screen given the size it is laid out at is not laid out again
      (``Screen._screen_resized``, ``Screen._compositor``): Textual lays it out again, and
      a dialog opened passes the size on to the screens beneath it;
    - beneath a dialog, a change is passed up and the screen not marked to be repainted
      whole (``Screen._compositor_refresh``, ``Screen._repaint_required``): it is repainted
      whole when it is on top again. No public API tells how a screen is repainted.

    Stands in for a public setting of the notices' widget and a screen that keeps its layout
    and its repaints for a new size and a change beneath a dialog.
    """

    def notice_rack(self) -> Widget:
        """The widget shown in place of Textual's ``ToastRack``."""
        raise NotImplementedError

    def _extend_compose(self, widgets: list[Widget]) -> None:
        super()._extend_compose(widgets)
        for i, widget in enumerate(widgets):
            if isinstance(widget, ToastRack):
                widgets[i] = self.notice_rack()

    def _screen_resized(self, size: Size) -> None:
        if size != self._compositor.size:
            super()._screen_resized(size)

    def _compositor_refresh(self) -> None:
        beneath = is_beneath(self.app, self)
        super()._compositor_refresh()
        if beneath:
            self._repaint_required = False


# -- widgets --------------------------------------------------------------------------------


def check_refresh(widget: Widget) -> None:
    """What ``widget``'s own turn does now: its new styles and size asked of its screen
    (``Widget._check_refresh``). ``Widget.refresh(layout=True)`` asks it for the widget's
    next turn, which may come after the screen's next frame. Stands in for a public
    "refresh now"."""
    widget._check_refresh()


class NeverScrollsReach(Widget):
    """A widget that never scrolls: laid out at a new size, Textual lays the screen out once
    more for its new "virtual size" (``Widget._size_updated``); this one is not. Stands in for
    a public way to say a widget has no virtual size of its own."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


def radio_cursor(radio_set: RadioSet, index: int) -> None:
    """The cursor of ``radio_set`` put on its button ``index`` (``RadioSet._selected``): a
    set starts its cursor on its first button whichever is pressed, so Enter on a dialog
    just opened would choose the first one. The public ``action_next_button`` moves it one
    step at a time past disabled buttons; stands in for a public ``RadioSet.selected``."""
    radio_set._selected = index


def rewrite_bindings(node: DOMNode, change: Callable[[Binding], Binding]) -> None:
    """Each of ``node``'s key bindings replaced by ``change(binding)`` (``DOMNode._bindings``,
    the node's own copy of its class's bindings): its words said in the console's language,
    a key shown in the footer. ``App.set_keymap`` changes only which key is bound; no public
    API changes a binding's description or ``show``. Stands in for a public
    ``DOMNode.bindings``."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [change(binding) for binding in bindings]


def footer_ready(footer: Footer) -> bool:
    """The footer has read its screen's keys once (``Footer._bindings_ready``), which Textual
    tests before it rebuilds the footer. No public API; stands in for a public
    ``Footer.ready``."""
    return footer._bindings_ready


def keep_footer_key_compact(widget: Widget, compact: bool) -> None:
    """A key of the footer (not the palette's) told at once whether the footer is compact
    (``FooterKey.compact``; ``FooterKey`` is in the private ``textual.widgets._footer``): the
    footer otherwise tells it as it is mounted, each key styled twice more. Stands in for a
    public ``textual.widgets.FooterKey``."""
    if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
        widget.set_reactive(FooterKey.compact, compact)


def set_footer_key(widget: FooterKey, like: FooterKey) -> None:
    """``widget``, a key of a footer on show, made to show what ``like`` (a key not mounted)
    shows: its key, words, action, state and tooltip (``FooterKey``'s attributes and its
    ``-disabled`` class, which Textual sets as it builds a key). Repainted when they change,
    laid out again when its width may. Stands in for a public way to change a footer's key."""
    shown, showing = (widget.key_display, widget.description), (like.key_display, like.description)
    same = (
        widget.key == like.key
        and shown == showing
        and widget.action == like.action
        and widget._disabled == like._disabled
        and widget.tooltip == like.tooltip
    )
    if same:
        return
    widget.key, widget.action = like.key, like.action
    widget.key_display, widget.description = like.key_display, like.description
    widget._disabled = like._disabled
    widget.set_class(like._disabled, "-disabled")
    widget.tooltip = like.tooltip
    widget.refresh(
        layout=[cell_len(text) for text in shown] != [cell_len(text) for text in showing]
    )


# -- the command palette --------------------------------------------------------------------


def no_matches_id(palette: CommandPalette) -> str:
    """The id Textual gives the palette's "No matches found" line
    (``CommandPalette._NO_MATCHES``), which it looks for to take the line away. No public
    name; stands in for a public constant."""
    return palette._NO_MATCHES


class PaletteReach(CommandPalette):
    """The palette's "No matches found" line in the console's own words: Textual writes it in
    ``CommandPalette._start_no_matches_countdown`` and offers no setting for it. This is the
    same countdown (``_stop_no_matches_countdown``, ``_NO_MATCHES_COUNTDOWN``,
    ``_list_visible``, ``_no_matches_timer``) showing ``no_matches()``. Stands in for a public
    ``CommandPalette.no_matches``."""

    def no_matches(self) -> Option:
        """The line shown when nothing matches what was typed."""
        raise NotImplementedError

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(self.no_matches())
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
