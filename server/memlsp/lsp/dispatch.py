"""One handler per custom method, declared at module level by :func:`handles`.

``@handles("memory/remember")`` on an ``async def on_remember(ls, params)`` ties the
function to that method of :data:`memlsp.lsp.messages.METHODS` (so the params arrive as
its wire type, and a name that is not in the registry fails at import), and
:func:`install` registers every handler of a feature module with the same error contract:
core errors become JSON-RPC errors with their ``data.reason``; anything unexpected is
logged with its traceback and answered ``data.reason = "internal"``.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

from pygls.exceptions import JsonRpcException

from ..core.errors import MemlspError
from . import errors, messages

logger = logging.getLogger(__name__)

Handler = Callable[[Any, Any], Awaitable[Any]]


def handles(method: str) -> Callable[[Handler], Handler]:
    """Mark a module-level coroutine as the handler of ``method`` (a client→server method
    of the wire registry)."""
    spec = messages.METHODS[method]
    if spec.direction != "client->server":
        raise ValueError(f"{method} is sent by the server, not handled by it")

    def decorator(fn: Handler) -> Handler:
        fn.__memlsp_method__ = method  # type: ignore[attr-defined]
        return fn

    return decorator


def handlers_of(module: ModuleType) -> dict[str, Handler]:
    return {
        fn.__memlsp_method__: fn
        for fn in vars(module).values()
        if callable(fn) and hasattr(fn, "__memlsp_method__")
    }


def install(server, module: ModuleType) -> list[str]:
    """Register every ``@handles`` function of ``module``; returns the method names."""
    found = handlers_of(module)
    for method, fn in found.items():
        server.feature(method)(_guarded(method, fn))
    return sorted(found)


def _guarded(method: str, fn: Handler) -> Handler:
    spec = messages.METHODS[method]

    @functools.wraps(fn)
    async def handler(ls, params):
        if params is None:
            params = spec.params()  # params omitted: every field has a default
        try:
            return await fn(ls, params)
        except JsonRpcException:
            raise
        except MemlspError as exc:
            raise errors.from_core(exc) from exc
        except Exception as exc:
            logger.exception("%s failed", method)
            raise errors.rpc_error(
                "internal", f"{method} failed: {type(exc).__name__}: {exc}", code=-32603
            ) from exc

    return handler
