"""Offline extraction (SPEC R7–R11): rule-based recognition, in English and Chinese, of
corrections, approvals, roles, deadlines and freezes, decisions and ownership, external
references and forget requests — and silence on chatter.

A user message is split into sentences; questions, fillers and refused sentences (the
write policy, :func:`memlsp.core.policy.check_candidate`) are dropped; consecutive
sentences of one type form one candidate note, described and written through
check-before-write (:mod:`.write`). A forget request goes to :mod:`.chat_forget`.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from .. import heuristics as h
from ..notes import NOTE_SIZE_LIMIT, Note, cut, slugify
from ..policy import check_candidate, poisoning
from ..policy.secrets import find_secrets
from ..policy.untrusted import dangerous_action, split_pasted
from ..store import Scope
from ..text import STOPWORDS
from .chat_forget import forget_in_chat
from .context import Ctx, Message, Refusal
from .pasted import keep_pasted
from .write import write_checked

_LEAD = re.compile(
    r"^(?:(?:ok(?:ay)?|sure|right|fair|fine|good|great|yes|yeah|yep|exactly|perfect|nice|"
    r"excellent|cool|hmm+|wait|and|also|but|so|no|nope|quick context|update|heads[- ]up|"
    r"change of plans?|new rule|correction|actually)"
    r"\b\s*[,.!:—–\-]+\s*)+",
    re.I,
)
_ZH_LEAD = re.compile(r"^(?:好|对|嗯|行|另外|顺便|等一下|等等)[，,！!。：:\s]*")


_CHATTER = re.compile(
    r"^(?:(?:hey|hi|hello|yo|ok(?:ay)?|so|um+|quick one|quick question)\b[\s,!.:—–-]*)*"
    r"(?:(?:can|could|would) you (?:please )?(?:help me |quickly )?|please |help me |"
    r"i (?:need|want) (?:you )?to )?",
    re.I,
)
# A note body leaves room for its frontmatter within the size a note should have.
BODY_BUDGET = NOTE_SIZE_LIMIT - 1024


def _clean_statement(text: str) -> str:
    text = h.strip_cues(text)
    text = _LEAD.sub("", text).strip()
    text = _ZH_LEAD.sub("", text).strip()
    # what a stripped cue leaves behind: "交给她， 。" → "交给她。"
    text = re.sub(r"[，,、\s]+([。.!！?？])", r"\1", text)
    text = re.sub(r"([。！？])\s+(?=[\u3400-\u9fff])", r"\1", text)
    return text[:1].upper() + text[1:] if text and text[0].isascii() else text


def extract_offline(ctx: Ctx, msgs: list[Message]) -> None:
    """Each user message of the turn's last run of consecutive user messages is its own
    input: two messages in a row never merge into one note, and neither is the other's
    context. The context of a correction is the request before the assistant's previous
    reply (when it was a request, not a statement of fact)."""
    users = [i for i, m in enumerate(msgs) if m.role == "user"]
    first = last = users[-1]
    while first > 0 and msgs[first - 1].role == "user":
        first -= 1
    prev_at = next((i for i in range(first - 1, -1, -1) if msgs[i].role == "assistant"), -1)
    prev_assistant = msgs[prev_at].content if prev_at >= 0 else ""
    prev_user = next((m.content for m in reversed(msgs[: max(prev_at, 0)]) if m.role == "user"), "")
    if prev_user and not _asks(prev_user):
        prev_user = ""  # a statement of fact is not the situation of the next message
    reply = next((m.content for m in msgs[last + 1 :] if m.role == "assistant"), "")
    skipped: list[str] = []
    for i in range(first, last + 1):
        before = (len(ctx.result.written), len(ctx.result.updated), len(ctx.result.deleted))
        ctx.result.skipped = None
        _extract_message(ctx, msgs[i].content, prev_assistant, prev_user, reply)
        after = (len(ctx.result.written), len(ctx.result.updated), len(ctx.result.deleted))
        if after == before and ctx.result.skipped:
            skipped.append(ctx.result.skipped)
    wrote = ctx.result.written or ctx.result.updated or ctx.result.deleted
    ctx.result.skipped = None if wrote or not skipped else skipped[-1]


def _asks(text: str) -> bool:
    return any(h.is_request(s) or h.is_question(s) for s in h.sentences(text))


def _extract_message(
    ctx: Ctx, content: str, prev_assistant: str, prev_user: str, reply: str
) -> None:
    result = ctx.result
    text = content.strip()
    poison = poisoning.inspect(text, source="user")
    if poison is not None and poison.category == "hidden-characters":
        result.refused.append(Refusal(f"refused-poisoning:{poison.category}", poison.category))
        return
    target = h.forget_target(text)
    if target:
        forget_in_chat(ctx, target)
        return
    # Pasted content (fenced or quoted blocks, a long paste, role markers, markup) is data,
    # never a rule: it is kept only as an untrusted quote when the user asks (issue 14).
    text, pasted = split_pasted(text)
    if pasted:
        keep_pasted(
            ctx, pasted, wanted=bool(h.CUE.search(text)) or bool(h.CUE.search(pasted[0][:80]))
        )
        # "Remember what the page says:" only introduces the paste.
        text = re.sub(r"(?m)^[^\n]*[:：]\s*$", "", text).strip()
        if not text or h.units(text) < 3:
            result.skipped = result.skipped or "untrusted-paste"
            return
    if h.is_filler(text):
        result.skipped = "chatter"
        return
    kept: list[str] = []
    statements: list[str] = []
    excluded_request = False
    # Secrets are found in the whole message first: a key block or a multi-line paste
    # must not survive as separate statements once the text is split (issue 14).
    text = _mask_secrets(text)
    for sentence in h.sentences(text):
        if SECRET_MARK in sentence:
            # The secret's sentence is dropped; the message's other sentences (where the
            # credentials live, what they are for) are still worth keeping.
            result.refused.append(Refusal("refused-secret", "secret"))
            continue
        if h.is_question(sentence) or h.is_filler(sentence):
            continue
        verdict = check_candidate(sentence, source="user", now=ctx.now, repo_root=ctx.repo_root)
        if not verdict.ok:
            result.refused.append(Refusal(verdict.reason, verdict.category))
            # "Remember X" where X is excluded: the request itself is refused (R8).
            excluded_request = excluded_request or bool(h.CUE.search(sentence))
            continue
        if h.CUE.search(sentence) and (
            h.units(_clean_statement(sentence)) < 3 or _POINTER.search(sentence)
        ):
            # "Remember this." / "记住这个修法。" only points at another sentence.
            excluded_request = excluded_request or bool(result.refused)
            continue
        kept.append(verdict.cleaned_text)
        if not h.is_request(sentence) or h.CUE.search(sentence):
            statements.append(verdict.cleaned_text)
    if excluded_request:
        result.skipped = "refused"
        return
    if not statements:
        result.skipped = result.skipped or ("refused" if result.refused else "no-signal")
        return
    groups = _group(kept, statements, prev_assistant, ctx.now.date())
    if not groups:
        result.skipped = "no-signal"
        return
    turn_context = _TurnContext(
        situation=_safe_gist(ctx, prev_user, "user", 160) if prev_user else "",
        reply=_safe_gist(ctx, reply, "assistant", 240) if reply else "",
    )
    for type_, group_kept, group_statements in groups:
        _write_group(ctx, type_, group_kept, group_statements, prev_assistant, turn_context)


SECRET_MARK = "[secret withheld]"
# "Remember what the page says": a pointer at content from a tool, a page or a paste —
# which is data, not the user's words (issue 14).
_POINTER = re.compile(
    r"\b(?:what|everything|all) (?:the|that|this|it) ?(?:page|doc|docs|document|article|site|"
    r"website|output|tool|file|email|message|result|readme|wiki)? ?(?:says|said|shows|showed|"
    r"contains|lists|tells)\b|(?:页面|文档|网页|文章|输出|邮件|结果|工具)(?:上|里|中)?(?:说的|写的|的内容|提到的)",
    re.I,
)


def _mask_secrets(text: str) -> str:
    """``text`` with every secret span (found in the whole message) replaced by
    :data:`SECRET_MARK`; the sentence holding it is then refused, the rest kept."""
    found = find_secrets(text)
    if not found:
        return text
    out, pos = [], 0
    for f in found:
        end = f.end
        while end - f.start > 1 and text[end - 1] in ".,;!?。，；":
            end -= 1  # a sentence's full stop is not part of the key: keep the split
        out.append(text[pos : f.start])
        out.append(SECRET_MARK)
        pos = end
    out.append(text[pos:])
    return "".join(out)


@dataclass
class _TurnContext:
    """What surrounds the statement: the request the user had made before it (the
    situation a correction or approval applies to — the words a later, similar request
    will share) and the assistant's reply to it (how it said it would adapt)."""

    situation: str = ""
    reply: str = ""


def _safe_gist(ctx: Ctx, text: str, source: str, limit: int) -> str:
    if h.is_filler(text) or h.forget_target(text):
        return ""
    # greetings and thanks around a request are chatter, not the situation
    text = " ".join(s for s in h.sentences(text) if not h.is_filler(s)) or text
    text = _CHATTER.sub("", text).strip() or text
    verdict = check_candidate(text, source=source, now=ctx.now)
    if not verdict.ok:
        ctx.result.refused.append(Refusal(verdict.reason, verdict.category, f"{source}-context"))
        return ""
    return _gist(verdict.cleaned_text, limit)


def _group(
    kept: list[str], statements: list[str], prev_assistant: str, today: dt.date | None = None
) -> list[tuple[str, list[str], list[str]]]:
    """Split a message into one candidate per idea: consecutive sentences of the same type
    form a note; a sentence without a signal of its own belongs to the one before it. Two
    sentences that each carry a signal but share no content word are two facts (not so in
    a correction, whose second half is usually the replacement or the reason)."""
    groups: list[list[Any]] = []  # [type, kept sentences, statement sentences]
    for sentence in kept:
        is_statement = sentence in statements
        type_ = None
        if is_statement:
            type_ = h.choose_type(
                h.signals(sentence, previous_assistant=prev_assistant, today=today)
            )
        if (
            groups
            and type_ in ("project", "reference", "user")  # a correction keeps its "instead"
            and type_ == groups[-1][0]
            and groups[-1][2]
            and not groups[-1][2][-1].rstrip().endswith((";", "；"))
            and not h.content_tokens(sentence) & h.content_tokens(" ".join(groups[-1][2]))
        ):
            groups.append([type_, [], []])  # another fact of the same kind
        elif groups and (type_ is None or type_ == groups[-1][0] or groups[-1][0] is None):
            if groups[-1][0] is None:
                groups[-1][0] = type_
        else:
            groups.append([type_, [], []])
        groups[-1][1].append(sentence)
        if is_statement:
            groups[-1][2].append(sentence)
    out = []
    for type_, group_kept, group_statements in groups:
        if type_ is None:
            joined = " ".join(group_statements)
            type_ = h.choose_type(h.signals(joined, previous_assistant=prev_assistant, today=today))
        if type_ is not None and group_statements and h.units(" ".join(group_statements)) >= 3:
            out.append((type_, group_kept, group_statements))
    return out


def _write_group(
    ctx: Ctx,
    type_: str,
    kept: list[str],
    statements: list[str],
    prev_assistant: str,
    turn_context: _TurnContext | None = None,
) -> None:
    turn_context = turn_context or _TurnContext()
    result = ctx.result
    joined = " ".join(statements)
    sig = h.signals(joined, previous_assistant=prev_assistant)
    if type_ != "feedback":
        # A task request next to a fact ("…, now list the fields") is not part of it;
        # in a correction the instruction usually is ("Run the tests against X.").
        kept = [k for k in kept if k in statements]
    body_core = fit_bytes(_clean_statement(" ".join(kept)), BODY_BUDGET - 100)
    if h.units(body_core) < 3:
        return
    context = ""
    if sig.approval and prev_assistant and dangerous_action(prev_assistant):
        # Approving a proposal that downloads and runs code, disables a check or sends
        # data out never makes it a rule (issue 14).
        result.refused.append(Refusal("refused-poisoning:dangerous-approval", "dangerous-action"))
        return
    if type_ == "feedback" and sig.approval and prev_assistant:
        verdict = check_candidate(prev_assistant, source="assistant", now=ctx.now)
        if verdict.ok:
            context = _gist(verdict.cleaned_text, 300)
        else:
            result.refused.append(Refusal(verdict.reason, verdict.category, "assistant-context"))
    zh = h.is_chinese(body_core)
    # The situation is the request the assistant answered (only a request: a statement of
    # fact before it is never the context of a correction or an approval).
    situation = turn_context.situation if type_ == "feedback" else ""
    description = _description(type_, body_core, sig, context, zh, situation)
    body = _body(type_, body_core, sig, context, zh, ctx, situation, turn_context.reply)
    if len(body.encode()) > BODY_BUDGET:  # the statement first: its surroundings give way
        body = _body(type_, body_core, sig, "", zh, ctx)
    final = check_candidate(f"{description}\n{body}", source="user", check_exclusions=False)
    if not final.ok:  # defence in depth: the assembled note must pass too
        result.refused.append(Refusal(final.reason, final.category))
        return
    scope = _choose_scope(ctx, type_, sig)
    note = Note(
        name=_name(body_core),
        description=description,
        type=type_,
        body=body,
        meta=ctx.provenance(),
    )
    write_checked(ctx, scope, note, joined, supersede=sig.supersede)


def fit_bytes(text: str, limit: int) -> str:
    """``text`` cut (at a space when there is one) to at most ``limit`` UTF-8 bytes."""
    data = text.encode()
    if len(data) <= limit:
        return text
    head = data[: limit - 4].decode("utf-8", "ignore")
    space = head.rfind(" ")
    return (head[:space] if space > len(head) // 2 else head).rstrip() + " …"


def _gist(text: str, limit: int) -> str:
    first = h.sentences(text)
    gist = " ".join(first[:2]) if first else text
    return cut(gist, limit)


def _description(
    type_: str, core: str, sig: h.Signals, context: str, zh: bool, situation: str = ""
) -> str:
    if type_ == "user":
        return cut(("用户背景：" if zh else "User role/expertise: ") + core, 150)
    if type_ == "feedback" and situation:
        # The rule first, then the situation it applies to: a later request like it
        # shares its words, and recall selects on this line.
        room = 150 - len(core) - 8
        if room >= 24:
            head = cut(situation, room).rstrip("。.!！ ")
            return cut(f"{core}（场合：{head}）" if zh else f"{core} (when: {head})", 150)
        return cut(core, 150)
    if type_ == "feedback" and sig.approval and context:
        joiner = "（认可的做法：" if zh else " — approved: "
        tail = "）" if zh else ""
        room = 150 - len(core) - len(joiner) - len(tail)
        if room >= 30:
            return cut(core + joiner + cut(context, room) + tail, 150)
        return cut(("认可：" if zh else "Approved: ") + core, 150)
    return cut(core, 150)


def _body(
    type_: str,
    core: str,
    sig: h.Signals,
    context: str,
    zh: bool,
    ctx: Ctx,
    situation: str = "",
    reply: str = "",
) -> str:
    parts = [core]
    if situation:
        parts.append(("当时用户的请求：" if zh else "Situation (the user had asked): ") + situation)
    if type_ == "user" and reply:
        parts.append(("助手的回应：" if zh else "How the assistant said it would adapt: ") + reply)
    if context:
        parts.append(
            (
                "用户认可的是助手的这个做法："
                if zh
                else "What the user approved (the agent's reply): "
            )
            + context
        )
    day = ctx.now.date().isoformat()
    parts.append(f"（{day} 对话中提到。）" if zh else f"(Said in a chat on {day}.)")
    return "\n\n".join(parts)


def _name(core: str) -> str:
    if h.is_chinese(core):
        chars = re.sub(r"[^\w]+", "", re.sub(r"[A-Za-z0-9_]+", " ", core)).strip()
        latin = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", core)][:2]
        stem = "-".join([*latin, chars[:14]]) if chars else "-".join(latin)
    else:
        words = [
            w.lower()
            for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9+#]*", core.replace("'", ""))
            if w.lower() not in STOPWORDS and len(w) > 1
        ]
        stem = "-".join(words[:6])
    return slugify(stem, max_len=60) or "note"


def _choose_scope(ctx: Ctx, type_: str, sig: h.Signals) -> Scope:
    """Personal facts and presentation preferences are global; the rest is the project's."""
    if sig.project_marker:
        return ctx.scope
    if type_ == "user":
        return ctx.global_scope
    if type_ == "feedback" and sig.personal:
        return ctx.global_scope
    return ctx.scope
