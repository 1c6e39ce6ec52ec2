"""``serve`` for the floor: HTTPS with --cert/--key (the cookie then Secure), and a floor
reached beyond this machine through --public-url needs a floor PIN like --host."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from tdhelpers.floor_pins import FLOOR_PIN

import tdconsole.serve.app
from tdconsole.cli import main
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.serve.app import build_app, listen
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament


def test_a_public_url_beyond_loopback_needs_a_floor_pin(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Red team: --public-url with a network address served the floor with no PIN at all.
    service = Tournament.open(event)
    try:
        service.execute(ChangeSettings(assignments=[("floor_pin", "")]))
    finally:
        service.close()
    code = main(
        ["--lang", "en", "--event", str(event), "serve", "--public-url", "http://192.168.1.5:8000"]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "needs a floor PIN" in err and "192.168.1.5" in err


def test_cert_and_key_go_together(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "--event", str(event), "serve", "--cert", "x.pem"]) == 2
    assert "--cert and --key go together" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl to make a certificate")
async def test_https_serves_the_floor_with_a_secure_cookie(event: Path, tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    config = ServeConfig(event=event, port=0, cert=cert, key=key, public=True)
    runner = web.AppRunner(build_app(config))
    await runner.setup()
    try:
        server = await listen(runner, config)
        port = int(server.sockets[0].getsockname()[1])
        url = f"https://127.0.0.1:{port}"
        trusted = ssl.create_default_context(cafile=str(cert))
        trusted.check_hostname = False
        jar = aiohttp.CookieJar(unsafe=True)
        async with (
            aiohttp.ClientSession(cookie_jar=jar) as http,
            http.post(
                url + "/floor/api/sign-in",
                json={"pin": FLOOR_PIN, "name": "Anna"},
                headers={"Origin": url},
                ssl=trusted,
            ) as response,
        ):
            assert response.status == 200, await response.text()
            cookie = response.headers["Set-Cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie
        with pytest.raises(aiohttp.ClientError):  # plain HTTP is not spoken there
            async with aiohttp.ClientSession() as http:
                await http.get(f"http://127.0.0.1:{port}/floor")
    finally:
        await runner.cleanup()


def test_per_address_sets_the_connections_one_address_may_hold(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[ServeConfig] = []
    monkeypatch.setattr(
        tdconsole.serve.app, "serve", lambda config, on_ready: served.append(config)
    )
    assert main(["--lang", "en", "--event", str(event), "serve", "--per-address", "200"]) == 0
    assert main(["--lang", "en", "--event", str(event), "serve"]) == 0
    assert [c.per_address for c in served] == [200, ServeConfig(event=event).per_address]
    assert main(["--lang", "en", "--event", str(event), "serve", "--per-address", "0"]) == 2
    err = capsys.readouterr().err
    assert "--per-address: give 1 or more" in err and len(err.strip().splitlines()) == 1


def test_a_backup_folder_chosen_on_another_computer_is_said_before_serving(
    event: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "sender"))
    service = Tournament.open(event)
    service.execute(ChangeSettings(assignments=[("folder", str(tmp_path / "evil"))]))
    service.close()
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "receiver"))
    monkeypatch.setattr(tdconsole.serve.app, "serve", lambda config, on_ready: None)
    assert main(["--lang", "en", "--event", str(event), "serve"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(
        f"warning: the event names a backup folder chosen on another computer ({tmp_path / 'evil'})"
    )
    assert err.count("warning: ") == 1
