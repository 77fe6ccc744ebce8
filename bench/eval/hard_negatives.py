"""Hard negatives for memlsp recall: chat messages to which no note of the development store applies.

Every message below was checked by hand against all 400 notes of the development store
(`/work/shared/eval/corpus.jsonl`); a good memory injects nothing for any of them.
Groups: chat (small talk, thanks), general (programming questions the store does not govern),
task (small jobs nothing in memory governs) and near-miss (shares a name, tool, place, person,
number or day with a note, but that note does not govern it; `near` lists the notes brushed).

    python bench/eval/hard_negatives.py --write      # (re)write hard_negatives.jsonl from the literals
    python bench/eval/hard_negatives.py --validate   # check the file: format, ids, shares, near ids

The text is hand-written; this script only numbers it and writes it out.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import TypedDict

HERE = Path(__file__).resolve().parent
OUT = HERE / "hard_negatives.jsonl"
# The development store; --validate checks `near` ids against it when it is present.
CORPUS_CANDIDATES = (
    Path("/work/shared/eval/corpus.jsonl"),
    HERE.parents[1] / "shared" / "eval" / "corpus.jsonl",
)

DEFAULT_NOW = "2026-12-01T10:00:00Z"
MONDAY_MORNING_SGT = "2026-11-30T00:40:00Z"  # 08:40 SGT
FRIDAY_AFTERNOON_SGT = "2026-12-04T08:15:00Z"  # 16:15 SGT
WEDNESDAY = "2026-12-02T06:20:00Z"
THURSDAY_EVENING = "2026-12-03T13:05:00Z"

T, F = True, False

# (lang, first_turn, message[, now])
CHAT: list[tuple] = [
    ("en", F, "thanks, that worked"),
    ("en", F, "perfect ty"),
    ("en", F, "ok cool"),
    ("en", T, "good morning!"),
    ("en", F, "haha fair enough"),
    ("en", F, "you're a lifesaver, seriously"),
    ("en", F, "nvm figured it out"),
    ("en", F, "brb grabbing coffee"),
    ("en", T, "hi there"),
    ("en", F, "thats all for today, cheers", THURSDAY_EVENING),
    ("en", F, "huh, didn't know that"),
    ("en", T, "sorry wrong window lol"),
    ("en", F, "you still there?"),
    ("en", F, "great explanation, thank you!"),
    ("en", F, "ok makes sense now"),
    ("en", T, "morning. long day ahead", WEDNESDAY),
    ("zh", F, "谢谢！"),
    ("zh", F, "好的，明白了"),
    ("zh", T, "早上好", WEDNESDAY),
    ("zh", F, "哈哈哈 太真实了"),
    ("zh", F, "不用了，我自己搞定了"),
    ("zh", T, "你好呀"),
    ("zh", F, "辛苦了，今天就到这吧", THURSDAY_EVENING),
    ("zh", F, "嗯嗯 有道理"),
    ("zh", F, "发错窗口了，忽略上一条"),
    ("zh", F, "收到，多谢"),
    ("zh", T, "在吗"),
    ("zh", T, "今天好累啊"),
]

GENERAL: list[tuple] = [
    ("en", T, "memcpy vs memmove — when does it actually matter?"),
    ("en", T, "is signed int overflow really UB in C?"),
    ("en", T, "what does PIC S9(7)V99 COMP-3 mean in cobol"),
    ("en", T, "haskell: why does foldl blow the stack but foldl' doesn't"),
    ("en", T, "kotlin coroutines: launch vs async, what's the actual difference?"),
    ("en", F, "and when would I pick Dispatchers.IO over Dispatchers.Default?"),
    ("en", T, "XLOOKUP vs INDEX/MATCH, any reason to still use the old one?"),
    ("en", F, "in C++ when does std::move end up copying anyway"),
    ("en", T, "erlang: what happens to linked processes when one exits with reason normal?"),
    ("en", T, "ocaml value restriction, what is it protecting against?"),
    ("en", F, "does Lua's # operator work on tables with holes?"),
    ("en", T, "zig comptime vs c++ templates, roughly how do they compare"),
    ("en", F, "does any JS engine actually do proper tail calls?"),
    ("en", T, "what does LEA do on x86, it's not a load right?"),
    ("en", F, "why is 0.1 + 0.2 != 0.3"),
    ("en", T, "how many bytes does UTF-16 use for CJK text vs UTF-8?"),
    ("en", F, "big-O of building a heap from an array? always forget"),
    ("en", T, "when is A* no better than plain Dijkstra?"),
    ("en", T, "what does volatile guarantee in C and what doesn't it"),
    ("en", F, "fortran column-major vs C row-major, why does loop order matter"),
    ("en", T, "how does ruby decide when to call method_missing"),
    ("en", T, "scala 3 givens vs scala 2 implicits, what changed?"),
    ("en", F, "prolog: green cut vs red cut?"),
    ("en", T, "why do busy servers have thousands of sockets in TIME_WAIT?"),
    ("en", T, "LaTeX: \\newcommand vs \\def, which should I use"),
    ("en", F, "php '0' == false is true?? why"),
    ("en", T, "clojure atom vs ref, when do you actually need refs"),
    ("en", F, "what's false sharing, in plain terms"),
    ("en", T, "why does arduino millis() wrap around after ~49 days?"),
    ("en", T, "can wasm threads share one linear memory?"),
    ("en", F, "godot _process vs _physics_process, which one for movement?"),
    ("en", F, "401 vs 403, I always mix them up"),
    ("en", T, "what does HTTP 425 Too Early mean?"),
    ("en", T, "strong vs weak ETags, how are they compared?"),
    ("en", F, "what's the false positive formula for a bloom filter?"),
    ("en", F, "is right-shifting a negative int implementation-defined in C?"),
    ("en", T, "what's the K2 compiler in Kotlin 2.0 about?"),
    ("zh", T, "C 语言里 static 局部变量和全局变量有什么区别"),
    ("zh", T, "Haskell 的惰性求值为什么容易导致内存泄漏"),
    ("zh", F, "Kotlin 协程比 Java 线程轻量在哪"),
    ("zh", T, "Excel 的 SUMIFS 和 SUMPRODUCT 有什么区别"),
    ("zh", T, "现在还有银行在用 COBOL 吗，为什么不迁移"),
    ("zh", F, "尾递归到底是什么意思"),
    ("zh", T, "C++ 虚函数表是怎么实现的"),
    ("zh", T, "为什么 UTF-8 里一个汉字占三个字节"),
    ("zh", F, "红黑树和 AVL 树主要区别是啥"),
    ("zh", T, "Erlang 的 supervisor 是干嘛的"),
    ("zh", T, "LLVM IR 和 JVM 字节码本质上有什么不同"),
    ("zh", F, "大端序和小端序是什么"),
    ("zh", T, "哈希表扩容为什么一般是两倍"),
    ("zh", F, "Lua 的元表有什么用"),
    ("zh", T, "Scala 的隐式转换为什么老被吐槽"),
    ("zh", T, "CPU 分支预测失败的代价有多大"),
    ("zh", F, "GC 的三色标记法是什么意思"),
    ("zh", T, "编译器为什么要用 SSA 形式"),
    ("zh", T, "OCaml 和 F# 是什么关系"),
    ("zh", F, "协变和逆变怎么理解"),
    ("zh", T, "Fortran 现在主要用在哪些领域"),
    ("zh", T, "WebAssembly 能直接操作 DOM 吗"),
    ("zh", F, "LaTeX 里 \\section* 的星号是什么意思"),
    ("zh", F, "C 的 volatile 和 Java 的 volatile 一样吗"),
]

TASK: list[tuple] = [
    ("en", T, 'convert to yaml: {"title": "Dune", "year": 1965, "tags": ["scifi", "classic"]}'),
    ("en", T, "write a C function that counts set bits in a uint32_t"),
    ("en", F, "haskell function to split a list into chunks of n"),
    ("en", T, "excel formula to pull the domain out of an email in A2"),
    ("en", T, "kotlin extension fun that title-cases every word"),
    ("en", F, "rewrite as a while loop: for i = 1, 10 do print(i) end"),
    ("en", T, "latex table, 3 columns, first row spanning all of them"),
    ("en", F, "what's 17.5% of 4,380"),
    ("en", T, "72°F in celsius?"),
    ("en", F, "2^20 in decimal, quick"),
    ("en", T, "write a haiku about segfaults"),
    ("en", T, "reverse a singly linked list in C, iterative"),
    ("en", F, "elixir: drop duplicates from a list but keep first-seen order"),
    ("en", T, "translate 'happy birthday, grandma' into Polish"),
    ("en", T, "give me 5 names for a fantasy tavern, D&D night tomorrow"),
    ("en", F, "sort alphabetically: pear, fig, apple, kiwi, date"),
    ("en", T, "turn this into a C++ class with getters: struct point { int x; int y; };"),
    ("en", T, "cobol snippet that adds two numbers and displays the sum"),
    ("en", F, "pretty print this xml: <a><b>1</b><c/></a>"),
    ("en", T, "make this less grumpy: 'your dog barked all night AGAIN.'"),
    ("en", F, "roman numerals for 1994?"),
    ("en", T, "ocaml fibonacci with memoization pls"),
    ("en", F, "#1E90FF to rgb"),
    ("en", T, "what weekday was 1969-07-20"),
    ("zh", T, "帮我翻译成英文：这个周末我要去爬山"),
    ("zh", F, "3.75 乘以 48 等于多少"),
    ("zh", T, "写一首关于冬天的五言绝句"),
    ("zh", F, "“人工智能”用日语怎么说"),
    ("zh", T, "帮我想个给女朋友的生日惊喜"),
    ("zh", T, "给一只很胖的橘猫起个名字"),
    ("zh", F, "帮我把这句改通顺：我们今天去了公园然后很开心然后回家了"),
    ("zh", T, "出三道小学四年级的数学应用题"),
    ("zh", F, "十六进制 FF 是十进制多少"),
    ("zh", T, "帮我写条微信给房东，问暖气什么时候修"),
    ("zh", F, "成都、杭州、西安、武汉按人口排个序"),
    ("zh", T, "推荐三本适合通勤看的科幻小说"),
    ("zh", F, "1.5 英里是多少公里"),
    ("zh", T, "帮读书会想个名字，成员都是程序员"),
]

# (lang, first_turn, message, near[, now])
NEAR: list[tuple] = [
    ("en", T, "how much yarn do I need for a chunky scarf?", ["dn006"]),
    (
        "en",
        T,
        "steamed bao buns: my dough never rises, what am I doing wrong",
        ["dn006", "dn290", "dn311"],
    ),
    ("en", F, "which films has Ken Watanabe done besides Inception?", ["dn018", "dn044"]),
    ("en", T, "why did journals stop accepting the Lena test image?", ["dn079", "dn100"]),
    (
        "en",
        T,
        "kestrel vs peregrine, how do you tell them apart in flight?",
        ["dn019", "dn077", "dn030"],
    ),
    ("en", F, "contract bridge: how is a small slam scored?", ["dn046", "dn089"]),
    ("en", T, "what exactly is a tidewater glacier", ["dn020", "dn028"]),
    ("en", F, "is Terraforming Mars worth it with the Prelude expansion?", ["dn044", "dn057"]),
    ("en", T, "pc case airflow: front intake + top exhaust, or all intake?", ["dn036", "dn232"]),
    ("en", T, "twitter snowflake ids: how many bits are the timestamp?", ["dn037", "dn109"]),
    ("en", F, "is Nordhavn in Copenhagen nice for a Sunday walk?", ["dn051", "dn141", "dn066"]),
    ("en", T, "which pastel de nata place in Lisbon is worth the queue?", ["dn329"]),
    ("en", T, "amplitude vs frequency, which one is loudness?", ["dn196"]),
    ("en", F, "apartment intercoms: what's the difference between 2-wire and 4-wire?", ["dn257"]),
    ("en", T, "how does the original Little Mermaid story end?", ["dn125", "dn258"]),
    ("en", T, "why aren't raindrops actually tear-shaped?", ["dn108"]),
    ("en", F, "minecraft: fastest way to get obsidian early?", ["dn087"]),
    ("en", T, "who won more grand slams, Björn Borg or Li Na?", ["dn199", "dn200", "dn058"]),
    ("en", F, "was the big wooden ring at Expo 2025 in Osaka worth seeing?", ["dn093", "dn304"]),
    (
        "en",
        T,
        "TGIF. any good sci-fi movie for tonight?",
        ["dn048", "dn117", "dn140"],
        FRIDAY_AFTERNOON_SGT,
    ),
    ("en", F, "sunday roast: how long for a 1.5kg chicken?", ["dn066", "dn045"]),
    ("en", T, "how do I download Google Maps areas for offline use?", ["dn143", "dn090"]),
    ("en", T, "how do I add a logo to my gmail signature?", ["dn281", "dn067", "dn306"]),
    ("en", F, "any chili crab place in Singapore that isn't a tourist trap?", ["dn003", "dn192"]),
    (
        "en",
        T,
        "what does a keel actually do for a sailboat's stability?",
        ["dn014", "dn094", "dn022"],
    ),
    ("en", F, "in pulp fiction, who is Zed?", ["dn357"]),
    ("en", T, "Camille Saint-Saëns: which piece is the swan one?", ["dn182", "dn251"]),
    ("en", T, "is a 60 MB attachment too big for gmail?", ["dn345"]),
    ("en", F, "where does the '100 ms feels instant' rule for UI come from?", ["dn352", "dn152"]),
    (
        "en",
        T,
        "what's the story of Inês de Castro? heard it mentioned in Lisbon",
        ["dn308", "dn400", "dn329"],
    ),
    ("en", T, "how many World Cup goals has Marta scored?", ["dn017", "dn267"]),
    ("en", F, "which Stripe Press book is best to start with?", ["dn025", "dn121"]),
    ("en", T, "is it safe to freeze cooked rice?", ["dn042", "dn395", "dn096"]),
    ("en", T, "how long should a home wifi password be, realistically?", ["dn022"]),
    ("en", F, "is Loki Odin's son or his brother?", ["dn189"]),
    ("en", T, "what is Kessler syndrome?", ["dn086"]),
    ("en", T, "does Linear have a dark theme?", ["dn011", "dn107"]),
    ("en", F, "things 3: can I share a project with my wife?", ["dn391"]),
    ("en", T, "google slides: can one deck be portrait instead of landscape?", ["dn334"]),
    ("en", F, "go: why does writing to a nil map panic but reading doesn't?", ["dn236", "dn001"]),
    ("en", T, "typescript: interface vs type alias, does it still matter?", ["dn277"]),
    ("en", F, "docker: volume vs bind mount, what's the real difference?", ["dn160", "dn322"]),
    (
        "en",
        T,
        "the lighting of the beacons scene in LOTR — what's that track called?",
        ["dn066", "dn129"],
    ),
    ("en", F, "is there an official dark mode in google docs?", ["dn170"]),
    ("zh", T, "李娜是哪一年拿的法网冠军？", ["dn058", "dn059"]),
    ("zh", T, "卡夫卡（Kafka）的《变形记》讲的是什么", ["dn309", "dn120"]),
    ("zh", F, "冬至是 12 月 21 号吗，北方吃饺子南方吃汤圆？", ["dn397"]),
    (
        "zh",
        T,
        "周五晚上想玩桌游，推荐几个适合四个人的",
        ["dn048", "dn117", "dn140"],
        FRIDAY_AFTERNOON_SGT,
    ),
    ("zh", T, "荷兰国王节为什么大家都穿橙色", ["dn016"]),
    ("zh", F, "里斯本 28 路电车值得坐吗", ["dn329"]),
    ("zh", T, "我爸妈十二月来新加坡，会一直下雨吗", ["dn003", "dn192"]),
    ("zh", T, "怎么把我爸手机上的微信字体调大", ["dn233"]),
    ("zh", F, "手机拼音输入法里 ü 怎么打", ["dn103", "dn253"]),
    ("zh", T, "雨果的《悲惨世界》值得读全本吗", ["dn215"]),
    ("zh", T, "Galaxy A12 给老人用还够吗", ["dn213"]),
    ("zh", F, "同事王芳下周生日，送什么小礼物合适", ["dn076", "dn075"]),
    ("zh", T, "朋友周敏办护照，英文名直接写拼音就行吗", ["dn029", "dn103"]),
    ("zh", T, "周一早上总是起不来怎么办 哈哈", ["dn227", "dn379", "dn019"], MONDAY_MORNING_SGT),
    ("zh", F, "网上那个星期三舞是哪部剧里的", ["dn012", "dn061"], WEDNESDAY),
    ("zh", T, "去苏黎世玩可以直接刷欧元吗，还是得换瑞郎", ["dn229", "dn367", "dn230"]),
    ("zh", T, "欧洲央行 2022 年为什么开始加息", ["dn230"]),
    ("zh", F, "在德国买东西，机场退税要先盖章吗", ["dn175", "dn248"]),
    ("zh", T, "Steam 游戏玩了三小时还能退款吗", ["dn128", "dn124"]),
    ("zh", F, "五个九的可用性一年能停机几分钟", ["dn171"]),
    ("zh", T, "Pune 八月是雨季吗，想去玩几天", ["dn049", "dn308"]),
    ("zh", T, "鹿特丹马拉松的赛道平不平", ["dn172", "dn042"]),
    ("zh", F, "二维码里的 Wi-Fi 信息是什么格式", ["dn150"]),
    ("zh", T, "怎么关掉小红书的推送通知", ["dn126", "dn127"]),
    ("zh", F, "iPhone 专注模式怎么设成晚上 10 点到早上 6 点自动开", ["dn127"]),
    ("zh", T, "集装箱改的房子夏天会很热吗", ["dn166", "dn024"]),
    ("zh", F, "Typst 怎么排一个两栏的简历", ["dn273", "dn274"]),
    ("zh", T, "我的 Ledger 硬件钱包提示升级固件，安全吗", ["dn004", "dn223"]),
    ("zh", F, "2027 年 1 月 8 号是星期几", ["dn397"]),
    ("zh", T, "12 月 18 号我妹结婚，帮我想几句祝酒词", ["dn395"]),
    ("zh", T, "Notion 页面怎么导出成 PDF", ["dn021", "dn030"]),
    ("zh", F, "Loom 录的视频能自动加字幕吗", ["dn122"]),
]

GROUPS = {"chat": CHAT, "general": GENERAL, "task": TASK, "near-miss": NEAR}
# Target shares from the brief, with some slack: chat ~15%, general ~30%, task ~20%, near-miss ~35%.
SHARE_BOUNDS = {
    "chat": (0.10, 0.20),
    "general": (0.25, 0.35),
    "task": (0.15, 0.25),
    "near-miss": (0.30, 0.40),
}
KEYS = ["id", "message", "relevant", "now", "first_turn", "kind", "group", "lang", "near"]
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
NOW_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


class Row(TypedDict):
    id: str
    message: str
    relevant: list[str]
    now: str
    first_turn: bool
    kind: str
    group: str
    lang: str
    near: list[str]


def build() -> list[Row]:
    rows: list[Row] = []
    for group, items in GROUPS.items():
        for item in items:
            if group == "near-miss":
                lang, first, message, near, *rest = item
            else:
                lang, first, message, *rest = item
                near = []
            rows.append(
                Row(
                    id=f"hn{len(rows) + 1:03d}",
                    message=message,
                    relevant=[],
                    now=rest[0] if rest else DEFAULT_NOW,
                    first_turn=first,
                    kind="negative",
                    group=group,
                    lang=lang,
                    near=list(near),
                )
            )
    return rows


def load_corpus_ids() -> set[str] | None:
    for path in CORPUS_CANDIDATES:
        if path.is_file():
            with path.open(encoding="utf-8") as fh:
                return {json.loads(line)["id"] for line in fh if line.strip()}
    return None


def validate(path: Path) -> list[str]:
    errors: list[str] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    rows: list[dict] = []
    for n, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"line {n}: not JSON ({exc})")
            continue
        if list(row) != KEYS:
            errors.append(f"line {n}: keys {list(row)} != {KEYS}")
        rows.append(row)
    if len(rows) < 170:
        errors.append(f"only {len(rows)} messages (need >= 170)")

    corpus_ids = load_corpus_ids()
    seen_ids: set[str] = set()
    seen_msgs: dict[str, str] = {}
    for n, row in enumerate(rows, 1):
        rid = row.get("id", "")
        where = f"{rid or 'line ' + str(n)}"
        if rid != f"hn{n:03d}":
            errors.append(f"{where}: id should be hn{n:03d}")
        if rid in seen_ids:
            errors.append(f"{where}: duplicate id")
        seen_ids.add(rid)
        msg = row.get("message", "")
        if not isinstance(msg, str) or not msg.strip():
            errors.append(f"{where}: empty message")
            continue
        norm = re.sub(r"\W+", " ", msg.lower()).strip()
        if norm in seen_msgs:
            errors.append(f"{where}: same message as {seen_msgs[norm]}")
        seen_msgs[norm] = rid
        if row.get("relevant") != []:
            errors.append(f"{where}: relevant must be []")
        if row.get("kind") != "negative":
            errors.append(f"{where}: kind must be 'negative'")
        if not isinstance(row.get("first_turn"), bool):
            errors.append(f"{where}: first_turn must be a boolean")
        if not NOW_RE.match(str(row.get("now", ""))):
            errors.append(f"{where}: now must look like 2026-12-01T10:00:00Z")
        group = row.get("group")
        if group not in GROUPS:
            errors.append(f"{where}: unknown group {group!r}")
        lang = row.get("lang")
        has_cjk = bool(CJK.search(msg))
        if lang == "zh" and not has_cjk:
            errors.append(f"{where}: lang zh but no Chinese characters")
        elif lang == "en" and has_cjk:
            errors.append(f"{where}: lang en but contains Chinese characters")
        elif lang not in ("en", "zh"):
            errors.append(f"{where}: lang must be en or zh")
        near = row.get("near")
        if not isinstance(near, list) or not all(isinstance(x, str) for x in near):
            errors.append(f"{where}: near must be a list of note ids")
            continue
        if group == "near-miss" and not near:
            errors.append(f"{where}: a near-miss must name the notes it brushes against")
        if group != "near-miss" and near:
            errors.append(f"{where}: only near-misses carry near ids")
        if len(set(near)) != len(near):
            errors.append(f"{where}: repeated near id")
        if corpus_ids is not None:
            for nid in near:
                if nid not in corpus_ids:
                    errors.append(f"{where}: near id {nid} is not in the development store")
        words = len(msg.split()) if lang == "en" else len(CJK.findall(msg))
        if (lang == "en" and words > 20) or (lang == "zh" and words > 40):
            errors.append(f"{where}: too long for a chat message ({words})")

    total = len(rows) or 1
    groups = collections.Counter(r.get("group") for r in rows)
    for group, (lo, hi) in SHARE_BOUNDS.items():
        share = groups[group] / total
        if not lo <= share <= hi:
            errors.append(f"group {group}: share {share:.0%} outside {lo:.0%}-{hi:.0%}")
    zh_share = sum(r.get("lang") == "zh" for r in rows) / total
    if zh_share < 0.35:
        errors.append(f"Chinese share {zh_share:.0%} < 35%")
    first_share = sum(r.get("first_turn") is True for r in rows) / total
    if not 0.35 <= first_share <= 0.65:
        errors.append(f"first_turn share {first_share:.0%} is not roughly half")
    return errors


def summary(path: Path) -> str:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    total = len(rows)
    by_group = collections.Counter(r["group"] for r in rows)
    by_lang = collections.Counter(r["lang"] for r in rows)
    first = sum(r["first_turn"] for r in rows)
    parts = [f"{total} messages"]
    parts.append(", ".join(f"{g} {by_group[g]} ({by_group[g] / total:.0%})" for g in GROUPS))
    parts.append(", ".join(f"{k} {v} ({v / total:.0%})" for k, v in sorted(by_lang.items())))
    parts.append(f"first_turn {first} ({first / total:.0%})")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--write", action="store_true", help="write hard_negatives.jsonl from the literals"
    )
    ap.add_argument("--validate", action="store_true", help="validate hard_negatives.jsonl")
    args = ap.parse_args(argv)
    if not (args.write or args.validate):
        ap.error("give --write and/or --validate")
    if args.write:
        rows = build()
        OUT.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
        print(f"wrote {OUT.name}")
    if args.validate:
        errors = validate(OUT)
        built = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in build())
        if OUT.read_text(encoding="utf-8") != built:
            errors.append(f"{OUT.name} differs from the literals in this script (run --write)")
        if load_corpus_ids() is None:
            print("note: development store not found; near ids were not checked against it")
        for e in errors:
            print("ERROR", e)
        print(summary(OUT))
        if errors:
            return 1
        print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
