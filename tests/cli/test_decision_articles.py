"""Refusals that enforce a Decision of rules.md cite the article rules.md names for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Count


def refused(capsys: pytest.CaptureFixture[str], event: Path, *argv: str, lang: str = "en") -> str:
    code = main(["--lang", lang, "--event", str(event), *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), (argv, out, err)
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


@pytest.fixture
def started(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    path = tmp_path / "e.tdc"
    assert main(["new", str(path), "--name", "Serata"]) == 0
    names = [f"P{i}" for i in range(1, 17)]
    for argv in (("register", *names), ("pay", *names), ("draw", "--seed", "2")):
        assert main(["--event", str(path), *argv]) == 0
    assert main(["--event", str(path), "start", "--stack", "4000", "--bb", "100"]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("lang", ["en", "it"])
def test_decisions_of_the_director_cite_vii1(
    capsys: pytest.CaptureFixture[str], started: Path, lang: str
) -> None:
    for argv in (
        ("bust", "P1", "P2", "--declined"),  # several names without --stacks
        ("count", "P1=4010"),  # not a multiple of the chip unit
        ("count", "P1=-100"),  # negative
    ):
        assert refused(capsys, started, *argv, lang=lang).endswith("(Art. VII.1)"), argv


def test_a_negative_count_in_the_domain_cites_vii1(started: Path) -> None:
    from tdconsole.service import Tournament

    service = Tournament.open(started)
    try:
        with pytest.raises(RuleError) as error:
            service.execute(Count(counts={"P1": -100}))
        assert error.value.article == "VII.1" and error.value.text("it")
    finally:
        service.close()


def test_registering_after_the_draw_cites_i1(
    capsys: pytest.CaptureFixture[str], started: Path
) -> None:
    assert refused(capsys, started, "register", "Late").endswith("(Art. I.1)")
