"""Issue 18: every injected note clears a floor that means something on its own, and the gate
asks more of a note when the message is a general knowledge question (R16)."""

from __future__ import annotations

import pytest
from memlsp.core.retrieval.hybrid import Hit, gate_for, select
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.retrieval.request_form import is_knowledge_question

P = RecallParams()


def _hit(key: str, score: float, **meta) -> Hit:
    return Hit(key=key, score=score, vector_sim=score, keyword_score=0.0, meta=meta)


@pytest.mark.parametrize(
    "message",
    [
        "how does the garbage collector in Go decide when to run?",
        "what's a monad, in one paragraph",
        "tabs vs spaces?",
        "difference between a mutex and a semaphore",
        "is quicksort faster than heapsort in practice?",
        "explain CRDTs to me",
        "does SQLite support window functions",
        "write a haiku about merge conflicts",
        "哈希表和红黑树有什么区别",
        "推荐一本讲操作系统的书",
        "Rust 的 trait object 是怎么实现的",
        "Redis 的 pipeline 有什么用",
        "Python 里 is 和 == 一样吗",
        "epoll 的原理",
        "rust: why does the borrow checker reject two mutable borrows",
        "does Python's GIL actually matter for asyncio code?",
        "is tail recursion really faster than a loop in Scheme",
        "when would you pick a B-tree over an LSM tree?",
        "what exactly is a bloom filter",
        "copy-on-write, in simple terms?",
        "which compilers book is best to start with?",
    ],
)
def test_knowledge_questions_are_recognised(message: str) -> None:
    assert is_knowledge_question(message)


@pytest.mark.parametrize(
    "message",
    [
        "add zod",
        "push it",
        "bump the api client to 2.3",
        "how does our release train work?",
        "what's the SLO we promised for search",
        "why does my build fail on the runner every monday",
        "how do those fixtures get loaded",
        "who approves schema changes here",
        "我们的发布流程是什么",
        "这个接口的超时是多少",
        "我们的部署脚本是干嘛的",
        "这个缓存层是怎么实现的",
        "发布单为什么要两个人批",
        "what's failing on main right now",
        "what's error code E42 in the vendor invoices export?",
        "ci: rerun the flaky job",
        "does the nightly export still work after my change?",
        "is the cache actually cleared on deploy?",
        "does the retry queue really drop jobs after an hour",
        "what exactly is the retry policy for webhooks?",
        "which runbook is best to start with here",
    ],
)
def test_tasks_and_project_questions_are_not(message: str) -> None:
    assert not is_knowledge_question(message)


def test_no_hit_below_the_floor_even_in_a_tiny_memory() -> None:
    # in a 3-note memory the size-aware gate is low; "gate - follow_margin" would go below 0
    gate = gate_for(P, first_turn=False, collection_size=3)
    assert gate - P.follow_margin < P.min_inject_score
    hits = [_hit("a", gate + 0.05), _hit("b", P.min_inject_score + 0.001), _hit("c", 0.03)]
    chosen = select(hits, None, P, collection_size=3)
    assert [h.key for h in chosen] == ["a", "b"]
    assert all(h.score >= P.min_inject_score for h in chosen)
    # a best hit under the floor injects nothing, whatever the gate says
    low = RecallParams(min_score=0.0, first_turn_min_score=0.0, gate_floor=0.0)
    assert select([_hit("z", P.min_inject_score / 2)], None, low, collection_size=3) == []


def test_a_knowledge_question_needs_more_unless_the_best_note_is_a_profile() -> None:
    gate = gate_for(P, first_turn=False, collection_size=400)
    score = gate + P.knowledge_margin / 2
    rule = [_hit("rule", score, type="feedback")]
    profile = [_hit("me", score, type="user")]
    assert select(rule, None, P, collection_size=400) != []
    assert select(rule, None, P, collection_size=400, knowledge=True) == []
    assert [h.key for h in select(profile, None, P, collection_size=400, knowledge=True)] == ["me"]


def test_chat_shorthand_also_searches_the_full_word() -> None:
    from memlsp.core.text import query_terms

    terms = query_terms("install the deps on prod")
    assert {"deps", "dependencies", "prod", "production"} <= set(terms)


def test_how_do_i_is_read_by_its_object() -> None:
    assert is_knowledge_question("how do I pin a github action to a commit sha")
    assert not is_knowledge_question("how do I install the deps?")
