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


# The servers close a connection idle for 5 s (uvicorn's keep-alive); a client that kept it
# longer may send on it in the moment it is closed and read "connection reset" (a browser
# asks again then, httpx does not). The tests' clients let an idle connection go after 1 s.
_LIMITS = httpx.Limits(keepalive_expiry=1.0)


def client(
    base_url: str = "", timeout: float = 30, local_address: str | None = None
) -> httpx.Client:
    """A client that keeps its connections, for the requests of one person (a cookie jar)."""
    transport = httpx.HTTPTransport(verify=_UNUSED_TLS, limits=_LIMITS, local_address=local_address)
    return httpx.Client(base_url=base_url, timeout=timeout, transport=transport)
