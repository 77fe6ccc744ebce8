"""The language server (SPEC R28, §10): the only package that imports pygls/lsprotocol.

``server.create_server`` assembles the server from ``features/``; ``messages`` is the wire
contract; ``protocol`` teaches pygls the custom methods; ``dispatch`` registers the
module-level handler of each custom method; ``jobs`` runs the service's long use cases;
``model_bridge`` is the ``editor`` model provider (server → client ``memory/complete``);
``configuration`` merges initializationOptions and ``workspace/configuration``. Every
handler translates to :class:`memlsp.core.service.MemoryService` and back.
"""
