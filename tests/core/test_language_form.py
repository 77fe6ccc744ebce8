"""Issue 18: a coding task or question in a programming language no note mentions is general
programming: a note is injected for it only when it holds a real share of the message's words
(R16). Notes and messages here were written for this test."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.recall import Recaller
from memlsp.core.retrieval.doc import facets
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.language_form import languages_in, languages_named
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.retrieval.vectors import NoteVectors
from memlsp.core.store import Scope, Store

from tests.core.notekit import NoteSpec, project_memory

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
WRITTEN = NOW - dt.timedelta(days=29)
RULE_OFF = RecallParams(foreign_language_coverage=None)


@pytest.mark.parametrize(
    ("message", "named"),
    [
        ("write a haskell function that splits a list into chunks", {"haskell"}),
        ("what is the K2 compiler in Kotlin 2.0 about?", {"kotlin"}),
        ("Scala 的隐式转换为什么老被吐槽", {"scala"}),
        ("turn this into a C++ class", {"cpp"}),
        ("use C# records here", {"csharp"}),
        ("why does Go panic on a nil map", {"go"}),
        ("zig comptime vs c++ templates", {"zig", "cpp"}),
        ("objective-c bridging header", {"objective-c"}),
        ("write a C function that counts set bits", {"c"}),
        ("reverse a linked list in C, iteratively", {"c"}),
        ("C 语言里 static 局部变量和全局变量有什么区别", {"c"}),
    ],
)
def test_a_message_names_a_language(message: str, named: set[str]) -> None:
    assert languages_named(message) == named


@pytest.mark.parametrize(
    "message",
    [
        "Go ahead and deploy it",  # "Go" first: the verb
        "make the swift path faster",  # an ordinary word in lower case
        "evaluate app.js and main.lua",  # inside words and file names
        "is plan C still on the table",  # C only where it can be nothing else
        "vitamin C or zinc for a cold?",
        "rename the variables in this function",
        "",
    ],
)
def test_words_that_only_look_like_languages_are_not_read(message: str) -> None:
    assert languages_named(message) == frozenset()


def test_a_note_counts_as_naming_a_language_generously() -> None:
    text = "Pages must work without JavaScript; we go live on Monday and build with rustc"
    assert languages_in(text) == {"javascript", "go", "rust"}
    assert languages_in("The firmware is written in C and cross-compiled") == {"c"}


BILLING_WORKER = (
    "billing-worker-errors",
    "project",
    "The billing worker is written in Go; errors are wrapped with %w and logged once",
    "Do not log and return the same error; the HTTP handler logs it with the request id.",
)
USER_BACKEND = (
    "user-backend",
    "user",
    "User is a backend developer at home in Go and TypeScript",
    "Explain frontend and CSS topics with a short example; skip Go basics.",
)
INVOICE_EXPORTER = (
    "invoice-exporter",
    "project",
    "The invoice exporter runs nightly at 02:00 and writes CSV files to the finance bucket",
    "Finance reads them at 07:00; a failed run pages the billing on-call.",
)


def _memory(store: Store, extra: list[NoteSpec] = ()) -> Scope:
    notes = [
        (
            "naming-plain-english",
            "feedback",
            "Identifiers are plain English words, never abbreviations or transliterations",
            "Reviewers reject names like usrCnt or yonghu; spell it out: userCount.",
        ),
        BILLING_WORKER,
        (
            "small-prs",
            "feedback",
            "Keep pull requests under 400 changed lines",
            "Split refactors from behaviour changes; reviewers may send back larger ones.",
        ),
        USER_BACKEND,
        INVOICE_EXPORTER,
        *extra,
    ]
    return project_memory(store, "billing", notes, now=WRITTEN)


def _names(recaller: Recaller, message: str, session: str) -> list[str]:
    return [m.name for m in recaller.recall(session, message, now=NOW, record=False).memories]


FOREIGN = ["kotlin extension that title-cases every word", "scala 的隐式转换为什么老被吐槽"]


def test_work_in_a_language_no_note_names_injects_nothing(store: Store) -> None:
    scope = _memory(store)
    before = Recaller(store, scope, rescan_s=0, params=RULE_OFF)
    after = Recaller(store, scope, rescan_s=0)
    for i, message in enumerate(FOREIGN):
        assert _names(before, message, f"b{i}"), f"without the rule {message!r} injects notes"
        assert _names(after, message, f"a{i}") == []


def test_without_keyword_coverage_the_rule_stands_aside(store: Store) -> None:
    # recall.keywordCoverage 0 computes no coverage: the rule has nothing to test, so it
    # must not read every hit as holding none of the message's words
    scope = _memory(store)
    no_coverage = RecallParams(keyword_coverage=0.0)
    off = RecallParams(keyword_coverage=0.0, foreign_language_coverage=None)
    message = "port the invoice exporter to kotlin"
    got = _names(Recaller(store, scope, rescan_s=0, params=no_coverage), message, "c")
    assert got and got == _names(Recaller(store, scope, rescan_s=0, params=off), message, "o")


def test_a_note_holding_the_message_s_words_still_comes(store: Store) -> None:
    scope = _memory(store)
    got = _names(Recaller(store, scope, rescan_s=0), "port the invoice exporter to kotlin", "p")
    assert got[:1] == ["invoice-exporter"]
    assert "billing-worker-errors" not in got  # holds none of the message's words


def test_a_language_the_memory_names_is_left_alone(store: Store) -> None:
    android = (
        "android-app",
        "project",
        "The Android companion app is written in Kotlin with Jetpack Compose",
        "It shares the billing API client with the web app.",
    )
    scope = _memory(store, [android])
    before = Recaller(store, scope, rescan_s=0, params=RULE_OFF)
    after = Recaller(store, scope, rescan_s=0)
    message = FOREIGN[0]
    assert _names(after, message, "a") == _names(before, message, "b")


def test_rows_that_do_not_record_languages_turn_the_rule_off() -> None:
    assert facets({"scope": "project"})[3] is None  # written before languages were recorded
    assert facets({"languages": ["go"]})[3] == {"go"}
    vectors = NoteVectors(HashingEmbedder())
    vectors.facets = [facets({"languages": ["go"]}), facets({})]
    assert vectors.languages() is None  # unknown: any language may be mentioned
    vectors.facets = [facets({"languages": ["go"]}), facets({"languages": []})]
    assert vectors.languages() == {"go"}


def _ops_memory(store: Store) -> Scope:
    notes = [
        (
            "db-failover",
            "project",
            "The primary database fails over to the standby in the other zone within a minute",
            "Writes pause during the switch; the on-call checks replication lag afterwards.",
        ),
        (
            "login-sessions",
            "project",
            "Web login sessions last 14 days and slide on activity",
            "Mobile apps refresh their tokens every hour; support can end a session in admin.",
        ),
        INVOICE_EXPORTER,
        BILLING_WORKER,
        USER_BACKEND,
    ]
    return project_memory(store, "ops", notes, now=WRITTEN)


def test_a_knowledge_question_about_a_tool_no_note_names_injects_nothing(store: Store) -> None:
    # "how does redis sentinel elect a new master": general knowledge about a tool the notes
    # never name; the failover note only shares the topic
    scope = _ops_memory(store)
    message = "how does redis sentinel elect a new master during failover?"
    off = Recaller(store, scope, rescan_s=0, params=RecallParams(foreign_term_coverage=None))
    assert _names(off, message, "o") == ["db-failover"], "without the rule the note is injected"
    assert _names(Recaller(store, scope, rescan_s=0), message, "a") == []


def test_a_question_about_what_the_notes_name_is_left_alone(store: Store) -> None:
    scope = _ops_memory(store)
    recaller = Recaller(store, scope, rescan_s=0)
    assert _names(recaller, "how does the database failover work?", "a")[:1] == ["db-failover"]
    # a task naming a tool the notes do not is not a knowledge question: no bar
    got = _names(recaller, "add a redis cache in front of the invoice exporter", "b")
    assert "invoice-exporter" in got
