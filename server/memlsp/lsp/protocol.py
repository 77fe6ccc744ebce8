"""The JSON-RPC protocol of the memory server: pygls' LanguageServerProtocol, extended.

pygls maps a method name to the attrs class its message is structured into through
``get_message_type`` / ``get_result_type`` (for standard methods, lsprotocol's
``METHOD_TO_TYPES``). :class:`MemoryProtocol` extends that mapping with the custom methods
of :data:`memlsp.lsp.messages.METHODS`, so handlers receive typed params instead of
namedtuples, and answers of the client to ``memory/complete`` arrive typed too.

It also closes the gaps where stock pygls would leave a client waiting forever:

* a request whose params do not fit is answered ``InvalidParams`` with ``data.reason``
  (pygls would log the structuring error and drop the message);
* a request after ``shutdown`` is answered ``InvalidRequest``/``shutting-down``
  (pygls drops it), one before ``initialize`` ``ServerNotInitialized``;
* a message that is not a JSON-RPC 2.0 object is answered ``InvalidRequest`` when it has an
  id, and unparsable JSON ``ParseError`` with a null id (the server's error hook).
"""

from __future__ import annotations

import logging
from typing import Any

import attrs
from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, default_converter, lsp_method

from . import codec, envelopes
from .errors import INVALID_PARAMS, INVALID_REQUEST, SERVER_NOT_INITIALIZED, rpc_error

logger = logging.getLogger(__name__)


def make_converter():
    """lsprotocol's converter plus strict, camelCase hooks for the memory wire types."""
    conv = default_converter()
    conv.register_structure_hook_factory(
        codec.is_wire, lambda cls: lambda obj, _cls: codec.structure(obj, cls)
    )
    conv.register_unstructure_hook_factory(codec.is_wire, lambda cls: codec.unstructure)
    return conv


@attrs.define
class Malformed:
    """A message that could not be structured; answered (when it has an id) by handle_message."""

    data: dict
    error: BaseException
    jsonrpc: str = "2.0"


class NotARequest(Exception):
    """A notification method was sent with an id."""


def _valid_id(value: Any) -> bool:
    return isinstance(value, int | str) and not isinstance(value, bool)


class MemoryProtocol(LanguageServerProtocol):
    def __init__(self, server, converter) -> None:
        super().__init__(server, converter)
        self.initialized = False

    # ---- the method -> type mapping ------------------------------------------------------
    def get_message_type(self, method: str):
        if isinstance(method, str) and method in envelopes.REQUEST_TYPES:
            return envelopes.REQUEST_TYPES[method]
        return super().get_message_type(method)

    def get_result_type(self, method: str):
        if isinstance(method, str) and method in envelopes.RESPONSE_TYPES:
            return envelopes.RESPONSE_TYPES[method]
        return super().get_result_type(method)

    # ---- robust decoding -----------------------------------------------------------------
    def structure_message(self, data: dict[str, Any]):
        # json.loads calls this hook for every object, innermost first: only objects with a
        # "jsonrpc" key are messages.
        if "jsonrpc" not in data:
            return data
        try:
            message = super().structure_message(data)
        except Exception as exc:  # noqa: BLE001 - answered in handle_message
            return Malformed(data=data, error=exc.__cause__ or exc)
        if "id" in data and "method" in data and not hasattr(message, "id"):
            # A notification method sent as a request: it would be handled and never answered.
            return Malformed(data=data, error=NotARequest(f"{data['method']} is a notification"))
        return message

    def _answer_error(self, msg_id: Any, reason: str, message: str, code: int, **data) -> None:
        err = rpc_error(reason, message, code=code, **data)
        self._send_response(msg_id if _valid_id(msg_id) else None, error=err.to_response_error())

    def _handle_malformed(self, msg: Malformed) -> None:
        data, error = msg.data, msg.error
        msg_id, method = data.get("id"), data.get("method")
        if "id" in data and "method" not in data:
            # A response from the client that does not fit the expected result type: fail
            # the waiting request instead of letting it time out.
            future = self._request_futures.pop(msg_id, None) if _valid_id(msg_id) else None
            if future is not None and not future.done():
                future.set_exception(
                    rpc_error("malformed-response", f"malformed response: {error}")
                )
            logger.warning("malformed response %r: %s", msg_id, error)
            return
        if "id" not in data:
            logger.warning("dropping malformed notification %r: %s", method, error)
            return
        if not isinstance(method, str) or not _valid_id(msg_id):
            self._answer_error(msg_id, "invalid-request", "not a JSON-RPC request", INVALID_REQUEST)
            return
        if isinstance(error, NotARequest):
            self._answer_error(
                msg_id,
                "not-a-request",
                f"{error}: send it without an id",
                INVALID_REQUEST,
            )
        elif isinstance(error, codec.WireError):
            self._answer_error(
                msg_id,
                "invalid-params",
                f"{method}: {error}",
                INVALID_PARAMS,
                field=error.field,
            )
        else:
            self._answer_error(
                msg_id, "invalid-params", f"{method}: invalid params: {error}", INVALID_PARAMS
            )

    def handle_message(self, message: Any) -> None:
        if isinstance(message, Malformed):
            self._handle_malformed(message)
            return
        if not attrs.has(type(message)):
            # Valid JSON that is not a JSON-RPC object (an array, a number, no "jsonrpc"...).
            msg_id = message.get("id") if isinstance(message, dict) else None
            if isinstance(message, dict) and "method" in message and _valid_id(msg_id):
                self._answer_error(
                    msg_id, "invalid-request", "not a JSON-RPC 2.0 request", INVALID_REQUEST
                )
            elif not isinstance(message, dict) or "method" not in message:
                # neither a request nor a notification: JSON-RPC answers it with a null id
                self._answer_error(
                    None, "invalid-request", "not a JSON-RPC 2.0 message", INVALID_REQUEST
                )
            else:
                logger.warning("dropping a message that is not JSON-RPC: %.200r", message)
            return
        method = getattr(message, "method", None)
        is_request = method is not None and hasattr(message, "id")
        if message.jsonrpc != self.VERSION:
            if is_request:
                self._answer_error(
                    message.id, "invalid-request", 'jsonrpc must be "2.0"', INVALID_REQUEST
                )
            return
        if self._shutdown and method != types.EXIT:
            if is_request:
                self._answer_error(
                    message.id,
                    "shutting-down",
                    "the server is shutting down and accepts no more requests",
                    INVALID_REQUEST,
                )
            return
        if is_request and not self.initialized and method != types.INITIALIZE:
            self._answer_error(
                message.id,
                "not-initialized",
                "the server has not been initialized yet",
                SERVER_NOT_INITIALIZED,
            )
            return
        super().handle_message(message)

    # ---- capabilities ---------------------------------------------------------------------
    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams):
        result = yield from super().lsp_initialize(params)
        experimental = getattr(self._server, "experimental_capabilities", None)
        if experimental:
            caps = result.capabilities
            merged = dict(caps.experimental or {}) if isinstance(caps.experimental, dict) else {}
            merged.update(experimental)
            caps.experimental = merged
        self.initialized = True
        return result
