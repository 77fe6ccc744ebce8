"""The VS Code extension's settings (client-vscode/package.json) match
docs/reference/settings.md and the server's settings (SPEC §11, issue 16).

Every documented key is contributed as ``memlsp.<key>`` and the other way round, with the
documented default and values; the keys the server reads are the server's
(``memlsp.core.settings.KEYS``); the keys trusted only from the user's own settings have
``machine`` or ``application`` scope and say that workspace values are ignored.

``NOT_YET_SERVED`` names settings the client sends because SPEC §11 defines them while the
server does not read them yet; empty it as the server adds them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from memlsp.core.settings import KEYS

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reference" / "settings.md"
PACKAGE = ROOT / "client-vscode" / "package.json"

CLIENT_ONLY = {
    "server.pythonCommand",
    "server.args",
    "server.env",
    "managedSettings",
    "trace.server",
}
EDITOR_SUPPLIED = {"telemetry.editorEnabled"}  # sent by the client from env.isTelemetryEnabled
NOT_YET_SERVED: set[str] = set()
USER_ONLY = {
    "home",
    "extraScopes",
    "model.provider",
    "model.baseUrl",
    "telemetry.path",
    "managedSettings",
    "server.pythonCommand",
    "server.args",
    "server.env",
}


def doc_rows() -> dict[str, list[str]]:
    """The rows of every settings table (those headed ``| key |``)."""
    rows: dict[str, list[str]] = {}
    in_keys = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            in_keys = False
            continue
        if line.startswith("| key |"):
            in_keys = True
        match = re.match(r"^\| `([\w.]+)` \|", line)
        if in_keys and match:
            rows.setdefault(
                match.group(1), [c.strip() for c in line.strip().strip("|").split(" | ")]
            )
    return rows


def contributed() -> dict[str, dict]:
    props = json.loads(PACKAGE.read_text(encoding="utf-8"))["contributes"]["configuration"][
        "properties"
    ]
    return {k.removeprefix("memlsp."): v for k, v in props.items()}


def test_every_documented_key_is_contributed_and_vice_versa():
    assert set(doc_rows()) == set(contributed()) | EDITOR_SUPPLIED


def test_the_keys_sent_to_the_server_are_the_servers():
    assert not NOT_YET_SERVED & set(KEYS), "served now: drop it from NOT_YET_SERVED"
    assert set(contributed()) - CLIENT_ONLY == (set(KEYS) - EDITOR_SUPPLIED) | NOT_YET_SERVED


def literal(cell: str):
    text = cell.strip("`")
    if text in ("true", "false"):
        return text == "true"
    try:
        return float(text)
    except ValueError:
        return text


def test_defaults_and_values_match_the_doc():
    props = contributed()
    for key, cells in doc_rows().items():
        if key in EDITOR_SUPPLIED:
            continue
        prop, default = props[key], cells[2]
        if default == "—":
            assert prop["default"] in ("", [], {}), key
        elif "$" not in default and "<" not in default and " " not in default:
            want = literal(default)
            got = float(prop["default"]) if isinstance(want, float) else prop["default"]
            assert got == want, key
        if "enum" in prop and key != "recall.embedder":
            assert set(re.findall(r"`([\w-]+)`", cells[1].split(":")[0])) == set(prop["enum"]), key


def test_user_only_keys_ignore_workspace_values():
    props = contributed()
    for key in USER_ONLY:
        assert props[key].get("scope") in ("machine", "application"), key
        assert "workspace" in props[key]["markdownDescription"], key
    for key in set(props) - USER_ONLY:
        assert props[key].get("scope") not in ("machine", "application"), key


def test_the_doc_says_where_each_trusted_key_may_come_from():
    """Issue 14: the settings reference's *may come from* column matches the server's
    trust rule (memlsp.core.settings.USER_ONLY never comes from the workspace)."""
    from memlsp.core.settings import USER_ONLY as SERVER_USER_ONLY

    text = DOC.read_text(encoding="utf-8")
    table = text.split("| may come from |", 1)[1].split("\n\n", 1)[0]
    sources = {
        m.group(1): line.rsplit(" | ", 1)[1]
        for line in table.splitlines()
        if (m := re.match(r"^\| `([\w.]+)` \|", line))
    }
    assert SERVER_USER_ONLY <= set(sources)
    for key, source in sources.items():
        assert ("workspace" in source) == (key not in SERVER_USER_ONLY), key
