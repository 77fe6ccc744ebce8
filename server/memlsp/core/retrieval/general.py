"""The "general request" prototypes: messages that memory almost never governs (R16 gate).

Owns: :data:`GENERAL_REQUESTS` and :func:`general_matrix`, their embeddings (computed once
per process and embedder, on first use).

Why: a chat message such as "thanks!", "what's the capital of Peru?" or "explain recursion"
still has a nearest note, and with a paraphrase-capable embedder that note can score as high
as a real paraphrase of a note does — an absolute threshold alone cannot tell them apart
(measured on the dev set: every threshold that keeps 80% of negatives silent loses 5–8
recall@5 points). So the message is also compared with these prototypes of requests that
need no memory — small talk, thanks and farewells, trivia, arithmetic and unit conversion,
translation, creative writing, textbook programming questions, edits of the code at hand,
everyday advice — in English and Chinese. When the nearest prototype is closer to the message
than the best note by more than ``RecallParams.general_margin``, recall stays silent
(:func:`memlsp.core.retrieval.hybrid.select`). A note that really governs the message still
wins: the margin asks for the prototype to be *clearly* closer.

The list describes kinds of requests, written for this purpose; it is not taken from any
evaluation set. Pure data plus numpy; must not import pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import hashlib
import io
import logging
import threading
from pathlib import Path

import numpy as np

from ..fsutil import atomic_write

__all__ = ["GENERAL_REQUESTS", "general_matrix"]

log = logging.getLogger(__name__)

GENERAL_REQUESTS: tuple[str, ...] = (
    "Hi there!",
    "Hello, how are you doing today?",
    "Good evening.",
    "Thanks a lot, that helps.",
    "Cheers, bye for now.",
    "Okay, see you tomorrow.",
    "Nice, that worked.",
    "haha that's funny",
    "Sorry, never mind.",
    "What day of the week is it today?",
    "What time is it in Tokyo right now?",
    "Will it rain tomorrow in London?",
    "Tell me a fun fact about octopuses.",
    "Write a short poem about autumn.",
    "Write a sonnet about debugging.",
    "Tell me a pun about databases.",
    "Make up a riddle about clocks.",
    "Who wrote Pride and Prejudice?",
    "What's the tallest mountain in Africa?",
    "When did the Berlin Wall fall?",
    "What is the population of Canada?",
    "Give me the plot of The Hobbit in a few sentences.",
    "What is 17 times 23?",
    "Convert 30 degrees Celsius to Fahrenheit.",
    "How many seconds are there in a week?",
    "What is the square root of 1024?",
    "How many kilobytes are in a megabyte?",
    "What's the French word for keyboard?",
    "How do you say good luck in Japanese?",
    "Translate this sentence into Italian.",
    "What does the acronym REST stand for?",
    "What's the difference between a process and a thread?",
    "Explain recursion to a beginner.",
    "What is a hash map and how does it work?",
    "Explain how binary search works.",
    "What's the average time complexity of merge sort?",
    "What is dependency injection, briefly?",
    "What does HTTP status code 503 mean?",
    "What's the default port for PostgreSQL?",
    "What is the difference between TCP and UDP?",
    "Explain closures in Python.",
    "What are generics in Java?",
    "What's the difference between an abstract class and an interface?",
    "Does Rust have a garbage collector?",
    "What's new in Python 3.13?",
    "Compare React and Angular briefly.",
    "What is the CAP theorem?",
    "How does a Bloom filter work?",
    "Explain eventual consistency in simple terms.",
    "Format this SQL query nicely.",
    "Convert this CSV snippet to JSON.",
    "Add type hints to this function.",
    "Fix the indentation in this snippet.",
    "Rename this parameter to something clearer.",
    "Write a regular expression that matches an email address.",
    "Recommend a good book on software architecture.",
    "Suggest a YouTube channel about machine learning.",
    "Which laptop is best for programming?",
    "Recommend some noise-cancelling headphones.",
    "What should I cook for dinner tonight?",
    "How do I care for a cactus?",
    "Suggest a name for my cat.",
    "How long should I boil an egg?",
    "What's a good stretch for back pain after sitting all day?",
    "Where should I travel for a weekend in spring?",
    "你好呀",
    "早上好！",
    "谢谢你的帮助。",
    "好的，明天见。",
    "哈哈，太好笑了",
    "今天星期几？",
    "上海明天会下雨吗？",
    "给我写一首关于秋天的诗。",
    "讲一个关于数据库的笑话。",
    "中国最长的河是哪条？",
    "一年有多少秒？",
    "“算法”这个词的英文是什么？",
    "解释一下什么是递归。",
    "进程和线程有什么区别？",
    "推荐一本关于机器学习的书。",
    "晚饭做什么好呢？",
    "周末去哪里玩比较好？",
)

_CACHE: dict[str, np.ndarray] = {}
_LOCK = threading.Lock()


def _disk_path(model_id: str) -> Path:
    from .use_cache import cache_root

    digest = hashlib.sha256("\n".join((model_id, *GENERAL_REQUESTS)).encode()).hexdigest()
    return cache_root() / f"general-{digest[:16]}.npy"


def _load(path: Path, shape: tuple[int, int]) -> np.ndarray | None:
    try:
        rows = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    return rows if rows.shape == shape and rows.dtype == np.float32 else None


def _save(path: Path, rows: np.ndarray) -> None:
    buf = io.BytesIO()
    np.save(buf, rows)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, buf.getvalue(), durable=False)
    except OSError as exc:  # a read-only cache only costs the next process ~0.2 s
        log.info("general-request vectors not cached (%s)", exc)


def general_matrix(embedder) -> np.ndarray | None:
    """The prototypes embedded by ``embedder`` (rows as it stores notes), or ``None`` when
    the embedder does not opt in (``general_gate``: a bag-of-words test embedder has no
    notion of "what kind of request").

    Embedding them costs ~0.2 s, so the rows are kept per process and in the model cache
    folder, keyed by the embedder's ``model_id`` (which model files it runs) and the list's
    text: a new model or a changed list embeds them again."""
    if not getattr(embedder, "general_gate", False):
        return None
    model_id = str(getattr(embedder, "model_id", embedder.name))
    with _LOCK:
        rows = _CACHE.get(model_id)
        if rows is not None:
            return rows
        path = _disk_path(model_id)
        rows = _load(path, (len(GENERAL_REQUESTS), embedder.dim))
        if rows is None:
            rows = np.asarray(embedder.embed(list(GENERAL_REQUESTS)), dtype=np.float32)
            _save(path, rows)
        _CACHE[model_id] = rows
        return rows
