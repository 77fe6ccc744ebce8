"""A pair corpus for check-before-write (issue 15, acceptance 1): the same fact reworded
vs different facts worded alike, English and Chinese.

The world is fictional: Fernhill, a small studio making an online racing game. Each pair is
(first, second, kind) with kind ``same`` (the second restates or updates the first: an
update is welcome, a duplicate tolerated) or ``different`` (two facts: merging them loses
one — never allowed). Pairs written as ``supersede`` are the second statement replacing
the first's value ("moved", "from now on", "改到").
"""

from __future__ import annotations

DIFFERENT: list[tuple[str, str]] = [
    # a different subject in an otherwise identical sentence
    ("Service lobby-api is owned by team Kestrel.", "Service replay-api is owned by team Kestrel."),
    (
        "The matchmaker service pages the Otter rota.",
        "The leaderboard service pages the Otter rota.",
    ),
    (
        "Priya reviews every change to the physics crate.",
        "Marco reviews every change to the physics crate.",
    ),
    (
        "The mobile team cuts its release branch on Thursdays.",
        "The console team cuts its release branch on Thursdays.",
    ),
    (
        "Crash reports for the PC build go to the Sentry project RACE-PC.",
        "Crash reports for the Switch build go to the Sentry project RACE-NX.",
    ),
    ("The EU game servers run in Frankfurt.", "The US game servers run in Ohio."),
    (
        "Bugs in the garage editor go to the Linear project GAR.",
        "Bugs in the track editor go to the Linear project TRK.",
    ),
    (
        "Service auth-gateway needs two approvals before merge.",
        "Service asset-gateway needs two approvals before merge.",
    ),
    ("Lena owns the anti-cheat rollout.", "Tomasz owns the anti-cheat rollout."),
    ("The replay format is frozen for season 4.", "The replay format is frozen for season 5."),
    (
        "Tariq is the contact for the Sony certification.",
        "Tariq is the contact for the Nintendo certification.",
    ),
    ("Staging-eu is reset on Sunday nights.", "Staging-us is reset on Sunday nights."),
    (
        "The weekly build of the launcher goes out on Tuesday.",
        "The weekly build of the dedicated server goes out on Tuesday.",
    ),
    (
        "Telemetry for lobbies is on the Grafana board Lobby Health.",
        "Telemetry for payments is on the Grafana board Store Health.",
    ),
    (
        "Hotfixes to the store backend need sign-off from Ines.",
        "Hotfixes to the store backend need sign-off from Rafael.",
    ),
    ("Voice chat is run by the Vox team.", "Text chat is run by the Parley team."),
    (
        "The audio middleware contract renews in March.",
        "The physics middleware contract renews in March.",
    ),
    (
        "Only Kenji may rotate the signing keys for iOS.",
        "Only Kenji may rotate the signing keys for Android.",
    ),
    (
        "The lobby-api rate limit is 40 requests per second.",
        "The replay-api rate limit is 40 requests per second.",
    ),
    (
        "Player support escalations go to the #support-tier2 channel.",
        "Player refunds go to the #support-billing channel.",
    ),
    (
        "The art team reviews car liveries on Wednesdays.",
        "The design team reviews track layouts on Wednesdays.",
    ),
    (
        "Season passes are priced by the monetisation team.",
        "Loot boxes are banned by the legal team.",
    ),
    (
        "Translation for Japanese is done by Kotoba Ltd.",
        "Translation for Korean is done by Hangul Works.",
    ),
    (
        "Build agents for Windows live in the Azure pool.",
        "Build agents for macOS live in the MacStadium pool.",
    ),
    ("The QA lead for the racing modes is Bruno.", "The QA lead for the career mode is Aiko."),
    (
        "The matchmaking queue for ranked uses skill buckets.",
        "The matchmaking queue for casual uses region buckets.",
    ),
    (
        "Dev builds upload symbols to the bucket fh-symbols-dev.",
        "Release builds upload symbols to the bucket fh-symbols-prod.",
    ),
    ("The marketing site is hosted on Netlify.", "The press kit is hosted on Dropbox."),
    ("Ranked seasons last ten weeks.", "Casual events last two weeks."),
    (
        "Nadia answers questions about the netcode.",
        "Nadia answers questions about the shader pipeline.",
    ),
    # a different value without any "this replaces that"
    ("Ana is out of office on 2026-04-07.", "Ana is out of office on 2026-05-19."),
    (
        "The server patch window is Tuesday 02:00 UTC.",
        "The client patch window is Thursday 02:00 UTC.",
    ),
    ("Standup for the netcode group is at 09:30.", "Standup for the tools group is at 10:15."),
    (
        "The code freeze for the winter update starts 2026-11-20.",
        "The code freeze for the spring update starts 2027-03-12.",
    ),
    ("Tournament servers need 16 cores.", "Lobby servers need 4 cores."),
    ("Crash rate above 2% blocks a console release.", "Crash rate above 5% blocks a PC release."),
    ("The demo for the publisher is on Friday.", "The demo for the investors is on Monday."),
    ("Load tests run every night at 01:00.", "Soak tests run every Saturday at 06:00."),
    # same words, different rule
    ("Always squash commits on the engine repo.", "Never squash commits on the assets repo."),
    ("Use Perforce for art assets.", "Use git for gameplay code."),
    ("Prefer integration tests for the netcode.", "Prefer unit tests for the UI widgets."),
    (
        "Don't ship shaders compiled in debug mode.",
        "Don't ship audio banks compiled in debug mode.",
    ),
    ("Write release notes in British English.", "Write store descriptions in American English."),
    ("Explain netcode in terms of ticks for me.", "Explain rendering in terms of frames for me."),
    (
        "Keep PRs to the physics crate under 300 lines.",
        "Keep PRs to the audio crate under 500 lines.",
    ),
    (
        "Run the replay fuzzer before merging netcode changes.",
        "Run the shader validator before merging rendering changes.",
    ),
    (
        "Car handling changes need a playtest from the driving team.",
        "Track changes need a playtest from the level team.",
    ),
    ("Screenshots in bug reports should be PNG.", "Videos in bug reports should be MP4."),
    (
        "The nightly build is tagged with the date.",
        "The weekly build is tagged with the sprint number.",
    ),
    (
        "Feature flags for the store live in LaunchDarkly project STORE.",
        "Feature flags for the garage live in LaunchDarkly project GARAGE.",
    ),
    (
        "Support macros are in the Zendesk view Tier 1.",
        "Refund macros are in the Zendesk view Billing.",
    ),
    (
        "Incidents on the lobby are written up in the Notion page Lobby Postmortems.",
        "Incidents on payments are written up in the Notion page Store Postmortems.",
    ),
    ("I'm the tech lead for the netcode.", "I'm the producer for the career mode."),
    ("I'm new to Unreal's networking.", "I'm new to Unity's rendering."),
    # Chinese
    ("张伟负责支付服务。", "李娜负责支付服务。"),
    ("测试服每周日晚上重置。", "预发服每周日晚上重置。"),
    ("安卓版本由小王发布。", "苹果版本由小陈发布。"),
    ("匹配服务的告警发到飞书群「匹配值班」。", "排行榜服务的告警发到飞书群「排行榜值班」。"),
    ("赛车手感的改动需要驾驶组试玩。", "赛道布局的改动需要关卡组试玩。"),
    ("欧洲服务器部署在法兰克福。", "美洲服务器部署在俄亥俄。"),
    ("周三下午评审车辆涂装。", "周五下午评审赛道设计。"),
    ("日语翻译由言叶公司负责。", "韩语翻译由韩文工坊负责。"),
    ("排位赛季持续十周。", "休闲活动持续两周。"),
    ("物理引擎的合同三月续签。", "音频引擎的合同三月续签。"),
    ("冬季更新的代码冻结从 2026-11-20 开始。", "春季更新的代码冻结从 2027-03-12 开始。"),
    ("主机版崩溃率超过 2% 不能发布。", "电脑版崩溃率超过 5% 不能发布。"),
    ("以后网络代码的 PR 都要先跑回放模糊测试。", "以后渲染代码的 PR 都要先跑着色器校验。"),
    ("美术资源用 Perforce 管理。", "玩法代码用 git 管理。"),
    ("客服升级问题发到 #support-tier2 频道。", "退款问题发到 #support-billing 频道。"),
    ("王芳是赛车模式的测试负责人。", "刘洋是生涯模式的测试负责人。"),
    ("Lobby 服务的限流是每秒 40 次。", "Replay 服务的限流是每秒 40 次。"),
    ("每晚一点跑压力测试。", "每周六六点跑浸泡测试。"),
    ("发布说明用英式英语写。", "商店描述用美式英语写。"),
    ("我是网络代码的技术负责人。", "我是生涯模式的制作人。"),
    ("安娜 2026-04-07 请假。", "安娜 2026-05-19 请假。"),
    ("给发行商的演示在周五。", "给投资人的演示在周一。"),
    ("周二凌晨两点是服务器补丁窗口。", "周四凌晨两点是客户端补丁窗口。"),
    ("比赛服务器需要 16 核。", "大厅服务器需要 4 核。"),
    ("夜间构建用日期打标签。", "每周构建用迭代编号打标签。"),
    (
        "商店的功能开关在 LaunchDarkly 的 STORE 项目里。",
        "车库的功能开关在 LaunchDarkly 的 GARAGE 项目里。",
    ),
    ("赵磊审核物理模块的所有改动。", "孙丽审核物理模块的所有改动。"),
    ("不要在周五合并网络代码。", "不要在周五合并渲染代码。"),
    ("车库编辑器的 bug 记在 Linear 的 GAR 项目。", "赛道编辑器的 bug 记在 Linear 的 TRK 项目。"),
    ("签名密钥只能由健二轮换。", "签名密钥只能由小林轮换。"),
    ("中国区服务器由上海团队维护。", "日本区服务器由东京团队维护。"),
    ("每个月第一个周一发版本说明。", "每个月最后一个周五做复盘。"),
    ("渲染组的站会在早上九点半。", "工具组的站会在早上十点一刻。"),
]

SAME: list[tuple[str, str]] = [
    # reworded, reordered, punctuated, or with a detail added
    ("Use pnpm, not npm, in the launcher repo.", "In the launcher repo use pnpm and not npm."),
    ("Service lobby-api is owned by team Kestrel.", "Team Kestrel owns service lobby-api."),
    (
        "Priya reviews every change to the physics crate.",
        "Every change to the physics crate is reviewed by Priya.",
    ),
    (
        "Crash reports for the PC build go to the Sentry project RACE-PC.",
        "PC build crash reports land in the Sentry project RACE-PC.",
    ),
    (
        "The EU game servers run in Frankfurt.",
        "The EU game servers run in Frankfurt (eu-central-1).",
    ),
    (
        "Bugs in the garage editor go to the Linear project GAR.",
        "Garage editor bugs are tracked in the Linear project GAR.",
    ),
    ("Lena owns the anti-cheat rollout.", "The anti-cheat rollout is owned by Lena."),
    (
        "Staging-eu is reset on Sunday nights.",
        "Staging-eu gets reset on Sunday nights, so don't keep test data there.",
    ),
    (
        "Hotfixes to the store backend need sign-off from Ines.",
        "Ines must sign off hotfixes to the store backend.",
    ),
    (
        "Only Kenji may rotate the signing keys for iOS.",
        "The iOS signing keys may only be rotated by Kenji.",
    ),
    (
        "The lobby-api rate limit is 40 requests per second.",
        "lobby-api is rate limited at 40 requests per second.",
    ),
    (
        "Translation for Japanese is done by Kotoba Ltd.",
        "Kotoba Ltd does the Japanese translation.",
    ),
    ("The QA lead for the racing modes is Bruno.", "Bruno is the QA lead for the racing modes."),
    ("Ranked seasons last ten weeks.", "Ranked seasons last ten weeks each."),
    ("Ana is out of office on 2026-04-07.", "On 2026-04-07 Ana is out of office."),
    (
        "The code freeze for the winter update starts 2026-11-20.",
        "Winter update code freeze starts 2026-11-20.",
    ),
    (
        "Tournament servers need 16 cores.",
        "Tournament servers need 16 cores to keep the tick rate.",
    ),
    ("Always squash commits on the engine repo.", "On the engine repo, always squash commits."),
    (
        "Don't ship shaders compiled in debug mode.",
        "Never ship shaders compiled in debug mode, please.",
    ),
    ("Write release notes in British English.", "Release notes are written in British English."),
    (
        "Keep PRs to the physics crate under 300 lines.",
        "PRs to the physics crate: keep them under 300 lines.",
    ),
    (
        "Run the replay fuzzer before merging netcode changes.",
        "Before merging netcode changes, run the replay fuzzer.",
    ),
    (
        "Feature flags for the store live in LaunchDarkly project STORE.",
        "Store feature flags live in the LaunchDarkly project STORE.",
    ),
    (
        "Support macros are in the Zendesk view Tier 1.",
        "The Zendesk view Tier 1 has the support macros.",
    ),
    ("I'm the tech lead for the netcode.", "I'm the netcode tech lead."),
    ("Load tests run every night at 01:00.", "Every night at 01:00 the load tests run."),
    ("The demo for the publisher is on Friday.", "The publisher demo is on Friday."),
    (
        "Car handling changes need a playtest from the driving team.",
        "Changes to car handling need a playtest from the driving team.",
    ),
    ("Screenshots in bug reports should be PNG.", "Bug report screenshots should be PNG."),
    (
        "Dev builds upload symbols to the bucket fh-symbols-dev.",
        "Symbols from dev builds are uploaded to the bucket fh-symbols-dev.",
    ),
    ("Explain netcode in terms of ticks for me.", "For me, explain netcode in terms of ticks."),
    (
        "Incidents on the lobby are written up in the Notion page Lobby Postmortems.",
        "Lobby incidents are written up in the Notion page Lobby Postmortems.",
    ),
    (
        "The matchmaker service pages the Otter rota.",
        "The Otter rota gets paged by the matchmaker service.",
    ),
    ("Nadia answers questions about the netcode.", "Questions about the netcode go to Nadia."),
    (
        "Season passes are priced by the monetisation team.",
        "The monetisation team prices season passes.",
    ),
    # updates: the second replaces the first's value
    (
        "The code freeze for the winter update starts 2026-11-20.",
        "Update: the winter update code freeze moved to 2026-11-27.",
    ),
    (
        "Standup for the netcode group is at 09:30.",
        "From now on standup for the netcode group is at 10:00.",
    ),
    (
        "The lobby-api rate limit is 40 requests per second.",
        "The lobby-api rate limit was raised, it is now 60 requests per second.",
    ),
    (
        "Keep PRs to the physics crate under 300 lines.",
        "Change of plan: PRs to the physics crate can go up to 500 lines now.",
    ),
    ("Tournament servers need 16 cores.", "Tournament servers need 32 cores now instead."),
    ("The demo for the publisher is on 2026-05-08.", "The publisher demo moved to 2026-05-15."),
    # Chinese
    ("张伟负责支付服务。", "支付服务由张伟负责。"),
    ("测试服每周日晚上重置。", "测试服每周日晚上都会重置，别放测试数据。"),
    ("安卓版本由小王发布。", "小王负责发布安卓版本。"),
    ("欧洲服务器部署在法兰克福。", "欧洲服务器部署在法兰克福机房。"),
    ("排位赛季持续十周。", "每个排位赛季持续十周。"),
    ("冬季更新的代码冻结从 2026-11-20 开始。", "从 2026-11-20 开始冬季更新代码冻结。"),
    ("以后网络代码的 PR 都要先跑回放模糊测试。", "网络代码的 PR 以后都要先跑回放模糊测试。"),
    ("美术资源用 Perforce 管理。", "美术资源统一用 Perforce 管理。"),
    ("王芳是赛车模式的测试负责人。", "赛车模式的测试负责人是王芳。"),
    ("Lobby 服务的限流是每秒 40 次。", "Lobby 服务限流每秒 40 次。"),
    ("发布说明用英式英语写。", "发布说明一律用英式英语写。"),
    ("我是网络代码的技术负责人。", "我是网络代码这块的技术负责人。"),
    ("安娜 2026-04-07 请假。", "2026-04-07 安娜请假。"),
    ("给发行商的演示在周五。", "给发行商的演示定在周五。"),
    ("比赛服务器需要 16 核。", "比赛服务器需要 16 核才能保持帧率。"),
    (
        "商店的功能开关在 LaunchDarkly 的 STORE 项目里。",
        "商店功能开关都在 LaunchDarkly 的 STORE 项目。",
    ),
    ("赵磊审核物理模块的所有改动。", "物理模块的所有改动由赵磊审核。"),
    ("不要在周五合并网络代码。", "周五不要合并网络代码。"),
    (
        "车库编辑器的 bug 记在 Linear 的 GAR 项目。",
        "车库编辑器的 bug 都记在 Linear 的 GAR 项目里。",
    ),
    ("签名密钥只能由健二轮换。", "只有健二能轮换签名密钥。"),
    ("冬季更新的代码冻结从 2026-11-20 开始。", "更新：冬季更新的代码冻结改到 2026-11-27 开始。"),
    ("Lobby 服务的限流是每秒 40 次。", "Lobby 服务的限流现在改成每秒 60 次了。"),
    ("渲染组的站会在早上九点半。", "从今天起渲染组的站会改到早上十点。"),
    ("比赛服务器需要 16 核。", "比赛服务器现在改为需要 32 核。"),
    (
        "商店的功能开关在 LaunchDarkly 的 STORE 项目里。",
        "商店的功能开关在 LaunchDarkly 的 STORE 项目里。",
    ),
]

SUPERSEDE_MARKERS = ("update", "from now on", "now", "moved", "change of plan", "改", "从今天起")
