"""The pages' words as their scripts receive them: every key in the event's language, the
placeholders left for the page to fill; the players' page says the clock in the room's words."""

from __future__ import annotations

from tdconsole.words import floor, players, room


def test_each_page_gets_every_word_in_its_language_with_the_placeholders_left() -> None:
    for words in (room, players, floor):
        said = words.page_words("it")
        assert set(words.WORDS) <= set(said)
        assert all(isinstance(text, str) and text for text in said.values())
    assert room.page_words("it")["blinds"] == "BUI {sb} / {bb}"
    assert floor.page_words("en")["signed_in_as"] == "Floor: {name}"


def test_the_players_page_says_the_clock_as_the_room_does() -> None:
    for lang in ("it", "en"):
        room_said, players_said = room.page_words(lang), players.page_words(lang)
        for key in players.CLOCK:
            assert players_said[key] == room_said[key]
        assert players_said["title"] == players.WORDS["title"].template(lang)
