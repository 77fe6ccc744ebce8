"""The protocol has one source of truth in code and must match its documentation (SPEC §10).

Fails when a method is registered in code (the wire registry or a server handler) but not
documented in docs/reference/protocol.md, or documented but gone from the code — and, once
the VS Code client exists, when client-vscode/src/protocol.ts disagrees.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from memlsp.lsp import codec, messages
from memlsp.lsp.server import create_server

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reference" / "protocol.md"
TS = ROOT / "client-vscode" / "src" / "protocol.ts"


def documented() -> set[str]:
    return set(re.findall(r"^### `(memory/\w+)`", DOC.read_text(encoding="utf-8"), re.M))


def test_every_method_in_the_registry_is_documented_and_vice_versa():
    assert documented() == set(messages.METHODS)


def test_every_handler_registered_by_the_server_is_in_the_registry():
    server = create_server()
    handled = {m for m in server.protocol.fm.features if m.startswith("memory/")}
    client_to_server = {n for n, m in messages.METHODS.items() if m.direction == "client->server"}
    assert handled == client_to_server


def test_each_documented_method_has_params_and_an_example():
    text = DOC.read_text(encoding="utf-8")
    sections = re.split(r"^### ", text, flags=re.M)[1:]
    for section in sections:
        name = section.split("`")[1]
        if name not in messages.METHODS:
            continue
        assert "**Params**" in section, name
        assert "```json" in section, name
        if (
            messages.METHODS[name].kind == "request"
            and messages.METHODS[name].direction == "client->server"
        ):
            assert "**Result**" in section and "**Errors**" in section, name


def test_the_documented_fields_are_the_wire_fields():
    """Each params field of the registry is named in its section of the doc."""
    text = DOC.read_text(encoding="utf-8")
    for name, method in messages.METHODS.items():
        section = text.split(f"### `{name}`", 1)[1].split("\n### ", 1)[0]
        for field in __import__("attrs").fields(method.params):
            assert codec.camel(field.name) in section, f"{name}: {field.name}"


def test_the_vscode_client_mirrors_the_protocol():
    if not TS.exists():
        pytest.skip("client-vscode/src/protocol.ts does not exist yet")
    in_ts = set(re.findall(r"['\"](memory/\w+)['\"]", TS.read_text(encoding="utf-8")))
    assert in_ts == set(messages.METHODS)
