"""Project notes: pipelines (data), gatehouse (auth), notify, staffroom, infra, team-wide."""

NOTES = [
    # ---------------------------------------------------------------- pipelines
    (
        "data-owner-priyanka",
        "p",
        "p",
        "2026-01-07",
        "Priyanka Szabo leads pipelines: Dagster, dbt and the ClickHouse warehouse",
        "Pipelines (ingestion, Dagster jobs, dbt models, the ClickHouse warehouse and Metabase) are led by "
        "Priyanka Szabo. Chen Mubai in Taipei is the second reviewer for dbt work.",
    ),
    (
        "data-nightly-schedule-old",
        "p",
        "p",
        "2026-01-19",
        "The nightly dbt build in Dagster starts at 02:00 UTC",
        "The nightly Dagster job that runs the full dbt build kicks off at 02:00 UTC, after the Postgres "
        "replica snapshot finishes.",
    ),
    (
        "data-nightly-schedule-new",
        "p",
        "p",
        "2026-07-14",
        "Nightly dbt build moved to 03:30 UTC (was 02:00) to wait for the Adyen settlement import",
        "The nightly dbt build now starts at 03:30 UTC. It moved from 02:00 because revenue marts were "
        "built before the Adyen settlement report landed. Marts are still expected fresh by 07:00 Lisbon.",
    ),
    (
        "data-retention-old",
        "p",
        "p",
        "2026-02-02",
        "Raw product events are kept 90 days in ClickHouse, then only aggregates remain",
        "Raw PostHog and server events live 90 days in the raw ClickHouse tables (TTL). After that only the "
        "daily aggregates in marts survive.",
    ),
    (
        "data-retention-new",
        "p",
        "p",
        "2026-10-12",
        "Raw event retention extended to 180 days (from 90) after DPO approval on 2026-10-09",
        "Raw event TTL in ClickHouse is now 180 days. The longer window supports cohort analysis across two "
        "terms; the DPO approved it on 2026-10-09 on condition that raw tables hold no direct identifiers.",
    ),
    (
        "data-clickhouse-shards",
        "p",
        "p",
        "2026-01-26",
        "The warehouse is self-hosted ClickHouse: three shards, two replicas each, in Falkenstein",
        "We run ClickHouse ourselves on Hetzner: three shards with two replicas each, coordinated by "
        "ClickHouse Keeper. Distributed tables front the marts. Ad-hoc heavy queries go to the replica "
        "reserved for analysts.",
    ),
    (
        "data-dbt-layers",
        "p",
        "p",
        "2026-02-09",
        "dbt layers: staging, intermediate, marts; marts are named by business domain",
        "dbt structure: staging models mirror sources one-to-one with light renaming, intermediate models "
        "hold joins and business logic, marts are grouped by domain (revenue, learning, tutors, growth). "
        "Metabase only reads marts.",
    ),
    (
        "data-pii-hashing",
        "p",
        "p",
        "2026-02-16",
        "PII is hashed or dropped in staging; emails and phone numbers never reach marts",
        "Personal data rule for the warehouse: emails, phone numbers and names are dropped or hashed with "
        "the keyed hash in staging. Marts carry internal ids only. Requests for 'just the email list' go "
        "through staffroom exports, not the warehouse.",
    ),
    (
        "data-weekly-sync-old",
        "p",
        "p",
        "2026-02-24",
        "数据团队周会在每周三，里斯本时间 09:30 / 台北 16:30",
        "数据团队的周会固定在每周三，里斯本时间 09:30、台北时间 16:30（冬令时是 17:30）。"
        "议程放在 Outline 的数据团队页面。",
    ),
    (
        "data-weekly-sync-new",
        "p",
        "p",
        "2026-09-07",
        "数据团队周会改到每周四同一时间（原来是周三）",
        "从九月开始，数据团队周会改到每周四，时间不变：里斯本 09:30、台北 16:30（冬令时 17:30）。"
        "原因是和每周三上午移动端的发版规划会冲突。周三那个会不再开了。",
    ),
    (
        "data-posthog-export",
        "p",
        "p",
        "2026-03-02",
        "PostHog events are exported hourly into ClickHouse raw tables",
        "Product analytics events from PostHog land in ClickHouse through an hourly batch export. Expect up "
        "to 90 minutes of lag; real-time questions go to PostHog itself.",
    ),
    (
        "data-active-learner-def",
        "p",
        "p",
        "2026-03-13",
        "'Active learner' means a completed lesson or 10 flashcard reviews in the last 28 days",
        "Company definition agreed with product: an active learner has at least one completed lesson or at "
        "least ten flashcard reviews in a trailing 28-day window. Every dashboard uses the mart column, "
        "nobody re-derives it.",
    ),
    (
        "data-backfill-policy",
        "p",
        "p",
        "2026-04-06",
        "Backfills over 30 days of data are announced in #data and run on weekends",
        "Any backfill covering more than 30 days of data needs an announcement in the #data stream and runs "
        "on weekends, when analyst load is low. Smaller ones can run any time.",
    ),
    (
        "data-metabase-vs-grafana",
        "p",
        "p",
        "2026-04-14",
        "Business metrics live in Metabase, operational metrics in Grafana; don't mix them",
        "Rule of thumb: anything finance, growth or product looks at goes in Metabase on top of marts; "
        "latency, error rates and queue depths go in Grafana. We don't build revenue panels in Grafana.",
    ),
    (
        "data-chen-reviews",
        "p",
        "p",
        "2026-04-20",
        "陈慕白负责 dbt 模型评审，台北时间上午处理",
        "dbt 相关的 PR 由陈慕白做第二评审，他一般在台北时间上午（里斯本凌晨）处理，所以里斯本下班前提交的 PR "
        "第二天一早就会有反馈。急的话在 #data 里直接找他。",
    ),
    (
        "data-growthbook",
        "p",
        "p",
        "2026-05-11",
        "Experiments run in GrowthBook: 14 days minimum, primary metric registered before launch",
        "A/B tests use GrowthBook on top of warehouse data. Minimum runtime is 14 days to cover two weekly "
        "cycles, and the primary metric plus the minimum detectable effect are written down before launch. "
        "No peeking-based early stops.",
    ),
    (
        "data-freshness-sla",
        "p",
        "p",
        "2026-05-26",
        "Marts must be fresh by 07:00 Lisbon every day; misses are posted in #data",
        "Freshness SLA: all marts updated by 07:00 Lisbon time. Dagster sensors post a miss to #data and "
        "page the pipelines rotation only if revenue marts are late.",
    ),
    (
        "data-replica-connections",
        "p",
        "p",
        "2026-06-16",
        "生产库只读副本给数据团队用，连接数上限 40",
        "Postgres 的只读副本专门给数据同步和分析用，连接数上限 40 个。Dagster 的抽取任务占 24 个，"
        "剩下的给分析师。不要在副本上跑长事务，会拖慢复制。",
    ),
    # ---------------------------------------------------------------- gatehouse (auth)
    (
        "auth-owner-tomasz",
        "p",
        "p",
        "2026-01-07",
        "Tomasz Hale owns gatehouse, the Go authentication service",
        "Gatehouse handles sign-up, login, sessions, tokens and SSO for learners, tutors and staff. Owner "
        "is Tomasz Hale, who is also the de-facto security lead.",
    ),
    (
        "auth-approvals-old",
        "p",
        "p",
        "2026-01-12",
        "Gatehouse PRs need one approval like every other area",
        "Gatehouse follows the standard rule: one approving review from a code owner is enough to merge.",
    ),
    (
        "auth-approvals-new",
        "p",
        "p",
        "2026-06-30",
        "Gatehouse PRs now need two approvals, one of them Tomasz or Yiwen",
        "After the token-scope review in June we changed the rule for gatehouse: two approvals, at least one "
        "from Tomasz Hale or Yiwen. Branch protection enforces it from 2026-07-01.",
    ),
    (
        "auth-passkeys-old",
        "p",
        "p",
        "2026-03-16",
        "Passkey login for learners launches 2026-09-01",
        "Passkeys (WebAuthn discoverable credentials) for learner login are planned for 2026-09-01 on web "
        "and mobile together.",
    ),
    (
        "auth-passkeys-new",
        "p",
        "p",
        "2026-08-12",
        "Passkey launch moved to 2026-10-14 so web and mobile ship together",
        "The passkey launch moved from 2026-09-01 to 2026-10-14. The Android credential-manager work "
        "needed the Flutter upgrade first, and we want web and mobile to launch on the same day.",
    ),
    (
        "auth-session-lifetimes",
        "p",
        "p",
        "2026-01-30",
        "Web sessions last 14 days sliding; mobile refresh tokens 90 days, rotated on every use",
        "Session policy: web sessions expire after 14 days of inactivity (sliding). Mobile uses refresh "
        "tokens valid 90 days, rotated on every use, with reuse detection revoking the whole family.",
    ),
    (
        "auth-password-policy",
        "p",
        "p",
        "2026-02-05",
        "Passwords: at least 10 characters, breached-list check, no composition rules or forced rotation",
        "Password policy follows NIST guidance: minimum 10 characters, checked against a breached-password "
        "corpus with a k-anonymity range query, no composition rules, no periodic forced rotation.",
    ),
    (
        "auth-sso-providers",
        "p",
        "p",
        "2026-02-19",
        "Learners can sign in with Google or Apple; tutors with Google only; staff via the IdP",
        "SSO matrix: learners have Google and Sign in with Apple, tutors have Google only (Apple's relay "
        "emails broke payouts), staff sign in through the company identity provider.",
    ),
    (
        "auth-staff-webauthn",
        "p",
        "p",
        "2026-03-02",
        "Staff must use hardware security keys (WebAuthn) for staffroom; TOTP is not accepted",
        "Every staffroom login requires a hardware security key. TOTP apps and SMS codes are not accepted "
        "for staff. Each staff member has two registered keys; IT keeps spares in Lisbon.",
    ),
    (
        "auth-key-rotation",
        "p",
        "p",
        "2026-03-27",
        "Token signing keys rotate every 90 days; the JWKS endpoint is cached 10 minutes",
        "Gatehouse signing keys rotate every 90 days with a two-key overlap. Services cache the JWKS for 10 "
        "minutes, so a new key is published at least an hour before it starts signing.",
    ),
    (
        "auth-login-throttle",
        "p",
        "p",
        "2026-04-09",
        "After 5 failed logins in 15 minutes an account requires hCaptcha",
        "Login throttling: 5 failed attempts per account within 15 minutes switches that account to "
        "hCaptcha-protected login for an hour. IP-based limits sit at the edge separately.",
    ),
    (
        "auth-account-deletion",
        "p",
        "p",
        "2026-04-23",
        "Account deletion: 7-day grace period, fully erased within 30 days (GDPR)",
        "Self-service deletion soft-deletes the account for a 7-day grace period, then erasure jobs run "
        "across till, classroom, notify and the warehouse. Everything must be gone within 30 days of the "
        "request; invoices are kept in anonymised form for tax law.",
    ),
    (
        "auth-minors-consent",
        "p",
        "p",
        "2026-05-06",
        "16 岁以下学员注册需要家长邮件确认，gatehouse 不保存出生日期",
        "未成年人规则：16 岁以下的学员注册时需要家长通过邮件确认。gatehouse 只保存“是否已获家长确认”这个布尔值"
        "和确认时间，不保存出生日期本身。",
    ),
    (
        "auth-pentest-november",
        "p",
        "p",
        "2026-06-01",
        "The yearly external pentest (Redwall Security) runs 2026-11-09 to 2026-11-20",
        "Redwall Security does our yearly penetration test, scheduled 2026-11-09 to 2026-11-20. "
        "Scope: gatehouse, the public lesson API and staffroom. No gatehouse deploys during the test "
        "window except fixes for their findings.",
    ),
    (
        "auth-token-scopes",
        "p",
        "p",
        "2026-06-30",
        "Service tokens carry explicit scopes; no service gets a wildcard scope",
        "Following the June review: every internal service token lists explicit scopes (till.read, "
        "notify.send...). Wildcard scopes were removed and gatehouse refuses to mint them.",
    ),
    # ---------------------------------------------------------------- notify
    (
        "ntf-owner-leonie",
        "p",
        "p",
        "2026-01-07",
        "Leonie Barda owns notify: email, SMS and push",
        "Notify sends every email, SMS and push notification. Owner is Leonie Barda; template copy is "
        "approved by product (Sunniva).",
    ),
    (
        "ntf-sms-provider-old",
        "p",
        "p",
        "2026-01-22",
        "SMS is sent through Vonage",
        "Lesson reminders by SMS and phone verification codes go through Vonage, with a sender id per "
        "country where allowed.",
    ),
    (
        "ntf-sms-provider-new",
        "p",
        "p",
        "2026-09-09",
        "SMS moved from Vonage to Sinch on 2026-09-22",
        "We switched SMS to Sinch on 2026-09-22 for better delivery in Brazil and Taiwan and a cheaper "
        "verification product. Vonage is off; the contract ends in December. All new SMS work targets Sinch.",
    ),
    (
        "ntf-quiet-hours-old",
        "p",
        "p",
        "2026-02-04",
        "No push or SMS between 22:00 and 08:00 in the learner's local time",
        "Quiet hours for non-urgent notifications: nothing between 22:00 and 08:00 in the learner's time "
        "zone. Messages generated then are held until 08:00.",
    ),
    (
        "ntf-quiet-hours-new",
        "p",
        "p",
        "2026-10-19",
        "Quiet hours widened to 21:00-09:00 learner local time (was 22:00-08:00)",
        "After complaints from the Brazilian and Taiwanese markets, quiet hours for non-urgent push and SMS "
        "are now 21:00 to 09:00 in the learner's local time, from 2026-10-26. Lesson-starting-soon alerts "
        "are urgent and still go through.",
    ),
    (
        "ntf-postmark-streams",
        "p",
        "p",
        "2026-02-11",
        "Postmark: transactional and broadcast streams are separate; marketing never uses transactional",
        "Email goes through Postmark with two message streams: transactional (receipts, reminders, password "
        "resets) and broadcast (newsletters, promotions). Sending marketing through the transactional "
        "stream is forbidden; it would hurt deliverability for receipts.",
    ),
    (
        "ntf-push-channels",
        "p",
        "p",
        "2026-02-26",
        "Push: FCM for Android, APNs directly for iOS; tokens removed on unregistered responses",
        "Android push goes through FCM, iOS directly to APNs (not via FCM). Device tokens are deleted when "
        "the provider reports them unregistered. A learner can have at most five active devices.",
    ),
    (
        "ntf-reminder-cadence",
        "p",
        "p",
        "2026-03-04",
        "Lesson reminders go 24 hours and 1 hour before; SMS only if the learner opted in",
        "Reminder cadence: email and push 24 hours before, push 1 hour before. SMS reminders only for "
        "learners who opted in, and only the 1-hour one.",
    ),
    (
        "ntf-one-click-unsub",
        "p",
        "p",
        "2026-03-12",
        "All broadcast email needs a one-click List-Unsubscribe header",
        "Since the mailbox providers' bulk-sender rules, every broadcast email carries the one-click "
        "List-Unsubscribe header and unsubscribes are honoured within two days (we do it instantly).",
    ),
    (
        "ntf-weekly-digest",
        "p",
        "p",
        "2026-04-28",
        "The weekly progress digest goes out on Sundays at 18:00 learner local time",
        "Learners get a weekly progress email on Sundays at 18:00 in their own time zone: lessons done, "
        "cards reviewed, streak. Learners with no activity for 8 weeks stop receiving it.",
    ),
    (
        "ntf-china-sms-signature",
        "p",
        "p",
        "2026-05-19",
        "发往中国大陆的短信必须带【Quillmoss】签名，走单独的报备通道",
        "发给 +86 号码的短信必须以【Quillmoss】签名开头，并且只能走在服务商那边报备过的专用通道，"
        "模板也要提前报备。营销类短信一律不发往中国大陆。",
    ),
    (
        "ntf-hard-bounce",
        "p",
        "p",
        "2026-06-09",
        "Hard bounces and spam complaints suppress the address; staffroom shows the reason",
        "A hard bounce or spam complaint puts the address on the suppression list for all streams. Support "
        "can see the reason in staffroom and lift it only for hard bounces after the learner confirms a "
        "corrected address.",
    ),
    (
        "ntf-template-copy",
        "p",
        "p",
        "2026-07-16",
        "Email templates are MJML in the repo; copy changes need Sunniva's approval",
        "Templates are MJML compiled at build time and localised through gettext. Engineers can change "
        "layout freely, but any wording change needs product approval from Sunniva.",
    ),
    # ---------------------------------------------------------------- staffroom
    (
        "staff-owner-haruto",
        "p",
        "p",
        "2026-01-07",
        "Haruto Vallejo owns staffroom, the internal admin used by support, finance and tutor-ops",
        "Staffroom is the internal admin tool (support, finance, tutor-ops). Owner is Haruto Vallejo; he "
        "also maintains the LiveView design kit it's built with.",
    ),
    (
        "staff-liveview-only",
        "p",
        "p",
        "2026-01-15",
        "Staffroom is Phoenix LiveView only; no SPA or separate frontend build",
        "Decision from 2025 that still holds: staffroom stays server-rendered Phoenix LiveView. No React "
        "and no separate frontend build. Keeps it maintainable by backend engineers.",
    ),
    (
        "staff-audit-log",
        "p",
        "p",
        "2026-01-28",
        "Every staff action writes an audit entry; audit logs are kept seven years",
        "Any state-changing action in staffroom (refund, credit grant, tutor suspension, data export) writes "
        "an audit entry with the staff member, the ticket reference and before/after values. Retention is "
        "seven years for finance compliance.",
    ),
    (
        "staff-roles",
        "p",
        "p",
        "2026-02-17",
        "Staffroom roles: support, finance, tutor-ops, admin; grant the least that works",
        "Four roles: support (learner accounts, credits up to 5 lessons), finance (refunds, disputes, "
        "invoices), tutor-ops (tutor vetting, payouts holds) and admin. New screens declare the role they "
        "need; admin is not a shortcut.",
    ),
    (
        "staff-impersonation",
        "p",
        "p",
        "2026-03-03",
        "Impersonating a learner needs a ticket number and is read-only",
        "Support can view the app as a learner only with a YouTrack or help-desk ticket number, and the "
        "impersonated session is read-only. It shows a banner and writes an audit entry.",
    ),
    (
        "staff-bulk-cap",
        "p",
        "p",
        "2026-03-31",
        "Bulk actions in staffroom are capped at 500 rows per run",
        "Bulk credit grants, tutor messages and tag edits are limited to 500 rows per run. Bigger jobs go "
        "through a reviewed release task instead.",
    ),
    (
        "staff-exports-pii",
        "p",
        "p",
        "2026-05-12",
        "CSV exports containing personal data need finance or admin role and are watermarked",
        "Exports with emails, names or phone numbers need the finance or admin role, carry a watermark with "
        "the exporter's name, and expire after 7 days.",
    ),
    (
        "staff-taipei-support-hours",
        "p",
        "p",
        "2026-05-27",
        "台北客服团队的值班时间是台北时间 9:00–21:00",
        "台北的客服团队覆盖亚洲时段，值班时间是台北时间 9:00 到 21:00，周末只有两个人。"
        "需要他们配合测试 staffroom 新功能的话，要提前两天在 #staffroom 约。",
    ),
    (
        "staff-tutor-vetting",
        "p",
        "p",
        "2026-06-17",
        "Tutor applications: ID check, a demo lesson and two reviewers before approval",
        "Tutor vetting in staffroom: identity document check through the KYC provider, a recorded demo "
        "lesson, and approval by two tutor-ops reviewers. Rejected applicants can reapply after 90 days.",
    ),
    (
        "staff-credit-grants",
        "p",
        "p",
        "2026-08-18",
        "Goodwill credits: support may grant up to 5 lesson credits per learner per month",
        "Support can grant up to five goodwill lesson credits per learner per calendar month without "
        "approval. Above that the request goes to the support lead. Each grant needs a reason code.",
    ),
    # ---------------------------------------------------------------- infra
    (
        "infra-owner-kwame",
        "p",
        "p",
        "2026-01-07",
        "Kwame Ostrander leads infra and the platform on-call rotation",
        "Infra (Hetzner, Nomad, Consul, Vault, Cloudflare, Postgres operations, observability) is led by "
        "Kwame Ostrander, who also runs the platform on-call rotation.",
    ),
    (
        "infra-nomad-hetzner",
        "p",
        "p",
        "2026-01-09",
        "Services run as Nomad jobs on Hetzner bare metal, behind Cloudflare",
        "Production runs on Hetzner dedicated servers with Nomad and Consul; Cloudflare is in front for DNS, "
        "WAF and caching. No Kubernetes anywhere.",
    ),
    (
        "infra-no-kubernetes",
        "p",
        "p",
        "2026-02-26",
        "ADR-031: no move to Kubernetes in 2026; revisit in 2027 planning",
        "We evaluated moving to managed Kubernetes and decided against it for 2026 (ADR-031): the team is "
        "small, Nomad covers our needs and the migration would eat a quarter. Revisit in 2027 planning.",
    ),
    (
        "infra-atlantis",
        "p",
        "p",
        "2026-01-20",
        "Terraform is applied only through Atlantis on the PR; state lives in Terraform Cloud",
        "All Terraform goes through Atlantis: plan on PR, apply by comment after approval. State is stored "
        "in Terraform Cloud workspaces per environment. Local applies are disabled by permissions.",
    ),
    (
        "infra-staging-refresh-old",
        "p",
        "p",
        "2026-01-25",
        "Staging database is refreshed from an anonymised production snapshot every Sunday",
        "Staging Postgres gets rebuilt from an anonymised production snapshot every Sunday at 04:00 UTC. "
        "Anything you put in staging during the week is wiped by the weekly refresh.",
    ),
    (
        "infra-staging-refresh-new",
        "p",
        "p",
        "2026-08-03",
        "Staging is now refreshed nightly at 04:00 UTC (was weekly on Sundays)",
        "Since the anonymisation job got fast enough, staging is rebuilt from the anonymised snapshot every "
        "night at 04:00 UTC. Test data you need for more than a day belongs in the seed scripts.",
    ),
    (
        "infra-oncall-handoff-old",
        "p",
        "p",
        "2026-01-26",
        "Platform on-call hands off on Mondays at 09:00 Lisbon",
        "The platform on-call week starts Monday 09:00 Lisbon; the handoff note is posted in #ops.",
    ),
    (
        "infra-oncall-handoff-new",
        "p",
        "p",
        "2026-07-27",
        "On-call handoff moved to Wednesdays 10:00 Lisbon (was Monday 09:00)",
        "To avoid handing over right after the weekend, the platform on-call week now starts Wednesday at "
        "10:00 Lisbon, with a 15-minute handoff call. Handoffs on Mondays ended on 2026-08-03.",
    ),
    (
        "infra-deploy-windows",
        "p",
        "p",
        "2026-02-02",
        "No production deploys after 15:00 Lisbon on Fridays, nor at weekends",
        "Deploy windows: production deploys Monday to Thursday any time within working hours, Friday until "
        "15:00 Lisbon, never on weekends or Portuguese public holidays. SEV1 fixes are the exception.",
    ),
    (
        "infra-pgbouncer",
        "p",
        "p",
        "2026-02-10",
        "Postgres 16 behind PgBouncer in transaction mode; no session-level state in app connections",
        "Postgres 16 clusters run with Patroni and apps connect through PgBouncer in transaction pooling "
        "mode. Session-level features (advisory locks held across transactions, SET outside a transaction, "
        "LISTEN) don't work through it; use the direct port for those, with Kwame's OK.",
    ),
    (
        "infra-backups-drill",
        "p",
        "p",
        "2026-03-05",
        "Backups via pgBackRest with 14 days PITR; restore drill on the first Tuesday of each month",
        "Postgres backups use pgBackRest to object storage with 14 days of point-in-time recovery. A restore "
        "drill runs on the first Tuesday of every month and its timing goes into the ops log.",
    ),
    (
        "infra-regions",
        "p",
        "p",
        "2026-03-09",
        "Primary region Falkenstein, standby Helsinki; Singapore hosts only classroom SFUs",
        "Production is in Falkenstein with a warm standby in Helsinki (Postgres replica, Nomad servers). "
        "Singapore only runs classroom SFU and TURN nodes; no personal data is stored there.",
    ),
    (
        "infra-error-tracker-old",
        "p",
        "p",
        "2026-01-13",
        "Error tracking for backend and mobile is Bugsnag",
        "Backend services and the Flutter app report errors to Bugsnag. Each area has its own project; "
        "release stages are production and staging.",
    ),
    (
        "infra-error-tracker-new",
        "p",
        "p",
        "2026-08-20",
        "Error tracking moved from Bugsnag to self-hosted Sentry on 2026-08-31",
        "We moved error tracking to a self-hosted Sentry on 2026-08-31 (cost, and data staying in the EU). "
        "Bugsnag projects are read-only until their retention runs out; all services and the app report to "
        "Sentry now.",
    ),
    (
        "infra-vault-secrets",
        "p",
        "p",
        "2026-04-07",
        "Secrets live in Vault and are injected by Nomad templates; never in job files or env files",
        "All credentials come from Vault through Nomad's template stanza at runtime. Nothing secret in job "
        "specs, repo env files or Buildkite pipeline settings. Rotation is Vault's job.",
    ),
    (
        "infra-budget-alerts",
        "p",
        "p",
        "2026-05-04",
        "Monthly infra budget is 38k EUR; alerts at 80% and 100% go to Kwame and Odile",
        "Infra spend is budgeted at 38,000 EUR a month across Hetzner, Cloudflare, Terraform Cloud and "
        "vendors. Alerts fire at 80% and 100% of the monthly budget to Kwame and Odile.",
    ),
    (
        "infra-readonly-prod-access",
        "p",
        "p",
        "2026-06-22",
        "生产环境的 shell 访问要走 Teleport，并且需要工单号",
        "进生产服务器或生产数据库一律通过 Teleport，申请时必须填写工单号，会话全程录像。"
        "只读权限可以自助申请 4 小时，写权限要 Kwame 或值班的人批准。",
    ),
    # ---------------------------------------------------------------- team-wide
    (
        "team-adr-process",
        "p",
        "p",
        "2026-01-08",
        "Architecture decisions are written as ADRs in Outline and reviewed on Thursdays",
        "Cross-area decisions get an ADR in the Outline 'Decisions' collection. Yiwen chairs the review "
        "on Thursdays at 14:00 Lisbon; an ADR needs the affected owners' sign-off to be accepted.",
    ),
    (
        "team-severity-levels",
        "p",
        "p",
        "2026-01-16",
        "Incident severities: SEV1 learners can't take lessons or pay, SEV2 degraded, SEV3 internal only",
        "SEV1: learners cannot join lessons, book or pay, or data exposure. SEV2: a feature degraded for many "
        "users. SEV3: internal tools or a small group affected. SEV1 and SEV2 get a status page entry and a "
        "postmortem within five working days.",
    ),
    (
        "team-flag-cleanup-old",
        "p",
        "p",
        "2026-02-12",
        "Feature flags must be removed within 60 days of reaching 100%",
        "Unleash flags that have been at 100% rollout for 60 days must be removed from code and from "
        "Unleash. The flag owner gets a reminder ticket.",
    ),
    (
        "team-flag-cleanup-new",
        "p",
        "p",
        "2026-09-29",
        "Flag removal deadline relaxed to 90 days after full rollout (was 60)",
        "We moved the Unleash flag cleanup rule from 60 to 90 days after a flag reaches 100%, because "
        "mobile flags need two or three app releases to age out. The reminder ticket now opens at day 75.",
    ),
    (
        "team-yearend-freeze",
        "p",
        "p",
        "2026-10-26",
        "Company-wide code freeze from 2026-12-18 to 2027-01-04",
        "End-of-year freeze: from 2026-12-18 to 2027-01-04 no production deploys except SEV1 fixes approved "
        "by Odile or Kwame. Mobile's last release before it is the one of 2026-12-15.",
    ),
    (
        "team-hack-week",
        "p",
        "p",
        "2026-09-16",
        "Hack week is 2026-11-16 to 2026-11-20; no planned feature work that week",
        "Company hack week runs 2026-11-16 to 2026-11-20. No sprint commitments that week; on-call and "
        "SEV fixes continue as usual.",
    ),
    (
        "team-branch-naming",
        "p",
        "p",
        "2026-01-13",
        "Branch names: area/short-description, lowercase with hyphens",
        "Branches are named after the area and a short description, e.g. till/family-plan-proration or "
        "mobile/riverpod-settings. The PR labeller keys off the prefix.",
    ),
    (
        "team-codeowners",
        "p",
        "p",
        "2026-01-13",
        "One approval from a code owner is needed to merge, except where an area sets a stricter rule",
        "Default merge rule: one approval from a code owner of each touched area. Some areas set stricter "
        "rules on top.",
    ),
    (
        "team-british-copy",
        "p",
        "p",
        "2026-02-20",
        "Product copy is British English; the US site uses the same copy",
        "All product copy (app, web, emails) is British English, including the US market. Sunniva decided "
        "not to maintain an American variant.",
    ),
    (
        "team-cycles",
        "p",
        "p",
        "2026-03-20",
        "Planning runs in six-week cycles plus two-week cool-downs; cycle 8 starts 2026-12-07",
        "Product and engineering plan in six-week cycles followed by a two-week cool-down for debt and "
        "exploration. Cycle 8 starts 2026-12-07. Pitches are due four days before a cycle starts.",
    ),
    (
        "team-elixir-versions",
        "p",
        "p",
        "2026-04-02",
        "Elixir 1.17 on OTP 27 across all apps; 1.18 upgrade planned for Q1 2027",
        "All Elixir apps run Elixir 1.17 on OTP 27, pinned in the tool-versions file and the CI images. The "
        "1.18 upgrade is planned for the first quarter of 2027; don't use 1.18-only features.",
    ),
    (
        "team-dpia-new-pii",
        "p",
        "p",
        "2026-04-29",
        "Any new personal-data field needs a DPIA ticket for the DPO, Amara Lindqvist",
        "Adding a field that holds personal data (anywhere: till, gatehouse, notify, warehouse) needs a "
        "DPIA ticket for our DPO, Amara Lindqvist, before it ships. She usually answers within a week.",
    ),
    (
        "team-taipei-friday-talks",
        "p",
        "p",
        "2026-05-15",
        "台北同事每周五下午是内部技术分享时间，不要安排评审或会议",
        "台北办公室每周五下午（台北时间 14:00–17:00）是内部技术分享，大家都不看消息。"
        "需要台北同事评审的东西，最好在每周四之前发出去。",
    ),
    (
        "team-public-holidays",
        "p",
        "p",
        "2026-01-20",
        "Team follows Portuguese and Taiwanese public holidays by office; deploy rules follow Portugal",
        "Each office takes its own public holidays (Portugal for Lisbon, Taiwan for Taipei). Deploy "
        "restrictions follow the Portuguese calendar because on-call is Lisbon-based.",
    ),
    (
        "team-em-odile",
        "p",
        "p",
        "2026-01-07",
        "Odile Markham is the engineering manager; hiring, rotations and budgets go through her",
        "Odile Markham manages the engineering team. Headcount, on-call rotation changes, vendor contracts "
        "and conference budgets go through her. Technical direction goes through Yiwen.",
    ),
    (
        "team-api-versioning",
        "p",
        "p",
        "2026-06-04",
        "Public APIs are versioned by date header; a version is supported 12 months after its successor",
        "The public lesson API and the partner widget API use dated versions in a request header. Once a "
        "new version ships, the previous one is supported for 12 months, and partners are told by email at "
        "6 and 11 months.",
    ),
    (
        "team-gdpr-subprocessors",
        "p",
        "p",
        "2026-07-08",
        "New vendors that process personal data must be added to the subprocessor list before use",
        "Before sending any personal data to a new vendor (a new SMS provider, an analytics tool), legal adds "
        "it to the public subprocessor list with 30 days' notice to customers. Plan launches around that.",
    ),
    (
        "team-accessibility-web",
        "p",
        "p",
        "2026-08-25",
        "Web and staffroom target WCAG 2.2 AA; accessibility bugs are treated like functional bugs",
        "Our target for the learner web app and staffroom is WCAG 2.2 AA. Accessibility regressions are "
        "triaged like any functional bug, not parked in a separate backlog.",
    ),
    (
        "team-mobile-eol-web",
        "p",
        "p",
        "2026-10-20",
        "旧版网页课堂（非 LiveKit）在 2026-11-30 下线",
        "旧的网页课堂（基于 WebRTC mesh 的那一版）在 2026-11-30 正式下线，之后所有课都走 LiveKit。"
        "还在用旧版的合作学校已经由 Bartek 单独通知。",
    ),
]
