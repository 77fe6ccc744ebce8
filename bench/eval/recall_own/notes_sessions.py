"""Session-end autosave records: what a past session investigated or decided (type project, scope session)."""

NOTES = [
    (
        "sess-pt-search-accents",
        "p",
        "s",
        "2026-02-11",
        "Session: why Portuguese tutor searches missed accented bios; decided to normalise diacritics at index time",
        "Session of 2026-02-11. Looked at learner complaints that 'portugues' found no tutors whose bios say "
        "'português'. Finding: the tutors collection had no diacritic normalisation on bio fields. Decision: "
        "normalise at index time and keep the original for display; Rafael to check the golden set impact. "
        "Open question: whether names should be normalised too.",
    ),
    (
        "sess-webhook-duplicates",
        "p",
        "s",
        "2026-02-20",
        "Session: investigated duplicate Adyen AUTHORISATION events; concluded they're expected retries",
        "Session of 2026-02-20 on the spike of duplicate AUTHORISATION notifications in till. Conclusion: "
        "Adyen retried because our acknowledgement took over 10 s during a slow deploy. Nothing charged "
        "twice thanks to the pspReference key. Decided to move acknowledgement ahead of all processing.",
    ),
    (
        "sess-dst-recurring",
        "p",
        "s",
        "2026-03-31",
        "Session: analysed the lessons that shifted by one hour after the 2026-03-29 DST change",
        "Session of 2026-03-31. About 1,900 recurring lessons moved by an hour for learners outside Europe "
        "after the European clock change. Root of it: series were anchored to UTC. Options compared: anchor "
        "to tutor local time, learner local time, or ask each pair. Chose tutor local time with a warning "
        "notification; written up as ADR-038.",
    ),
    (
        "sess-clickhouse-order-by",
        "p",
        "s",
        "2026-03-12",
        "Session: learned why the lesson_events table scans everything; ORDER BY key doesn't start with date",
        "Session of 2026-03-12 with Priyanka on slow Metabase cards. The raw lesson events table is ordered "
        "by (tutor_id, event_time), so date-range queries can't skip granules. Decided to create a new table "
        "ordered by (toDate(event_time), tutor_id) and backfill over a weekend. Yiwen wanted the MergeTree "
        "explanation written up for the Taipei team.",
    ),
    (
        "sess-push-permission-ab",
        "p",
        "s",
        "2026-07-30",
        "会话记录：分析推送权限弹窗时机的 A/B 结果，决定改为预约后再弹",
        "2026-07-30 的会话。看了 GrowthBook 里推送权限实验的结果：首次启动就弹的授权率 41%，"
        "预约第一节课后再弹的是 63%，课程完成率没有明显差别。决定全量采用“预约后再弹”，Inês 负责上线。",
    ),
    (
        "sess-sms-provider-compare",
        "p",
        "s",
        "2026-08-27",
        "Session: compared Sinch, Vonage and Infobip for SMS; recommended Sinch",
        "Session of 2026-08-27 comparing SMS providers for the Brazil and Taiwan delivery problems. Compared "
        "delivery rates from the pilot, verification pricing and sender-id support. Sinch won on Brazil "
        "delivery and price; Infobip was close but needed a longer contract. Recommendation sent to Leonie "
        "and Odile; the subprocessor notice has to go out 30 days before the switch.",
    ),
    (
        "sess-family-plan-credits",
        "p",
        "s",
        "2026-07-22",
        "Session: designed how family plan credits are shared and what happens when a profile is removed",
        "Session of 2026-07-22 on the family plan. Decided: one credit pool per payer; credits consumed by a "
        "profile are attributed to it for reporting; removing a profile doesn't remove credits; a profile "
        "can belong to one family only. Proration for mid-cycle upgrades still to be settled with Dario.",
    ),
    (
        "sess-sentry-migration-plan",
        "p",
        "s",
        "2026-08-14",
        "Session: planned the Bugsnag to Sentry migration order and the cut-over date of 2026-08-31",
        "Session of 2026-08-14 with Kwame. Order agreed: gatehouse and notify first (smallest), then till "
        "and classroom, then the mobile app with the next release. Source maps and Dart symbols uploaded "
        "from Codemagic. Cut-over for everything on 2026-08-31; Bugsnag kept read-only.",
    ),
    (
        "sess-gatehouse-token-scopes",
        "p",
        "s",
        "2026-06-26",
        "Session: audited service token scopes in gatehouse; found three services with wildcard scopes",
        "Session of 2026-06-26 auditing internal service tokens. Three services (notify, the search proxy "
        "and the staffroom exporter) held wildcard scopes. Listed the scopes each actually uses from the "
        "access logs. Outcome: explicit scopes for all, wildcard minting disabled, and the two-approval rule "
        "for gatehouse proposed to Tomasz.",
    ),
    (
        "sess-search-proxy-go",
        "p",
        "s",
        "2026-06-05",
        "Session: evaluated rewriting the search proxy in Go; decided yes, with connection pooling",
        "Session of 2026-06-05. The Elixir search proxy spent most of its time in TLS handshakes to "
        "Typesense under burst load. Compared adding a pool in Elixir versus a small Go proxy sharing "
        "gatehouse's middleware. Chose Go for the shared rate-limit and auth middleware. Expected gain: enough "
        "headroom to raise the per-key limit.",
    ),
    (
        "sess-data-retention-180",
        "p",
        "s",
        "2026-09-30",
        "会话记录：评估原始事件保留从 90 天延长到 180 天的存储成本",
        "2026-09-30 的会话。估算了原始事件表从 90 天延长到 180 天的存储：压缩后每月大约 1.1 TB，"
        "三个分片各需要加一块盘。和 Priyanka 确认原始表里已经没有邮箱和手机号，准备提交给 DPO 审批。",
    ),
    (
        "sess-refund-threshold",
        "p",
        "s",
        "2026-08-19",
        "Session: reviewed refund volumes to support finance's proposal to raise the dual-approval threshold",
        "Session of 2026-08-19 pulling refund statistics for finance. 71% of refunds needing a second "
        "approver were between 200 and 500 EUR and all were approved. Supported raising the threshold to "
        "500 EUR; Dario agreed as long as the audit log keeps both approvers for the larger ones.",
    ),
    (
        "sess-staging-nightly",
        "p",
        "s",
        "2026-07-29",
        "Session: measured the anonymisation job to see if staging can refresh nightly",
        "Session of 2026-07-29 with Kwame. The anonymisation of the production snapshot now takes 38 "
        "minutes after moving hashing into Postgres. Nightly refresh is feasible at 04:00 UTC; agreed to "
        "switch and to move long-lived test data into seed scripts.",
    ),
    (
        "sess-flutter-upgrade",
        "p",
        "s",
        "2026-08-25",
        "Session: walked through the Flutter 3.22 to 3.27 upgrade breakages with Inês",
        "Session of 2026-08-25. Reviewed the upgrade branch: the deprecated colour opacity API, a changed "
        "text scaling API, and two plugins that needed major bumps. Decided to fix deprecations in the same "
        "PR rather than suppress them. Yiwen asked for the text scaling change to be explained in terms of "
        "the accessibility rules.",
    ),
    (
        "sess-riverpod-explain",
        "p",
        "s",
        "2026-02-27",
        "会话记录：给 Yiwen 解释 Riverpod 的 provider 生命周期和 autoDispose",
        "2026-02-27 的会话。主要弄清楚 Riverpod 里 provider 什么时候创建、什么时候销毁，autoDispose 和 "
        "keepAlive 的区别，以及 ref.watch 和 ref.read 的使用场合。"
        "结论：课程列表页用 autoDispose，用户资料用 keepAlive。",
    ),
    (
        "sess-passkeys-slip",
        "p",
        "s",
        "2026-08-11",
        "Session: reassessed the passkey timeline after Android credential manager problems",
        "Session of 2026-08-11 with Tomasz and Inês. The Android credential-manager plugin requires the "
        "newer Flutter, which lands at the end of August. Options: ship web first on 2026-09-01, or move both. "
        "Chose to move both to 2026-10-14 for one coordinated launch and one support playbook.",
    ),
    (
        "sess-quiet-hours-complaints",
        "p",
        "s",
        "2026-10-15",
        "Session: looked at complaints about early-morning pushes in Brazil and Taiwan",
        "Session of 2026-10-15 with Leonie. Complaints clustered on pushes sent at 08:00-08:30 local, mostly "
        "streak reminders. Proposed widening quiet hours to 21:00-09:00 for non-urgent messages and keeping "
        "lesson-starting-soon as urgent. Leonie to confirm with Sunniva.",
    ),
    (
        "sess-invoice-gap",
        "p",
        "s",
        "2026-04-28",
        "Session: checked whether the QM-PT invoice series had gaps after the April failed-charge incident",
        "Session of 2026-04-28 on the invoice numbering. Verified the QM-PT series for April: no gaps, the "
        "failed charges never got numbers because numbering happens after capture. Conclusion written for "
        "the accountant; no change needed.",
    ),
    (
        "sess-sfu-singapore-load",
        "p",
        "s",
        "2026-06-29",
        "Session: capacity review of the Singapore SFU nodes ahead of the Taiwan campaign",
        "Session of 2026-06-29 with Bartek. Singapore peaked at 61% CPU in June evenings (Taipei time). The "
        "Taiwan campaign in July could add 40% rooms. Decided to add one node ahead of it and to set the "
        "autoscaling threshold at 70%.",
    ),
    (
        "sess-metabase-active-def",
        "p",
        "s",
        "2026-03-13",
        "Session: reconciled three different 'active learner' numbers in Metabase",
        "Session of 2026-03-13. Three dashboards showed different active-learner counts (7-day, 30-day and "
        "28-day windows, with or without flashcards). Agreed one definition with Sunniva and Priyanka and "
        "moved it into a mart column; the old cards get archived.",
    ),
    (
        "sess-brazil-launch-checklist",
        "p",
        "s",
        "2026-03-27",
        "会话记录：巴西上线前核对 till 和 notify 的清单",
        "2026-03-27 的会话，过了一遍巴西上线清单：BRL 价格表、Adyen 商户配置、CPF 字段、葡语（巴西）模板、"
        "短信发送者 ID。发现短信发送者 ID 在巴西不能用字母，需要改成短号码，已经交给 Leonie。",
    ),
    (
        "sess-golden-set-zh",
        "p",
        "s",
        "2026-07-03",
        "会话记录：中文查询在黄金查询集里的 nDCG 偏低，原因是简介分词",
        "2026-07-03 的会话。黄金查询集里中文查询的 nDCG@10 比其他语言低 9 个点。排查后发现老师简介字段没有设置 "
        "zh locale，整段中文被当成一个 token。决定给 bio 字段加 locale 并重新索引，Rafael 负责。",
    ),
    (
        "sess-tutor-payout-delay",
        "p",
        "s",
        "2026-05-05",
        "Session: investigated why some tutors' payouts of 2026-05-01 arrived late",
        "Session of 2026-05-05. Late payouts were for tutors whose Adyen account holder had an expired "
        "verification document; Adyen held the transfer. Decided tutor-ops should see verification status "
        "in staffroom and get a warning 30 days before a document expires.",
    ),
    (
        "sess-clickhouse-keeper",
        "p",
        "s",
        "2026-05-13",
        "Session: understanding ClickHouse Keeper and what happens when one replica falls behind",
        "Session of 2026-05-13 with Priyanka, mostly explanation: how Keeper coordinates the replication "
        "log, why inserts can still succeed with one replica down, and what the replication queue panel on "
        "the Warehouse board means. No change decided; Yiwen wanted it as background for on-call.",
    ),
    (
        "sess-staffroom-refund-ui",
        "p",
        "s",
        "2026-08-28",
        "Session: sketched the staffroom refund screen changes for the new 500 EUR threshold",
        "Session of 2026-08-28 with Haruto. The refund form keeps one flow; the second-approver step only "
        "appears above 500 EUR equivalent, computed with till's currency table at request time. Audit "
        "entries record both approvers. Ships before 2026-09-01.",
    ),
    (
        "sess-weekly-mobile-train",
        "p",
        "s",
        "2026-06-19",
        "Session: weighed moving the mobile app to a weekly release train",
        "Session of 2026-06-19 with Inês and Lin. Fortnightly releases bundled too many changes and made "
        "rollbacks painful. Weekly on Tuesdays works if the branch cut is on Friday and Lin's regression "
        "happens on Monday Taipei afternoon. Store review times are short enough now. Agreed to start in July.",
    ),
    (
        "sess-oncall-handoff-survey",
        "p",
        "s",
        "2026-07-24",
        "Session: summarised the on-call survey; most people wanted a mid-week handoff",
        "Session of 2026-07-24 summarising Kwame's on-call survey. Handoffs on Mondays meant weekend incidents "
        "were handed over with little context. Nine of eleven preferred Wednesday mornings. Drafted the "
        "announcement for #eng-announce.",
    ),
    (
        "sess-email-reputation",
        "p",
        "s",
        "2026-05-21",
        "Session: looked into the spam-rate rise on the broadcast stream after the May newsletter",
        "Session of 2026-05-21. Spam complaints on the broadcast stream hit 0.28% after the May newsletter "
        "went to learners inactive for over a year. Decided to exclude learners inactive for 12 months from "
        "newsletters and to write the reputation runbook.",
    ),
    (
        "sess-key-rotation-review",
        "p",
        "s",
        "2026-03-26",
        "会话记录：梳理 gatehouse 签名密钥轮换的流程和风险",
        "2026-03-26 的会话，和 Tomasz 一起把密钥轮换的步骤过了一遍：新密钥至少提前一小时发布到 JWKS，"
        "因为各服务缓存 10 分钟；旧密钥保留到它签发的最长 token 过期。威胁模型部分我想要更直白的解释，已经补在 runbook 里。",
    ),
    (
        "sess-tablet-decision",
        "p",
        "s",
        "2026-07-06",
        "Session: reviewed tablet usage data to decide on iPad layouts",
        "Session of 2026-07-06. Tablets are 4.2% of app sessions, mostly iPads used by children in family "
        "accounts. Design estimate for proper tablet layouts was one full cycle plus QA on six devices. "
        "Sunniva decided to postpone to 2027.",
    ),
    (
        "sess-api-limit-partners",
        "p",
        "s",
        "2026-09-18",
        "Session: reviewed partner schools hitting the public lesson API limit",
        "Session of 2026-09-18 with Bartek. Four partner schools hit the 600 requests/minute limit at the "
        "start of term when syncing timetables. Their traffic is bursty rather than sustained. Agreed to "
        "double the limit and to suggest they use the bulk listing endpoint.",
    ),
    (
        "sess-posthog-lag",
        "p",
        "s",
        "2026-04-21",
        "Session: explained the up-to-90-minute delay between PostHog and warehouse numbers",
        "Session of 2026-04-21 answering growth's question why warehouse numbers lag PostHog. The batch "
        "export runs hourly and a batch can take 30 minutes. Decided not to increase frequency; dashboards "
        "now show the last export time.",
    ),
    (
        "sess-dagster-schedule-move",
        "p",
        "s",
        "2026-07-10",
        "Session: traced why revenue marts were missing the previous day's settlements",
        "Session of 2026-07-10. Revenue marts were built at 02:00 UTC but the Adyen settlement report often "
        "lands between 02:30 and 03:00. Decided to move the nightly dbt run to 03:30 UTC and add a sensor "
        "that waits for the report with a 06:00 UTC cut-off.",
    ),
    (
        "sess-cpf-storage",
        "p",
        "s",
        "2026-04-08",
        "Session: decided where the Brazilian CPF number is stored and who can see it",
        "Session of 2026-04-08 with Dario and Amara (DPO). CPF is stored encrypted in till only, shown "
        "masked in staffroom to finance, never exported to the warehouse or analytics. DPIA ticket filed.",
    ),
    (
        "sess-yjs-snapshots",
        "p",
        "s",
        "2026-04-17",
        "会话记录：讨论白板快照的频率和保存期限",
        "2026-04-17 和 Bartek 的会话。白板的 Yjs 文档以前只在课程结束时保存，断线时会丢内容。"
        "决定每 30 秒存一次快照，课程结束再存一次，保存 90 天。存储量估算每月 60 GB 左右，可以接受。",
    ),
    (
        "sess-teleport-rollout",
        "p",
        "s",
        "2026-06-18",
        "Session: planned the Teleport rollout for production access",
        "Session of 2026-06-18 with Kwame. Replacing shared bastion access with Teleport: ticket number "
        "required, sessions recorded, four-hour self-service read access, write access approved by Kwame or "
        "on-call. Database access through Teleport too. Target: bastion closed by 2026-07-15.",
    ),
    (
        "sess-min-ios-16",
        "p",
        "s",
        "2026-09-10",
        "Session: checked iOS 15 usage before proposing to drop it",
        "Session of 2026-09-10. PostHog shows iOS 15 at 1.4% of active iOS learners, mostly older iPhones "
        "in Brazil. Dropping it unlocks the newer passkey APIs without workarounds. Proposed iOS 16 minimum "
        "from the 2026-10-06 release; Sunniva to approve.",
    ),
]
