"""Is a chat message a general knowledge question? A cue for recall's gate (issue 18).

A memory's notes govern work in *this* project: "pnpm only here", "schema changes need a
DBA review", "the partner API v1 is turned off on 2026-03-31". A question about how a tool
works in general — "how does pnpm lay out node_modules?", "route 53 alias vs CNAME?", "is an
A100 faster than an H100?" — shares the tool's name with such a note and scores like a match,
yet no project rule answers it. Measured on the small-memory set, the near-miss negatives
that reached the prompt were almost all of this form; the positives of this form are
explanation requests in an area the user's profile note covers, or questions about the
project itself ("what's *our* SLO…").

"How do I …" is read by its object: "how do I pin *a* GitHub action to a commit" asks for
general know-how, "how do I install *the* deps" asks about something in this repository
(the definite article points at the user's context).

So the gate asks more of a note when the message has the form of a general knowledge
question (``RecallParams.knowledge_margin``), unless the best note is a user-profile note
(those govern explanations) or the message speaks of the project or points at something
in it ("we", "our", "my", "this", "those", 我们, 这个…). It is a form test on wording, not a list of example prompts: the patterns are
the question shapes of textbook and comparison questions in English and Chinese ("does … work
…", "is … really …", "when would I pick …", 是怎么实现的, 有什么用, 一样吗), also after a short
topic ("go: why does …"), and the asks of a learner ("what exactly is *a* …", "… in simple
terms", "which book is best to start with"). "does *the* … work", "is *the* … really …" stay
project questions (the definite article again: "is the cache actually cleared on deploy?").

Stdlib only. Must not import model runtimes, sqlite3, pygls, lsprotocol or a CLI.
"""

from __future__ import annotations

import re

__all__ = ["is_knowledge_question"]

_KNOWLEDGE = re.compile(
    r"""(?ix)
    ^\s*(?:
        what\s+(?:is|are|was|were|does|do)\b
      | what\s+exactly\s+(?:is|are)\s+(?:a|an)\b
      | what'?s\s+(?:a|an|the)\b
      | how\s+(?:does|do|did|is|are)\s+(?!i\b|we\b)
      | how\s+(?:big|many|much|long|fast|old|large|small)\s+(?:is|are|does|do)\b
      | how\s+(?:do|can|would|should)\s+(?:i|you|one)\s+\w+\s+(?:a|an|any)\s
      | why\s+(?:is|are|does|do)\s+(?!we\b|our\b)
      | explain\b | define\b | tell\s+me\b | translate\b | convert\b | recommend\b
      | suggest\s+(?:a|some)\b
      | write\s+(?:a|an|me\s+a)\s+(?:poem|haiku|limerick|joke|story|song|sonnet|riddle)
      | is\s+\S+(?:\s+\S+){0,3}\s+(?:better|faster|slower|worse|deep|shallow|cheaper|safer)\b
      | does\s+\S+(?:\s+\S+)?\s+(?:have|support)\b
      | does\s+(?!the\b)\S+(?:\s+\S+){0,3}\s+(?:work|do|actually|really)\b
      | is\s+(?!the\b)\S+(?:\s+\S+){0,5}\s+(?:really|actually)\b
      | when\s+(?:would|should|do)\s+(?:i|you|one)\s+(?:pick|use|choose)\b
      | which\s+(?:is|one\s+is)\s+(?:better|faster)
      | is\s+there\s+(?:a|an|any)\b
      | any\s+good\b
    )
    | \b(?:difference\s+between|differ\s+from|vs\.?|versus|equivalent\s+of
         |in\s+(?:plain|simple)\s+(?:words|terms|english)|in\s+a\s+nutshell
         |in\s+one\s+paragraph|quick\s+example|time\s+complexity|big-o
         |best\s+(?:\w+\s+)?to\s+start\s+with)\b
    """
)
_KNOWLEDGE_ZH = re.compile(
    r"什么是|是什么|有什么区别|的区别|区别是|怎么理解|推荐|讲个|翻译|是怎么来的|什么意思"
    # how does it work / what is it for / are they the same — Chinese shapes of the English
    # "how does … work", "what is … for", "… vs …" (no 为什么: "why" asks about the project
    # as often as about the world, 发票编号为什么要在定稿时才分配)
    r"|是怎么(?:实现|工作|做到)|怎么实现的|原理|有什么用|是干嘛的|干什么用|用在哪"
    r"|有什么不同|有何不同|一样吗|本质上"
)
_PROJECT = re.compile(
    r"(?i)\b(?:we|we're|we'll|our|ours|us|my|mine|this|these|those|here|the\s+team)\b"
)
_PROJECT_ZH = re.compile(r"我们|咱们|我的|项目|这个|这些|仓库|团队")


#: A short topic put before the question: "haskell: why does foldl …", "go: …".
_TOPIC = re.compile(r"^[\w.+#\- ]{1,24}:\s+")


def is_knowledge_question(message: str) -> bool:
    """True when ``message`` reads as a general knowledge, comparison or creative request
    and does not speak of the project (see the module docstring)."""
    text = message.strip()[:2000]
    if _PROJECT.search(text) or _PROJECT_ZH.search(text):
        return False
    question = _TOPIC.sub("", text, count=1)
    return bool(_KNOWLEDGE.search(question) or _KNOWLEDGE_ZH.search(question))
