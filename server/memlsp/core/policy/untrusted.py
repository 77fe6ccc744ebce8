"""Content that stays data (issue 14): pasted text, role markers, instructions addressed to
an AI, markup, and actions no remembered rule may carry.

All patterns are matched on :func:`.confusables.skeleton` of the text (NFKC, invisible
characters and combining marks removed, Greek/Cyrillic look-alikes mapped to Latin,
case-folded), so a Greek capital Iota or a full-width letter does not hide a phrase.

:func:`addressed_to_agent`  a role marker ("SYSTEM:", "<|im_start|>", "[INST]", "系统提示："),
                            a message to an AI reader ("future assistants must…", "if you
                            are an AI…", "忽略之前的指令"), an override or a request to hide
                            something from the user
:func:`markup`              HTML that hides or fetches (comments, script, img, iframe…)
:func:`dangerous_action`    a step that downloads and runs code, disables a check, or
                            sends data out (refused as a rule from anyone, and never made a
                            rule by approving an assistant's proposal)
:func:`split_pasted`        a user message cut into the user's own words and the pasted
                            parts (fenced blocks, ``>`` quotes; the whole message when it
                            is a long paste or carries role markers or markup)

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import re

from ..lazyre import lazy_compile
from .confusables import skeleton

#: Fake role tags and headings of chat templates (``<system>``, ``<|im_start|>``, ``[INST]``,
#: ``<<SYS>>``, ``### System``…), lower-case as :func:`.confusables.skeleton` leaves text.
#: One fragment for every pattern that looks for them (:data:`_ROLE` here, the poisoning
#: guard's override and instruction patterns), so they cannot drift apart. They begin with a
#: non-word character: never put them inside a ``\b(...)`` group.
ROLE_TAGS = (
    r"(?:<\s*/?\s*(?:system|instructions?|prompt|im_start)\s*>|<\|?\s*im_start\s*\|?>"
    r"|<\|\s*(?:system|assistant|user)\s*\|>|\[/?(?:inst|sys)\]|<</?sys>>"
    # a heading is a role marker only when it is the whole heading ("### System",
    # "### Instruction:"), not a section such as "### System requirements"
    r"|###[ \t]*(?:system|instructions?|new instructions?)[ \t]*(?:[:：]|(?=\r?\n)|$))"
)
#: Recall's own framing tags: a note that types them would close the block it is recalled
#: in and speak after it.
FRAMING_TAGS = r"<\s*/?\s*(?:memory-context|untrusted-data)\b"

_AGENT = r"(?:ai|a\.i\.|assistants?|agents?|models?|llms?|copilots?|bots?|chatbots?|claude|gpt|chatgpt|gemini)"
_ROLE = lazy_compile(
    r"(?m)^[ \t>#*_\-\[(<|]*(?:system|system (?:notice|message|note|override|update|alert)|"
    r"developer(?: message)?|admin(?:istrator)? (?:notice|note|message)|"
    r"important (?:notice|instructions?)|assistant instructions?|"
    rf"(?:instructions?|note|message|notice) (?:for|to) (?:the |all |any |future )?{_AGENT})"
    r"[ \t\])>|*_]*[:：]"
    rf"|{ROLE_TAGS}|{FRAMING_TAGS}"
    r"|(?m:^[ \t>#*]*(?:系统|系统提示|系统通知|系统消息|系统指令|管理员通知|重要通知|给ai的(?:说明|指令)|ai指令)"
    r"[ \t]*[:：])"
)
_ADDRESSED = lazy_compile(
    rf"\b(?:future|next|any|all|every|subsequent|later|other|coding) {_AGENT}\b.{{0,60}}?"
    r"\b(?:must|should|shall|need to|have to|are (?:required|instructed|expected) to|always|never|will)\b"
    rf"|\b(?:if|when) you(?:'re| are) an? (?:ai|llm|language model|assistant|agent|bot)\b"
    rf"|\b{_AGENT} (?:reading|processing|parsing|that reads?|who reads?|seeing) this\b"
    r"|\bwhen you (?:read|see|load|process|encounter) this\b|\bas an ai\b"
    rf"|\b(?:note|message|reminder|instructions?) (?:to|for) (?:the |any |all |future )?{_AGENT}\b"
    rf"|\battention,? {_AGENT}\b|\b(?:dear|hey|hi) {_AGENT}\b"
    r"|\b(?:ignore|disregard|forget|override|bypass) (?:all |any |the |every )?(?:of )?(?:your |the )?"
    r"(?:previous|prior|above|earlier|preceding|existing|original|other|safety|system)?\s*"
    r"(?:instructions|rules|prompts?|directions|guidelines|guardrails|restrictions|policies)\b"
    r"|\byour (?:new|real|true|updated) (?:instructions|rules|role|task|orders|directive)\b"
    r"|\bnew (?:system )?(?:instructions?|directive|rules?)\s*:|\bsystem prompt\b|\bjailbreak|"
    r"\bdeveloper mode\b|\bdo anything now\b"
    r"|\b(?:do not|don't|never) (?:tell|inform|mention (?:this )?to|alert|notify|show) the user\b"
    r"|\bwithout (?:telling|asking|informing|notifying|alerting) the user\b|\bsecretly\b"
    r"|\b(?:silently|quietly|covertly) (?:send|post|upload|include|run|execute|add|append|forward)\b"
    r"|(?:未来|以后|之后|后续|下一个|下一位|所有|任何|其他)的?(?:ai|人工智能|助手|模型|智能体|机器人|大模型|会话)"
    r".{0,20}?(?:都)?(?:必须|应该|应当|要|需要|务必|总是|永远|一律)"
    r"|如果你是(?:一个|一名)?(?:ai|人工智能|助手|大模型|语言模型|智能体)"
    r"|(?:致|给|写给|提醒)(?:所有)?(?:ai|人工智能|助手|大模型|智能体|模型)"
    r"|(?:忽略|无视|忘掉|忘记|覆盖)(?:之前|以上|前面|先前|所有|上述|你的|原有|原来)的?(?:所有)?"
    r"(?:指令|指示|规则|提示|设定|要求|限制)"
    r"|(?:不要|别|切勿|不得)(?:告诉|通知|提醒|让)用户|瞒着用户|(?:悄悄|偷偷|秘密)地?(?:发送|上传|执行|运行|添加)"
    r"|系统提示词?|新的指令|你的新(?:指令|规则|任务|角色)"
)
_MARKUP = lazy_compile(
    r"<!--|<\s*(?:script|img|iframe|style|meta|object|embed|svg|link|form|input|base|body|html|"
    r"div|span|a\s+href|p)\b[^>]*>|\]\(\s*javascript:|\bdata:[a-z]+/[a-z0-9.+\-]+;base64,"
)
_NEGATED = lazy_compile(
    r"(?:\b(?:never|don't|do not|dont|must not|mustn't|should not|shouldn't|no one should|"
    r"avoid|stop|without)\b|不要|别|禁止|不得|切勿|不能|绝不)[^.。!！;；\n]{0,30}$"
)
_DOWNLOAD = lazy_compile(
    r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch|aria2c|certutil|bitsadmin)\b|"
    r"https?://|下载"
)
_EXECUTE = lazy_compile(
    r"\|\s*(?:sudo\s+)?(?:-\S+\s+)*(?:ba|z|k|da|fi|c)?sh\b|\|\s*(?:sudo\s+)?(?:python\d?(?:\.\d+)?|"
    r"perl|ruby|node|php|iex|invoke-expression|pwsh|powershell|source)\b|<\(\s*(?:curl|wget)|"
    r"\$\(\s*(?:curl|wget)|\b(?:iex|invoke-expression)\b|downloadstring|"
    r"&&\s*(?:sudo\s+)?(?:ba|z)?sh\s+\S|chmod\s+\+x\s+\S+\s*&&\s*\./|"
    r"\b(?:pip\d?|pipx|npm|npx|gem|cargo) (?:install|exec|run)\b[^\n]*?(?:git\+)?https?://|"
    r"(?:执行|运行|跑)(?:一下)?(?:它|脚本|该脚本|这个脚本)|下载(?:并|后|然后)(?:执行|运行|安装)"
)
_CHECKS = (
    r"(?:tls|ssl|https|certificate|cert|signature|gpg|2fa|mfa|csrf|cors|auth(?:entication)?|"
    r"security|antivirus|firewall|linters?|lint(?:ing)?|tests?|ci|checks?|verification|"
    r"validation|code ?signing|pre-commit|hooks?|branch protection|secret scanning|sandbox|"
    r"sast|audit|review)"
)
_DISABLE = lazy_compile(
    r"--no-verify\b|--insecure\b|--no-check-certificate\b|--trusted-host\b|"
    r"\bverify\s*=\s*false\b|ssl[_\-]?verify\s*[:=]?\s*(?:false|0|no)\b|strict-ssl\s*[= ]\s*false|"
    r"rejectunauthorized\s*[:=]\s*false|node_tls_reject_unauthorized\s*=\s*0|git_ssl_no_verify|"
    r"stricthostkeychecking\s*[= ]\s*no|--disable-[\w\-]*(?:check|verif|valid|secur|sandbox)|"
    r"--skip-[\w\-]*(?:check|verif|test|hook|audit)|--no-[\w\-]*(?:check|verif|audit|sandbox)|"
    r"set-executionpolicy\s+(?:bypass|unrestricted)|\bsetenforce 0\b|chmod\s+(?:-r\s+)?777|"
    r"\bpermissions? bypass\b|--dangerously[\w\-]*|"
    rf"\b(?:disable|turn off|switch off|skip|bypass|remove|comment out|ignore)s? (?:all |any |the |every )?"
    rf"(?:\w+ )?{_CHECKS}\b"
    r"|(?:关闭|禁用|跳过|绕过|去掉|取消)(?:掉)?(?:所有的?)?(?:证书|签名|安全|防火墙|校验|验证|测试|检查|审查|钩子)"
)
_EXFIL = lazy_compile(
    r"\b(?:curl|wget|http|https|invoke-webrequest|invoke-restmethod|iwr|irm|nc|ncat|netcat|scp|"
    r"rsync|ftp|sftp)\b[^\n]*?(?:\s-d\b|--data|\s-f\b|--form|\s-t\b|--upload-file|-x\s*post|"
    r"--post-(?:data|file)|\s@[~/.$]|\$\(\s*(?:cat|env|printenv|history)|<\s*[~/.$])"
    r"|\b(?:send|post|upload|forward|exfiltrate|leak|copy|mail|email|transmit|share|sync|report)"
    r"(?:s|ing)?\b[^\n.]{0,40}?\b(?:memory|memories|notes|secrets?|keys?|tokens?|credentials?|"
    r"env(?:ironment)?(?: variables| vars)?|\.env|ssh|conversations?|chats?|history|transcripts?|"
    r"passwords?|cookies|api keys?|source code|repo(?:sitory)?)\b[^\n.]{0,40}?"
    r"\b(?:to|at|into|onto|via)\b"
    r"|(?:发送|上传|转发|外发|同步|提交|复制)(?:到|至|给)?.{0,20}?(?:记忆|密钥|令牌|凭据|笔记|环境变量|对话|密码|源码)"
    r"|(?:记忆|密钥|令牌|凭据|笔记|环境变量|对话|密码|源码).{0,20}?(?:发送|上传|转发|外发)(?:到|至|给)"
)
_FENCE = lazy_compile(r"(?ms)^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[ \t]*$|\Z)")
_QUOTE = lazy_compile(r"(?m)(?:^[ \t]*>.*(?:\n|\Z))+")
LONG_PASTE_CHARS = 1200
LONG_PASTE_LINES = 12


def addressed_to_agent(text: str) -> bool:
    skel = skeleton(text)
    return bool(_ROLE.search(skel) or _ADDRESSED.search(skel))


def markup(text: str) -> bool:
    return bool(_MARKUP.search(skeleton(text)))


def dangerous_action(text: str) -> str | None:
    """``download-and-execute``, ``disables-a-check`` or ``sends-data-out``; None."""
    skel = skeleton(text)
    if _DOWNLOAD.search(skel) and _EXECUTE.search(skel):
        return "download-and-execute"
    for kind, rx in (("disables-a-check", _DISABLE), ("sends-data-out", _EXFIL)):
        for m in rx.finditer(skel):
            if not _NEGATED.search(skel[max(0, m.start() - 40) : m.start()]):
                return kind
    return None


def split_pasted(text: str) -> tuple[str, list[str]]:
    """(the user's own words, the pasted parts). The whole message is pasted when it is
    long, or when it carries role markers or markup."""
    lines = text.count("\n") + 1
    if len(text) > LONG_PASTE_CHARS or lines > LONG_PASTE_LINES or markup(text):
        return "", [text]
    skel = skeleton(text)
    if _ROLE.search(skel):
        return "", [text]
    pasted: list[str] = []

    def take(m: re.Match[str]) -> str:
        pasted.append(m.group(0))
        return "\n"

    own = _QUOTE.sub(take, _FENCE.sub(take, text))
    return own.strip(), pasted


__all__ = ["addressed_to_agent", "dangerous_action", "markup", "split_pasted"]
