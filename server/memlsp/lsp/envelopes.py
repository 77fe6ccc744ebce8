"""What pygls structures whole messages into: one attrs envelope per custom method of
:data:`memlsp.lsp.messages.METHODS` (``id``, ``params`` typed as the method's params class,
``method``, ``jsonrpc``), and a response envelope for each server→client request.

:mod:`memlsp.lsp.protocol` looks them up by method name. Must not import pygls.
"""

from __future__ import annotations

from typing import Any

import attrs

from .messages import METHODS


def _envelope(name: str, fields: dict[str, Any]) -> type:
    cls = attrs.make_class(name, {k: attrs.field(type=t, **kw) for k, (t, kw) in fields.items()})
    cls.__memlsp_wire__ = True  # type: ignore[attr-defined]
    return cls


MsgId = int | str
REQUEST_TYPES: dict[str, type] = {}  # method -> request message envelope
RESPONSE_TYPES: dict[str, type] = {}  # method -> response envelope (server->client requests)


def _build_envelopes() -> None:
    for m in METHODS.values():
        stem = m.params.__name__.removesuffix("Params")
        # Params may be omitted for a method whose params class has no required field.
        optional = all(f.default is not attrs.NOTHING for f in attrs.fields(m.params))
        ptype: Any = (m.params | None) if optional else m.params
        pkw: dict[str, Any] = {"default": None} if optional else {}
        fields: dict[str, Any] = {}
        if m.kind == "request":
            fields["id"] = (MsgId, {})
        fields["params"] = (ptype, pkw)
        fields["method"] = (str, {"default": m.name})
        fields["jsonrpc"] = (str, {"default": "2.0"})
        REQUEST_TYPES[m.name] = _envelope(f"{stem}Message", fields)
        if m.kind == "request" and m.direction == "server->client":
            RESPONSE_TYPES[m.name] = _envelope(
                f"{stem}Response",
                {"id": (MsgId, {}), "result": (m.result, {}), "jsonrpc": (str, {"default": "2.0"})},
            )


_build_envelopes()
