"""Does a chat message add a dependency? A query-side reading for recall (issue 18).

"add zod", "add tomli", "install dayjs for the date picker", "bump serde", "加上 zod": the
message names only the task and a package — a name the memory has never seen and the two
small sentence encoders do not know — while the note that governs it speaks of the package
manager ("pnpm only in this repo", "dependencies go through uv"). Nothing in the message's
words or vectors points at that note, so recall stayed silent in exactly the small memories
where the rule matters most.

So a message of that form — an add/install/bump/upgrade/use verb whose object is a package
name, not an ordinary word — is searched with a short plain-words reading of the task
appended (:data:`READING`), as a note is indexed with glosses of the tools it names
(:mod:`.glossary`). What the message's object is decides it:

- an article, a determiner or a pronoun first ("add *a* button", "install *the* hooks", "use
  *it*") → a thing in the code, not a package: no reading;
- a term the glossary calls a library, framework, client, SDK, linter… ("zod", "Apache
  POI", "serde"), or a word with package punctuation (``django-htmx``, ``@scope/ui``,
  ``github.com/x/y``, ``lodash.debounce``) → a package: the reading is appended;
- otherwise a last word that is neither a common English word (MiniLM's whole-word
  vocabulary, plural and "-ing" endings taken off) nor a glossed term, added outright or
  "for" a purpose ("add tomli", "add dayjs for the date picker") → a package; "add retries
  *to* the client" adds a feature to something and is left alone. Developer jargon missing
  from that vocabulary ("add pagination") is read as a package: the cost is a package-manager
  note competing for that message, which the gate still judges.

The general-request check and the message's form (:mod:`.request_form`) still read the
message as typed. Stdlib only; must not import model runtimes, sqlite3, pygls, lsprotocol or a
CLI.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["READING", "dependency_reading"]

#: What is appended to a message that adds a dependency (vector and keyword side).
READING = (
    "(adds a new third-party dependency: a library or package installed with the package manager)"
)

_EN = re.compile(
    r"""(?ix)
    ^\s*(?:(?:pls|please|can\s+you|could\s+you|let'?s|now|also|then|and)\s+)*
    (?:add|install|bump|upgrade|update|pull\s+in|switch\s+to|use|try|pin)\s+
    (?P<object>[^\s,;:!?]+(?:\s+[^\s,;:!?]+){0,3}?)
    \s*(?P<after>$|[,;:!?.]|\s(?:for|to|into|on|in|from|with|so|because|and|as|at)\b)
    """
)
_ZH = re.compile(
    # 加 but not 增加 (increase), 参加 (take part), 更加, 附加, 追加
    r"(?:加上|(?<![增参更附追])加|装上|安装|装|引入|用上|升级)(?:一?个|上)?\s*"
    r"(?P<object>[A-Za-z@][\w.@/+-]*)"
)
_NOT_PACKAGE = frozenset(
    "a an the some any this that these those it its them our my your their more another "
    "new all each every both one two few".split()
)
#: npm scopes, Go module paths, dotted and hyphenated package names
#: (two letters before the mark: "v2.3" and "e.g." are not names)
_PACKAGE_PUNCT = re.compile(r"[a-z]{2}[a-z0-9]*[-./][a-z0-9]|^@")
#: what a glossed term that is installed as a dependency is called in its gloss
_PACKAGE_GLOSS = re.compile(
    r"(?i)\b(?:library|framework|client|sdk|linter|formatter|checker|orm|driver|plugin"
    r"|toolkit|package|parser|bindings?)\b"
)


@lru_cache(maxsize=1)
def _common() -> frozenset[str]:
    from .glossary import common_words

    return common_words()


def _stems(word: str) -> list[str]:
    out = [word]
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            out.append(word[: -len(suffix)] + repl)
    return out


def _unknown_word(token: str) -> bool:
    """Not a common English word (nor an inflection of one) and not a glossed term."""
    from .glossary import default_glossary

    word = token.strip("'\"`()[].,").lower()
    common = _common()
    if not word.isalpha() or not common:  # no vocabulary: read nothing into it
        return False
    if any(stem in common for stem in _stems(word)):
        return False
    return default_glossary().lookup(word) is None


def _names_a_package(phrase: str, after: str) -> bool:
    from .glossary import default_glossary

    words = [w.rstrip(".,") for w in phrase.split()]
    if not words or words[0].lower() in _NOT_PACKAGE:
        return False
    if any(_PACKAGE_GLOSS.search(gloss) for _term, gloss in default_glossary().find(phrase)):
        return True
    if any(_PACKAGE_PUNCT.search(w.lower()) for w in words):
        return True
    # an unknown name added outright or "for" a purpose ("add tomli", "add dayjs for the
    # date picker"); "add retries to the client" adds a feature to something
    return after.strip() in ("", "for", ",", ".", "!", ";", ":") and _unknown_word(words[-1])


def dependency_reading(message: str) -> str | None:
    """:data:`READING` when ``message`` adds a dependency (see the module docstring), else
    ``None``."""
    text = message.strip()[:500]
    match = _EN.match(text)
    if match is not None:
        return READING if _names_a_package(match.group("object"), match.group("after")) else None
    match = _ZH.search(text)
    if match is not None and _names_a_package(match.group("object"), ""):
        return READING
    return None
