"""What is never remembered (SPEC R8), enforced even on an explicit "remember this".

:func:`classify_exclusion` maps a candidate memory text to one exclusion category, each
with a stable id and a reason written for a person:

code-pattern    how the code is written (classes, functions, patterns) — read the code
architecture    how the system is put together — read the code
file-path       where something is in the repository — read the code, paths go stale
git-history     which commit did what, who changed what — git log is the authority
bug-fix-recipe  how a bug was fixed — the fix is in the code, the story in the commit
in-repo-docs    what README / CLAUDE.md / AGENTS.md / docs already say — not twice
task-state      in-progress work and temporary conclusions — belong to this session
secret          keys, tokens, passwords, private keys, connection strings

The rules are linguistic patterns (English and Chinese), not topic lists; they are kept
conservative so that a correction that merely mentions a command or a file name is not
refused. Secrets are detected by :mod:`.secrets`; this module only names the category.

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lazyre import lazy_compile
from ..text import is_chinese
from . import recognisers as rec
from .secrets import DOMAIN_PATH, URL, find_secrets

CATEGORIES: dict[str, str] = {
    "code-pattern": "code patterns can be read from the code itself",
    "architecture": "architecture can be read from the code itself",
    "file-path": "file locations can be read from the code and go stale when files move",
    "git-history": "git history is already in git; `git log` is the authority",
    "bug-fix-recipe": "the fix is in the code and its story in the commit message",
    "in-repo-docs": "it is already in the repository's docs or agent instruction files",
    "task-state": "in-progress task state and temporary conclusions belong to this session",
    "secret": "secrets (keys, tokens, passwords, private keys, connection strings) are never stored",
}


@dataclass(frozen=True)
class Exclusion:
    category: str
    reason: str  # for a person

    @property
    def code(self) -> str:
        """The stable machine reason: ``refused-secret`` or ``refused-excluded:<category>``."""
        return (
            "refused-secret" if self.category == "secret" else f"refused-excluded:{self.category}"
        )


_EXT = (
    r"ts|tsx|js|jsx|mjs|cjs|py|pyi|go|rs|java|kt|kts|swift|rb|php|cs|c|h|cc|cpp|hpp|m|mm|"
    r"scala|sql|sh|bash|zsh|ps1|yaml|yml|json|jsonc|toml|ini|cfg|conf|md|mdx|rst|txt|html|"
    r"css|scss|less|vue|svelte|tf|tfvars|proto|graphql|gql|gradle|xml|lock|env|dart|ex|exs|"
    r"erl|hs|clj|lua|r|ipynb|properties|plist|csproj|sln"
)
_PATH = lazy_compile(
    rf"(?<![\w@])(?:~|\.{{1,2}})?/?(?:[\w@\-.]+/)+[\w@\-.]*\.(?:{_EXT})\b"
    r"|(?<![\w@])(?:\.{1,2}/|/)?(?:src|lib|app|apps|packages|services|cmd|internal|pkg|"
    r"modules|components|server|client|tests?|spec|scripts|config|infra|terraform|charts)"
    r"/(?:[\w@\-.]+/)*[\w@\-.]+/?"
    r"|(?<![\w@/:.])\.?[A-Za-z_@][\w@\-.]*/(?:[\w@\-.]+/)+[\w@\-.]*",
    re.I,
)
_WIN_PATH = lazy_compile(r"\b[A-Za-z]:\\(?:[\w\-. ]+\\)*[\w\-. ]+")
_FILENAME = lazy_compile(rf"(?<![\w/.])[\w\-]+(?:\.[\w\-]+)*\.(?:{_EXT})\b", re.I)
_LOCATION = lazy_compile(
    r"\b(lives? in|lives? at|is in|are in|located (?:in|at)|defined in|declared in|"
    r"implemented in|find (?:it|them) in|sits? in|kept in|stored in|under)\b"
    r"|在.{0,40}(?:里|中|下面|目录)|位于|定义在|放在|写在",
    re.I,
)
_SHA = lazy_compile(r"(?<![\w\-])[0-9a-f]{7,40}(?![\w\-])")
# A hex id with letters and digits said next to a deploy, build or release word is a commit
# ("remember 9f3c2a71e0 is the last good deploy"): git history, readable from git.
_REVISION = lazy_compile(r"(?<![\w\-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w\-])")
_REVISION_WORDS = lazy_compile(
    r"\b(deploy(?:s|ed|ment)?|build|release[ds]?|roll(?:ed)? ?back|rollback|revision|rev|sha|"
    r"hash|last (?:good|known)|known[- ]good|bisect)\b|部署|回滚|版本",
    re.I,
)
_GIT_WORDS = lazy_compile(
    r"\b(commit(?:s|ted)?|merge[ds]?|revert(?:ed)?|cherry-pick(?:ed)?|rebased?|git log|"
    r"git blame|blame|changelog entry|pull request #?\d+|PR #\d+|tag(?:ged)? v?\d)\b|提交|合并请求",
    re.I,
)
_HISTORY = lazy_compile(
    r"\b(who (?:changed|wrote|touched|added|removed|broke)|was (?:changed|added|removed|"
    r"introduced|reverted) in (?:commit|PR|pull request|version)|commit history|"
    r"the commit (?:that|which)|last (?:changed|touched) by)\b|谁改的|哪个提交|那次提交",
    re.I,
)
_BUG = lazy_compile(
    r"\b(bug|bugs|crash(?:es|ed)?|regression|exception|race condition|deadlock|leak|"
    r"double[- ]charge|duplicate|off-by-one|incident)\b|bug|漏洞|故障|报错|崩溃|问题|重复",
    re.I,
)
_RECIPE = lazy_compile(
    r"\b(fix(?:ed)? (?:it |this |that )?(?:by|with)|the fix (?:is|was)|fix is to|"
    r"solution (?:is|was)|workaround (?:is|was)|resolved (?:it )?by|solved (?:it )?by|"
    r"to fix (?:it|this|that)|remember (?:this|the|that) fix|fixed by adding|"
    r"the patch (?:is|was))\b|修法|修复方法|修复方式|解决办法|解决方法|解决方案是|修的方法|"
    r"这个修复|怎么修的是",
    re.I,
)
_TASK = lazy_compile(
    r"\b(halfway|half way|half-way|where I (?:am|left off)|in the middle of|"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:of|out of) "
    r"(?:\d+|ten|twenty|thirty)\b(?: \w+)? (?:done|left|remaining|migrated|fixed|renamed|"
    r"converted|updated)|\d+ of \d+ (?:files|tests|tasks|steps|items)|"
    r"I'?m (?:currently |now |still )?(?:working on|fixing|refactoring|renaming|debugging|"
    r"migrating|rewriting|converting)|(?:still|yet) (?:need|have) to (?:finish|do|fix)|"
    r"next I'?ll|remaining (?:files|tasks|steps)|work in progress|WIP\b|current progress|"
    r"this session|so far I'?ve|my current (?:task|progress))|"
    r"进行到|做了一半|做到一半|改了一半|还剩\s*\d*|正在(?:改|做|修|重构|迁移|写|重命名)|"
    r"目前进度|当前进度|这次会话|本次会话|做到第",
    re.I,
)
_DOCS = lazy_compile(
    r"\b(README(?:\.md)?|CLAUDE\.md|AGENTS\.md|GEMINI\.md|CONTRIBUTING(?:\.md)?|"
    r"CHANGELOG(?:\.md)?|copilot-instructions|\.cursorrules|the docs folder|docs/\S*)",
    re.I,
)
_DOCS_CLAIM = lazy_compile(
    r"\b(says|said|states|documents|documented|describes|explains|lists|according to|"
    r"already|is in|are in|in the|mentions)\b|写了|写着|里写|已经写|说明了|提到",
    re.I,
)
_CODE_IDENT = lazy_compile(
    r"\b[a-z_][A-Za-z0-9_]*\(\)|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z]+_[a-z_]+\(|"
    r"`[^`]*[(){}=<>][^`]*`"
)
_CODE_WORDS = lazy_compile(
    r"\b(class(?:es)?|function|functions|method|methods|decorator|interface|struct|"
    r"hook|hooks|returns?|(?<!-)calls?|inherits?|extends|implements|wraps|design pattern|"
    r"(?:repository|factory|singleton|observer|adapter|builder|strategy|visitor) pattern)\b"
    r"|类|函数|方法|接口|装饰器|设计模式|继承",
    re.I,
)
_CODE_PATTERN_PHRASE = lazy_compile(
    r"\b(the code(?:base)? (?:uses|follows)|we (?:use|follow) the \w+ pattern|"
    r"(?:every|all|each) (?:handler|controller|service|component|model|class)e?s? "
    r"(?:must |should )?(?:return|call|extend|inherit|use|wrap|implement)s?|"
    r"is implemented (?:as|with|using)|pattern (?:for|in) the code)\b|代码(?:里|中)用的是|都继承",
    re.I,
)
_ARCH = lazy_compile(
    r"\b((?:the |our )?(?:\w+ )?architecture (?:is|uses|consists|has)|architected|microservices?|monolith|event[- ]driven|message bus|"
    r"data flow|(?:talks|talk|sends|publishes|subscribes|connects) to (?:the )?\w+ (?:service|"
    r"queue|topic|db|database|api)|is (?:built|structured|organized|organised|layered) "
    r"(?:as|into|with|on|around)|(?:service|module|layer) (?:depends on|calls|sits between))\b"
    r"|架构(?:是|分成|分为|采用|用的是)|分层|调用链|服务之间.{0,10}(?:调用|通信)|模块之间",
    re.I,
)


def _mask_urls(text: str) -> str:
    def blank(m: re.Match[str]) -> str:
        return " " * len(m.group(0))

    text = URL.sub(blank, text)
    return DOMAIN_PATH.sub(blank, text)


# A path right after "lives in" / "is" / "在", or a path with nothing else to say, is a
# location; a rule or fact that cites a file is not.
_LOCATION_BEFORE = lazy_compile(
    r"(?:\b(?:lives?|sits?|is|are|located|defined|declared|implemented|kept|stored|found|"
    r"find [\w ]{0,30}?)\s+(?:in|at|under|inside)?|\bis|\bare|在|放在|位于|定义在|"
    r"写在|声明在|实现在)\s*(?:the\s+)?(?:file|folder|directory)?\s*$",
    re.I,
)
_LOCATION_FILLER = lazy_compile(
    r"\b(?:remember|note|that|the|a|an|is|are|it|lives?|in|at|under|inside|defined|declared|"
    r"implemented|located|kept|stored|sits?|file|folder|directory|config|you|can|find)\b|"
    r"记住|记一下|在|里|中|下|目录|文件|放|位于|定义|写",
    re.I,
)


def _only_location(masked: str, spans: list[tuple[int, int]]) -> bool:
    for start, _end in spans:
        if _LOCATION_BEFORE.search(masked[max(0, start - 40) : start]):
            return True
    rest = masked
    for start, end in sorted(spans, reverse=True):
        rest = rest[:start] + " " + rest[end:]
    rest = _LOCATION_FILLER.sub(" ", rest)
    words = re.findall(r"[A-Za-z0-9]{2,}", rest)
    han = len(re.findall(r"[\u3400-\u9fff]", rest))
    return len(words) + han / 2 < 4


def classify_exclusion(text: str) -> Exclusion | None:
    """The exclusion category of ``text``, or None when it may be remembered.

    A text that cites a file (a path or file name as evidence of a rule or fact) may be
    remembered; one whose content is only where something is may not."""
    if find_secrets(text):
        return Exclusion("secret", CATEGORIES["secret"])
    masked = _mask_urls(text)
    zh = is_chinese(masked)
    if _TASK.search(masked) or rec.is_task_state(masked, chinese=zh):
        return Exclusion("task-state", CATEGORIES["task-state"])
    if (_BUG.search(masked) and _RECIPE.search(masked)) or rec.is_fix_recipe(masked, chinese=zh):
        return Exclusion("bug-fix-recipe", CATEGORIES["bug-fix-recipe"])
    if (
        _HISTORY.search(masked)
        or (_SHA.search(masked) and _GIT_WORDS.search(masked))
        or (_REVISION.search(masked) and _REVISION_WORDS.search(masked))
        or rec.is_history(masked, chinese=zh)
    ):
        return Exclusion("git-history", CATEGORIES["git-history"])
    if _DOCS.search(masked) and _DOCS_CLAIM.search(masked):
        return Exclusion("in-repo-docs", CATEGORIES["in-repo-docs"])
    spans = [m.span() for m in _PATH.finditer(masked)]
    spans += [m.span() for m in _WIN_PATH.finditer(masked)]
    spans += [m.span() for m in _FILENAME.finditer(masked)]
    if spans and _only_location(masked, spans):
        return Exclusion("file-path", CATEGORIES["file-path"])
    if rec.is_code_place(masked, chinese=zh):
        return Exclusion("file-path", CATEGORIES["file-path"])
    if (
        _CODE_PATTERN_PHRASE.search(masked)
        or (_CODE_IDENT.search(masked) and _CODE_WORDS.search(masked))
        or rec.CODE_SHAPE.search(masked)
    ):
        return Exclusion("code-pattern", CATEGORIES["code-pattern"])
    if _ARCH.search(masked) or (zh and rec.ARCH_ZH.search(masked)):
        return Exclusion("architecture", CATEGORIES["architecture"])
    return None


def path_spans(text: str) -> list[tuple[int, int]]:
    """Spans of repository paths in ``text`` (URLs are not paths)."""
    masked = _mask_urls(text)
    return [m.span() for m in _PATH.finditer(masked)] + [
        m.span() for m in _WIN_PATH.finditer(masked)
    ]
