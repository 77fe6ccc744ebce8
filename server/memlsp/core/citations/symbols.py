"""The symbol index: where things are *defined* in the workspace (SPEC R29).

A note citing ``send_with_backoff`` is stale when no definition of it exists any more, not
when the word no longer appears. Definitions come from:

- **tree-sitter** with the official per-language grammar wheels (``tree-sitter-python``,
  ``-typescript``, ``-javascript``, ``-rust``, ``-go``, ``-java``): functions, classes,
  methods (qualified by their class, ``impl`` type, trait, or Go receiver), types,
  interfaces, enums, modules and module/class-level constants and variables;
- a **regex fallback** for other source files (C, C++, C#, Ruby, PHP, Swift, Kotlin, …):
  lines such as ``def name``, ``class Name``, ``fn name``, ``func name``, ``struct Name``,
  ``#define NAME`` and C-style function heads. Its definitions carry ``parser="regex"``
  so callers can say that the answer is a heuristic.

The index maps a name to its definitions; each definition knows its qualifier chain
(``("Client", "send")``) so that ``Client.send``, ``Client::send``, ``webhooks::send`` or
``pkg.Func`` resolve. It is keyed per file by ``(mtime_ns, size)``: a refresh re-parses
only changed files, and the index persists as JSON (a derived cache, safe to delete).

Pure: tree-sitter and the standard library; never imports the LSP or CLI layers.
"""

from __future__ import annotations

import builtins
import functools
import json
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..fsutil import atomic_write
from .extract import symbol_segments
from .workspace import Workspace

CACHE_VERSION = 1
MAX_SOURCE_BYTES = 1_000_000
PARSER_TREE_SITTER = "tree-sitter"
PARSER_REGEX = "regex"

TREE_SITTER_EXTS = {
    "py": "python",
    "pyi": "python",
    "ts": "typescript",
    "mts": "typescript",
    "cts": "typescript",
    "tsx": "tsx",
    "js": "javascript",
    "jsx": "javascript",
    "mjs": "javascript",
    "cjs": "javascript",
    "rs": "rust",
    "go": "go",
    "java": "java",
}
REGEX_EXTS = frozenset(
    "c h cc cpp cxx hpp hh cs rb php swift kt kts scala lua pl pm sh bash zsh m mm ex exs "
    "dart zig ml hs clj jl r".split()
)
# Path segments that name no module of their own (``pkg/__init__.py`` is ``pkg``).
_TRANSPARENT_STEMS = frozenset({"__init__", "mod", "index", "lib", "main"})

# Names no workspace defines but every language provides: an unqualified call of one of
# them is about the language, not the workspace (checked only when nothing defines it).
BUILTIN_NAMES = frozenset(
    {n for n in dir(builtins) if not n.startswith("_")}
    | set(
        """fetch require setTimeout setInterval clearTimeout clearInterval parseInt
        parseFloat isNaN encodeURIComponent decodeURIComponent structuredClone queueMicrotask
        alert console describe it test expect beforeEach afterEach import
        make append cap copy delete panic recover new close complex real imag min max clear
        println print eprintln eprint format vec write writeln assert assert_eq assert_ne
        todo unimplemented unreachable dbg matches include_str env concat stringify
        main init super self""".split()
    )
)


class Definition(NamedTuple):
    """One definition: ``chain`` is its qualifiers and name (``("Client", "send")``);
    ``line`` is 1-based. A NamedTuple: a warm start builds tens of thousands of them."""

    path: str
    line: int
    chain: tuple[str, ...]
    kind: str
    parser: str

    @property
    def name(self) -> str:
        return self.chain[-1]

    @property
    def qualname(self) -> str:
        return ".".join(self.chain)


@dataclass
class Lookup:
    """The answer for one cited symbol.

    ``status``: ``found`` (defined where cited, or anywhere when no path is tied),
    ``moved`` (not in the tied file but defined elsewhere), ``missing`` (defined nowhere),
    ``external`` (a qualified name whose qualifiers the workspace does not know — a
    library's — or a language builtin: not checkable, never reported).
    """

    status: str
    definitions: list[Definition]

    @property
    def heuristic(self) -> bool:
        return any(d.parser == PARSER_REGEX for d in self.definitions)


# ---- tree-sitter extraction ---------------------------------------------------------------
_LANGUAGES: dict[str, object] = {}


def _language(name: str):
    """The tree-sitter Language for ``name`` (loaded once), or None when its wheel is absent."""
    if name in _LANGUAGES:
        return _LANGUAGES[name]
    lang = None
    try:
        import tree_sitter as ts

        if name == "python":
            import tree_sitter_python as mod

            lang = ts.Language(mod.language())
        elif name in ("typescript", "tsx"):
            import tree_sitter_typescript as mod

            raw = mod.language_typescript() if name == "typescript" else mod.language_tsx()
            lang = ts.Language(raw)
        elif name == "javascript":
            import tree_sitter_javascript as mod

            lang = ts.Language(mod.language())
        elif name == "rust":
            import tree_sitter_rust as mod

            lang = ts.Language(mod.language())
        elif name == "go":
            import tree_sitter_go as mod

            lang = ts.Language(mod.language())
        elif name == "java":
            import tree_sitter_java as mod

            lang = ts.Language(mod.language())
    except ImportError:
        lang = None
    _LANGUAGES[name] = lang
    return lang


_PARSERS: dict[str, object] = {}


def _parser(name: str):
    parser = _PARSERS.get(name)
    if parser is None:
        lang = _language(name)
        if lang is None:
            return None
        import tree_sitter as ts

        parser = ts.Parser(lang)
        _PARSERS[name] = parser
    return parser


# node type -> (kind, name field, body field to descend into with this name as qualifier)
_Spec = tuple[str, str, str | None]
_TS_COMMON: dict[str, _Spec] = {
    "function_declaration": ("function", "name", None),
    "generator_function_declaration": ("function", "name", None),
    "function_signature": ("function", "name", None),
    "class_declaration": ("class", "name", "body"),
    "abstract_class_declaration": ("class", "name", "body"),
    "method_definition": ("method", "name", None),
    "method_signature": ("method", "name", None),
    "abstract_method_signature": ("method", "name", None),
    "public_field_definition": ("field", "name", None),
    "field_definition": ("field", "property", None),
    "interface_declaration": ("interface", "name", "body"),
    "type_alias_declaration": ("type", "name", None),
    "enum_declaration": ("enum", "name", None),
    "internal_module": ("module", "name", "body"),
    "module": ("module", "name", "body"),
}
_SPECS: dict[str, dict[str, _Spec]] = {
    "python": {
        "function_definition": ("function", "name", None),
        "class_definition": ("class", "name", "body"),
    },
    "typescript": _TS_COMMON,
    "tsx": _TS_COMMON,
    "javascript": _TS_COMMON,
    "rust": {
        "function_item": ("function", "name", None),
        "function_signature_item": ("function", "name", None),
        "struct_item": ("struct", "name", None),
        "enum_item": ("enum", "name", None),
        "union_item": ("union", "name", None),
        "trait_item": ("trait", "name", "body"),
        "type_item": ("type", "name", None),
        "const_item": ("const", "name", None),
        "static_item": ("static", "name", None),
        "macro_definition": ("macro", "name", None),
        "mod_item": ("module", "name", "body"),
    },
    "go": {
        "function_declaration": ("function", "name", None),
    },
    "java": {
        "class_declaration": ("class", "name", "body"),
        "interface_declaration": ("interface", "name", "body"),
        "enum_declaration": ("enum", "name", "body"),
        "record_declaration": ("record", "name", "body"),
        "annotation_type_declaration": ("interface", "name", "body"),
        "method_declaration": ("method", "name", None),
        "constructor_declaration": ("constructor", "name", None),
    },
}
_PASS: dict[str, frozenset[str]] = {
    "python": frozenset(
        "decorated_definition if_statement else_clause elif_clause try_statement "
        "except_clause finally_clause with_statement block".split()
    ),
    "typescript": frozenset(
        "export_statement ambient_declaration expression_statement statement_block "
        "class_body interface_body object_type".split()
    ),
    "rust": frozenset("declaration_list attribute_item".split()),
    "go": frozenset(),
    "java": frozenset("class_body interface_body enum_body enum_body_declarations".split()),
}
_PASS["tsx"] = _PASS["typescript"]
_PASS["javascript"] = _PASS["typescript"]


def _text(node, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _type_name(node, src: bytes) -> str | None:
    """The bare type name of a Rust impl type or a Go receiver type."""
    while node is not None and node.type in (
        "pointer_type",
        "generic_type",
        "reference_type",
        "parenthesized_type",
    ):
        inner = node.child_by_field_name("type")
        if inner is None:
            inner = next((c for c in node.named_children if "type" in c.type), None)
        node = inner
    if node is None:
        return None
    if node.type == "scoped_type_identifier":
        name = node.child_by_field_name("name")
        return _text(name, src) if name is not None else None
    if node.type in ("type_identifier", "identifier", "primitive_type"):
        return _text(node, src)
    return None


def _walk(lang: str, node, src: bytes, quals: tuple[str, ...], out: list) -> None:
    specs = _SPECS[lang]
    passthrough = _PASS[lang]
    for child in node.named_children:
        t = child.type
        spec = specs.get(t)
        if spec is not None:
            kind, name_field, body_field = spec
            name_node = child.child_by_field_name(name_field)
            if name_node is None:
                continue
            name = _text(name_node, src)
            if kind == "function" and quals and lang in ("python",):
                kind = "method"
            out.append((quals + (name,), child.start_point[0] + 1, kind))
            if body_field:
                body = child.child_by_field_name(body_field)
                if body is not None:
                    _walk(lang, body, src, quals + (name,), out)
            continue
        if t in passthrough:
            _walk(lang, child, src, quals, out)
        elif lang == "python" and t == "expression_statement":
            for a in child.named_children:
                left = a.child_by_field_name("left") if a.type == "assignment" else None
                if left is not None and left.type == "identifier":
                    out.append((quals + (_text(left, src),), a.start_point[0] + 1, "variable"))
        elif lang in ("typescript", "tsx", "javascript") and t in (
            "lexical_declaration",
            "variable_declaration",
        ):
            for decl in child.named_children:
                name = (
                    decl.child_by_field_name("name") if decl.type == "variable_declarator" else None
                )
                if name is not None and name.type == "identifier":
                    out.append((quals + (_text(name, src),), decl.start_point[0] + 1, "variable"))
        elif lang == "rust" and t == "impl_item":
            type_name = _type_name(child.child_by_field_name("type"), src)
            body = child.child_by_field_name("body")
            if type_name and body is not None:
                _walk(lang, body, src, quals + (type_name,), out)
        elif lang == "go" and t == "method_declaration":
            recv = child.child_by_field_name("receiver")
            name = child.child_by_field_name("name")
            param = next((c for c in recv.named_children), None) if recv is not None else None
            rtype = (
                _type_name(param.child_by_field_name("type"), src) if param is not None else None
            )
            if name is not None:
                chain = ((rtype,) if rtype else ()) + (_text(name, src),)
                out.append((quals + chain, child.start_point[0] + 1, "method"))
        elif lang == "go" and t in ("type_declaration", "const_declaration", "var_declaration"):
            _go_specs(child, src, quals, out)
        elif lang == "java" and t == "field_declaration":
            for decl in child.children_by_field_name("declarator"):
                name = decl.child_by_field_name("name")
                if name is not None:
                    out.append((quals + (_text(name, src),), decl.start_point[0] + 1, "field"))


def _go_specs(node, src: bytes, quals: tuple[str, ...], out: list) -> None:
    for spec in node.named_children:
        if spec.type == "ERROR":
            _go_specs(spec, src, quals, out)
            continue
        if spec.type not in ("type_spec", "type_alias", "const_spec", "var_spec"):
            continue
        kind = "type" if spec.type.startswith("type") else spec.type.split("_")[0]
        for name in spec.children_by_field_name("name"):
            tname = _text(name, src)
            out.append((quals + (tname,), spec.start_point[0] + 1, kind))
            body = spec.child_by_field_name("type")
            if body is not None and body.type == "interface_type":
                for m in body.named_children:
                    mname = m.child_by_field_name("name") if m.type == "method_elem" else None
                    if mname is not None:
                        out.append(
                            (quals + (tname, _text(mname, src)), m.start_point[0] + 1, "method")
                        )


def parse_tree_sitter(lang: str, src: bytes) -> list[tuple[tuple[str, ...], int, str]] | None:
    parser = _parser(lang)
    if parser is None:
        return None
    tree = parser.parse(src)
    out: list = []
    _walk(lang, tree.root_node, src, (), out)
    return out


_RE_FALLBACK = [
    re.compile(
        r"^\s*(?:(?:export|pub(?:\([^)]*\))?|public|private|protected|internal|static|async|"
        r"abstract|final|open|override|inline|virtual|extern|partial|sealed|data|case)\s+)*"
        r"(?:def|function|func|fn|fun|class|struct|interface|enum|trait|module|sub|proc|"
        r"macro|object|record|protocol|union|namespace|typedef\s+struct|defmodule|defp?)\s+"
        r"(?:self\.)?(?P<name>[A-Za-z_]\w*[?!]?)"
    ),
    re.compile(r"^\s*#\s*define\s+(?P<name>[A-Za-z_]\w*)"),
    # C-family function heads at column 0: "static int parse_header(...) {"
    re.compile(
        r"^(?!\s)(?!(?:return|if|for|while|switch|else|do|case)\b)[A-Za-z_][\w:<>,*&\s]*?"
        r"[\s*&](?P<name>[A-Za-z_][\w:~]*)\s*\([^;]*\)\s*(?:const\s*)?(?:\{\s*)?$"
    ),
]


def parse_regex(src: bytes) -> list[tuple[tuple[str, ...], int, str]]:
    """Heuristic definitions for languages without a packaged grammar (``parser="regex"``)."""
    out: list = []
    text = src.decode("utf-8", "replace")
    for i, line in enumerate(text.splitlines(), start=1):
        for rx in _RE_FALLBACK:
            m = rx.match(line)
            if m:
                parts = tuple(p for p in m.group("name").split("::") if p)
                if parts:
                    out.append((parts, i, "definition"))
                break
    return out


def language_of(path: str) -> tuple[str, str] | None:
    """``(parser, language)`` for an indexable source file, or None."""
    ext = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    lang = TREE_SITTER_EXTS.get(ext)
    if lang is not None and _language(lang) is not None:
        return PARSER_TREE_SITTER, lang
    if ext in REGEX_EXTS or (lang is not None):
        return PARSER_REGEX, ext
    return None


@functools.lru_cache(maxsize=65536)
def path_chains(path: str) -> list[tuple[str, ...]]:
    """Module qualifiers a definition in ``path`` can be cited under:
    ``src/webhooks.rs`` → ``(src, webhooks)`` and ``(src,)`` (Go and Java packages are
    folders); ``pkg/__init__.py`` → ``(pkg,)``."""
    parts = path.split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    dirs = tuple(parts[:-1])
    chains = [dirs]
    if stem not in _TRANSPARENT_STEMS:
        chains.append(dirs + (stem,))
    return chains


# ---- the index ------------------------------------------------------------------------------
class SymbolIndex:
    """Definitions of every indexable workspace file, by name."""

    def __init__(self, workspace: Workspace, cache_file: Path | None = None) -> None:
        self.workspace = workspace
        self.cache_file = cache_file
        self._root_str = str(workspace.root)
        self._def_cache: dict[str, tuple[tuple, list[Definition]]] = {}
        # path -> (mtime_ns, size, parser, [(chain, line, kind)])
        self._files: dict[str, tuple[int, int, str, list]] = {}
        self._by_name: dict[str, list[Definition]] = {}
        # (innermost qualifier, name) -> definitions: ``Widget.run`` must not scan every
        # ``run`` of a large workspace.
        self._by_qual: dict[tuple[str, str], list[Definition]] = {}
        self._known: dict[str, int] = {}
        self.stats = {"parsed": 0, "reused": 0, "loaded_from_cache": False, "seconds": 0.0}
        self._dirty = False
        self._maps_built = False

    # ---- persistence ------------------------------------------------------------------
    def load_cache(self) -> bool:
        if self.cache_file is None:
            return False
        try:
            data = json.loads(self.cache_file.read_text("utf-8"))
        except (OSError, ValueError):
            return False
        if data.get("version") != CACHE_VERSION or data.get("root") != str(self.workspace.root):
            return False
        files = data.get("files")
        if not isinstance(files, dict):
            return False
        self._files = {
            p: (v[0], v[1], v[2], [(tuple(c), ln, k) for c, ln, k in v[3]])
            for p, v in files.items()
        }
        self.stats["loaded_from_cache"] = True
        return True

    def save_cache(self) -> None:
        if self.cache_file is None or not self._dirty:
            return
        data = {
            "version": CACHE_VERSION,
            "root": str(self.workspace.root),
            "files": {
                p: [m, s, parser, [[list(c), ln, k] for c, ln, k in defs]]
                for p, (m, s, parser, defs) in self._files.items()
            },
        }
        atomic_write(self.cache_file, json.dumps(data, separators=(",", ":")))
        self._dirty = False

    # ---- building -----------------------------------------------------------------------
    def build(
        self,
        *,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> dict:
        """Bring the index up to date with the workspace: re-parse only files whose
        ``(mtime_ns, size)`` changed. Returns stats (parsed, reused, seconds)."""
        started = time.perf_counter()
        if not self._files:
            self.load_cache()
        wanted = [p for p in self.workspace.files if language_of(p) is not None]
        wanted_set = set(wanted)
        removed = [p for p in self._files if p not in wanted_set]
        for gone in removed:
            del self._files[gone]
            self._dirty = True
        parsed = reused = 0
        for i, path in enumerate(wanted):
            if cancelled is not None and i % 256 == 0 and cancelled():
                break
            if progress is not None and i % 500 == 0:
                progress(i, len(wanted))
            if self._refresh_file(path):
                parsed += 1
            else:
                reused += 1
        if parsed or removed or not self._maps_built:
            self._rebuild_maps()
        self.stats.update(parsed=parsed, reused=reused, seconds=time.perf_counter() - started)
        self.save_cache()
        return dict(self.stats)

    def _refresh_file(self, path: str) -> bool:
        """Re-parse ``path`` when its stat key changed; True when it was parsed."""
        full = os.path.join(self._root_str, path)
        try:
            st = os.stat(full)
        except OSError:
            if self._files.pop(path, None) is not None:
                self._dirty = True
            return False
        old = self._files.get(path)
        if old is not None and old[0] == st.st_mtime_ns and old[1] == st.st_size:
            return False
        kind = language_of(path)
        defs: list = []
        parser = PARSER_REGEX
        if kind is not None and st.st_size <= MAX_SOURCE_BYTES:
            try:
                with open(full, "rb") as fh:
                    src = fh.read()
            except OSError:
                src = b""
            parser, lang = kind
            got = parse_tree_sitter(lang, src) if parser == PARSER_TREE_SITTER else None
            if got is None:
                parser, got = PARSER_REGEX, parse_regex(src)
            defs = got
        self._files[path] = (st.st_mtime_ns, st.st_size, parser, defs)
        self._dirty = True
        return True

    def _defs_of(self, path: str) -> list[Definition]:
        entry = self._files.get(path)
        if entry is None:
            return []
        cached = self._def_cache.get(path)
        if cached is not None and cached[0] is entry:
            return cached[1]
        _, _, parser, defs = entry
        made = [Definition(path, ln, chain, kind, parser) for chain, ln, kind in defs]
        self._def_cache[path] = (entry, made)
        return made

    def _rebuild_maps(self) -> None:
        self._maps_built = True
        self._by_name = {}
        self._by_qual = {}
        self._known = {}
        for path in self._files:
            self._index_file(path, +1)

    def _index_file(self, path: str, sign: int) -> None:
        chains = path_chains(path)
        path_quals = {q[-1] for q in chains if q}
        known = self._known
        by_name, by_qual = self._by_name, self._by_qual
        for d in self._defs_of(path):
            name = d.name
            keys = [(q, name) for q in path_quals]
            if len(d.chain) > 1:
                keys.append((d.chain[-2], name))
            for q in d.chain:
                known[q] = known.get(q, 0) + sign
            if sign > 0:
                by_name.setdefault(name, []).append(d)
                for key in keys:
                    by_qual.setdefault(key, []).append(d)
                continue
            for table, key in [(by_name, name)] + [(by_qual, k) for k in keys]:
                lst = table.get(key)
                if lst is not None:
                    lst[:] = [x for x in lst if x.path != path]
                    if not lst:
                        del table[key]
        for chain in chains:
            for q in chain:
                known[q] = known.get(q, 0) + sign

    def update_files(self, paths: Iterable[str]) -> set[str]:
        """Re-index ``paths`` (created, changed or deleted); returns every symbol name
        defined in them before or after — the names whose lookups may have changed."""
        names: set[str] = set()
        for path in set(paths):
            if path in self._files:
                names.update(d.name for d in self._defs_of(path))
                self._index_file(path, -1)
                if path not in self.workspace.files or language_of(path) is None:
                    del self._files[path]
                    self._dirty = True
            if path in self.workspace.files and language_of(path) is not None:
                self._refresh_file(path)
                self._index_file(path, +1)
                names.update(d.name for d in self._defs_of(path))
        return names

    # ---- queries ------------------------------------------------------------------------
    def definitions(self, name: str) -> list[Definition]:
        return list(self._by_name.get(name, ()))

    def definitions_in(self, path: str) -> list[Definition]:
        return self._defs_of(path)

    def parser_of(self, path: str) -> str | None:
        entry = self._files.get(path)
        return entry[2] if entry is not None else None

    def is_known(self, segment: str) -> bool:
        """Is ``segment`` a name the workspace defines or a module/folder it has?"""
        return self._known.get(segment, 0) > 0

    def lookup(self, symbol: str, path: str | None = None) -> Lookup:
        """Resolve a cited symbol, first in ``path`` (when tied to one), then anywhere."""
        segs = symbol_segments(symbol)
        if not segs:
            return Lookup("external", [])
        name, quals = segs[-1], tuple(segs[:-1])
        pool = self._by_qual.get((quals[-1], name), ()) if quals else self._by_name.get(name, ())
        matches = [d for d in pool if _matches(d, quals)]
        if path is not None:
            here = [d for d in matches if d.path == path]
            if here:
                return Lookup("found", here)
            if matches:
                return Lookup("moved", matches)
        elif matches:
            return Lookup("found", matches)
        if quals:
            if not any(self.is_known(q) for q in quals):
                return Lookup("external", [])
        elif name in BUILTIN_NAMES and path is None:
            return Lookup("external", [])
        return Lookup("missing", [])

    def __len__(self) -> int:
        return len(self._files)


def _matches(d: Definition, quals: tuple[str, ...]) -> bool:
    if not quals:
        return True
    k = len(quals)
    for chain in path_chains(d.path):
        full = chain + d.chain[:-1]
        if len(full) >= k and full[-k:] == quals:
            return True
    return False


__all__ = [
    "BUILTIN_NAMES",
    "Definition",
    "Lookup",
    "PARSER_REGEX",
    "PARSER_TREE_SITTER",
    "SymbolIndex",
    "language_of",
    "parse_regex",
    "parse_tree_sitter",
    "path_chains",
]
