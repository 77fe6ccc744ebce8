"""Offline language heuristics for the write side (SPEC R7, R11, R12), English and Chinese.

Pure functions over text: sentence splitting, content tokens (words; character bigrams
for Chinese), the "substantive prompt" rule of autosave, forget requests, and the
signals the offline extractor looks for — role statements, corrections, approvals,
external references, project facts (deadlines, freezes, decisions, ownership, recurring
schedules), explicit "remember this" cues and supersession markers. The patterns are
linguistic (how people phrase such things), never names or wording from any data set.

Must not import the store, the models, or any adapter.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_'+.#\-]*[A-Za-z0-9+#]|[A-Za-z0-9]", re.UNICODE)
_LATIN_WORD = re.compile(r"[^\W\d_][\w'\-]*|\d[\w.\-]*", re.UNICODE)

STOPWORDS = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been
    being am do does did doing have has had having i me my we our us you your he she it its they
    them their this that these those there here what which who whom when where why how all any
    both each few more most other some such no nor not only own same than too very can will just
    should now also again once about into over under up down out off would could may might must
    shall let lets let's i'm i've i'd we're we've it's that's there's don't doesn't didn't won't
    can't isn't aren't wasn't weren't ok okay yes yeah yep please thanks thank really actually
    get got go going make made use used using need needs repo repository project thing things
    stuff one ones way like said say says tell told know think want wants something anything
    everything note notes memory remember forget what's""".split()
)
_ZH_STOP_BIGRAMS = frozenset(
    """以后 我们 这个 一个 就行 不用 统一 可以 需要 什么 时候 的时 时候 一下 帮我 记一 一下 记住
    忘掉 那条 这条 现在 他们 你们 已经 还是 就是 然后 所以 因为 如果 但是 不过 的话 了吧 一定 定要
    之前 之后 以前 为了 没有 不是 自己 这样 那样 这些 那些 的是 是的 也是 我的 你的 他的""".split()
)


def cjk_ratio(text: str) -> float:
    letters = [c for c in text if not c.isspace() and unicodedata.category(c)[0] in "LN"]
    if not letters:
        return 0.0
    return sum(1 for c in letters if _CJK.match(c)) / len(letters)


def is_chinese(text: str) -> bool:
    return cjk_ratio(text) >= 0.3


def content_tokens(text: str) -> set[str]:
    """Lower-cased content words (stopwords dropped, light plural stripping) and Chinese
    character bigrams — the unit of topic overlap for check-before-write and forget."""
    out: set[str] = set()
    lowered = text.lower()
    for m in _LATIN_WORD.finditer(lowered):
        w = m.group(0).strip("'-.")
        if len(w) < 2 or w in STOPWORDS:
            continue
        if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    for run in re.findall(r"[\u3400-\u4dbf\u4e00-\u9fff]+", text):
        if len(run) == 1:
            continue
        for i in range(len(run) - 1):
            bigram = run[i : i + 2]
            if bigram not in _ZH_STOP_BIGRAMS:
                out.add(bigram)
    return out


def overlap(a: set[str], b: set[str]) -> tuple[int, float]:
    """(shared count, shared / size of the smaller set)."""
    if not a or not b:
        return 0, 0.0
    shared = len(a & b)
    return shared, shared / min(len(a), len(b))


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
    cjk = len(_CJK.findall(text))
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
_FORGET_OBJECT_EN = re.compile(r"\b(?:the|that|this|my|what|about|everything)\b", re.I)


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


# ---- signals ---------------------------------------------------------------------------
_ROLE_NOUNS = (
    r"engineer|developer|dev|programmer|sre|devops|architect|lead|manager|pm|designer|analyst|"
    r"scientist|researcher|intern|student|consultant|admin|administrator|dba|owner|founder|cto|"
    r"ceo|vp|director|tester|qa|maintainer|contractor|specialist|expert|beginner|newbie|"
    r"hire|member|staffer|on-call|oncall"
)
ROLE_EN = re.compile(
    rf"\b(?:i'?m|i am)\s+(?:now\s+)?(?:a|an|the|our|your)?\s*(?:[\w\-/]+\s+){{0,4}}(?:{_ROLE_NOUNS})s?\b"
    r"|\b(?:i'?m|i am) (?:new to|not (?:very |that |really )?familiar with|familiar with|"
    r"an expert (?:in|on)|experienced (?:in|with)|a beginner (?:at|in|with)|comfortable with|"
    r"mostly (?:a|an|on|in|doing))\b"
    r"|\bi'?ve never (?:written|used|worked (?:with|on)|touched|done)\b"
    r"|\bi (?:mostly|mainly|usually|primarily) (?:work|write|do|code|review|look at)\b"
    r"|\bmy (?:role|background|expertise|job|focus|specialty|speciality) (?:is|was|:)"
    r"|\bi (?:work|joined) (?:as|on the|in the)\b|\bi (?:own|review everything|lead)\b",
    re.I,
)
ROLE_ZH = re.compile(
    r"我是(?:做)?.{0,12}?(?:的|工程师|开发|程序员|经理|负责人|设计师|分析师|科学家|架构师|运维|"
    r"实习生|新人|学生|组长|主管|技术负责人|产品)|我(?:负责|主要(?:做|看|写|负责|搞))|"
    r"(?:我)?(?:不太懂|不熟悉|不太熟|没写过|没用过|刚接触|是新手)|我(?:对|在).{0,10}(?:比较熟|很熟|熟悉)"
)
_NOT_ROLE = re.compile(
    r"\b(?:i'?m|i am) (?:\w+ )?(?:halfway|working on|going|trying|tempted|writing|changing|"
    r"looking|about to|done|sure|not sure|fine|ok|okay|back|off|out|on (?:parental )?leave|"
    r"on vacation|away)\b",
    re.I,
)

CORRECTION_EN = re.compile(
    r"\b(?:don'?t|do not|never|always|stop|avoid|instead of|rather than|prefer|please use|"
    r"make sure (?:to|you)|remember to|should(?:n'?t)?|must(?:n'?t)?|has to|have to|"
    r"is the legacy|that'?s wrong|not allowed|only use|we use|we don'?t use|we always|"
    r"we never|we prefer|use [^.;]{1,40}?(?:,? not |,? instead\b| in (?:this|these|our|the) "
    r"\w+| here\b| for (?:all|every|the)\b)|(?:uses|using|run|runs|prefers?|is|are) "
    r"[^.;]{1,40}?,\s*not\s+\w+)\b"
    r"|^no\s*[,—–\-!.:]|^(?:hmm|wait|nope)\b",
    re.I,
)
CORRECTION_ZH = re.compile(
    r"(?<![特区分类级识告个差鉴性])别(?![人的处名])|不要|不许|不准|(?<!能)不能(?!不)|一定要|必须|务必|总是|永远|"
    r"以后|下次|每次|统一|记得|千万|尽量|请用|改用|而不是|不是.{1,20}而是|先.{1,12}再|就行|等一下"
)

APPROVAL_WORD_EN = re.compile(
    r"\b(?:yes|yep|yeah|exactly|perfect|great|nice|good|excellent|love (?:it|this|that)|"
    r"that'?s (?:it|right|exactly|perfect|great|what i want(?:ed)?)|spot on|well done|"
    r"good call|nailed it|this is (?:great|perfect|exactly)|much better|right)\b",
    re.I,
)
APPROVAL_GEN_EN = re.compile(
    r"\b(?:like (?:this|that)|this way|that way|keep (?:doing|it)|do (?:it|that|this) "
    r"(?:again|every time|always)|always|from now on|every time|for (?:big|future|all|any)|"
    r"going forward|in future|is what i want(?:ed)?|exactly (?:like|what)|the way i like)\b",
    re.I,
)
APPROVAL_WORD_ZH = re.compile(
    r"很好|不错|就这样|没错|正是|完美|挺好|太好了|对，|对,|很棒|很清楚|好，"
)
APPROVAL_GEN_ZH = re.compile(
    r"以后|都这样|就这样|每次|一直这样|照这样|按这个|继续这样|这样(?:做|画|写|弄|来)|就是我要的"
)

REFERENCE_EN = re.compile(
    r"\b(?:tracked (?:in|on)|lives? (?:in|at|on)|land(?:s)? in|documented (?:in|at|on)|"
    r"written up in|can be found (?:in|at|on)|is at|are at|is on|are on|is in|are in|"
    r"check [^.]{0,60}? first|look (?:in|at)|go to|announced in|posted in|filed (?:in|under)|"
    r"dashboard|runbook|playbook|wiki|board|channel|view|queue|space|notebook|spreadsheet|"
    r"sheet|calendar|rota|schedule|on-call|oncall|tracker|backlog|epic|folder|page|doc)\b",
    re.I,
)
REFERENCE_ZH = re.compile(
    r"在.{0,24}(?:的|里|上)|写在|记录在|放在|跟踪在|都在|见|看板|文档|手册|频道|群|值班表|仪表盘|"
    r"面板|页面|表格|日历|知识库"
)
_TOOLS = (
    r"Linear|Jira|JIRA|GitHub|GitLab|Bitbucket|Grafana|Loki|Kibana|Datadog|Sentry|PagerDuty|"
    r"Opsgenie|Notion|Confluence|Slack|Teams|Discord|Zendesk|Freshdesk|Intercom|ServiceNow|"
    r"Google (?:Docs?|Drive|Sheets?|Calendar)|Figma|Miro|Asana|Trello|Monday|ClickUp|Airtable|"
    r"Coda|Dropbox|SharePoint|Statuspage|1Password|Vault|Metabase|Looker|Tableau|Superset|"
    r"Splunk|New Relic|Honeycomb|Prometheus|Alertmanager|LaunchDarkly|Backstage|Buildkite|"
    r"CircleCI|Jenkins|Argo ?CD|Terraform Cloud|Spinnaker|Lark|Feishu|飞书|钉钉|企业微信|语雀|"
    r"Quip|Basecamp|YouTrack|Shortcut|Height|Productboard|Amplitude|Mixpanel|Posthog|PostHog"
)
_TOOL_RX = re.compile(rf"(?<![\w])(?:{_TOOLS})(?![\w])")
_LOCATION_TARGET = re.compile(
    r"https?://\S+|\b[\w\-]+(?:\.[\w\-]+)*\.(?:io|com|net|org|dev|app|cloud|internal|local|"
    r"corp|co|ai|so|site|tech|cn|de|nl|uk|sg)\b(?:/\S*)?|(?<![\w&])#[A-Za-z][\w\-]+|"
    r"'[^']{2,60}'|\"[^\"]{2,60}\"|“[^”]{2,60}”|《[^》]{1,60}》|「[^」]{1,60}」|"
    r"\bproject [A-Z][A-Z0-9]{1,}\b|\b[A-Z]{3,}-?\d*\b"
)

PROJECT_EN = re.compile(
    r"\b(?:deadline|due|freeze|frozen|code freeze|launch(?:es|ing)?|go-live|cutover|"
    r"pen ?test|penetration test|audit|migration window|maintenance window|on (?:parental |"
    r"sick )?leave|parental leave|vacation|holiday|out of office|ooo|offsite|demo day|"
    r"starts?|ends?|until|no (?:deploys?|merges?|releases?|changes)|paused|blocked|"
    r"decided|agreed|decision|we chose|we picked|we went with|policy|rule for|rule:|"
    r"approval|approve[sd]?|sign-?off|owns?|owner|is responsible|are responsible|maintains|"
    r"needs? [^.;]{0,50}?(?:approval|installed|sign-?off|review|enabled)|requires?|"
    r"must be|only (?:on|after|before)|every (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|day|night|week|month|sprint|quarter|morning|evening)|each (?:week|month|"
    r"sprint)|(?:first|last|second|third) (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday) of|weekly|biweekly|monthly|nightly|moved to|moved:|postponed|"
    r"rescheduled|is (?:due|scheduled)|scheduled for|(?:resets?|wiped|rotated) (?:every|each|"
    r"on)|announced in|becomes|renamed to|is called|are called|deprecated|sunset|migrat(?:e|ing) "
    r"to|upgrade[sd]? to|by \d{4}-\d{2}-\d{2}|before \d{4}-\d{2}-\d{2}|from \d{4}-\d{2}-\d{2}|"
    r"from now on|going forward|effective (?:immediately|today|\d{4}-\d{2}-\d{2}))\b",
    re.I,
)
PROJECT_ZH = re.compile(
    r"截止|之前(?:要|必须|得|需要|所有|把)|前要|前交|冻结|封版|上线|发布|发版|决定|定了|约定|规定|规则|负责|审批|批准|"
    r"需要.{0,12}(?:审批|同意|批准|评审|安装)|每周|每月|每天|每晚|每个月|重置|请假|休假|维护窗口|只能|"
    r"要升级|都要|改名|改叫|叫做|由.{1,10}负责|归.{1,10}管|演示日|例会"
)
SUPERSEDE = re.compile(
    r"\b(?:update|updated|change of plan|changed|no longer|not anymore|any ?more|instead|"
    r"from now on|from today|going forward|as of (?:today|now|\d{4}-\d{2}-\d{2})|moved|"
    r"now (?:it'?s|is|we|they)|new rule|replaces?|rather than|switch(?:ed)? to|from \d{4}-\d{2}-\d{2})\b"
    r"|不用.{0,12}了|不再|改成|改为|改到|换成|以后.{0,6}统一|现在.{0,8}了|从今天起|从现在起|更新[:：]",
    re.I,
)
_DATE_ISO = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
_PERSONAL_PREF = re.compile(
    r"\b(?:answer|explain|reply|respond|tell me|show me|give me|write to me|talk to me|"
    r"when you explain|i prefer|i like|for me)\b|回答|解释|回复|给我|跟我说|我喜欢|我习惯",
    re.I,
)
_PROJECT_MARKER = re.compile(
    r"\b(?:this repo|this repository|this project|this codebase|here|these docs|this service|"
    r"the team|our team|on the team|in this|this monorepo)\b|这个仓库|这个项目|这个库|这里|团队|本项目",
    re.I,
)


@dataclass
class Signals:
    role: bool = False
    correction: bool = False
    approval: bool = False
    reference: bool = False
    project: bool = False
    cue: bool = False
    supersede: bool = False
    dated: bool = False
    personal: bool = False
    project_marker: bool = False
    imperative: bool = False

    @property
    def any(self) -> bool:
        return (
            self.role
            or self.correction
            or self.approval
            or self.reference
            or self.project
            or self.cue
        )


def _role(text: str) -> bool:
    if is_chinese(text):
        return bool(ROLE_ZH.search(text))
    return bool(ROLE_EN.search(text)) and not (
        _NOT_ROLE.search(text) and not re.search(rf"\b(?:{_ROLE_NOUNS})\b", text, re.I)
    )


def _reference(text: str) -> bool:
    zh = is_chinese(text)
    verb = REFERENCE_ZH.search(text) if zh else REFERENCE_EN.search(text)
    if not verb:
        return False
    return bool(_TOOL_RX.search(text) or _LOCATION_TARGET.search(text))


def signals(text: str, *, previous_assistant: str = "") -> Signals:
    """What kind of memory a (non-question, non-request) statement carries."""
    zh = is_chinese(text)
    s = Signals()
    s.cue = bool(CUE.search(text))
    s.role = _role(text)
    if zh:
        s.approval = bool(APPROVAL_WORD_ZH.search(text) and APPROVAL_GEN_ZH.search(text))
        s.correction = bool(CORRECTION_ZH.search(text))
        s.project = bool(PROJECT_ZH.search(text))
    else:
        s.approval = bool(APPROVAL_WORD_EN.search(text) and APPROVAL_GEN_EN.search(text))
        s.correction = bool(CORRECTION_EN.search(text))
        s.project = bool(PROJECT_EN.search(text))
    s.approval = s.approval and bool(previous_assistant.strip())
    s.reference = _reference(text)
    s.supersede = bool(SUPERSEDE.search(text))
    s.dated = bool(_DATE_ISO.search(text))
    s.personal = bool(_PERSONAL_PREF.search(text))
    s.project_marker = bool(_PROJECT_MARKER.search(text))
    s.imperative = bool(_IMPERATIVE.search(text))
    return s


def choose_type(s: Signals) -> str | None:
    """R7 type by precedence: a role statement → user; an approval → feedback; a rule in
    normative words (don't, always, use…, 以后, 别…) → feedback; where something lives (not
    a dated fact) → reference; a deadline, freeze, decision, ownership or schedule →
    project; an explicit "remember this" alone → project."""
    if s.role:
        return "user"
    if s.approval:
        return "feedback"
    if s.dated and (s.project or s.correction) and not s.personal:
        return "project"  # a deadline stays a project fact even when phrased as "must"
    if s.correction and s.imperative:
        return "feedback"
    if s.reference and not s.dated:
        return "reference"
    if s.project:
        return "project"
    if s.reference:
        return "reference"
    if s.correction:
        return "feedback"
    if s.cue:
        return "project"
    return None


_IMPERATIVE = re.compile(
    r"\b(?:don'?t|do not|never|always|avoid|stop|use|prefer|make sure|should|must)\b|"
    r"(?<![特区分类级识告个差鉴性])别(?![人的处名])|不要|一定要|必须|务必|总是|以后|统一",
    re.I,
)
