"""More notes: Chinese-language preferences and facts, and a few long notes (1-3 KB)."""

NOTES = [
    # ---------------------------------------------------------------- feedback (global, Chinese)
    (
        "fb-zh-commits-english",
        "f",
        "g",
        "2026-02-08",
        "即使用中文交流，提交信息和 PR 描述也一律写英文",
        "我跟你用中文聊的时候，起草的 commit message、PR 标题和描述还是要用英文写。"
        "团队里有不懂中文的同事，评审和 changelog 都是英文的。",
    ),
    (
        "fb-zh-traditional-for-taipei",
        "f",
        "g",
        "2026-04-10",
        "写给台北同事转发的说明用繁体中文",
        "如果我说这段解释要转给台北的同事（林乔、陈慕白或者台北客服），请用繁体中文写，"
        "用台湾的习惯用语（比如“程式”“资料库”），不要简体直接转换。",
    ),
    (
        "fb-zh-short-chat-format",
        "f",
        "g",
        "2026-05-25",
        "聊天里的短回答不要加标题，列表最多五条",
        "普通的短问答不需要 Markdown 标题，也不要把两句话拆成列表。确实需要列表时最多五条，"
        "多了说明问题该拆开问。",
    ),
    (
        "fb-zh-money-two-currencies",
        "f",
        "g",
        "2026-07-02",
        "讨论费用时给欧元金额，涉及台湾市场时附新台币换算",
        "聊到成本、价格、预算时，金额先用欧元；如果跟台湾市场或台北团队有关，后面括号里附上新台币的大概换算，"
        "注明汇率日期。",
    ),
    (
        "fb-zh-one-question",
        "f",
        "g",
        "2026-08-21",
        "需求不清楚时先问一个最关键的问题，不要一次列五个问题",
        "我给的需求如果有歧义，先问最关键的那一个问题，等我回答再继续。一次抛出一长串问题我通常不会逐条回答。",
    ),
    # ---------------------------------------------------------------- feedback (project, Chinese)
    (
        "fb-zh-clickhouse-explain",
        "f",
        "p",
        "2026-06-11",
        "给台北数据组写 ClickHouse 查询建议时，附上对执行计划的逐行解读",
        "给数据组（尤其是台北的同事）写 ClickHouse 查询优化建议时，要把执行计划的关键几行逐行解释："
        "读了多少 granule、有没有用上排序键、哪一步最耗时。光给改写后的查询他们学不到东西。",
    ),
    (
        "fb-zh-release-notes",
        "f",
        "p",
        "2026-07-17",
        "写 App 更新说明时先写英文版，再写繁体中文版给台湾商店",
        "帮我写 App 商店的更新说明（release notes）时，先写英文版，再写一版繁体中文给台湾区商店，"
        "两版都控制在 400 字符以内，不提内部代号。",
    ),
    # ---------------------------------------------------------------- project (Chinese)
    (
        "cls-zh-taiwan-campaign",
        "p",
        "p",
        "2026-06-15",
        "台湾推广活动：2026-07-01 至 2026-08-31，新学员首个课时包 8 折",
        "台湾市场推广活动从 2026-07-01 到 2026-08-31。活动期间新注册学员购买第一个课时包打 8 折，"
        "折扣码由 till 生成，每人限用一次。活动页和推送文案都用繁体中文。",
    ),
    (
        "till-zh-twd-pricing",
        "p",
        "p",
        "2026-05-29",
        "台湾市场暂时用美元计价，不支持新台币，2027 年再评估",
        "台湾学员目前按美元价格付款，不支持新台币。原因是 Adyen 的新台币结算要在台湾设实体。"
        "2027 年规划时再评估；在那之前不要在 till 里加 TWD 币种。",
    ),
    (
        "ntf-zh-traditional-templates",
        "p",
        "p",
        "2026-06-30",
        "台湾用户的邮件和推送模板用繁体中文 zh-Hant，不能从简体自动转换",
        "通知模板里台湾用户用 zh-Hant，由台北的同事翻译和校对，不能用简体模板自动转换。"
        "大陆用户用 zh-Hans。两个 locale 的模板要一起更新，缺一个就不上线。",
    ),
    # ---------------------------------------------------------------- reference (Chinese)
    (
        "ref-zh-taipei-contacts",
        "r",
        "p",
        "2026-03-18",
        "台北办公室联系表在 Outline 的“人员 / 台北联系表”页面",
        "台北同事的分机、值班手机和紧急联系人整理在 Outline“人员 / 台北联系表”页面，"
        "由台北办公室行政维护。值班表以 Opsgenie 为准，这个页面只是补充。",
    ),
    (
        "ref-zh-metabase-taipei",
        "r",
        "p",
        "2026-08-06",
        "台北数据组的中文看板在 Metabase 的“台北分析”集合",
        "台湾市场相关的中文看板（推广活动效果、台湾老师供给、台北客服工单量）放在 Metabase 的“台北分析”集合里，"
        "由陈慕白维护。公司级 KPI 还是看 Company KPIs 集合。",
    ),
    # ---------------------------------------------------------------- long notes
    (
        "till-3ds-cutover-plan",
        "p",
        "p",
        "2026-06-24",
        "The 3DS2 cut-over plan for till: phases, the 2026-07-06 start, rollback trigger and who does what",
        "Plan for moving card payments to Adyen's native 3DS2 flow, agreed by Dario, Yiwen and Kwame.\n\n"
        "Phase 1 (2026-07-06 to 2026-07-08): the freeze starts, the new flow is deployed dark behind the "
        "flag till.native-3ds2, and finance runs test payments with the Adyen test cards on staging and "
        "with real cards of staff on production at small amounts.\n\n"
        "Phase 2 (2026-07-09 to 2026-07-14): 10% of card checkouts in the EU merchant account go through "
        "the new flow, then 50%. We watch authorisation rate, challenge rate and checkout abandonment on the "
        "payments board. The US merchant account follows two days after the EU one.\n\n"
        "Phase 3 (2026-07-15 to 2026-07-20): 100% on both merchant accounts, old redirect flow kept "
        "available behind the flag until the freeze ends, then removed in the following cycle.\n\n"
        "Rollback trigger: authorisation rate more than 2 points below the previous four-week average for "
        "one hour, or abandonment up by more than 3 points. Either Dario or the platform on-call may flip "
        "the flag back without asking anyone.\n\n"
        "Communication: daily status in #till at 10:00 Lisbon / 17:00 Taipei; support gets a short FAQ for "
        "learners who see a bank challenge screen for the first time. Sunniva approves the FAQ wording.\n\n"
        "Out of scope: wallet payments (Apple Pay, Google Pay) already use their own authentication and are "
        "untouched; Pix and boleto in Brazil are not card payments and are unaffected.",
    ),
    (
        "team-incident-process",
        "p",
        "p",
        "2026-03-06",
        "How incidents are run at Quillmoss: roles, channels, status page rules and postmortem deadlines",
        "Incident process, agreed by Kwame, Odile and Yiwen after the February payment outage.\n\n"
        "Declaring: anyone can declare an incident by opening a topic in #incidents and paging the platform "
        "primary through Opsgenie. If in doubt, declare; downgrading is free.\n\n"
        "Roles: the first responder is incident commander until they hand it over explicitly. The commander "
        "coordinates and communicates, and does not debug. For SEV1 a second person takes the scribe role "
        "and keeps the timeline in the incident topic with times in UTC.\n\n"
        "Status page: SEV1 and SEV2 get an entry on status.quillmoss.app within 15 minutes of declaring, "
        "updated at least every 30 minutes. Wording follows the saved templates; no speculation about "
        "causes, no blame on vendors by name.\n\n"
        "Customers: for SEV1 lasting more than an hour, support posts the prepared in-app banner and Sunniva "
        "decides on goodwill credits afterwards.\n\n"
        "Afterwards: a blameless postmortem within five working days for SEV1 and SEV2, using the template "
        "in the on-call handbook, reviewed in the architecture review on Thursdays. Action items become tickets in "
        "the owning area's YouTrack project with a due date.",
    ),
    (
        "data-warehouse-conventions",
        "p",
        "p",
        "2026-04-30",
        "Warehouse conventions for pipelines: naming, time zones, money, ids, partitioning and who may create tables",
        "Conventions for everything in the ClickHouse warehouse and the dbt project, collected from "
        "Priyanka's onboarding doc so they are in one place.\n\n"
        "Naming: snake_case everywhere; staging models prefixed stg_ with the source name, intermediate "
        "models int_, marts named after the business concept in the plural (lessons, subscriptions, "
        "tutor_payouts). Boolean columns start with is_ or has_. Timestamps end in _at, dates in _date.\n\n"
        "Time: all timestamps are stored in UTC. Local-time columns are derived only in marts and carry "
        "the zone in the name (booked_at_learner_local). Daily aggregates are by UTC day unless the mart "
        "says otherwise; finance marts use Lisbon days because that's how the accountant closes the books.\n\n"
        "Money: integer minor units plus a currency column, as in till. Converted amounts carry the "
        "conversion date and use the ECB reference rate of that day. Never sum across currencies without "
        "converting.\n\n"
        "Identifiers: internal ids only. Learner ids are the public uuid, not the Postgres serial. Anything "
        "that identifies a person directly is dropped or hashed in staging.\n\n"
        "Partitioning: raw tables partition by month of event time; marts by month unless they are small. "
        "The sort key starts with the date column for anything queried by date range.\n\n"
        "Ownership: only the pipelines team creates tables in the marts database. Analysts have a sandbox "
        "database that is wiped on the first of every month.\n\n"
        "Documentation: every mart has a description and column descriptions; the data dictionary page in "
        "Outline links to the generated docs.",
    ),
    (
        "cls-partner-onboarding",
        "p",
        "p",
        "2026-05-07",
        "How partner schools are onboarded to the public lesson API: contract, sandbox, key, limits, support",
        "Partner school onboarding, owned by Bartek with Sunniva on the commercial side.\n\n"
        "1. Contract signed, including the data processing agreement; legal confirms before any key exists.\n"
        "2. The school gets a sandbox partner key against staging with fake tutors and lessons. Staging is "
        "rebuilt regularly, so schools are told not to rely on sandbox data persisting.\n"
        "3. A production key is issued only after a review call where the school shows their integration "
        "handles rate-limit responses and retries with backoff.\n"
        "4. Each school gets a named contact in the partners stream and its own tag in the CLS tracker project.\n"
        "5. Usage is reviewed at the end of every term; schools close to the limit are contacted before "
        "term starts.\n\n"
        "Schools never receive learner contact details through the API; messages to learners go through "
        "notify.",
    ),
    (
        "data-zh-taipei-onboarding",
        "p",
        "p",
        "2026-09-24",
        "台北数据组新人入门要点：权限申请、评审流程、时区约定和常用入口",
        "给台北数据组新同事的入门要点（陈慕白整理，Yiwen 补充）：\n\n"
        "一、权限：ClickHouse 分析师副本、Metabase、Dagster 的账号在 YouTrack PIPE 里提“权限申请”，"
        "Priyanka 批准。生产 Postgres 不开放给新人。\n\n"
        "二、评审：dbt 的 PR 需要两位评审，其中一位是陈慕白或 Priyanka。描述可以写中文，列名和模型名必须是英文。\n\n"
        "三、时区：仓库里所有时间戳都是 UTC；台北同事做报表时不要自己换算成台北时间，用 mart 里已经换算好的列。"
        "财务相关的日报按里斯本日期切分。\n\n"
        "四、会议：数据团队周会在每周四，台北时间 16:30（冬令时 17:30）。每周五下午是台北的内部技术分享。\n\n"
        "五、常用入口：Dagster 界面、dbt 文档站、Metabase 的“台北分析”集合、Outline 的“数据字典”集合。",
    ),
    # ---------------------------------------------------------------- November
    (
        "auth-pentest-findings-2026",
        "p",
        "p",
        "2026-11-24",
        "Redwall's 2026 pentest: two medium findings in staffroom and the partner API, to be fixed by 2026-12-15",
        "Redwall Security's report for the 2026 test came in on 2026-11-23: no high or critical findings, two "
        "medium ones (staffroom session fixation on the staging login page, verbose error bodies on the "
        "public lesson API) and five low ones. Tomasz agreed a fix deadline of 2026-12-15 for the mediums, "
        "before the year-end freeze. Details are in the restricted GATE issues.",
    ),
    (
        "team-cycle8-bets",
        "p",
        "p",
        "2026-11-27",
        "Cycle 8 bets (2026-12-07 onwards): tutor passkeys, family plan proration, Sinch verification; no ranking work",
        "Cycle 8 starts on 2026-12-07 and is short because of the year-end freeze. Bets agreed at the "
        "betting table on 2026-11-26: passkeys for tutors, proration for family plan upgrades, and moving "
        "phone verification to Sinch's verification product. Search ranking work is explicitly out until the "
        "privacy review is done.",
    ),
    (
        "ref-hackweek-demos",
        "r",
        "p",
        "2026-11-20",
        "Hack week 2026 demo recordings and write-ups are in the Outline collection 'Hack week 2026'",
        "Every team's hack week demo (recording, slides and a one-page write-up) is in the Outline "
        "collection 'Hack week 2026'. Projects adopted afterwards link from there to their YouTrack epic.",
    ),
    (
        "sess-hackweek-adoption",
        "p",
        "s",
        "2026-11-20",
        "Session: reviewed hack week demos with Odile; two projects chosen for adoption",
        "Session of 2026-11-20 after the demos. Reviewed the eleven hack week projects with Odile against "
        "cost to finish and user value. Adopted: offline audio drills for the flashcard app (Inês) and "
        "keyboard shortcuts in staffroom (Haruto). Parked: AI lesson summaries, pending the DPO's view "
        "on sending lesson audio to a vendor.",
    ),
]
