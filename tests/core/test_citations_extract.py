"""Citation extraction (SPEC R29): what counts, what does not, and exact UTF-16 ranges."""

from __future__ import annotations

import pytest
from memlsp.core.citations.extract import classify_code, extract_citations


def u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def note(body: str, refs: str = "") -> str:
    head = "---\nname: n\ndescription: d\ntype: project\n" + refs + "---\n"
    return head + body


@pytest.mark.parametrize(
    "content, kind, path, symbol, line",
    [
        ("src/x.py", "file", "src/x.py", None, None),
        ("src/x.py:80", "file", "src/x.py", None, 80),
        ("./src/x.py#L12", "file", "src/x.py", None, 12),
        ("webhooks.rs", "file", "webhooks.rs", None, None),
        ("src/", "file", "src/", None, None),
        ("Makefile", "file", "Makefile", None, None),
        ("src/x.rs::send", "file+symbol", "src/x.rs", "send", None),
        ("foo()", "symbol", None, "foo", None),
        ("foo(a, b)", "symbol", None, "foo", None),
        ("Class.method", "symbol", None, "Class.method", None),
        ("module::fn", "symbol", None, "module::fn", None),
        ("pkg.func", "symbol", None, "pkg.func", None),
        ("self.run()", "symbol", None, "self.run", None),
        ("println!", "symbol", None, "println", None),
    ],
)
def test_plausible_citations_are_classified(content, kind, path, symbol, line):
    got = classify_code(content)
    assert got is not None
    k, fields = got
    assert (k, fields.get("path"), fields.get("symbol"), fields.get("line")) == (
        kind,
        path,
        symbol,
        line,
    )


@pytest.mark.parametrize(
    "content",
    [
        "npm install left-pad",
        "cargo build --release",
        "--force",
        "-v",
        "https://example.com/a/b.py",
        "www.example.com",
        "example.com",
        "1.2.3",
        "v2.0.1-rc1",
        "42",
        "MEMLSP_HOME",
        "$HOME",
        "application/json",
        "the retry logic",
        "e.g",
        "word",
        "/etc/hosts",
        "../outside.py",
        "~/notes.md",
    ],
)
def test_non_citations_are_ignored(content):
    assert classify_code(content) is None


def test_bare_identifier_counts_only_when_tied_to_a_path():
    text = note("`send_with_backoff` in `src/webhooks.rs`; `user_id` alone is a column.\n")
    cites = extract_citations(text)
    kinds = [(c.kind, c.path, c.symbol) for c in cites]
    assert ("file+symbol", "src/webhooks.rs", "send_with_backoff") in kinds
    assert ("file", "src/webhooks.rs", None) in kinds
    assert all(c.symbol != "user_id" for c in cites)


def test_explicit_refs_win_over_body_mentions():
    refs = "refs:\n  - path: src/a.py\n    symbol: foo\n"
    text = note("`src/a.py` has `foo()`; `bar()` too.\n", refs)
    cites = extract_citations(text)
    assert [(c.origin, c.label) for c in cites] == [("refs", "src/a.py#foo"), ("code", "bar")]


def test_ref_ranges_point_at_the_yaml_values():
    refs = 'refs:\n  - path: "src/a.py"\n    line: 3\n  - symbol: Client.send\n  - src/b.go\n'
    text = note("", refs)
    lines = text.split("\n")
    cites = extract_citations(text)
    assert [c.label for c in cites] == ["src/a.py:3", "Client.send", "src/b.go"]
    for c in cites:
        assert lines[c.range.line][c.range.start_cp : c.range.end_cp] == c.text
    assert cites[0].range.line == 5 and cites[0].range.start == 11  # inside the quotes
    assert (cites[0].ref.first_line, cites[0].ref.end_line) == (5, 7)


def test_utf16_columns_with_chinese_and_emoji():
    line = "中文 😀😀 `src/中.py:3` 和 `Foo.bar`"
    cites = extract_citations(note(line + "\n"))
    assert [c.text for c in cites] == ["src/中.py:3", "Foo.bar"]
    first, second = cites
    start_cp = line.index("src/中.py:3")
    assert first.range.start_cp == start_cp
    assert first.range.start == u16(line[:start_cp]) == start_cp + 2  # two emoji
    assert first.range.end == first.range.start + u16("src/中.py:3")
    assert second.range.start == u16(line[: line.index("Foo.bar")])
    assert first.range.line == 5


def test_fenced_code_blocks_are_examples_not_citations():
    body = "```sh\n`src/in_fence.py` foo()\n```\n`src/real.py`\n"
    assert [c.path for c in extract_citations(note(body))] == ["src/real.py"]


def test_markdown_links_to_files_but_not_urls():
    body = "[client](web/client.ts#L5), [docs](https://x.invalid/a.py), [top](#head)\n"
    cites = extract_citations(note(body))
    assert [(c.origin, c.path, c.line, c.text) for c in cites] == [
        ("link", "web/client.ts", 5, "web/client.ts#L5")
    ]


def test_double_backtick_spans_and_text_without_frontmatter():
    cites = extract_citations("see ``src/a.py`` and `b.py`\n")
    assert [(c.path, c.range.line, c.range.start) for c in cites] == [
        ("src/a.py", 0, 6),
        ("b.py", 0, 22),
    ]
