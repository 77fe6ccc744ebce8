"""The protocol has one source of truth in code and must match its documentation (SPEC §10).

Fails when a method is registered in code (the wire registry or a server handler) but not
documented in docs/reference/protocol.md, or documented but gone from the code — and when
client-vscode/src/protocol.ts disagrees: its method table, each method's kind and direction,
and the field names of each params interface must be the Python registry's.

``NOT_YET_SERVED`` names the methods the client already speaks because SPEC §10 defines them,
while the server does not serve them yet; the client copes with MethodNotFound for each.
Empty it as the server adds them.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
from memlsp.lsp import codec, messages
from memlsp.lsp.server import create_server

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reference" / "protocol.md"
TS = ROOT / "client-vscode" / "src" / "protocol.ts"

# In protocol.ts (SPEC §10, R37) but not yet in memlsp.lsp.messages.METHODS: method -> the
# params fields SPEC §10 gives it.
NOT_YET_SERVED: dict[str, set[str]] = {}


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


def ts_methods() -> dict[str, dict[str, str]]:
    """protocol.ts's METHODS table: method -> {kind, direction, params}."""
    text = TS.read_text(encoding="utf-8")
    table = text.split("export const METHODS", 1)[1].split("};", 1)[0]
    return {
        name: {"kind": kind, "direction": direction, "params": params}
        for name, kind, direction, params in re.findall(
            r"'(memory/\w+)': \{ kind: '(\w+)', direction: '([\w>-]+)', params: '(\w+)' \}", table
        )
    }


def ts_fields(interface: str) -> set[str]:
    text = TS.read_text(encoding="utf-8")
    if re.search(rf"export interface {interface} \{{\}}", text):
        return set()
    match = re.search(rf"export interface {interface} \{{(.*?)^\}}", text, re.S | re.M)
    assert match, f"protocol.ts has no interface {interface}"
    return set(re.findall(r"^\s+(\w+)\??:", match.group(1), re.M))


def test_the_vscode_client_mirrors_the_protocol():
    in_ts = set(re.findall(r"['\"](memory/\w+)['\"]", TS.read_text(encoding="utf-8")))
    assert in_ts == set(messages.METHODS) | set(NOT_YET_SERVED)
    assert set(ts_methods()) == in_ts
    assert not set(NOT_YET_SERVED) & set(messages.METHODS), (
        "served now: drop it from NOT_YET_SERVED"
    )


def test_the_vscode_client_has_each_methods_kind_direction_and_params_fields():
    table = ts_methods()
    for name, method in messages.METHODS.items():
        entry = table[name]
        assert (entry["kind"], entry["direction"]) == (method.kind, method.direction), name
        assert entry["params"] == method.params.__name__, name
        wire_fields = {codec.camel(f.name) for f in attrs.fields(method.params)}
        assert ts_fields(entry["params"]) == wire_fields, name
    for name, fields in NOT_YET_SERVED.items():
        assert ts_fields(table[name]["params"]) == fields, name
