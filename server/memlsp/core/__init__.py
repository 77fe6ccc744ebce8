"""The pure core of memlsp.

Owns storage, note format, identity, policy, recall, dream, forget and citations.
Must never import pygls, lsprotocol or a CLI framework: the language server and the CLI
are thin adapters over these functions.
"""
