"""Rollout levels (R25), managed settings (R26) and the settings layers (SPEC §11)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from memlsp.core import managed
from memlsp.core.managed import PROVIDER_RANK, ROLLOUT_RANK, ManagedLayer, load_managed, tighten
from memlsp.core.rollout import Decision, EntryPoint, RolloutRefused, decide, require
from memlsp.core.settings import (
    ManagedInfo,
    RetentionSettings,
    Settings,
    SettingsError,
    TelemetrySettings,
    env_name,
    load_settings,
)

ME = (0, os.getuid())  # trust files the test itself owns (tests may or may not run as root)

# ---- rollout: the table test --------------------------------------------------------------
E = EntryPoint
D = Decision
# level -> entry point -> (run, write, inject, log_counts)
TABLE = {
    "off": {
        E.EXTRACTION: (0, 0, 0, 0),
        E.AUTOSAVE: (0, 0, 0, 0),
        E.INJECTION: (0, 0, 0, 0),
        E.AUTO_DREAM: (0, 0, 0, 0),
    },
    "dry-run": {
        E.EXTRACTION: (1, 0, 0, 1),
        E.AUTOSAVE: (1, 0, 0, 1),
        E.INJECTION: (1, 0, 0, 1),
        E.AUTO_DREAM: (1, 0, 0, 1),
    },
    "shadow": {
        E.EXTRACTION: (1, 1, 0, 0),
        E.AUTOSAVE: (1, 1, 0, 0),
        E.INJECTION: (1, 0, 0, 0),
        E.AUTO_DREAM: (1, 1, 0, 0),
    },
    "on": {
        E.EXTRACTION: (1, 1, 0, 0),
        E.AUTOSAVE: (1, 1, 0, 0),
        E.INJECTION: (1, 0, 1, 0),
        E.AUTO_DREAM: (1, 1, 0, 0),
    },
}
MANUAL = {
    E.REMEMBER: (1, 1, 0, 0),
    E.RECALL: (1, 0, 1, 0),
    E.FORGET: (1, 1, 0, 0),
    E.DREAM: (1, 1, 0, 0),
    E.CHECK: (1, 0, 0, 0),
    E.EVAL: (1, 0, 0, 0),
    E.INDEX: (1, 1, 0, 0),
    E.FIX: (1, 1, 0, 0),
}


def _bits(d: Decision) -> tuple[int, int, int, int]:
    return (int(d.run), int(d.write), int(d.inject), int(d.log_counts))


@pytest.mark.parametrize("level", list(TABLE))
@pytest.mark.parametrize("ep", list(EntryPoint))
def test_rollout_table_for_every_level_and_entry_point(level: str, ep: EntryPoint) -> None:
    expected = TABLE[level].get(ep) or MANUAL[ep]  # person-run commands ignore the level
    assert _bits(decide(ep, Settings(rollout=level))) == expected


@pytest.mark.parametrize("level", list(TABLE))
@pytest.mark.parametrize("ep", list(EntryPoint))
def test_managed_off_stops_everything_but_forget(level: str, ep: EntryPoint) -> None:
    settings = Settings(rollout=level, managed=ManagedInfo("applied", off=True))
    got = decide(ep, settings)
    if ep is E.FORGET:
        assert got.run and got.write
    elif ep in TABLE[level]:
        assert _bits(got) == TABLE[level][ep]
    else:
        assert not got.run and got.why == "managed-off"
        with pytest.raises(RolloutRefused):
            require(ep, settings)


def test_fresh_install_is_off() -> None:
    s = load_settings({}, {}, env={}, managed_paths=[])
    assert s.rollout == "off" and not s.telemetry.enabled
    assert not any(decide(ep, s).run for ep in TABLE["off"])


# ---- settings layers ----------------------------------------------------------------------
def test_precedence_env_over_workspace_over_init() -> None:
    init = {"rollout": "shadow", "retention": {"sessionDays": 10}, "telemetry": {"enabled": True}}
    ws = {"rollout": "dry-run", "model": {"extractModel": "claude-x"}}
    s = load_settings(init, ws, env={}, managed_paths=[])
    assert (s.rollout, s.model.extract_model, s.retention.session_days) == (
        "dry-run",
        "claude-x",
        10,
    )
    assert s.telemetry.enabled is True
    env = {"MEMLSP_ROLLOUT": "on", "MEMLSP_RETENTION_SESSION_DAYS": "7"}
    env["MEMLSP_TELEMETRY_ENABLED"] = "false"
    s = load_settings(init, ws, env=env, managed_paths=[])
    assert (s.rollout, s.retention.session_days, s.telemetry.enabled) == ("on", 7, False)
    assert env_name("retention.softDeleteDays") == "MEMLSP_RETENTION_SOFT_DELETE_DAYS"


@pytest.mark.parametrize(
    ("layer", "value"),
    [
        ({"rollout": "sometimes"}, None),
        ({"retention": {"sessionDays": -1}}, None),
        ({"telemetry": {"enabled": "maybe"}}, None),
        ({"model": {"provider": "cloud"}}, None),
    ],
)
def test_bad_local_values_are_typed_errors(layer: dict, value: None) -> None:
    with pytest.raises(SettingsError) as info:
        load_settings(layer, {}, env={}, managed_paths=[])
    assert info.value.reason == "invalid-setting"


# ---- managed settings ---------------------------------------------------------------------
def write_managed(tmp_path: Path, data: object, *, mode: int = 0o644) -> Path:
    folder = tmp_path / "etc-memlsp"
    folder.mkdir(mode=0o755, exist_ok=True)
    os.chmod(folder, 0o755)
    path = folder / "managed.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    os.chmod(path, mode)
    return path


def test_managed_tightens_each_kind_of_setting(tmp_path: Path) -> None:
    path = write_managed(
        tmp_path,
        {
            "rollout": "shadow",
            "telemetry": {"enabled": False},
            "retention": {"sessionDays": 14, "softDeleteDays": 60},
            "model": {"provider": "offline"},
        },
    )
    local = {
        "rollout": "on",
        "telemetry": {"enabled": True},
        "retention": {"sessionDays": 30, "softDeleteDays": 7},
        "model": {"provider": "anthropic"},
    }
    s = load_settings(local, {}, env={}, managed_paths=[path], trusted_uids=ME)
    assert s.rollout == "shadow" and s.telemetry.enabled is False
    assert (s.retention.session_days, s.retention.soft_delete_days) == (14, 7)
    assert s.model.provider == "offline"
    assert s.managed.status == "applied" and not s.managed.off


def test_managed_never_loosens(tmp_path: Path) -> None:
    path = write_managed(tmp_path, {"rollout": "on", "telemetry": {"enabled": True}})
    s = load_settings({}, {}, env={}, managed_paths=[path], trusted_uids=ME)
    assert s.rollout == "off" and s.telemetry.enabled is False


def test_env_file_adds_to_the_system_file_rather_than_replacing_it(tmp_path: Path) -> None:
    assert managed.managed_paths({managed.ENV_VAR: "/x/y.json"}) == [
        managed.SYSTEM_PATH,
        Path("/x/y.json"),
    ]
    assert managed.managed_paths({}) == [managed.SYSTEM_PATH]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_managed(tmp_path / "a", {"rollout": "shadow"})
    b = write_managed(tmp_path / "b", {"rollout": "dry-run"})
    layer = load_managed([a, b], trusted_uids=ME)
    assert layer.values["rollout"] == "dry-run" and len(layer.sources) == 2


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2]",
        '"off"',
        json.dumps({"rollout": "sometimes"}),
        json.dumps({"rolout": "off"}),
        json.dumps({"telemetry": {"enabled": "no"}}),
        json.dumps({"retention": {"sessionDays": -3}}),
        json.dumps({"home": "/tmp/elsewhere"}),
        b"\xff\xfe".decode("latin-1"),
    ],
)
def test_malformed_managed_file_fails_closed(tmp_path: Path, content: str) -> None:
    path = write_managed(tmp_path, content)
    local = {"rollout": "on", "telemetry": {"enabled": True}, "model": {"provider": "anthropic"}}
    s = load_settings(local, {}, env={}, managed_paths=[path], trusted_uids=ME)
    assert s.rollout == "off" and s.telemetry.enabled is False and s.model.provider == "offline"
    assert s.managed.status == "fail-closed" and s.managed.off
    assert s.managed.diagnostics and str(path) in s.managed.diagnostics[0]
    assert not decide(E.REMEMBER, s).run and decide(E.FORGET, s).run
    assert s.retention == RetentionSettings()  # failing closed never shortens retention


def test_unreadable_or_missing_explicit_file_fails_closed(tmp_path: Path) -> None:
    folder = tmp_path / "dir.json"
    folder.mkdir()
    assert load_managed([folder], trusted_uids=ME).fail_closed
    assert load_managed([tmp_path / "missing.json"], trusted_uids=ME).fail_closed
    # The system file (absent on test machines) is simply optional.
    if not managed.SYSTEM_PATH.exists():
        assert not load_managed([managed.SYSTEM_PATH]).present


def test_untrusted_managed_files_fail_closed(tmp_path: Path) -> None:
    writable = write_managed(tmp_path, {"rollout": "on"}, mode=0o666)
    layer = load_managed([writable], trusted_uids=ME)
    assert layer.fail_closed and "writable by group or others" in layer.diagnostics[0]
    ok = write_managed(tmp_path, {"rollout": "on"})
    stranger = max(ME) + 4242
    layer = load_managed([ok], trusted_uids=(stranger,))
    assert layer.fail_closed and "owned by uid" in layer.diagnostics[0]
    os.chmod(ok.parent, 0o777)
    layer = load_managed([ok], trusted_uids=ME)
    assert layer.fail_closed and "folder" in layer.diagnostics[0]
    os.chmod(ok.parent, 0o755)
    link = tmp_path / "open" / "managed.json"
    link.parent.mkdir()
    os.chmod(link.parent, 0o777)
    link.symlink_to(ok)
    assert load_managed([link], trusted_uids=ME).fail_closed
    assert not load_managed([ok], trusted_uids=ME).fail_closed


# ---- property: the merge is never looser than either side (acceptance 5) ------------------
ROLL = st.sampled_from(list(ROLLOUT_RANK))
PROV = st.sampled_from(list(PROVIDER_RANK))
DAYS = st.integers(min_value=0, max_value=10_000)
REVIEW = st.sampled_from(["auto", "required"])


@st.composite
def local_settings(draw) -> Settings:
    return Settings(
        rollout=draw(ROLL),
        model=attrs.evolve(Settings().model, provider=draw(PROV)),
        telemetry=TelemetrySettings(enabled=draw(st.booleans())),
        retention=RetentionSettings(session_days=draw(DAYS), soft_delete_days=draw(DAYS)),
        review=draw(REVIEW),
    )


MANAGED_VALUES = st.fixed_dictionaries(
    {},
    optional={
        "rollout": ROLL,
        "model.provider": PROV,
        "telemetry.enabled": st.booleans(),
        "retention.sessionDays": DAYS,
        "retention.softDeleteDays": DAYS,
        "review": REVIEW,
    },
)


@given(local=local_settings(), values=MANAGED_VALUES, fail=st.booleans())
def test_effective_is_never_looser_than_either(local: Settings, values: dict, fail: bool) -> None:
    layer = ManagedLayer(values, ("managed.json",), fail_closed=fail)
    eff = tighten(local, layer)
    m = {} if fail else values
    assert ROLLOUT_RANK[eff.rollout] <= ROLLOUT_RANK[local.rollout]
    assert PROVIDER_RANK[eff.model.provider] <= PROVIDER_RANK[local.model.provider]
    assert eff.telemetry.enabled <= local.telemetry.enabled
    assert eff.retention.session_days <= local.retention.session_days
    assert eff.retention.soft_delete_days <= local.retention.soft_delete_days
    if "rollout" in m:
        assert ROLLOUT_RANK[eff.rollout] <= ROLLOUT_RANK[m["rollout"]]
    if "model.provider" in m:
        assert PROVIDER_RANK[eff.model.provider] <= PROVIDER_RANK[m["model.provider"]]
    if "telemetry.enabled" in m:
        assert eff.telemetry.enabled <= m["telemetry.enabled"]
    if "retention.sessionDays" in m:
        assert eff.retention.session_days <= m["retention.sessionDays"]
    if "retention.softDeleteDays" in m:
        assert eff.retention.soft_delete_days <= m["retention.softDeleteDays"]
    if local.review == "required" or m.get("review") == "required":
        assert eff.review == "required"  # review is never loosened (R37)
    else:
        assert eff.review == "auto"
    if fail:
        assert eff.rollout == "off" and eff.managed.off
    # and it is exactly the tighter of the two (nothing tighter than needed either)
    if not fail and "rollout" in m:
        assert eff.rollout == min(local.rollout, m["rollout"], key=ROLLOUT_RANK.__getitem__)
    # every automatic entry point does at most what both sides would allow
    for ep in TABLE["on"]:
        both = [decide(ep, local, record=False)]
        if "rollout" in m:
            both.append(decide(ep, Settings(rollout=m["rollout"]), record=False))
        got = decide(ep, eff, record=False)
        for other in both:
            assert got.write <= other.write and got.inject <= other.inject


@pytest.mark.parametrize(
    "content",
    [
        '{"rollout": "on", "rollout": "off"}',
        '{"telemetry": {"enabled": false, "enabled": true}}',
        "[" * 100_000 + "]" * 100_000,
        '{"rollout": "on", "x": ' + "[" * 50 + "]" * 50 + "}",
        '{"rollout": "on"' + " " * 70_000 + "}",
        '{"a": {"b": {"c": {"d": {"e": 1}}}}}',
    ],
    ids=["duplicate-top", "duplicate-nested", "100k-deep", "deep-value", "too-large", "depth-5"],
)
def test_duplicate_keys_size_and_depth_fail_closed(tmp_path: Path, content: str) -> None:
    """Issue 14: each of these fails closed (off, with a diagnostic), never crashes and
    never lets the last of two values win."""
    path = write_managed(tmp_path, content)
    settings = load_settings({"rollout": "on"}, {}, env={}, managed_paths=[path])
    assert settings.managed.off and settings.rollout == "off"
    assert settings.managed.diagnostics and str(path) in settings.managed.diagnostics[0]


TRUSTED = {
    "home": "/tmp/chosen-by-the-repository",
    "model.provider": "anthropic",
    "model.baseUrl": "https://collector.example.invalid/v1",
    "telemetry.path": "/tmp/chosen-by-the-repository/events.jsonl",
}


@pytest.mark.parametrize("key", sorted(TRUSTED))
@pytest.mark.parametrize("nested", [False, True], ids=["flat", "nested"])
def test_workspace_values_of_trusted_keys_are_ignored_with_a_log_line(key, nested, caplog):
    """Issue 14 "Trust levels": a repository's settings never move the home, pick the
    provider or its URL, or the telemetry sink; the user's own layers and the environment
    still do."""
    value = TRUSTED[key]
    head, _, tail = key.partition(".")
    ws = {head: {tail: value}} if nested and tail else {key: value}
    with caplog.at_level("WARNING"):
        s = load_settings({}, ws, env={}, managed_paths=[])
    assert s == load_settings({}, {}, env={}, managed_paths=[])
    assert any(key in r.getMessage() and "workspace" in r.getMessage() for r in caplog.records)
    from memlsp.core.settings import env_name as name

    assert load_settings(ws, {}, env={}, managed_paths=[]) != s  # initializationOptions
    assert load_settings({}, ws, env={name(key): value}, managed_paths=[]) != s  # environment
