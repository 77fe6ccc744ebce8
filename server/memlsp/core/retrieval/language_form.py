"""Does a chat message work in a programming language the memory never mentions? (issue 18)

"haskell function to split a list into chunks of n", "what's the K2 compiler in Kotlin 2.0
about?", "Scala 的隐式转换为什么老被吐槽": a coding task or question in a language none of the
user's notes mention. Both sentence encoders score such a message like a match against any
note about writing code — a naming rule, a profile's "explain borrow-checker errors", a
formatting rule — at 0.3–0.5 fused, as high as a terse task scores against the rule that
governs it, and the keyword side has nothing to add. Notes hold the user's projects and the
rules for them; work in a language they never name is general programming, which memory
does not govern.

So when a message names such a language, a note is injected only if it also holds a real
share of the message's other words (keyword coverage ≥
``RecallParams.foreign_language_coverage``): "port the billing worker to Kotlin" still brings
the billing worker's notes, "kotlin extension fun that title-cases every word" brings
nothing. Adding a package ("add ktor", :mod:`.dependency_form`) is left alone.

What counts as a mention: the index records, per note, the languages its name, description,
body and glosses name, matched in any case (:func:`languages_in`); the message is read more
strictly (:func:`languages_named`): names that are also ordinary words ("Swift", "Go") only as
written with a capital, and never the first word ("Go ahead…"); C only where it can be nothing
else ("a C function", "in C", "C 语言"); R not at all. Unsure → no rule: a language the message does not clearly name,
or a memory that might mention it, changes nothing.

Stdlib only; must not import model runtimes, sqlite3, pygls, lsprotocol or a CLI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["LANGUAGES", "languages_in", "languages_named"]

#: language -> (names read in any case, names read only as written). General knowledge,
#: written for this purpose; a name here must mean the language in a developer's chat.
#: Shells (bash, PowerShell) are left out: every team scripts in one, and its rules say
#: "shell scripts" as often as they name one; so are names that are ordinary words ("cargo",
#: "rails"), which a message about air freight or guard rails would otherwise trip.
LANGUAGES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "python": (("python", "python3", "cpython", "pypy"), ()),
    "javascript": (("javascript", "js", "node.js", "nodejs", "ecmascript"), ()),
    "typescript": (("typescript",), ("TS",)),
    "java": (("java", "jvm"), ()),
    "kotlin": (("kotlin",), ()),
    "scala": (("scala",), ()),
    "groovy": (("groovy",), ()),
    "clojure": (("clojure", "clojurescript"), ()),
    "haskell": (("haskell", "ghc"), ()),
    "ocaml": (("ocaml",), ()),
    "fsharp": (("f#", "fsharp"), ()),
    "elixir": (("elixir",), ()),
    "erlang": (("erlang",), ()),
    "ruby": (("ruby",), ()),
    "php": (("php", "laravel"), ()),
    "perl": (("perl",), ()),
    "lua": (("lua", "luajit"), ()),
    "go": (("golang",), ("Go",)),
    "rust": (("rust", "rustc", "rustlang"), ()),
    "swift": (("swiftui",), ("Swift",)),
    "objective-c": (("objective-c", "objc"), ()),
    "dart": (("dart", "flutter"), ()),
    "cpp": (("c++", "cpp"), ()),
    "csharp": (("c#", "csharp"), ()),
    "zig": (("zig",), ()),
    "nim": (("nim",), ()),
    "fortran": (("fortran",), ()),
    "cobol": (("cobol",), ()),
    "prolog": (("prolog",), ()),
    "lisp": (("lisp", "common lisp"), ()),
    "julia": (("julialang",), ()),
    "matlab": (("matlab",), ()),
    "vba": (("vba",), ()),
    "solidity": (("solidity",), ()),
    "verilog": (("verilog", "vhdl"), ()),
    "latex": (("latex",), ()),
    "gdscript": (("gdscript",), ()),
    "abap": (("abap",), ()),
    "haxe": (("haxe",), ()),
    "purescript": (("purescript",), ()),
    "elm": (("elm-lang",), ("Elm",)),
    "crystal": (("crystal-lang",), ()),
}

# in a message a name is a whole word: not inside a longer word, a path or a file name ("lua"
# in "evaluate", "js" in "app.js" and "rust" in "rust-proof" are not)
_EDGE_BEFORE = r"(?<![\w+#./-])"
_EDGE_AFTER = r"(?![\w+#]|\.\w|-\w)"


def _pattern(names: Iterable[tuple[str, str]], flags: int) -> re.Pattern[str] | None:
    alternatives = sorted(names, key=lambda pair: -len(pair[1]))
    if not alternatives:
        return None
    body = "|".join(
        f"(?P<{key.replace('-', '_')}_{i}>{re.escape(name)})"
        for i, (key, name) in enumerate(alternatives)
    )
    return re.compile(f"{_EDGE_BEFORE}(?:{body}){_EDGE_AFTER}", flags)


_ANY_CASE = _pattern(
    ((key, name) for key, (loose, _) in LANGUAGES.items() for name in loose), re.IGNORECASE
)
_AS_WRITTEN = _pattern(((key, name) for key, (_, exact) in LANGUAGES.items() for name in exact), 0)
# The note side is read by its lower-case word pieces (letters, digits, + and #), not by one
# large pattern: an index build reads every note (a 20,000-character note: ~1 ms, not ~11).
_NOTE_PIECE = re.compile(r"[a-z0-9+#]+")
_ONE_PIECE: dict[str, str] = {}  # a name that is one piece -> its language
_SPLIT_NAMES: list[tuple[str, str]] = []  # a name of several pieces ("node.js") -> language
for _key, (_loose, _exact) in LANGUAGES.items():
    for _name in (*_loose, *_exact):
        _low = _name.lower()
        if _NOTE_PIECE.fullmatch(_low):
            _ONE_PIECE[_low] = _key
        else:
            _SPLIT_NAMES.append((_low, _key))


#: C is one letter: read only where it can be nothing else — "a C function", "C code",
#: "in C", "C 语言" (any case before one of these nouns; "in C" only as written).
_C_LANGUAGE = re.compile(
    r"(?<![\w+#./-])(?:[Cc](?=[ \t]+(?:functions?|programs?|code|structs?|macros?|librar(?:y|ies)"
    r"|compilers?|snippets?|files?|headers?|pointers?|arrays?|strings?|language|standard)\b)"
    r"|[Cc](?=[ \t]*语言)|(?<=\bin )C(?=[ \t]*(?:[,.?!;:)]|$)))",
    re.MULTILINE,
)

#: A note is read generously: any capital C standing alone ("written in C and ...", "plan C")
#: may be the language.
_C_LETTER = re.compile(r"(?<![\w+#./-])C(?![\w+#]|-\w)")


def _keys(pattern: re.Pattern[str] | None, text: str, *, skip_first: bool = False) -> set[str]:
    if pattern is None:
        return set()
    found: set[str] = set()
    for m in pattern.finditer(text):
        if skip_first and not text[: m.start()].strip():
            continue
        group = m.lastgroup or ""
        found.add(group.rsplit("_", 1)[0].replace("_", "-"))
    return found


def languages_named(message: str, limit: int = 4000) -> frozenset[str]:
    """The languages ``message`` clearly names (see the module docstring)."""
    text = message[:limit]
    found = _keys(_ANY_CASE, text) | _keys(_AS_WRITTEN, text, skip_first=True)
    if _C_LANGUAGE.search(text):
        found.add("c")
    return frozenset(found)


def languages_in(text: str) -> frozenset[str]:
    """The languages a note's text names, in any case (a generous reading: a language the
    note might mention counts as mentioned)."""
    low = text.lower()
    found = {_ONE_PIECE[p] for p in set(_NOTE_PIECE.findall(low)) if p in _ONE_PIECE}
    found.update(key for name, key in _SPLIT_NAMES if name in low)
    if _C_LANGUAGE.search(text) or _C_LETTER.search(text):
        found.add("c")
    return frozenset(found)
