"""The language server (SPEC R28, §10): the only package that imports pygls/lsprotocol.

``server.create_server`` assembles the server from ``features/``; ``messages`` is the wire
contract; ``protocol`` teaches pygls the custom methods; ``jobs`` runs background work;
``bridge`` is the ``editor`` model provider; ``core_bridge`` is the seam to the core parts
that land separately.
"""
