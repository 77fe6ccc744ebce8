"""Symbol definitions per language (SPEC R29): what one source file defines, and where.

- **tree-sitter** with the official per-language grammar wheels (``tree-sitter-python``,
  ``-typescript``, ``-javascript``, ``-rust``, ``-go``, ``-java``): functions, classes,
  methods (qualified by their class, ``impl`` type, trait, or Go receiver), types,
  interfaces, enums, modules and module/class-level constants and variables;
- a **regex fallback** for other source files (C, C++, C#, Ruby, PHP, Swift, Kotlin, …):
  lines such as ``def name``, ``class Name``, ``fn name``, ``func name``, ``struct Name``,
  ``#define NAME`` and C-style function heads. Callers mark its definitions
  ``parser="regex"`` so that an answer resting on them is called a heuristic.

A parse answers ``[(chain, line, kind)]``: ``chain`` is the qualifiers and the name
(``("Client", "send")``), ``line`` 1-based. The index over a whole workspace is
:mod:`.symbols`.

Pure: tree-sitter and the standard library; never imports the LSP or CLI layers.
"""

from __future__ import annotations

import re

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


__all__ = [
    "PARSER_REGEX",
    "PARSER_TREE_SITTER",
    "REGEX_EXTS",
    "TREE_SITTER_EXTS",
    "language_of",
    "parse_regex",
    "parse_tree_sitter",
]
