"""Recognising excluded kinds of statement by what they say (SPEC R8; issue 15), English and
Chinese: how a problem was fixed, where a piece of work stands, where code is.

Each recogniser describes the *shape* of such a statement — a fix is an action tied to a
symptom going away ("… by <doing>", "<doing> is what fixed …", "… went away after …",
"是把…修好的", "…之后就好了"); task state is the speaker's own progress ("I'm about to",
"two of five done", "还没改完"); a code location is a thing placed in a module, folder or
file — never a list of phrases from a data set. :mod:`.exclusions` combines them.

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import re

from ..lazyre import lazy_compile

_NUM = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|half)"

# ---- how a problem was fixed ------------------------------------------------------------
FIX_EN = lazy_compile(
    # "the fix for X was …", "the workaround is to …", "the solution to X: …"
    r"\b(?:the|a|our|this|that)\s+(?:fix|solution|workaround|remedy|cure|trick)\s+"
    r"(?:(?:for|to)\b[^.;]{0,80}?)?(?:\bwas\b|\bis\b|\bturned out to be\b|:)"
    # "fixed / solved / patched X by doing Y", "got X passing by doing Y"
    r"|\b(?:fix(?:ed)?|solv(?:ed|e)|resolv(?:ed|e)|patch(?:ed)?|worked around|work around|"
    r"got past|got around|got rid of|passing|working again)\b[^.;]{0,80}?\b(?:by|via)\s+\w+ing\b"
    r"|\b(?:fixed|solved|resolved|patched)\b[^.;]{0,60}?\bwith (?:a|an)\b"
    # "<doing> is what fixed X", "<doing> stopped the crashes", "<doing> fixes it"
    r"|(?:^|[,;:]\s*)\W*(?:remember\W+)?\w+ing\b[^.;]{0,80}?\b(?:is (?:what|how) (?:we )?)?(?:fixed|fixes|"
    r"solved|solves|stopped|stops|cured|cures|resolved|got past|got around|got rid of)\b"
    # "X went away after / once …", "after we … the errors stopped"
    r"|\b(?:went away|disappeared|vanished|stopped|is gone|was gone|no longer \w+|cleared up)"
    r"\b[^.;]{0,40}?\b(?:after|once|when|since) (?:we|i|you|they|someone)\b"
    r"|\b(?:after|once) (?:we|i)\b[^.;]{0,60}?\b(?:went away|disappeared|stopped|is gone|"
    r"was fixed|got fixed)\b"
    # "to fix / work around X, do Y"
    r"|\bto (?:fix|work around|get rid of|get past)\b[^.;,]{0,60},\s*\w+"
    # "X was wrong because of Y, so we …"
    r"|\b(?:because of|caused by|was due to|root cause (?:was|is))\b[^.;]{0,80}?"
    r"\b(?:so we|and we|we fixed|fixed it|now we)\b",
    re.I,
)
FIX_ZH = lazy_compile(
    r"(?:解决|修复|绕过|处理|规避)(?:的)?(?:办法|方法|方式|方案)|修法|怎么修的|"
    r"(?:是|靠|通过|用|把|给).{1,40}?(?:修好|修复|解决|搞定|绕过)(?:的|了)|"
    r"(?:之后|以后|后来).{0,24}?(?:就好了|就没了|就正常了|好了|没了|修好了|不再(?:出现|崩溃|报错))|"
    r"就能(?:修好|解决|好)|(?:原因是|是因为).{1,40}?(?:改成|改为|加了|去掉|换成)"
)

# ---- where a piece of work stands --------------------------------------------------------
TASK_EN = lazy_compile(
    r"\bI'?ll (?:pick (?:this|it) up|continue|resume|finish|get back to)\b|"
    r"\bpick (?:this|it) up (?:tomorrow|later|next|on)\b|\bnext step (?:is|will be)\b|"
    r"^\W*(?:todo|to-do|wip)\s*[:\-]|\bI'?m (?:stuck|blocked) on\b|"
    r"\bI (?:just )?(?:finished|completed|started|did) the (?:first|second|last|other) "
    r"(?:half|part|step|bit)\b|\bfor this task\b|\b(?:I'?m|I am|we'?re|we are) (?:about|going) to "
    r"(?:start|begin|finish|convert|migrate|rename|port|split|move|rewrite|refactor)\b|"
    r"\bwhere we are\b|\b(?:I|we) (?:have|'ve) \w+ed\b[^.;]{0,40}?\bso far\b|"
    rf"\b{_NUM} (?:of|out of) (?:the )?{_NUM}\b(?: \w+)? (?:are |is )?(?:done|left|remaining|migrated|"
    r"fixed|converted|ported|renamed)\b|"
    rf"\b{_NUM} (?:\w+ )?(?:migrated|done|converted|ported|renamed),? {_NUM} (?:to go|left)\b|"
    r"\bthe rest (?:tomorrow|later|next week)\b",
    re.I,
)
TASK_ZH = lazy_compile(
    r"我?正在把|还没(?:做|改|迁|写|弄|移植|转)完|明天继续|接下来我|下一步(?:是|要)|进度[：:]|"
    r"迁完了|刚(?:改|做|写|迁)完|目前卡在|卡在.{1,20}上|这个分支上|当前分支|还得把剩下|"
    r"剩下的.{0,20}(?:移植|改|迁|做|转)完|先(?:改|做)到这|下次从|已经.{0,8}了\s*\d+\s*个，?还剩"
)

# ---- where code is (without a path) -------------------------------------------------------
CODE_PLACE_EN = lazy_compile(
    r"\b(?:is|are|lives?|sits?|kept|stored|defined|declared|implemented)\s+(?:in|under|inside)\s+"
    r"(?:the\s+)?[\w\- ]{0,40}?\b(?:module|folder|directory|package|file|crate|namespace)\b|"
    r"\bis the (?:first|second|third|fourth|last|\w+th) (?:function|method|class|hook|handler) "
    r"in\b|\b(?:can )?find (?:it|them|the [\w ]{1,30}?) in\b",
    re.I,
)
CODE_PLACE_ZH = lazy_compile(
    r"(?:函数|类|方法|钩子|组件|配置|代码|着色器|实现|处理器|逻辑).{0,20}?(?:在|放在|位于|写在|定义在)"
    r".{0,30}?(?:模块|文件|目录|文件夹|包)(?:的)?(?:文件)?(?:里|中|下|里面)"
)

# ---- git history and code shapes said without a hash -------------------------------------
HISTORY_EN = lazy_compile(
    r"\b(?:commit|PR|pull request|merge)\b[^.;]{0,40}?\b(?:reverted|introduced|added|removed|"
    r"switched|changed|broke|rewrote)\b|\bwas (?:merged|reverted|introduced) in\b",
    re.I,
)
HISTORY_ZH = lazy_compile(r"(?:PR|提交|合并)\s*#?\w*.{0,10}?(?:引入|回滚|改成|改掉|删掉)")
CODE_SHAPE = lazy_compile(
    r"(?i:\b(?:every|all|each)\b[^.;]{0,40}?\b(?:must |should )?(?:extends?|inherits?|"
    r"implements?|overrides?|returns?|wraps?)\b)[^.;]{0,30}?(?:\b[A-Z][a-z]+[A-Z]\w*|\w+\(\)|\bResult\b|"
    r"\b(?:type|class|interface|base)\b)|(?:都|必须|要)(?:继承|实现|返回|重写|包装)",
)
ARCH_ZH = lazy_compile(r"通过.{0,20}?(?:和|与|跟).{0,20}?(?:通信|交互)|消息总线")


def is_fix_recipe(text: str, *, chinese: bool) -> bool:
    return bool((FIX_ZH if chinese else FIX_EN).search(text)) or bool(FIX_EN.search(text))


def is_task_state(text: str, *, chinese: bool) -> bool:
    return bool(TASK_ZH.search(text) if chinese else TASK_EN.search(text))


def is_code_place(text: str, *, chinese: bool) -> bool:
    return bool(CODE_PLACE_ZH.search(text) if chinese else CODE_PLACE_EN.search(text))


def is_history(text: str, *, chinese: bool) -> bool:
    return bool(HISTORY_ZH.search(text) if chinese else HISTORY_EN.search(text))


__all__ = [
    "ARCH_ZH",
    "CODE_SHAPE",
    "is_code_place",
    "is_fix_recipe",
    "is_history",
    "is_task_state",
]
