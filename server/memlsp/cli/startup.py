"""A memlsp process's start-up: no cyclic garbage collection while its modules load.

Loading the language server builds ~115,000 objects that live as long as the process
(lsprotocol's ~650 attrs classes, the wire types, the service); Python's collector ran
~150 times over them while they were built, ~65 ms of a server's start (SPEC §13: first
diagnostics ≤ 1.5 s). :func:`pause` turns the collector off first thing; :func:`loaded`
freezes what was built (``gc.freeze``: later full collections skip it) and turns the
collector back on. What the imports left as cyclic garbage (~1 MB) stays. ADR 0008.

Only a process that *is* memlsp pauses: ``main()`` called with its own argv (a test, an
embedding program) leaves the caller's collector alone.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Stop cyclic garbage collection until :func:`loaded` (first thing in the process)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def loaded() -> None:
    """The process's modules are loaded: freeze them and collect again (no-op unless
    :func:`pause` turned the collector off)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
