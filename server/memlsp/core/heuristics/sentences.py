"""Sentence-level language heuristics of the write side (SPEC R11, R12, R23), EN and ZH.

Pure functions over text: sentence splitting, content size (:func:`units`), fillers
(greetings, thanks, acknowledgements, sign-offs) and R12's "substantive prompt" rule,
questions and task requests, explicit "remember this" cues, and forget requests. The
patterns are linguistic (how people phrase such things), never names or wording from any
data set.

Must not import the store, the models, or any adapter.
"""

from __future__ import annotations

import re

from ..text import han_count, is_chinese

# Split after a CJK terminator, or after . ! ? ; followed by whitespace — but not inside
# an ellipsis ("SELECT ... FOR UPDATE") or a dotted word (v1.2, foo.io).
_SENT_SPLIT = re.compile(r"(?<=[。！？；])\s*|(?<=[^.][.!?;])(?![.])\s+|\n+")


def sentences(text: str) -> list[str]:
    """Sentences (English and Chinese terminators); a dot inside a word (v1.2, foo.io)
    does not split."""
    parts: list[str] = []
    buf = ""
    for piece in _SENT_SPLIT.split(text.strip()):
        if not piece:
            continue
        buf = f"{buf} {piece}".strip() if buf else piece
        # keep "e.g." / "i.e." / "vs." joined to what follows
        if re.search(r"\b(?:e\.g|i\.e|vs|etc|approx|no)\.$", buf, re.I):
            continue
        parts.append(buf)
        buf = ""
    if buf:
        parts.append(buf)
    return [p.strip() for p in parts if p.strip()]


def units(text: str) -> float:
    """Content size: Latin words count 1, each CJK character 0.5."""
    latin = len(re.findall(r"[A-Za-z0-9][A-Za-z0-9'^+\-]*", text))
    cjk = han_count(text)
    return latin + cjk / 2


# ---- fillers: greetings, thanks, acknowledgements, sign-offs ------------------------------
_FILLER_EN = re.compile(
    r"^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|thanks?(?: you)?(?: so much| a lot)?|"
    r"thx|ty|cheers|ok(?:ay)?|k|sure|yes|yeah|yep|yup|no|nope|nah|right|fine|cool|great|good|nice|"
    r"perfect|awesome|excellent|lovely|sounds good|looks good|lgtm|got it|understood|"
    r"makes sense|i see|done|noted|agreed|correct|exactly|indeed|wow|lol|haha|hmm+|ah|oh|"
    r"ok(?:ay)? nvm|nvm|never ?mind|no worries|np|bye|see you(?: tomorrow| later)?|good night|"
    r"that'?s (?:it|all)(?: for (?:today|now))?|that'?s (?:great|good|fine|perfect)|"
    r"good enough(?: for now)?|ship it|go ahead|carry on|continue|all good|will do|"
    r"great,? thanks|ok(?:ay)?,? thanks|thanks again|much appreciated|appreciated|"
    r"(?:ok|okay|good|great|fine),? (?:that'?s it|done)|you'?re welcome|anytime)$",
    re.I,
)
_FILLER_ZH = re.compile(
    r"^(?:你好|您好|嗨|哈喽|早上好|晚上好|早|好|好的|好吧|好啊|好嘞|嗯|嗯嗯|哦|噢|行|行吧|可以|可以的|"
    r"对|对的|是的|没错|谢谢|谢谢你|多谢|感谢|辛苦了|不错|很好|挺好|好滴|收到|明白|了解|知道了|"
    r"没问题|再见|拜拜|晚安|好的谢谢|好，谢谢|谢啦|ok|OK|"
    r"(?:好，?)?今天(?:先|就)?(?:到这儿?|到这里|这样|这些)(?:吧|了)?|先这样(?:吧)?|就这些|"
    r"(?:好，?)?改好了|我去吃(?:午|晚)?饭了|周末愉快|下班了)$"
)


def _norm_fragment(frag: str) -> str:
    frag = frag.strip().strip("!.?,;:~…—–-()[]\"'`。！？，；：、“”‘’ ")
    return re.sub(r"\s+", " ", frag)


def is_filler(text: str) -> bool:
    """True when every fragment of ``text`` is a greeting, thanks, acknowledgement or
    sign-off (so "Thanks, that's it for today." is filler, "Thanks. Add a test." is not)."""
    frags = [_norm_fragment(f) for f in re.split(r"[,.!?;:，。！？；：\n—–]+", text)]
    frags = [f for f in frags if f]
    if not frags:
        return True
    return all(_FILLER_EN.match(f) or _FILLER_ZH.match(f) for f in frags)


def is_substantive(prompt: str) -> bool:
    """R12's rule: a user prompt is substantive when it is not filler (see
    :func:`is_filler`) and has at least 3 content units once filler fragments are removed
    (a Latin word is 1 unit, a CJK character 0.5: "what's 2^16?" has 2, "现在几点了" 2.5)."""
    if is_filler(prompt):
        return False
    frags = [_norm_fragment(f) for f in re.split(r"[,.!?;:，。！？；：\n—–]+", prompt)]
    rest = " ".join(f for f in frags if f and not (_FILLER_EN.match(f) or _FILLER_ZH.match(f)))
    return units(rest) >= 3


# ---- questions and requests ----------------------------------------------------------
_ZH_QUESTION = re.compile(r"[吗呢么][\s。]*$|[？?]\s*$")


def is_question(sentence: str) -> bool:
    """A question ends with a question mark (or 吗/呢 in Chinese). "When you get paged,
    check X first" is an instruction, not a question, so wh-words alone do not count."""
    s = sentence.strip()
    if s.endswith(("?", "？")):
        return True
    return is_chinese(s) and bool(_ZH_QUESTION.search(s))


_REQUEST_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|so|now|then|and|also|first|next|great|good|nice|thanks|fine|right|"
    r"sure|cool|hmm|yes|please)[,.!]?\s+)*(?:please\s+)?(?:add|write|fix|run|rerun|make|show|"
    r"explain|help|create|update|remove|delete|rename|rebase|deploy|open|review|check|look|"
    r"find|implement|refactor|bump|move|change|reassign|continue|draft|prepare|walk|tell|"
    r"give|list|set|install|build|test|debug|investigate|summari[sz]e|generate|convert|port|"
    r"merge|ship|push|revert|outline|plan|send|post|try|go|let'?s|can you|could you|"
    r"would you|will you)\b(?!\s*(?::|of\b))",
    re.I,
)
_REQUEST_ZH = re.compile(
    r"^(?:好[，,]?|那|先|再|然后|现在|行[，,]?)*(?:帮我|给我|请你?|麻烦|看看|看一下|查一下|查查|"
    r"写一?下?|改一?下?|跑一?下?|继续|解释一下|列一下|生成|部署|打开|试试|算一下)"
)


# "Deploy approvals happen in #x" starts with a verb-like noun but is a statement: a finite
# verb after the first word and no one being asked gives it away.
_FINITE = re.compile(
    r"^\S+\s+\S+\s+(?:\S+\s+)?(?:is|are|was|were|happens?|lives?|lands?|goes|belongs?|"
    r"sits?|runs|get|gets)\b",
    re.I,
)
_ASKING = re.compile(r"\b(?:you|please|can|could|would|let'?s)\b", re.I)


def is_request(sentence: str) -> bool:
    s = sentence.strip()
    if is_chinese(s):
        return bool(_REQUEST_ZH.match(s))
    if not _REQUEST_EN.match(s):
        return False
    return not (_FINITE.match(s) and not _ASKING.search(s))


# ---- explicit cues ---------------------------------------------------------------------
CUE = re.compile(
    r"\b(?:please\s+)?(?:do\s+)?remember(?: this| that)?\b:?|\b(?:also |one thing )?worth "
    r"(?:remembering|keeping|knowing|noting)(?: though)?\b:?|\bfor the record\b,?|\bfyi\b,?|"
    r"\bheads[- ]up\b(?: for \w+)?:?|\bnote that\b|\bkeep in mind(?: that)?\b|"
    r"\bquick context\b:?|\bjust so you know\b,?|\bimportant\b:|\bfor future reference\b,?|"
    r"帮我记(?:一下|住|下来)?|记一下|记住|记下(?:来)?|请记住|要记得|另外记一下|备忘",
    re.I,
)
_CUE_STRIP = re.compile(
    r"^(?:(?:ok(?:ay)?|sure|right|fair|fine|good|great|yes|and|also|but|so)\b[,.!—–-]*\s*)*"
    r"|(?:[,，]?\s*帮我记(?:一下|住|下来)?[。.!！]?$)",
    re.I,
)


def strip_cues(text: str) -> str:
    """The statement without "remember this:" style lead-ins and leading acknowledgements."""
    out = CUE.sub(" ", text)
    out = re.sub(r"\s+", " ", out).strip(" :：,，—–-")
    out = _CUE_STRIP.sub("", out).strip(" :：,，—–-")
    out = re.sub(r"^(?:though|but|and|also|then)\b[,:]?\s*", "", out, flags=re.I)
    out = re.sub(r"^[:：]\s*", "", out)
    return out[:1].upper() + out[1:] if out else out


# ---- forget requests -------------------------------------------------------------------
_FORGET_EN = re.compile(
    r"(?<!don't )(?<!do not )(?<!never )(?<!not )\b(?:please\s+)?(?:forget|disregard|drop|delete|"
    r"remove|scrap)\s+(?:about\s+|what i (?:said|told you) about\s+|that\s+|the (?:note|memory) "
    r"(?:about|on)\s+|my note about\s+|everything about\s+|the fact that\s+)?(?P<t>[^—–;.!?]+)",
    re.I,
)
_FORGET_ZH = re.compile(
    r"(?:请|帮我)?(?:忘掉|忘记|忘了吧|删掉|删除|去掉|不用记)(?:关于|之前说的|我说的)?(?P<t>[^，。！？；,;!?]+)"
)
_FORGET_FILLER = re.compile(
    r"\b(?:thing|stuff|bit|part|note|memory|memories|rule|one|that i mentioned|i mentioned|"
    r"i said|from before|earlier|please|the|that|this|about|what)\b|那条|这条|那个|这个|的事|"
    r"的记忆|记忆|吧|了|的那条",
    re.I,
)


def forget_target(text: str) -> str | None:
    """The subject of a forget request ("forget the parental leave thing" → "parental
    leave"), or None when the message is not one. "Don't forget to…" is not."""
    first = text.strip()
    m = _FORGET_ZH.search(first) if is_chinese(first) else _FORGET_EN.search(first)
    if not m:
        return None
    if not is_chinese(first):
        verb_end = first.lower().find(m.group(0).lower()[:6])
        lead = first[:verb_end].lower()
        # "remove the BE branch" is a code change, not a memory request: only "forget"
        # and "disregard" stand alone; the other verbs need the word note/memory.
        verb = m.group(0).split()[0].lower().rstrip(",")
        if verb == "please":
            verb = m.group(0).split()[1].lower()
        if verb not in ("forget", "disregard") and not re.search(
            r"\b(?:note|memory|memories)\b", m.group(0), re.I
        ):
            return None
        if re.search(r"\b(?:don'?t|do not|never|not|won'?t)\s*$", lead):
            return None
    target = _FORGET_FILLER.sub(" ", m.group("t"))
    target = re.sub(r"\s+", " ", target).strip(" ,，:：'\"")
    return target or None
