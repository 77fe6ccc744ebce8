"""Regular expressions compiled on first use, not when their module is imported.

The write policy, the tokenisers and the matching hold ~120 module-level patterns; compiling
them took ~50 ms of every process start, though ``memlsp ls`` and a language server's first
diagnostics use none of them (SPEC §13, ADR 0008). :func:`lazy_compile` is ``re.compile``
for a module-level pattern: it returns a stand-in that compiles on the first attribute
read and then answers as the compiled pattern does (``match``, ``search``, ``findall``,
``finditer``, ``fullmatch``, ``sub``, ``subn``, ``split``, ``pattern``, ``flags``…),
at the cost of one instance attribute lookup for the methods. Thread-safe: two threads
that race compile the same pattern twice and keep either.

Not a ``re.Pattern``: pass :meth:`LazyPattern.compiled` where a real one is required (an
``re`` function's argument, an ``isinstance`` check). Pure standard library.
"""

from __future__ import annotations

import re
from typing import Any

# Bound to the instance at the first use, so later calls skip __getattr__.
_METHODS = ("match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split")


class LazyPattern:
    """A pattern compiled on first use (see the module doc)."""

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self._source = (pattern, flags)

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it was not yet)."""
        found = self.__dict__.get("_compiled")
        if found is None:
            found = re.compile(*self._source)
            for name in _METHODS:
                self.__dict__[name] = getattr(found, name)
            self.__dict__["_compiled"] = found
        return found

    @property
    def is_compiled(self) -> bool:
        return "_compiled" in self.__dict__

    def __getattr__(self, name: str) -> Any:
        # Only called for what the instance does not hold yet: the pattern's own attributes.
        if name.startswith("__") or name in ("_source", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r}, {self._source[1]!r})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    """``re.compile(pattern, flags)``, compiled when first used."""
    return LazyPattern(pattern, flags)


__all__ = ["LazyPattern", "lazy_compile"]
