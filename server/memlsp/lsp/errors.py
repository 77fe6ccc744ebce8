"""JSON-RPC errors of the memory protocol: every error carries a stable ``data.reason``.

Codes: ``-32602`` InvalidParams (the params do not fit the wire type, or name something
invalid), ``-32600`` InvalidRequest (a malformed message, or a request after ``shutdown``),
``-32002`` ServerNotInitialized, ``-32803`` RequestFailed (understood but not done:
not-found, busy, io-error, a refusal of forget...), ``-32800`` RequestCancelled.
The reasons are listed in docs/reference/protocol.md.
"""

from __future__ import annotations

from pygls.exceptions import JsonRpcException

from ..core.errors import InvalidNoteError, InvalidPathError, InvalidRequestError, MemlspError

INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002
REQUEST_FAILED = -32803
REQUEST_CANCELLED = -32800


def rpc_error(
    reason: str, message: str, *, code: int = REQUEST_FAILED, **data: object
) -> JsonRpcException:
    return JsonRpcException(message=message, code=code, data={"reason": reason, **data})


def invalid_params(message: str, *, reason: str = "invalid-params", **data: object):
    return rpc_error(reason, message, code=INVALID_PARAMS, **data)


def busy(what: str) -> JsonRpcException:
    return rpc_error("busy", f"the server is busy ({what}); try again in a moment")


MAX_ECHO = 1000  # an error never echoes a client's megabytes back (a path, a name)


def clip(text: str) -> str:
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "…"


def _jsonable(value: object) -> object:
    if isinstance(value, int | float | bool) or value is None:
        return value
    return clip(str(value))


def from_core(exc: MemlspError) -> JsonRpcException:
    """A core error as a JSON-RPC error: bad input -> InvalidParams, else RequestFailed."""
    code = (
        INVALID_PARAMS
        if isinstance(exc, InvalidPathError | InvalidNoteError | InvalidRequestError)
        else REQUEST_FAILED
    )
    details = {k: _jsonable(v) for k, v in getattr(exc, "details", {}).items()}
    return rpc_error(exc.reason, clip(str(exc)), code=code, **details)
