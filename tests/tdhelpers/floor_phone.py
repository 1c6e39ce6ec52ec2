"""A phone of the floor over plain HTTP (no browser): its sign-in and its calls, for the tests
that play a night on a real server."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from typing import Any


class Phone:
    """A phone of the floor signed in (its cookies kept across the server's restarts)."""

    def __init__(self, url: str) -> None:
        self.url, self.csrf = url, ""
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def call(self, path: str, body: dict[str, Any]) -> int:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={
                "Origin": self.url,
                "X-CSRF-Token": self.csrf,
                "Content-Type": "application/json",
            },
        )
        try:
            with self.opener.open(request, timeout=20) as answer:
                if path.endswith("sign-in"):
                    self.csrf = json.loads(answer.read())["csrf"]
                return int(answer.status)
        except urllib.error.HTTPError as refused:
            return int(refused.code)
        except OSError:
            return 0  # (the server was killed under the request: not acknowledged)
