"""The tests' one-call HTTP requests to the servers they start (plain HTTP on loopback).

``httpx.get`` and its kin build a client for each call, and with it an SSL context that
loads the whole CA bundle (36 ms, more than most requests take); these pass one context,
made once, that no request to a loopback server ever uses."""

from __future__ import annotations

import ssl
from typing import Any

import httpx

_UNUSED_TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


def request(method: str, url: str, **kw: Any) -> httpx.Response:
    return httpx.request(method, url, verify=_UNUSED_TLS, **kw)


def get(url: str, **kw: Any) -> httpx.Response:
    return request("GET", url, **kw)


def post(url: str, **kw: Any) -> httpx.Response:
    return request("POST", url, **kw)
