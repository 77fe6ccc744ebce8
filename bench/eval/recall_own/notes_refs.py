"""Reference notes: where things live in external systems (dashboards, runbooks, trackers, channels)."""

NOTES = [
    # ---------------------------------------------------------------- till
    (
        "ref-revenue-dashboard-old",
        "r",
        "p",
        "2026-01-18",
        "Billing health dashboard: Grafana folder 'Billing', board 'Till payments'",
        "Payment success rate, Adyen latency, webhook queue depth and refund volume are on the Grafana board "
        "'Till payments' in the 'Billing' folder at grafana.qmoss.internal.",
    ),
    (
        "ref-revenue-dashboard-new",
        "r",
        "p",
        "2026-09-03",
        "Till payments board moved to Grafana folder 'Revenue' and is now called 'Payments overview'",
        "Grafana reorganised: the old 'Till payments' board now lives in the 'Revenue' folder as 'Payments "
        "overview', with the payout panels from classroom merged in. The 'Billing' folder was deleted.",
    ),
    (
        "ref-adyen-customer-area",
        "r",
        "p",
        "2026-01-22",
        "Adyen Customer Area: company account QuillmossGroup, merchant accounts QuillmossPT_ECOM and QuillmossUS_ECOM",
        "In Adyen's Customer Area the company account is QuillmossGroup. Learner payments go to the merchant "
        "accounts QuillmossPT_ECOM (EU) and QuillmossUS_ECOM (US); tutor payouts are under the platform "
        "account. Access requests go to Dario.",
    ),
    (
        "ref-runbook-webhook-backlog",
        "r",
        "p",
        "2026-02-19",
        "Runbook 'Adyen webhook backlog' is in Outline under Runbooks / Till",
        "When the Adyen notification queue grows, the steps are in the Outline runbook 'Adyen webhook "
        "backlog' (Runbooks collection, Till section). It covers how to read the queue panels and when to "
        "contact Adyen support.",
    ),
    (
        "ref-youtrack-till",
        "r",
        "p",
        "2026-01-10",
        "Billing work is tracked in the YouTrack project TILL; finance requests use the 'Finance ask' type",
        "YouTrack project TILL holds billing work. Finance files requests with the issue type 'Finance ask', "
        "which goes to Dario's triage on Mondays.",
    ),
    (
        "ref-zulip-till",
        "r",
        "p",
        "2026-01-10",
        "Billing discussion happens in the Zulip stream #till; Adyen alerts post to #till-alerts",
        "Billing chatter: Zulip stream #till. Automated Adyen and reconciliation alerts land in #till-alerts "
        "so the main stream stays readable.",
    ),
    (
        "ref-settlement-reports",
        "r",
        "p",
        "2026-05-19",
        "Adyen settlement detail reports land in the object storage bucket qm-finance-reports, one folder per batch",
        "Settlement detail reports are downloaded from Adyen automatically into the bucket "
        "qm-finance-reports in Falkenstein, one folder per settlement batch. Finance reads them through "
        "Metabase, not the bucket.",
    ),
    (
        "ref-vat-rates-sheet",
        "r",
        "p",
        "2026-06-09",
        "增值税税率表在 Outline 的“财务/税率”页面，由财务每季度更新",
        "各国增值税税率的权威来源是 Outline 里“财务 / 税率”那一页，财务每个季度更新一次，"
        "till 里的税率表是从这一页同步的。有疑问找财务的 Marta Quental。",
    ),
    # ---------------------------------------------------------------- classroom
    (
        "ref-livekit-dashboard",
        "r",
        "p",
        "2026-01-15",
        "LiveKit server stats are on the Grafana board 'Classroom SFU'",
        "Room counts, participant counts, packet loss and SFU CPU per node are on the Grafana board "
        "'Classroom SFU'. The per-room debug view is in the LiveKit admin at livekit-admin.qmoss.internal.",
    ),
    (
        "ref-runbook-sfu-drain",
        "r",
        "p",
        "2026-02-23",
        "Runbook 'Draining an SFU node' in Outline describes moving rooms off a node",
        "Before maintenance on an SFU node, follow the Outline runbook 'Draining an SFU node' (Runbooks / "
        "Classroom). It explains the drain flag and how long to wait for rooms to finish.",
    ),
    (
        "ref-youtrack-cls",
        "r",
        "p",
        "2026-01-10",
        "Classroom work is tracked in YouTrack project CLS",
        "YouTrack project CLS covers booking, calendar, live rooms and whiteboard. Partner school requests "
        "carry the 'partner' tag.",
    ),
    (
        "ref-zulip-classroom",
        "r",
        "p",
        "2026-01-10",
        "Zulip stream #classroom for live lessons; partner school escalations in #partners",
        "Classroom discussion is in #classroom. Escalations from partner schools are posted to #partners, "
        "which Bartek and Sunniva watch.",
    ),
    (
        "ref-partner-api-docs",
        "r",
        "p",
        "2026-03-30",
        "Public lesson API docs are published at developers.quillmoss.app from the OpenAPI spec",
        "Partner-facing documentation for the public lesson API lives at developers.quillmoss.app, built "
        "from the OpenAPI spec on every release. The changelog page there is what partners read.",
    ),
    (
        "ref-dst-calendar",
        "r",
        "p",
        "2026-04-03",
        "夏令时切换日期表在 Outline 的“课堂 / 夏令时日历”页面",
        "各个国家夏令时切换的日期整理在 Outline“课堂 / 夏令时日历”页面里，通知服务提前一周给学员发提醒"
        "就是按这张表来的。每年一月由 Bartek 更新。",
    ),
    # ---------------------------------------------------------------- mobile
    (
        "ref-codemagic-workflows",
        "r",
        "p",
        "2026-02-12",
        "Codemagic workflows 'release-ios' and 'release-android' build and upload store releases",
        "Store builds run from the Codemagic team 'Quillmoss Mobile': workflows release-ios and "
        "release-android, triggered by tags on the release branch. Nightly internal builds use 'nightly'.",
    ),
    (
        "ref-app-store-connect",
        "r",
        "p",
        "2026-01-21",
        "App Store Connect team 'Quillmoss Ltd' and Play Console account 'Quillmoss' hold the store listings",
        "The iOS app is under the App Store Connect team 'Quillmoss Ltd', the Android app under the Play "
        "Console developer account 'Quillmoss'. Inês and Sunniva are admins; ask Inês for access.",
    ),
    (
        "ref-penpot-mobile",
        "r",
        "p",
        "2026-03-10",
        "Mobile designs are in Penpot, project 'App 2026'",
        "Current mobile designs live in Penpot under the project 'App 2026'; the component library is the "
        "'Quill UI' shared library. Older Figma files are archived and out of date.",
    ),
    (
        "ref-youtrack-mob",
        "r",
        "p",
        "2026-01-10",
        "Mobile issues live in YouTrack project MOB; store review replies are tagged 'store'",
        "YouTrack project MOB for the app. Bugs found in regression are tagged 'regression', issues from "
        "store reviews are tagged 'store'.",
    ),
    (
        "ref-firebase-project",
        "r",
        "p",
        "2026-02-27",
        "Firebase project quillmoss-prod is used only for FCM push; no Analytics or Crashlytics",
        "The Firebase project quillmoss-prod exists only for Cloud Messaging. Analytics, Crashlytics and "
        "Remote Config are deliberately off; analytics is PostHog and flags are Unleash.",
    ),
    (
        "ref-regression-suite",
        "r",
        "p",
        "2026-06-25",
        "移动端回归用例在 Outline 的“移动端 / 回归测试”集合",
        "完整回归测试用例维护在 Outline 的“移动端 / 回归测试”集合里，按功能分页，林乔负责更新。"
        "每次回归的结果记在 YouTrack MOB 里对应版本的 release 任务下。",
    ),
    (
        "ref-sentry-mobile",
        "r",
        "p",
        "2026-09-01",
        "Flutter app errors are in Sentry project 'mobile-flutter' since the Sentry move",
        "After the move to Sentry, app crashes and errors go to the project 'mobile-flutter' at "
        "sentry.qmoss.internal, with releases named by build number. The crash-free rate used for rollout "
        "gates is on its release page.",
    ),
    # ---------------------------------------------------------------- search
    (
        "ref-typesense-dashboard",
        "r",
        "p",
        "2026-01-14",
        "Typesense cluster health is on the Grafana board 'Search cluster'",
        "Node health, memory, query latency by collection and indexing lag are on the Grafana board "
        "'Search cluster'. Proxy-level latency and rate-limit rejections are on 'Search proxy'.",
    ),
    (
        "ref-golden-set-sheet",
        "r",
        "p",
        "2026-03-25",
        "The golden query set and its judgements live in the Outline page 'Search / Golden queries'",
        "The 240 golden queries, their languages and graded judgements are maintained on the Outline page "
        "'Search / Golden queries', with an export attached that the evaluation job reads.",
    ),
    (
        "ref-runbook-reindex",
        "r",
        "p",
        "2026-04-27",
        "Runbook 'Search reindex with alias swap' is in Outline under Runbooks / Search",
        "Steps and checks for a full reindex (build, validate, swap, keep, delete) are in the runbook "
        "'Search reindex with alias swap' in Outline, Runbooks / Search.",
    ),
    (
        "ref-youtrack-srch",
        "r",
        "p",
        "2026-01-10",
        "Search work is tracked in YouTrack project SRCH; relevance complaints tagged 'relevance'",
        "YouTrack project SRCH. Learner or tutor complaints about result quality carry the 'relevance' tag, "
        "which feeds the golden-set review each cycle.",
    ),
    (
        "ref-synonyms-sheet",
        "r",
        "p",
        "2026-04-01",
        "Synonyms are edited in the shared sheet 'Search synonyms' owned by language content",
        "The synonym lists are edited in the shared spreadsheet 'Search synonyms' (one tab per language), "
        "owned by the language-content team. The nightly sync reads the published tabs only.",
    ),
    (
        "ref-zulip-search",
        "r",
        "p",
        "2026-08-17",
        "Search questions go to the Zulip stream #search (Mireille watches it)",
        "Search has its own Zulip stream, #search. Mireille Astor triages it daily.",
    ),
    # ---------------------------------------------------------------- pipelines
    (
        "ref-dagster-ui",
        "r",
        "p",
        "2026-01-19",
        "Dagster UI at dagster.qmoss.internal shows job runs, schedules and sensors",
        "Pipeline runs, schedules and sensor ticks are in the Dagster UI at dagster.qmoss.internal. "
        "The nightly dbt job is called nightly_dbt_build.",
    ),
    (
        "ref-metabase-kpis",
        "r",
        "p",
        "2026-01-26",
        "Company KPIs are in Metabase, collection 'Company KPIs'",
        "The canonical KPI dashboards (active learners, revenue, lesson volume, tutor supply) are in the "
        "Metabase collection 'Company KPIs' at metabase.qmoss.internal. Only pipelines can edit them.",
    ),
    (
        "ref-dbt-docs",
        "r",
        "p",
        "2026-02-09",
        "dbt docs are published nightly at dbt-docs.qmoss.internal",
        "Model documentation and lineage graphs are published after the nightly build at "
        "dbt-docs.qmoss.internal.",
    ),
    (
        "ref-zulip-data",
        "r",
        "p",
        "2026-01-10",
        "Pipelines discussion in Zulip #data; freshness misses are posted to #data-alerts",
        "Talk to the pipelines team in #data. Automated freshness misses and failed runs post to "
        "#data-alerts.",
    ),
    (
        "ref-youtrack-pipe",
        "r",
        "p",
        "2026-01-10",
        "Data requests and pipeline work are in YouTrack project PIPE",
        "YouTrack project PIPE. Analysts file 'Data request' issues; engineers file everything else.",
    ),
    (
        "ref-data-dictionary",
        "r",
        "p",
        "2026-03-16",
        "数据字典在 Outline 的“数据字典”集合，每个 mart 一页",
        "数据字典放在 Outline 的“数据字典”集合里，每个 mart 一页，写明粒度、主键、刷新时间和负责人。"
        "指标口径（比如活跃学员）以这里为准。",
    ),
    (
        "ref-growthbook",
        "r",
        "p",
        "2026-05-11",
        "GrowthBook runs at growthbook.qmoss.internal; experiment write-ups link from there",
        "Experiments are configured and analysed in GrowthBook at growthbook.qmoss.internal. Each "
        "experiment's pre-registration and final write-up are linked from its page.",
    ),
    (
        "ref-clickhouse-grafana",
        "r",
        "p",
        "2026-02-03",
        "ClickHouse server health is on the Grafana board 'Warehouse'",
        "Query load, merges, replication queue and disk per shard are on the Grafana board 'Warehouse'.",
    ),
    # ---------------------------------------------------------------- gatehouse
    (
        "ref-gatehouse-dashboard",
        "r",
        "p",
        "2026-01-30",
        "Login success rates and token issuance are on the Grafana board 'Gatehouse'",
        "Logins by method, failure reasons, captcha challenges and token issuance rates are on the Grafana "
        "board 'Gatehouse'.",
    ),
    (
        "ref-runbook-key-rotation",
        "r",
        "p",
        "2026-03-27",
        "Runbook 'Gatehouse key rotation' in Outline lists the rotation steps and checks",
        "The signing-key rotation procedure, including which services to watch afterwards, is the Outline "
        "runbook 'Gatehouse key rotation' under Runbooks / Gatehouse.",
    ),
    (
        "ref-youtrack-gate",
        "r",
        "p",
        "2026-01-10",
        "Auth work is in YouTrack project GATE; security findings are restricted-visibility issues",
        "YouTrack project GATE. Security findings are filed with the 'security' visibility group so only "
        "Tomasz, Yiwen, Kwame and Odile can read them.",
    ),
    (
        "ref-pentest-reports",
        "r",
        "p",
        "2026-06-01",
        "Past pentest reports are in the restricted Outline collection 'Security'",
        "Redwall Security's reports from previous years and our remediation notes are in the restricted "
        "Outline collection 'Security'. Ask Tomasz for access.",
    ),
    (
        "ref-hcaptcha-console",
        "r",
        "p",
        "2026-04-09",
        "hCaptcha site settings and challenge stats are in the hCaptcha console under 'Quillmoss login'",
        "The hCaptcha site used by gatehouse is 'Quillmoss login' in the hCaptcha console. Difficulty "
        "settings are changed there by Tomasz only.",
    ),
    (
        "ref-zulip-security",
        "r",
        "p",
        "2026-02-05",
        "安全相关的讨论在 Zulip 的 #security 私有频道",
        "涉及漏洞、可疑登录、渗透测试结果的讨论一律放在 Zulip 的私有频道 #security，不要在公开频道贴细节。"
        "要进这个频道找 Tomasz。",
    ),
    # ---------------------------------------------------------------- notify
    (
        "ref-postmark-servers",
        "r",
        "p",
        "2026-02-11",
        "Postmark servers 'qm-transactional' and 'qm-broadcast' hold the two email streams",
        "In Postmark the account has two servers: qm-transactional (receipts, reminders, security mail) and "
        "qm-broadcast (newsletters). Activity and bounces are browsable per server.",
    ),
    (
        "ref-delivery-dashboard",
        "r",
        "p",
        "2026-03-04",
        "Email, SMS and push delivery rates are on the Grafana board 'Delivery'",
        "The Grafana board 'Delivery' shows sends, deliveries, bounces and opens per channel and provider, "
        "plus the queue depth of the notify workers.",
    ),
    (
        "ref-runbook-reputation",
        "r",
        "p",
        "2026-05-20",
        "Runbook 'Email reputation drop' in Outline covers spam-rate spikes",
        "If the spam complaint rate or bounce rate spikes, follow the Outline runbook 'Email reputation "
        "drop' (Runbooks / Notify): which streams to pause and who to inform.",
    ),
    (
        "ref-youtrack-ntf",
        "r",
        "p",
        "2026-01-10",
        "Notification work lives in YouTrack project NTF",
        "YouTrack project NTF. Copy changes requested by product use the 'copy' tag so Sunniva can find them.",
    ),
    (
        "ref-sinch-dashboard",
        "r",
        "p",
        "2026-09-23",
        "Sinch customer dashboard: project 'Quillmoss SMS', delivery reports per country",
        "Since the SMS switch, delivery reports and sender-id registrations are in the Sinch dashboard under "
        "the project 'Quillmoss SMS'. Leonie and Kwame have access.",
    ),
    (
        "ref-vonage-account",
        "r",
        "p",
        "2026-01-22",
        "Vonage account 'Quillmoss' holds SMS logs and sender ids",
        "SMS logs, sender ids and spend are in the Vonage dashboard under the account 'Quillmoss'. Leonie "
        "is the admin.",
    ),
    (
        "ref-template-previews",
        "r",
        "p",
        "2026-07-16",
        "邮件模板预览在 staffroom 的“模板预览”页面，可以切换语言",
        "所有邮件模板的渲染预览在 staffroom 里的“模板预览”页面，可以切换语言和示例数据，"
        "给 Sunniva 审文案时直接发这个页面的链接就行。",
    ),
    # ---------------------------------------------------------------- staffroom
    (
        "ref-staffroom-url",
        "r",
        "p",
        "2026-01-15",
        "Staffroom runs at staff.qmoss.internal (production) and staff.staging.qmoss.internal",
        "Staffroom production is at staff.qmoss.internal, staging at staff.staging.qmoss.internal. Both need "
        "the company VPN and a hardware key.",
    ),
    (
        "ref-youtrack-staff",
        "r",
        "p",
        "2026-01-10",
        "Staffroom requests are in YouTrack project STAFF, grouped by requesting team",
        "YouTrack project STAFF, with a field for the requesting team (support, finance, tutor-ops). "
        "Haruto triages on Tuesdays.",
    ),
    (
        "ref-audit-log-query",
        "r",
        "p",
        "2026-02-02",
        "Staff audit entries can be searched with the saved Loki query 'staff-audit' in Grafana Explore",
        "For quick searches of staffroom audit entries use the saved Grafana Explore query 'staff-audit' "
        "(Loki). The authoritative copy is the audit table; Loki only keeps 30 days.",
    ),
    (
        "ref-design-kit-storybook",
        "r",
        "p",
        "2026-05-13",
        "The LiveView design kit has a living catalogue at staff.qmoss.internal/kit",
        "Haruto's design kit components are previewed in a catalogue page inside staffroom (the 'Kit' "
        "section). Check it before asking for a new component.",
    ),
    (
        "ref-zulip-staffroom",
        "r",
        "p",
        "2026-01-10",
        "Staffroom feedback from support and finance goes to Zulip #staffroom",
        "Support, finance and tutor-ops post staffroom feedback and questions in #staffroom.",
    ),
    (
        "ref-helpdesk",
        "r",
        "p",
        "2026-03-03",
        "Learner support tickets live in the help desk (Zammad) at help.quillmoss.app",
        "Customer support uses Zammad at help.quillmoss.app. Ticket numbers from there are valid references "
        "for impersonation and credit grants in staffroom.",
    ),
    # ---------------------------------------------------------------- infra
    (
        "ref-opsgenie-schedules",
        "r",
        "p",
        "2026-01-26",
        "Opsgenie schedules 'Platform primary' and 'Platform secondary' define on-call",
        "Who is on call is defined by the Opsgenie schedules 'Platform primary' and 'Platform secondary'. "
        "Overrides are done in Opsgenie, not by swapping in chat.",
    ),
    (
        "ref-status-page",
        "r",
        "p",
        "2026-01-16",
        "The public status page is status.quillmoss.app on Instatus",
        "Public incidents are posted on status.quillmoss.app (Instatus). The incident commander updates it; "
        "templates for SEV1 and SEV2 are saved there.",
    ),
    (
        "ref-atlantis",
        "r",
        "p",
        "2026-01-20",
        "Atlantis runs at atlantis.qmoss.internal; locks are visible there",
        "Atlantis's UI at atlantis.qmoss.internal shows current plans and project locks. A stuck lock is "
        "released from the UI by Kwame or the on-call.",
    ),
    (
        "ref-nomad-dashboard",
        "r",
        "p",
        "2026-01-09",
        "Cluster capacity and allocations are on the Grafana board 'Nomad cluster'",
        "CPU and memory per client, allocation counts, failed allocations and job restarts are on the "
        "Grafana board 'Nomad cluster'. The Nomad UI itself is at nomad.qmoss.internal.",
    ),
    (
        "ref-bugsnag",
        "r",
        "p",
        "2026-01-13",
        "Bugsnag organisation 'Quillmoss' has one project per area",
        "Errors are in Bugsnag under the organisation 'Quillmoss', one project per area (till, classroom, "
        "mobile, gatehouse...).",
    ),
    (
        "ref-sentry",
        "r",
        "p",
        "2026-08-31",
        "Self-hosted Sentry at sentry.qmoss.internal, one project per area",
        "Error tracking lives at sentry.qmoss.internal since 2026-08-31, one project per area, with alerts "
        "routed to each area's Zulip alerts stream.",
    ),
    (
        "ref-runbook-index",
        "r",
        "p",
        "2026-01-09",
        "All runbooks are in the Outline 'Runbooks' collection, one section per area",
        "Runbooks live in the Outline collection 'Runbooks', split into sections per area plus a 'Platform' "
        "section. Alerts in Opsgenie link to the matching page.",
    ),
    (
        "ref-oncall-handbook",
        "r",
        "p",
        "2026-02-04",
        "The on-call handbook is the Outline page 'Platform on-call handbook'",
        "Expectations, escalation paths, the handoff checklist and the postmortem template are in the "
        "Outline page 'Platform on-call handbook'.",
    ),
    (
        "ref-cloudflare-account",
        "r",
        "p",
        "2026-02-10",
        "Cloudflare account 'Quillmoss Prod' holds DNS, WAF rules and rate limits",
        "DNS zones, WAF rules, edge rate limits (including the public lesson API limits) and cache rules are "
        "in the Cloudflare account 'Quillmoss Prod', managed through Terraform.",
    ),
    (
        "ref-teleport",
        "r",
        "p",
        "2026-06-22",
        "Teleport proxy at teleport.qmoss.internal; access requests go through it",
        "Server and database access goes through Teleport at teleport.qmoss.internal. Access requests and "
        "their approvals are recorded there.",
    ),
    (
        "ref-ops-log",
        "r",
        "p",
        "2026-03-05",
        "运维日志（备份演练、维护记录）在 Outline 的“运维日志”页面",
        "每月的恢复演练耗时、计划内维护、证书更换等记录都写在 Outline 的“运维日志”页面，按月份分节。",
    ),
    (
        "ref-zulip-ops",
        "r",
        "p",
        "2026-01-09",
        "Platform chatter in Zulip #ops; incidents get their own topic in #incidents",
        "General infra discussion is in #ops. During an incident, a topic named after the incident is opened "
        "in #incidents and used as the timeline.",
    ),
    # ---------------------------------------------------------------- team
    (
        "ref-outline-decisions",
        "r",
        "p",
        "2026-01-08",
        "ADRs are in the Outline collection 'Decisions', numbered ADR-NNN",
        "Architecture decision records are in the Outline collection 'Decisions', numbered ADR-001 upwards. "
        "The index page lists status (proposed, accepted, superseded).",
    ),
    (
        "ref-unleash",
        "r",
        "p",
        "2026-02-12",
        "Feature flags are managed in Unleash at flags.qmoss.internal, one project per area",
        "Unleash runs at flags.qmoss.internal with a project per area and environments development, staging "
        "and production. The stale-flag report is on its overview page.",
    ),
    (
        "ref-cycle-board",
        "r",
        "p",
        "2026-03-20",
        "The current cycle's work is on the YouTrack agile board 'Cycle'",
        "Cycle commitments across all areas are on the YouTrack agile board 'Cycle'; cool-down work sits on "
        "'Cool-down'.",
    ),
    (
        "ref-eng-announce",
        "r",
        "p",
        "2026-01-08",
        "Engineering-wide announcements go to Zulip #eng-announce",
        "Freezes, process changes and incident summaries are announced in #eng-announce. Only leads post "
        "there; discussion goes to a topic in #engineering.",
    ),
    (
        "ref-holiday-calendar",
        "r",
        "p",
        "2026-01-20",
        "Team absences and public holidays are in the shared calendar 'Quillmoss people'",
        "Holidays, leave and public holidays for both offices are in the shared calendar 'Quillmoss people'. "
        "On-call swaps are not tracked there; those go in Opsgenie.",
    ),
    (
        "ref-posthog",
        "r",
        "p",
        "2026-04-16",
        "PostHog (EU cloud) project 'Quillmoss App' holds product analytics and session replays are off",
        "Product analytics are in PostHog EU cloud, project 'Quillmoss App'. Session replay is disabled for "
        "privacy. Event definitions are documented in PostHog's data management tab.",
    ),
    (
        "ref-buildkite-pipelines",
        "r",
        "p",
        "2026-01-27",
        "Buildkite organisation 'quillmoss', one pipeline per area plus 'quill-merge-queue'",
        "CI runs in the Buildkite organisation 'quillmoss': one pipeline per area triggered by path "
        "filters, plus the 'quill-merge-queue' pipeline that gates merges to main.",
    ),
    (
        "ref-architecture-map",
        "r",
        "p",
        "2026-02-06",
        "系统地图在 Outline 的“架构 / 系统地图”页面，Yiwen 维护",
        "Outline 的“架构 / 系统地图”页面（Mermaid 图）上标着每个区域的负责人和它依赖的外部服务，"
        "由 Yiwen 维护，每个周期结束时更新一次。",
    ),
]
