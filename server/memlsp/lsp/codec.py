"""The strict codec of the memory protocol's wire types (SPEC §10).

``@wire`` marks an attrs class as a wire type: camelCase on the wire, snake_case in Python.
Incoming params are structured *strictly*: a string field given a number, a missing
required field or a list given a string is refused with a :class:`WireError` naming the
field (``messages[2].role``), which the protocol turns into a JSON-RPC ``InvalidParams``
error with ``data.reason = "invalid-params"``; unknown keys are ignored so that newer
clients can send more. :func:`memlsp.lsp.protocol.make_converter` installs these two
functions as hooks of pygls's converter (cattrs, from lsprotocol), which keeps handling
the standard LSP types — see docs/decisions/0002-wire-codec.md for why the memory types
are not structured by cattrs' own hooks.

Must not import pygls (only attrs/typing).
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs


def wire(cls: type) -> type:
    """``attrs.define`` + a marker the converter uses to pick the camelCase, strict hooks."""
    cls = attrs.define(cls)
    cls.__memlsp_wire__ = True  # type: ignore[attr-defined]
    return cls


def is_wire(cls: Any) -> bool:
    return isinstance(cls, type) and cls.__dict__.get("__memlsp_wire__", False) is True


def camel(name: str) -> str:
    head, *rest = name.rstrip("_").split("_")
    return head + "".join(p.title() for p in rest)


class WireError(ValueError):
    """Params do not match the wire type; ``field`` is a path like ``messages[2].role``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.detail = message


_PRIMITIVES = {str: "a string", bool: "true or false", int: "an integer", float: "a number"}


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}.get(
        type(value), "a number" if isinstance(value, int | float) else type(value).__name__
    )


def structure(value: Any, tp: Any, path: str = "") -> Any:
    """Build ``tp`` from JSON data, refusing anything that does not fit exactly."""
    if tp is Any:
        return value
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None:
            if type(None) in args:
                return None
            raise WireError(path, "is required")
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return structure(value, arg, path)
            except WireError as exc:
                errors.append(exc)
        raise errors[0] if len(errors) == 1 else WireError(path, f"unexpected {_describe(value)}")
    if tp in _PRIMITIVES:
        ok = (
            isinstance(value, str)
            if tp is str
            else isinstance(value, bool)
            if tp is bool
            else isinstance(value, int) and not isinstance(value, bool)
            if tp is int
            else isinstance(value, int | float) and not isinstance(value, bool)
        )
        if not ok:
            raise WireError(path, f"must be {_PRIMITIVES[tp]}, not {_describe(value)}")
        return float(value) if tp is float else value
    if origin is list:
        if not isinstance(value, list):
            raise WireError(path, f"must be an array, not {_describe(value)}")
        (item,) = typing.get_args(tp)
        return [structure(v, item, f"{path}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise WireError(path, f"must be an object, not {_describe(value)}")
        _key, item = typing.get_args(tp)
        return {
            str(k): structure(v, item, f"{path}.{k}" if path else str(k)) for k, v in value.items()
        }
    if is_wire(tp):
        if value == [] and all(f.default is not attrs.NOTHING for f in attrs.fields(tp)):
            # An empty Lua table encodes as []: read it as "no params" where none are needed.
            return tp()
        if not isinstance(value, dict):
            raise WireError(path, f"must be an object, not {_describe(value)}")
        kwargs = {}
        for f in attrs.fields(tp):
            key = camel(f.name)
            sub = f"{path}.{key}" if path else key
            if key in value:
                kwargs[f.name] = structure(value[key], f.type, sub)
            elif f.default is attrs.NOTHING:
                raise WireError(sub, "is required")
        return tp(**kwargs)
    raise WireError(path, f"cannot read {tp!r}")  # a programming error in this module


def unstructure(value: Any) -> Any:
    """attrs -> JSON data with camelCase keys; every field is sent, null included."""
    if is_wire(type(value)):
        return {
            camel(f.name): unstructure(getattr(value, f.name)) for f in attrs.fields(type(value))
        }
    if isinstance(value, list | tuple):
        return [unstructure(v) for v in value]
    if isinstance(value, dict):
        return {k: unstructure(v) for k, v in value.items()}
    return value
