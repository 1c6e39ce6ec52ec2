"""Every private part of Textual the console's tests reach, in one place (the console's own are
in ``tdconsole/ui/textual_reach.py``, which the tests call too).

A test drives the console as a terminal would and looks at what Textual does inside (a layout,
a repaint, a mount): each function or name below reaches one private part, says why no public
API does, and names the public API it stands in for. ``test_textual_reach.py`` checks that no
other test reaches one and lists the names in use. On an upgrade of Textual: read each of these
against the new version's source, run ``tests/ui``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from rich.console import RenderableType
from textual._compositor import Compositor as Compositor
from textual._context import visible_screen_stack
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.geometry import Size
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets._footer import FooterKey as FooterKey

W = TypeVar("W", bound=Widget)

LAID_OUT = "_refresh_layout"
"""The method of a screen Textual lays it out in (``Screen._refresh_layout``), which a test
counts the calls of. No public event says a screen was laid out; stands in for one."""

MOUNTED = "_post_mount"
"""The method of a widget Textual runs once it is mounted (``Widget._post_mount``), which a test
counts the calls of. The public ``Mount`` event is a message handled later, and a widget may
stop it; stands in for a public count of mounts."""

REPAINTED = "_compositor_refresh"
"""The method of a screen Textual repaints what changed on it in
(``Screen._compositor_refresh``), which a test counts the calls of. No public event says a
screen was repainted; stands in for one."""

# ``Compositor`` (``textual._compositor``): what paints a screen; a test counts its whole
# repaints (``render_full_update``). No public name; stands in for a public repaint event.
# ``FooterKey`` (``textual.widgets._footer``): a key of the footer, which a test queries. Stands
# in for a public ``textual.widgets.FooterKey``.


def wait_for_screen(pilot: Pilot[Any]) -> Awaitable[bool]:
    """Every message waiting in the app and its screen processed (``Pilot._wait_for_screen``,
    what ``Pilot.pause()`` does before it guesses from the CPU time that the app is idle). The
    public ``pause`` guesses; stands in for a public "wait until processed"."""
    return pilot._wait_for_screen()


def update_now(screen: Screen[Any]) -> None:
    """The screen laid out and painted now, as its own timer would (``Screen._on_timer_update``).
    The timer is Textual's and runs on the wall clock; stands in for a public "update now"."""
    screen._on_timer_update()


def screen_lines(screen: Screen[Any]) -> list[str]:
    """Each line of ``screen`` as it is composed now, in text (``Screen._compositor``). The
    public ``export_screenshot`` gives an SVG; stands in for a public ``Screen.lines``."""
    return [strip.text for strip in screen._compositor.render_strips()]


def lines_to_paint(compositor: Compositor, full: bool) -> set[int]:
    """The lines the compositor's next paint renders again (``full``: a whole paint asked):
    those of the regions marked changed (``Compositor._dirty_regions``), every line when the
    whole screen is marked. No public API says what a paint covers; stands in for one."""
    dirty = compositor._dirty_regions
    if full or compositor.size.region in dirty:
        return set(range(compositor.size.height))
    return {y for region in dirty for y in range(region.y, region.bottom)}


def key_name(character: str) -> str:
    """The key's name Textual gives a typed character ("." is "full_stop")
    (``textual.keys._character_to_key``). Stands in for a public ``character_to_key``."""
    return _character_to_key(character)


def unicode_name(key: str) -> str:
    """The Unicode name of the character a key types (``textual.keys._get_unicode_name_from_key``).
    Stands in for a public ``key_to_character``."""
    return _get_unicode_name_from_key(key)


def animating(app: App[Any]) -> bool:
    """An animation is running (``Animator._complete_event`` not set). The public
    ``wait_until_complete`` waits; this only asks. Stands in for a public ``Animator.busy``."""
    return not app.animator._complete_event.is_set()


def driver(app: App[Any]) -> Driver | None:
    """The app's terminal driver (``App._driver``), which a test hands keys to as the terminal
    does, all at once. The pilot's keys wait for each other; stands in for a public
    ``App.driver``."""
    return app._driver


def crashed(app: App[Any]) -> asyncio.Event:
    """Set when the app has taken an unexpected error (``App._exception_event``). Stands in for
    a public event of the app's end."""
    return app._exception_event


def render_whole(app: App[Any]) -> RenderableType:
    """The screen on top and those beneath it composed whole, as Textual paints a full update
    (``Screen._compositor``, ``App._background_screens``). Stands in for a public
    ``App.export_screenshot`` that gives the renderable."""
    return app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)


def composed(widget: W, kind: type[W]) -> list[Widget]:
    """What ``kind``'s ``compose`` yields now for ``widget``, run in the widget's own context
    (``MessagePump._context``), where Textual runs it: a widget it yields may bind its data to
    the widget's. Stands in for a public "what would a recompose mount"."""
    with widget._context():
        return list(kind.compose(widget))


def layout_asked_by(screen: Screen[Any]) -> list[Widget]:
    """The widgets that asked the screen's next layout (``Screen._layout_widgets``). No public
    API; stands in for one."""
    return [widget for asked in screen._layout_widgets.values() for widget in asked]


def as_textual_repaints(dialog: Screen[Any]) -> None:
    """The dialog made to render its whole backdrop at its next ``render_line``, as Textual's
    own does: the screens beneath it made the visible ones (``visible_screen_stack``), its
    whole region marked (``Widget._dirty_regions``). Stands in for a public full repaint."""
    visible_screen_stack.set(list(dialog.app._background_screens))
    dialog._dirty_regions.add(dialog.size.region)


def resized(screen: Screen[Any], size: Size) -> None:
    """What a terminal resized passes a screen (``Screen._screen_resized``). The pilot's
    ``resize_terminal`` resizes every screen; stands in for one screen's."""
    screen._screen_resized(size)


def laid_out_size(screen: Screen[Any]) -> Size:
    """The size the screen is laid out at (``Screen._compositor.size``). Stands in for a public
    one (``Screen.size`` is the size it was given)."""
    return screen._compositor.size


def timer_interval(timer: Timer) -> float:
    """How long the timer waits (``Timer._interval``). Stands in for a public
    ``Timer.interval``."""
    return timer._interval


def own_bindings(node: App[Any] | Widget) -> list[tuple[str, Binding]]:
    """The node's own key bindings, each with its key (``DOMNode._bindings``). The public
    ``Screen.active_bindings`` gives those of the focused chain; stands in for a public
    ``DOMNode.bindings``."""
    return list(node._bindings)
