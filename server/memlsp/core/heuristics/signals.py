"""What kind of memory a statement carries (SPEC R7, R11), English and Chinese.

The signals the offline extractor looks for — role statements, corrections, approvals,
external references, project facts (deadlines, freezes, decisions, ownership, recurring
schedules), explicit cues, supersession markers, personal preferences, project markers —
and :func:`choose_type`, R7's type by precedence. The patterns are linguistic, never names
or wording from any data set.

Must not import the store, the models, or any adapter.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..text import is_chinese
from .sentences import CUE

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
    r"\b(?:tracked (?:in|on)|lives? (?:in|at|on)|land(?:s)? in|go(?:es)? (?:in|into)|"
    r"belongs? (?:in|to)|(?:are|is) (?:filed|logged|reported|raised) (?:in|on)|documented (?:in|at|on)|"
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
    r"needs? [^.;]{0,50}?(?:approvals?|installed|sign-?off|reviews?|enabled|playtests?)|requires?|"
    # who does what: ownership, review, contact and limits said as plain facts
    r"(?:owned|run|maintained|reviewed|approved|handled|led|done|priced|rotated) by|"
    r"is the (?:\w+ ){0,2}(?:lead|owner|contact|point of contact|dri)|reviews (?:every|all|each)|"
    r"answers questions about|only \w+ (?:may|can)|may only be|"
    r"rate limit(?:ed)?|lasts? (?:\w+ )?(?:days|weeks|months)|renews|expires|pages the|"
    r"must be|only (?:on|after|before)|every (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|day|night|week|month|sprint|quarter|morning|evening)|each (?:week|month|"
    r"sprint)|(?:first|last|second|third) (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday) of|weekly|biweekly|monthly|nightly|moved to|moved:|postponed|"
    r"rescheduled|is (?:due|scheduled)|scheduled for|(?:resets?|wiped|rotated) (?:every|each|"
    r"on)|announced in|becomes|renamed to|is called|are called|deprecated|sunset|migrat(?:e|ing) "
    r"to|upgrade[sd]? to|by \d{4}-\d{2}-\d{2}|before \d{4}-\d{2}-\d{2}|from \d{4}-\d{2}-\d{2}|"
    r"from now on|going forward|effective (?:immediately|today|\d{4}-\d{2}-\d{2})|"
    # a changed setup said as a fact: "we switched the repo to X", "minimum is iOS 16.4
    # from release 4.3 on", "new setup: X runs on Y now", "the old cluster is gone"
    r"(?:we|they|the team|the repo|everyone) (?:have |has )?(?:switched|moved|migrated|"
    r"changed) (?:[\w'\-]+ ){0,4}?(?:to|over to|onto)|(?:minimum|maximum|min|max)\b[^.;]{0,20}? "
    r"is\b|from (?:release|version|v)\s?[\d.]+ on|new (?:setup|process|workflow|policy|rule)|"
    r"(?:is|are) gone)\b"
    # recurring schedules: "on Mondays", "Tuesday mornings", "every other Friday",
    # "Saturday 22:00 UTC", "fortnightly"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bevery other\b|\bfortnightly\b|"
    r"\b(?:each|usually|normally|typically|regularly)\b[^.;]{0,30}?\b(?:monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b|"
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s? (?:mornings|afternoons|"
    r"evenings|nights)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),? "
    r"(?:at )?\d{1,2}(?::\d{2}|\s?[ap]m)",
    re.I,
)
PROJECT_ZH = re.compile(
    r"截止|之前(?:要|必须|得|需要|所有|把)|前要|前交|冻结|封版|上线|发布|发版|决定|定了|约定|规定|规则|负责|审批|批准|"
    r"需要.{0,12}(?:审批|同意|批准|评审|安装)|每周|每月|每天|每晚|每个月|重置|请假|休假|维护窗口|只能|"
    r"要升级|都要|改名|改叫|叫做|由.{1,10}负责|归.{1,10}管|演示日|例会|审核|维护|限流|续签|"
    r"轮换|部署在|持续.{0,4}[天周月]|"
    r"(?:每|双|隔|逢)(?:个)?(?:周|星期|礼拜)|(?:周|星期)[一二三四五六日天].{0,4}[零一二两三四五六七八九十\d]+点"
)
SUPERSEDE = re.compile(
    r"(?:^\s*update\b|\bupdate\s*[:—–]|\b(?:updated|change of plan|changed|no longer|not anymore|any ?more|instead|"
    r"from now on|from today|going forward|as of (?:today|now|\d{4}-\d{2}-\d{2})|moved|"
    r"new (?:setup|process|workflow|policy)|switched|migrated|(?:is|are) gone|dropped|"
    r"now (?:it'?s|is|we|they)|new rule|replaces?|rather than|switch(?:ed)? to|from \d{4}-\d{2}-\d{2})\b)"
    r"|不用.{0,12}了|不再|改成|改为|改到|换成|以后.{0,6}统一|现在.{0,8}了|从今天起|从现在起|更新[:：]",
    re.I,
)
_DATE_ISO = re.compile(r"(?<!\d)\d{4}-\d{2}(?:-\d{2})?(?![\d-])")
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


def signals(text: str, *, previous_assistant: str = "", today: dt.date | None = None) -> Signals:
    """What kind of memory a (non-question, non-request) statement carries. ``today``:
    the day it was said — a date that is only today ("今天天气不错") makes nothing an
    event."""
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
    dates = _DATE_ISO.findall(text)
    s.dated = any(d != (today.isoformat() if today else "") for d in dates)
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
    if s.dated and not s.personal:
        return "project"  # an event on a date (the rewriter made it absolute): a project fact
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
