"""Issue 15, acceptance 5: statements memory must refuse (SPEC R8) and legitimate notes it
must accept, in English and Chinese. Our own fictional world (Fernhill, a studio making an
online racing game); the legitimate notes also reuse the pair corpus (tests/core/fact_pairs.py).

Each excluded statement is (text, category). Categories are the policy's ids.
"""

from __future__ import annotations

from tests.core.fact_pairs import DIFFERENT, SAME

EXCLUDED: list[tuple[str, str]] = [
    # how a bug was fixed — said in many ways, with or without the word "bug"
    (
        "The fix for the desync in replays was clamping the tick delta before interpolation.",
        "bug-fix-recipe",
    ),
    (
        "We solved the lobby timeout by raising the keepalive interval to 20 seconds.",
        "bug-fix-recipe",
    ),
    (
        "The memory leak in the garage went away once we released the texture handles on scene unload.",
        "bug-fix-recipe",
    ),
    ("Got the flaky matchmaking test passing by seeding the random generator.", "bug-fix-recipe"),
    (
        "Remember that the crash on Switch was fixed by lowering the audio buffer count.",
        "bug-fix-recipe",
    ),
    (
        "We fixed the duplicate reward grant by making the claim endpoint idempotent.",
        "bug-fix-recipe",
    ),
    (
        "The workaround for the shader compile hang is to disable the async pipeline cache.",
        "bug-fix-recipe",
    ),
    (
        "Turns out the leaderboard was wrong because of a timezone offset, so we store UTC now.",
        "bug-fix-recipe",
    ),
    ("To fix the stutter on load, preload the car meshes during the countdown.", "bug-fix-recipe"),
    ("The solution to the login loop was clearing the stale refresh cookie.", "bug-fix-recipe"),
    (
        "Wrapping the socket connect in a retry is what fixed the flaky upload step.",
        "bug-fix-recipe",
    ),
    (
        "The double-spend in the store got resolved with a unique constraint on the receipt id.",
        "bug-fix-recipe",
    ),
    ("We patched the physics explosion by capping the solver iterations.", "bug-fix-recipe"),
    ("Remember the fix for the black screen on resume: recreate the swapchain.", "bug-fix-recipe"),
    (
        "The ghost car bug was caused by a stale cache and we fixed it by keying on the track version.",
        "bug-fix-recipe",
    ),
    ("回放不同步的问题是把 tick 差值先截断再插值修好的。", "bug-fix-recipe"),
    ("大厅超时的解决办法是把心跳间隔调到 20 秒。", "bug-fix-recipe"),
    ("记住这个修法：车库内存泄漏是卸载场景时释放贴图句柄解决的。", "bug-fix-recipe"),
    ("重复发奖励那个问题，我们通过给领取接口加幂等键修复了。", "bug-fix-recipe"),
    ("着色器编译卡死的绕过方法是关掉异步管线缓存。", "bug-fix-recipe"),
    ("加了重试之后上传失败就好了。", "bug-fix-recipe"),
    ("登录死循环是清掉过期的刷新 cookie 才解决的。", "bug-fix-recipe"),
    ("Switch 上的崩溃是把音频缓冲数调小修好的。", "bug-fix-recipe"),
    ("排行榜错乱的原因是时区偏移，后来改成存 UTC 就好了。", "bug-fix-recipe"),
    ("物理爆炸那个 bug 靠限制求解迭代次数搞定了。", "bug-fix-recipe"),
    # in-progress work and temporary conclusions
    ("I'm halfway through moving the garage screens to the new UI kit.", "task-state"),
    ("So far I've converted 6 of the 14 track files to the new format.", "task-state"),
    ("I still need to finish the replay migration before I open the PR.", "task-state"),
    ("Next I'll rename the remaining input handlers.", "task-state"),
    ("I'm currently refactoring the matchmaker queue.", "task-state"),
    ("Where I left off: the lobby tests pass, the chat tests don't yet.", "task-state"),
    ("I'll pick this up tomorrow from the netcode branch.", "task-state"),
    ("The next step is wiring the new shop screen into navigation.", "task-state"),
    ("TODO: port the last three menus before the review.", "task-state"),
    ("I'm stuck on the leaderboard pagination for now.", "task-state"),
    ("I just finished the first half of the audio bank split.", "task-state"),
    ("For this task I've only touched the physics crate so far.", "task-state"),
    ("I'm about to start converting the livery editor.", "task-state"),
    ("Remember where we are: three screens migrated, five to go.", "task-state"),
    ("我正在把车库界面迁到新的 UI 组件库。", "task-state"),
    ("赛道文件已经转换了 6 个，还剩 8 个。", "task-state"),
    ("回放迁移还没做完，明天继续。", "task-state"),
    ("接下来我要把剩下的输入处理函数改名。", "task-state"),
    ("做到一半了，聊天测试还没过。", "task-state"),
    ("下一步是把新商店页面接到导航里。", "task-state"),
    ("记一下进度：三个页面迁完了，还有五个。", "task-state"),
    ("我刚改完音频包拆分的前半部分。", "task-state"),
    ("目前卡在排行榜分页上。", "task-state"),
    ("这个分支上我只动了物理模块。", "task-state"),
    # where code is: a location and nothing else
    ("The retry helper lives in net/retry.rs.", "file-path"),
    ("Matchmaking config is in config/matchmaker.toml.", "file-path"),
    ("The physics step is defined in engine/physics/step.cpp.", "file-path"),
    ("Remember: the livery shaders are under assets/shaders/livery/.", "file-path"),
    ("The lobby protocol messages are declared in proto/lobby.proto.", "file-path"),
    ("You can find the input mapping in InputMap.cs.", "file-path"),
    ("The store receipt validation is the second function in the payments module.", "file-path"),
    ("The anti-cheat hooks sit in the platform layer folder.", "file-path"),
    ("匹配配置在 config/matchmaker.toml 里。", "file-path"),
    ("物理步进定义在 engine/physics/step.cpp。", "file-path"),
    ("涂装着色器放在 assets/shaders/livery/ 目录下。", "file-path"),
    ("输入映射写在 InputMap.cs 里面。", "file-path"),
    ("收据校验函数在支付模块的文件里。", "file-path"),
    # git history
    ("Commit 4f9c2ab switched the netcode to fixed timesteps.", "git-history"),
    ("Marco's commit last week reverted the shader cache change.", "git-history"),
    ("The crash was introduced in PR #812.", "git-history"),
    ("Who changed the lobby timeout? Lena did, in the March merge.", "git-history"),
    ("提交 4f9c2ab 把网络代码改成了固定步长。", "git-history"),
    ("那次提交回滚了着色器缓存的改动。", "git-history"),
    ("PR #812 引入了这个崩溃。", "git-history"),
    ("The replay rewrite was merged in commit 9be01d4.", "git-history"),
    # how the code is written
    ("Every handler in the lobby service must return a Result type.", "code-pattern"),
    ("The codebase uses the observer pattern for race events.", "code-pattern"),
    ("All UI screens extend BaseScreen and override onShow().", "code-pattern"),
    ("The save system is implemented with a repository pattern.", "code-pattern"),
    ("所有界面都继承 BaseScreen 类。", "code-pattern"),
    ("代码里用的是观察者模式来分发比赛事件。", "code-pattern"),
    ("每个服务的接口都返回 Result 类型的函数。", "code-pattern"),
    # how the system is put together
    ("The matchmaker talks to the lobby service over gRPC.", "architecture"),
    ("The game server architecture is a set of microservices behind one gateway.", "architecture"),
    ("The client is structured as three layers: view, state and transport.", "architecture"),
    ("比赛服务通过消息总线和大厅服务通信。", "architecture"),
    ("客户端的架构分成视图、状态和传输三层。", "architecture"),
    ("服务之间通过 gRPC 调用。", "architecture"),
    # what the repository's own docs already say
    ("The README says to run make setup before the first build.", "in-repo-docs"),
    ("CLAUDE.md already states that we use conventional commits.", "in-repo-docs"),
    ("CONTRIBUTING.md lists the code review rules.", "in-repo-docs"),
    ("README 里写了第一次构建前要先跑 make setup。", "in-repo-docs"),
    ("AGENTS.md 已经写了提交信息要用约定式提交。", "in-repo-docs"),
    # more fix recipes and task state, phrased differently again
    (
        "Setting the thread pool to 4 workers stopped the server crashes during load tests.",
        "bug-fix-recipe",
    ),
    ("If the build hangs again, deleting the derived data folder fixes it.", "bug-fix-recipe"),
    ("Pinning the protobuf version is how we got past the codegen error.", "bug-fix-recipe"),
    ("The intermittent 502s disappeared after we bumped the proxy timeout.", "bug-fix-recipe"),
    ("构建再卡住的话，删掉派生数据目录就能修好。", "bug-fix-recipe"),
    ("把代理超时调大以后，偶发的 502 就没了。", "bug-fix-recipe"),
    ("I'm in the middle of splitting the store service.", "task-state"),
    ("Two of five migrations are done, the rest tomorrow.", "task-state"),
    ("我还得把剩下的三个菜单移植完才能提评审。", "task-state"),
    ("这次会话先改到这里，下次从 UI 开始。", "task-state"),
    ("The session handler is implemented in src/lobby/session.rs.", "file-path"),
    ("Remember the config loader is packages/config/src/load.ts.", "file-path"),
]

# Legitimate notes that cite a file as evidence: a rule or fact, with the file it governs.
CITING: list[str] = [
    "Never edit the generated bindings in engine/gen/bindings.rs by hand; they are overwritten by the codegen step.",
    "Changes to config/matchmaker.toml need a sign-off from the netcode lead.",
    "Keep the physics tick rate in engine/physics/step.cpp at 60 Hz; the replays depend on it.",
    "The privacy team must review any change to proto/telemetry.proto.",
    "Don't add new dependencies to packages/launcher/package.json without asking Ines.",
    "Release builds read their feature flags from config/flags.prod.yaml, so test flag changes there first on staging.",
    "Translations in locales/ja.json are owned by Kotoba Ltd; send changes to them instead of editing.",
    "The score formula in game/scoring.py is agreed with the esports partner and frozen until 2026-12-01.",
    "Any change to .github/workflows/release.yml must be paired with the release manager.",
    "Migrations under db/migrations/ are applied by the ops rota on Tuesdays only.",
    "Use the shared lint config in tools/lint/base.toml rather than per-crate settings.",
    "The rate limits in config/limits.yaml are contractual with the console platforms; ask legal before changing them.",
    "变更 config/matchmaker.toml 需要网络组负责人签字。",
    "engine/gen/ 下的生成代码不要手改，代码生成会覆盖。",
    "proto/telemetry.proto 的任何改动都要隐私团队审核。",
    "locales/ja.json 的翻译归言叶公司负责，改动发给他们。",
    "db/migrations/ 里的迁移只在周二由运维值班执行。",
    "game/scoring.py 里的计分公式和电竞合作方约定过，2026-12-01 前冻结。",
    "Don't bump the engine version in tools/engine-version.txt during a certification window.",
    "Store prices in config/prices.csv are set by the monetisation team, not by engineers.",
]

# Statements that sound like the excluded kinds but are project facts, rules or references.
TRICKY: list[str] = [
    "Bugs in the netcode go to the Linear project NET and are triaged on Mondays.",
    "We fixed the date of the publisher demo: it is on 2026-05-08.",
    "The fix version for the winter update in Linear is 4.2.",
    "Bug bounty reports go to security@fernhill.example and are answered within two days.",
    "Crash reports are reviewed every morning by the on-call engineer.",
    "Architecture reviews happen on the first Thursday of each month.",
    "Always link the Sentry issue when you close a crash ticket.",
    "Merges to the release branch are frozen from 2026-11-20 for certification.",
    "Commit messages follow the conventional commits style; the release notes are generated from them.",
    "I'm the tech lead for the store backend and I review every payments change.",
    "Prefer small PRs: under 300 lines is the team's rule.",
    "The postmortem template is in Notion under Engineering / Incidents.",
    "Incident reviews are blameless and happen within three working days.",
    "Our SLA for ranked match servers is 99.9% monthly uptime.",
    "The workaround list for known platform issues lives in the Confluence space PLAT.",
    "Hotfixes skip the weekly train but still need two approvals.",
    "崩溃报告由值班工程师每天早上过一遍。",
    "网络代码的 bug 记在 Linear 的 NET 项目，周一分诊。",
    "架构评审在每月第一个周四。",
    "关闭崩溃工单时要附上 Sentry 链接。",
    "发布分支从 2026-11-20 起冻结合并，为了主机认证。",
    "我负责商店后端，支付相关的改动我都要看。",
    "事故复盘不追责，三个工作日内完成。",
    "排位服务器的可用性承诺是每月 99.9%。",
    "When the build farm is down, post in #build-help before paging anyone.",
    "The currency for all prices in the store backend is stored in cents.",
    "Ranked matches must never be played on the beta client.",
    "The QA team signs off every console submission.",
    "Designers own the car balance spreadsheet; engineers only import it.",
    "Release candidates are tagged by the release manager, never by CI.",
]


def legitimate() -> list[str]:
    """Every legitimate note: the pair corpus's statements, citing notes and tricky ones."""
    seen: dict[str, None] = {}
    for a, b in DIFFERENT + SAME:
        seen.setdefault(a)
        seen.setdefault(b)
    for text in CITING + TRICKY:
        seen.setdefault(text)
    return list(seen)
