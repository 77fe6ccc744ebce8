"""Large stores s09-s12 (20-30 notes each; s12 mostly Chinese): hand-written literals for make.py."""

# fmt: off
STORES = [
{
    "nn": 9,
    "developer": "Ngozi Adeyemi, analytics engineer",
    "project": "the data platform of a consumer-lending fintech in Lagos",
    "stack": "Snowflake, dbt, Airflow on Astronomer, Fivetran, Looker",
    "team": "6 (data team)",
    "replaced": [(6, 7), (15, 16)],
    "notes": [
        (1, "ngozi-background", "user", "global", "01-12 09:00",
         "Ngozi: strong in SQL and dbt, new to Airflow scheduling and Python packaging; explain Airflow with concrete DAG-run timelines",
         "Ngozi is an analytics engineer with years of SQL and dbt behind her; window functions and incremental "
         "models need no explanation. Airflow scheduling (logical dates, catchup, data intervals) and Python "
         "packaging are new to her: explain them with a concrete timeline of which run covers which hours."),
        (2, "prod-schema-via-dbt-pr", "feedback", "project", "01-12 14:30",
         "Schema changes in the PROD Snowflake database go only through a dbt pull request reviewed by another data engineer; no manual DDL",
         "Nothing changes the PROD database by hand: no manual DDL, no ad-hoc table drops, not even for cleanup. "
         "Every schema change goes through a dbt pull request reviewed by another data engineer and is applied "
         "by the deployment job."),
        (3, "warehouse-sizes-and-credits", "project", "project", "01-13 10:10",
         "Default warehouse size is XS; L only for the monthly backfill with approval from data lead Omar; budget 400 credits a month",
         "Snowflake warehouses default to XS. A Large warehouse is used only for the monthly backfill, and only "
         "after Omar Haddad, the data lead, approves it in #data-team. The whole team shares a budget of 400 "
         "credits a month and Omar reviews usage weekly."),
        (4, "pii-masking", "project", "project", "01-13 16:45",
         "PII columns (email, phone, BVN) are masked by Snowflake masking policies; never copied to DEV or exported to spreadsheets",
         "Columns tagged PII (email, phone number, BVN, home address) are protected by Snowflake masking policies "
         "and analysts only see hashes. PII is never copied into DEV databases, never exported to spreadsheets or "
         "CSV for other teams, and never pasted into chat tools."),
        (5, "airflow-where", "reference", "project", "01-14 11:20",
         "Airflow runs on the Astronomer deployment prod-data; failures alert #data-alerts; the runbook is the Confluence page Airflow on-call",
         "The Airflow UI is on the Astronomer deployment \"prod-data\". Failed tasks alert the Slack channel "
         "#data-alerts. What to do for each kind of failure is written in the Confluence page \"Airflow on-call\", "
         "owned by the on-call engineer of the week."),
        (6, "dbt-hourly", "project", "project", "01-14 15:00",
         "dbt models are built hourly by the Airflow DAG dbt_hourly",
         "The dbt project is built every hour, on the hour, by the Airflow DAG dbt_hourly, with a full refresh of "
         "snapshots at 02:00 Lagos time. Dashboards are therefore at most about an hour behind the sources."),
        (7, "dbt-every-30-min", "project", "project", "02-02 12:00",
         "Replaces hourly builds: since 2026-02-02 dbt builds every 30 minutes from 07:00 to 19:00 Lagos time, plus a nightly full build at 02:00",
         "Replaces the hourly schedule. Since 2026-02-02 the dbt build runs every 30 minutes between 07:00 and "
         "19:00 Lagos time, when the risk team works, and once at 02:00 as a full build. Outside business hours "
         "nothing runs between those."),
        (8, "month-end-close", "project", "project", "01-16 10:30",
         "Finance reporting tables must not change during the first three business days of each month (month-end close); no backfills then",
         "During month-end close, the first three business days of every month, finance reconciles against the "
         "reporting tables. In those days no model feeding the finance marts may change and no backfill may run, "
         "even a correct one; changes wait until close is signed off."),
        (9, "sql-style-sqlfluff", "feedback", "project", "01-19 09:45",
         "Team SQL style: lowercase keywords and leading commas, enforced by sqlfluff in CI",
         "The team writes SQL with lowercase keywords, leading commas and explicit column lists, and sqlfluff in CI "
         "enforces it. Ngozi wants suggested SQL to follow that style so it passes lint on the first try."),
        (10, "dbt-docs-site", "reference", "project", "01-19 15:20",
         "Table and column documentation is the dbt docs site published by CI, linked from the #data-team channel topic",
         "Descriptions of every model and column are on the dbt docs site, rebuilt by CI on each merge. The link is "
         "in the topic of the #data-team channel; it is the first place to check what a column means."),
        (11, "mart-owners", "project", "project", "01-20 11:00",
         "Mart owners: finance marts Omar Haddad, risk marts Chidi Okafor, growth marts Ngozi",
         "Each group of marts has an owner who reviews changes to it and answers questions: the finance marts "
         "belong to Omar Haddad, the risk marts to Chidi Okafor, and the growth marts to Ngozi herself."),
        (12, "loan-events-freshness", "project", "project", "01-20 16:40",
         "The loan_events source must be fresher than 2 hours at 08:00 Lagos time, or the risk dashboard shows a stale-data banner",
         "The risk team starts at 08:00 Lagos time and relies on loan_events. The source must be fresher than two "
         "hours at that point; otherwise the risk dashboard shows a stale-data banner and the on-call engineer "
         "is expected to explain why in #data-alerts."),
        (13, "fivetran-connectors", "reference", "project", "01-21 10:00",
         "Fivetran loads the app Postgres and Salesforce; connector problems go to Fivetran support and are tracked in Jira project DATA",
         "Fivetran loads two sources: the application Postgres database and Salesforce. Connector problems are "
         "raised with Fivetran through their support portal and tracked in the Jira project DATA, so the team "
         "can see what is pending with the vendor."),
        (14, "session-fivetran-sync-frequency", "project", "session", "01-28 17:30",
         "Session record 2026-01-28: compared Fivetran sync every 15 minutes vs hourly for Postgres; chose hourly because of cost",
         "Autosaved from the session of 2026-01-28. We compared syncing the Postgres connector every 15 minutes "
         "with every hour. The 15-minute plan cost about three times as much and only the risk dashboard would "
         "benefit, so the team chose hourly and Omar agreed."),
        (15, "airflow-27", "project", "project", "01-20 09:30",
         "Airflow is on version 2.7 (Astronomer Runtime 9)",
         "The Astronomer deployment runs Airflow 2.7 on Astronomer Runtime 9. Provider packages are pinned to the "
         "versions that ship with that runtime, and sensors use the classic poke mode."),
        (16, "airflow-210", "project", "project", "02-10 18:00",
         "Replaces the 2.7 note: since 2026-02-10 Airflow is 2.10 on Astronomer Runtime 12; Snowflake sensors are deferrable by default",
         "Replaces the earlier Airflow 2.7 note. Since 2026-02-10 the deployment runs Airflow 2.10 on Astronomer "
         "Runtime 12. Sensors waiting on Snowflake should be deferrable, which the team set as the default, so "
         "they no longer hold worker slots."),
        (17, "metric-definitions-glossary", "feedback", "project", "01-23 13:15",
         "Metric definitions (active borrower, default rate, NPL) come from the finance-approved Metrics Glossary; never invent one",
         "Business metrics such as active borrower, default rate and NPL ratio are defined in the finance-approved "
         "Metrics Glossary sheet. Never invent or adjust a definition while writing a model; if the glossary "
         "does not cover a case, ask Omar before building it."),
        (18, "looker-dashboards", "reference", "project", "01-26 10:20",
         "BI is Looker: dashboards Risk daily and Collections; changes to the Looker model go through Chidi",
         "The business reads data in Looker. The two dashboards that matter most are \"Risk daily\" and "
         "\"Collections\". Changes to the Looker model (explores, measures) go through Chidi Okafor, who keeps "
         "it in line with the marts."),
        (19, "data-oncall-weekly", "project", "project", "01-27 09:00",
         "Data on-call rotates weekly on Mondays; the on-call engineer clears failed DAG runs before 08:00 Lagos time",
         "On-call for the data platform rotates weekly, with handover on Mondays. The on-call engineer checks "
         "#data-alerts first thing and clears or explains failed DAG runs before 08:00 Lagos time, when the "
         "risk team starts."),
        (20, "session-backfill-chunking", "project", "session", "02-05 16:10",
         "Session record 2026-02-05: decided large backfills run in monthly chunks on a Small warehouse instead of one run on Large",
         "Autosaved from the session of 2026-02-05. We looked at backfilling two years of loan_events. One run on "
         "a Large warehouse risked the monthly credit budget; the decision was to run backfills in monthly chunks "
         "on a Small warehouse overnight."),
        (21, "airflow-orchestrates-only", "feedback", "project", "02-06 11:30",
         "Airflow only orchestrates: heavy transformations belong in dbt and Snowflake, not in Python inside Airflow tasks",
         "Team rule: Airflow schedules and triggers work, it does not transform data. Heavy transformations belong "
         "in dbt models running in Snowflake; pulling rows into pandas inside an Airflow task is rejected in "
         "review because workers have little memory."),
        (22, "cbn-quarterly-report", "project", "project", "02-13 14:00",
         "The CBN quarterly regulatory report is due 2026-04-10; the regulatory mart must be reconciled with finance by 2026-04-03",
         "The quarterly report to the Central Bank of Nigeria is due on 2026-04-10. The regulatory mart must be "
         "reconciled with finance's numbers by 2026-04-03, so changes to it after that date need Omar's "
         "explicit approval."),
    ],
    "queries": [
        ("drop the unused columns from fct_loans in prod", [2], "02-16 10:00", True, "indirect"),
        ("run the 2 year backfill on a large warehouse", [3, 20], "02-16 15:30", False, "keyword"),
        ("marketing wants the borrower emails in a google sheet", [4], "02-17 11:10", True, "indirect"),
        ("how often does dbt run now", [7], "02-17 14:45", False, "superseded"),
        ("dag failed at 6am, what's the runbook", [5], "02-18 06:20", True, "keyword"),
        ("backfill the finance marts with the corrected fx rates", [8], "03-02 09:30", False, "indirect"),
        ("which airflow version are we on", [16], "02-19 10:00", False, "superseded"),
        ("who owns the risk marts", [11], "02-19 16:20", False, "keyword"),
        ("build an active_borrowers model for the growth dashboard", [17], "02-20 10:40", False, "indirect"),
        ("explain catchup and data_interval_start", [1], "02-23 13:00", False, "indirect"),
        ("do the dedup in pandas inside the task, quicker", [21], "02-24 15:15", False, "keyword"),
        ("what's the slack shortcode for the snowflake emoji", [], "02-25 09:05", True, "negative"),
        ("happy friday folks", [], "02-27 16:30", True, "negative"),
        ("how do i compute a median in excel", [], "03-03 11:00", False, "negative"),
        ("flight time lagos to abuja?", [], "03-04 18:45", True, "negative"),
    ],
},
{
    "nn": 10,
    "developer": "Lukas Novak, backend engineer (recently joined)",
    "project": "refunds-service at a European payments company",
    "stack": "Kotlin, Spring Boot, PostgreSQL, Kafka, Argo CD, Datadog",
    "team": "40 engineers (6 in the Refunds squad)",
    "replaced": [(10, 11)],
    "notes": [
        (1, "lukas-background", "user", "global", "05-11 09:30",
         "Lukas: six years of Java and Spring, new to Kotlin coroutines and to the payments domain; explain chargebacks, settlement etc.",
         "Lukas has six years of Java and Spring Boot and needs no help with the framework. He is new to Kotlin "
         "coroutines and to the payments domain: chargebacks, settlement, acquirers and card schemes should be "
         "explained in plain terms with one concrete money-flow example."),
        (2, "public-api-review", "feedback", "project", "05-11 14:00",
         "Any change to the public REST API goes to the API guild review on Wednesdays; breaking changes only in a new version with 6 months' deprecation",
         "Every change to the public REST API, even an added optional field, is presented at the API guild "
         "review on Wednesdays before merge. Breaking changes only ship under a new version, and the old version "
         "is supported for six months after the announcement."),
        (3, "no-card-data", "project", "project", "05-12 10:20",
         "PCI scope: card numbers never enter refunds-service, only vault tokens; logging a PAN or CVV is a security incident",
         "To keep refunds-service out of PCI scope, full card numbers never enter it: it only handles tokens from "
         "the vault service. Logging, storing or forwarding a PAN or CVV, even masked wrongly, is treated as a "
         "security incident and must be reported."),
        (4, "deploy-days-and-freeze", "project", "project", "05-12 16:00",
         "Production deploys via Argo CD on Mondays, Tuesdays, Wednesdays and Thursdays only; November sales-peak freeze 2026-11-20 to 2026-12-01",
         "Production deploys go through Argo CD and happen on Mondays, Tuesdays, Wednesdays and Thursdays only, "
         "and on no other day of the week. There is a company-wide change freeze for the November sales "
         "peak from 2026-11-20 to 2026-12-01."),
        (5, "dependency-intake", "feedback", "project", "05-13 11:40",
         "New libraries need a Jira PLAT ticket for the platform team's licence and CVE scan; GPL-licensed code is never allowed",
         "Adding a library means opening a ticket in the Jira project PLAT first; the platform team runs a licence "
         "and CVE scan and answers within two days. GPL and AGPL licences are never allowed. Upgrades of "
         "existing libraries do not need a ticket."),
        (6, "observability-refunds", "reference", "project", "05-13 15:30",
         "Datadog dashboard refunds-service, PagerDuty service Refunds, runbooks in Backstage under the refunds component",
         "Metrics and logs are in Datadog; start with the dashboard \"refunds-service\". Alerts go to the PagerDuty "
         "service \"Refunds\". Runbooks are in Backstage on the refunds component page, one per alert."),
        (7, "squad-ownership", "project", "project", "05-14 09:15",
         "Lukas is in the Refunds squad led by Amara Obi; the squad owns refunds-service and chargeback-ingest",
         "Lukas works in the Refunds squad, led by Amara Obi. The squad owns two services, refunds-service and "
         "chargeback-ingest, and is paged for both. Questions about payouts go to the Settlement squad instead."),
        (8, "kafka-schemas", "project", "project", "05-14 14:50",
         "New Kafka topics need an Avro schema registered with backward compatibility; the platform team creates the topic",
         "Every new Kafka topic needs an Avro schema registered in the schema registry with backward "
         "compatibility. Topics are created by the platform team from a PLAT ticket, which also fixes the name "
         "and partition count; services never auto-create topics."),
        (9, "pr-description-order", "feedback", "project", "05-15 10:00",
         "PR descriptions follow the squad's order: context, change, risk, rollout plan, written in English",
         "The squad wants every pull request description in the same order: context, what changes, risk, and "
         "rollout plan (flags, migrations, monitoring). Written in English even when the discussion was in Czech "
         "or German."),
        (10, "migrations-at-startup", "project", "project", "05-14 11:00",
         "Database migrations run with Flyway automatically at application startup",
         "Schema migrations are written for Flyway and run automatically when the application starts, before "
         "it takes traffic. Each migration is reviewed like any other change in the pull request."),
        (11, "migrations-pre-deploy-job", "project", "project", "06-03 17:20",
         "Replaces the startup rule: since 2026-06-03 migrations run as a separate pre-deploy job; tables over 10M rows need DBA review",
         "Replaces the earlier rule of migrating at startup. Since 2026-06-03 Flyway migrations run as a separate "
         "pre-deploy job in Argo CD, not inside the application. Any migration touching a table with more than "
         "10 million rows, refunds included, needs a review from the DBA team first."),
        (12, "oncall-handover", "reference", "project", "05-18 10:30",
         "Refunds on-call rota is in PagerDuty; handover is on Mondays at 10:00 CET in #refunds-oncall",
         "The Refunds on-call rota is kept in PagerDuty. Handover is on Mondays at 10:00 CET in the Slack channel "
         "#refunds-oncall, where the outgoing engineer lists open incidents and noisy alerts."),
        (13, "refund-four-eyes", "project", "project", "05-19 13:45",
         "Refunds above 10,000 EUR need four-eyes approval in the back office; no API path may bypass it",
         "Business rule from Risk and Compliance: any refund above 10,000 EUR (or equivalent) needs a second "
         "person to approve it in the back office. No API path, batch job or merchant setting may bypass that "
         "approval, whatever the merchant's history."),
        (14, "idempotency-key-required", "project", "project", "05-20 09:50",
         "Every POST in the public refunds API requires an Idempotency-Key header; retries with the same key return the first result",
         "Merchants retry a lot, so every POST in the public refunds API requires an Idempotency-Key header. A "
         "retry with the same key returns the original result for 24 hours. Requests without the header are "
         "rejected with a clear error."),
        (15, "session-chargeback-delays", "project", "session", "05-28 16:40",
         "Session record 2026-05-28: late chargeback files come from the acquirer on bank holidays; decided to alert only after a 4 hour delay",
         "Autosaved from the session of 2026-05-28 about chargeback-ingest alerts. The acquirer's chargeback "
         "files arrive late on bank holidays in their country, which is expected. Decision with Amara: alert only "
         "when a file is more than four hours late."),
        (16, "testcontainers-not-h2", "feedback", "project", "05-21 11:10",
         "Integration tests run against Postgres in Testcontainers, never an in-memory H2 database",
         "Squad rule: integration tests run against a real Postgres in Testcontainers. An in-memory H2 database "
         "is not accepted because it hid a locking difference in the past and behaves differently on JSON "
         "columns."),
        (17, "api-docs-portal", "reference", "project", "05-22 14:20",
         "Public API docs are on the developer portal, generated from the OpenAPI spec; wording changes go through the Jira project DOCS",
         "The public API reference that merchants read is on the developer portal, generated from the OpenAPI "
         "specification on every release. Changes to guides and wording go through the docs team in the Jira "
         "project DOCS."),
        (18, "money-minor-units", "project", "project", "05-25 10:00",
         "Money is always in minor units with an ISO 4217 currency code across services and APIs; floating-point amounts are rejected",
         "Company-wide decision: amounts are always represented in minor units together with an ISO 4217 currency "
         "code, in every service, event and API. Floating-point amounts are rejected in review and by the API "
         "validation."),
        (19, "dr-drill-quarterly", "project", "project", "05-26 15:00",
         "Disaster-recovery drill on the first Thursday of each quarter; services must survive a Postgres failover",
         "On the first Thursday of each quarter the company runs a disaster-recovery drill that fails over the "
         "primary Postgres cluster. Refunds-service must keep serving reads and resume writes automatically; "
         "the squad sends one person to the drill."),
        (20, "unleash-flags", "feedback", "project", "05-27 09:40",
         "New behaviour ships behind an Unleash feature flag; flags are removed within 30 days of reaching 100%",
         "New behaviour in refunds-service ships behind an Unleash feature flag and is rolled out gradually by "
         "merchant. Once a flag has been at 100% for 30 days it is removed; the squad reviews stale flags at "
         "the start of every sprint."),
        (21, "pci-audit-dates", "project", "project", "06-01 12:30",
         "The on-site PCI DSS audit is 2026-09-14 to 2026-09-18; Lukas collects the evidence for refunds-service",
         "The PCI DSS assessors are on site from 2026-09-14 to 2026-09-18. Lukas is the evidence owner for "
         "refunds-service: access reviews, data-flow confirmation and logging samples, collected in the audit "
         "folder of the compliance team."),
        (22, "sandbox-merchants", "reference", "project", "06-02 10:15",
         "Sandbox merchants and test cards are listed in the QA team's Notion page Sandbox merchants",
         "The sandbox merchants, their API credentials process and the test card tokens that trigger each "
         "decline or chargeback scenario are listed in the QA team's Notion page \"Sandbox merchants\"."),
    ],
    "queries": [
        ("add a reason_code field to the refund response", [2], "06-08 10:20", True, "indirect"),
        ("log the raw pan when the vault lookup fails", [3], "06-08 14:00", False, "keyword"),
        ("ship refunds v2 this afternoon", [4], "06-12 13:00", True, "indirect"),
        ("add resilience4j", [5], "06-09 09:40", True, "terse"),
        ("wheres the datadog dashboard for refunds", [6], "06-09 11:15", False, "keyword"),
        ("add an index on refunds.merchant_id", [11], "06-10 10:00", False, "superseded"),
        ("how do db migrations get applied in prod", [11], "06-10 15:30", True, "superseded"),
        ("whats the difference between a chargeback and a refund", [1], "06-11 09:00", False, "indirect"),
        ("let trusted merchants auto-approve big refunds", [13], "06-11 16:45", False, "indirect"),
        ("chargeback-ingest alert fired again, file not there yet", [15], "06-15 07:50", True, "keyword"),
        ("kotlin vs scala for a hobby project?", [], "06-15 12:30", False, "negative"),
        ("lunch?", [], "06-16 12:01", True, "negative"),
        ("how do i undo my last local git commit", [], "06-16 17:20", False, "negative"),
        ("any good black friday deals on 4k monitors", [], "06-17 20:10", True, "negative"),
        ("is 10,000 steps a day actually backed by science", [], "06-18 08:30", False, "negative"),
    ],
},
{
    "nn": 11,
    "developer": "Sofia Marin, .NET developer on an internal tools team",
    "project": "Dispatch Planner, a WPF desktop app for freight dispatchers",
    "stack": ".NET 8, WPF, MVVM, MSIX via Intune, Azure DevOps, Azure Maps",
    "team": "6 (with a QA engineer)",
    "replaced": [(7, 8)],
    "notes": [
        (1, "sofia-background", "user", "global", "08-03 09:00",
         "Sofia: four years of WinForms, now learning WPF, MVVM and data binding; explain those by comparison with WinForms",
         "Sofia wrote WinForms applications for four years and knows C# and .NET well. WPF is new to her: MVVM, "
         "data binding, dependency properties and templates should be explained by comparing them with how the "
         "same thing is done in WinForms."),
        (2, "net8-msix-intune", "project", "project", "08-03 13:20",
         "Targets .NET 8 on Windows 10 22H2 or later; shipped as MSIX through Intune, never as a zip or a self-contained copy",
         "Dispatch Planner targets .NET 8 and supports Windows 10 22H2 or later only. It is packaged as MSIX and "
         "distributed by IT through Intune; never hand out a zip or a self-contained build to a depot, because "
         "updates would stop reaching it."),
        (3, "nuget-approval", "feedback", "project", "08-04 10:40",
         "New NuGet packages need a licence check (MIT, Apache or BSD only) and approval from architect Henrik Dahl",
         "Before adding a NuGet package, check its licence (MIT, Apache 2.0 or BSD only) and ask Henrik Dahl, the "
         "architect, for approval in the team channel. Packages maintained by a single person are avoided for "
         "anything on the dispatch path."),
        (4, "biweekly-release-train", "project", "project", "08-04 15:10",
         "Releases go out every second Tuesday; QA engineer Olga signs off on the Monday before",
         "The release train leaves every second Tuesday. Olga Petrova, the QA engineer, runs the regression pass "
         "and signs off the day before each release; anything not signed off waits for the next train."),
        (5, "driver-data-privacy", "project", "project", "08-05 09:30",
         "Driver phone numbers and home addresses must never appear in logs, crash reports or exports (GDPR)",
         "Drivers' phone numbers and home addresses are personal data under GDPR. They must never appear in log "
         "files, crash reports, telemetry or CSV exports; refer to a driver by the internal driver number."),
        (6, "devops-board-and-sentry", "reference", "project", "08-05 14:00",
         "Bugs live on the Azure DevOps board Dispatch Planner; crash reports go to the Sentry project dispatch-planner",
         "Bugs and feature requests are on the Azure DevOps board \"Dispatch Planner\". Unhandled exceptions "
         "from the desktop app are sent to the Sentry project dispatch-planner with the app version and depot "
         "code."),
        (7, "maps-bing", "project", "project", "08-04 11:00",
         "Map tiles and routing come from Bing Maps",
         "The planner's map view and route distances use Bing Maps through the company's existing enterprise "
         "agreement. IT manages the subscription."),
        (8, "maps-azure", "project", "project", "08-21 16:30",
         "Replaces the Bing Maps note: since 2026-08-21 maps and routing use Azure Maps because Bing Maps for Enterprise is retiring",
         "Replaces the earlier Bing Maps decision. Because Bing Maps for Enterprise is being retired, since "
         "2026-08-21 map tiles, geocoding and route distances come from Azure Maps. IT manages the account; new "
         "map features are built on Azure Maps only."),
        (9, "scaling-and-contrast", "project", "project", "08-06 10:15",
         "The UI must work at 150% display scaling and in Windows high-contrast mode; dispatchers use three monitors",
         "Dispatchers work on three monitors, often at 150% scaling, and two of them use Windows high-contrast "
         "mode. Every screen must stay usable in both; QA checks new views at 150% and in high contrast before "
         "sign-off."),
        (10, "cite-microsoft-learn", "feedback", "global", "08-06 16:00",
         "When Sofia asks about a .NET or WPF API, cite the Microsoft Learn page for it rather than blog posts",
         "When Sofia asks how a .NET or WPF API behaves, she wants the answer to point at the Microsoft Learn "
         "reference page for that API. Blog posts and forum answers are fine as extra reading but not as the "
         "source."),
        (11, "tms-api-atlas", "project", "project", "08-07 11:45",
         "The TMS backend API belongs to team Atlas; change requests go to their Teams channel Atlas requests; limit 50 requests/s per client",
         "The transport management API that the planner calls belongs to team Atlas. Changes are requested in "
         "their Teams channel \"Atlas requests\". Each client is limited to 50 requests per second; above that "
         "the API answers 429."),
        (12, "offline-eight-hours", "project", "project", "08-10 09:20",
         "The planner must keep working offline for 8 hours (depot network outages); edits queue locally and sync later",
         "Depots lose their network for hours at a time, so the planner must keep working offline for at least "
         "eight hours. Dispatchers' edits are queued locally and synced when the connection returns; no feature "
         "may require the network to open a plan."),
        (13, "user-guide-sharepoint", "reference", "project", "08-11 14:30",
         "The end-user guide is the SharePoint site Dispatch Planner Help; Sofia updates it with each release",
         "Dispatchers read the user guide on the SharePoint site \"Dispatch Planner Help\". Sofia updates it for "
         "every release with screenshots of changed screens; support links to it from the help menu."),
        (14, "session-startup-time", "project", "session", "08-19 17:00",
         "Session record 2026-08-19: cold start measured at 9 s on depot laptops; decided to load map tiles only when the map is first opened",
         "Autosaved from the session of 2026-08-19. Cold start on a depot laptop was measured at about nine seconds, "
         "most of it loading map tiles. Decision with Henrik: the map loads only when a dispatcher first opens it, "
         "and startup time is reported in telemetry."),
        (15, "peak-season-freeze", "project", "project", "08-12 10:00",
         "No releases from 2026-11-23 to 2026-12-31 (peak season) except hotfixes approved by operations manager Kari Lunde",
         "Peak season runs from 2026-11-23 to 2026-12-31. No releases in that period; only hotfixes for problems "
         "that stop dispatching, approved by Kari Lunde, the operations manager."),
        (16, "pilot-depot-hamar", "reference", "project", "08-13 13:10",
         "New releases are piloted at the Hamar depot; depot lead Per Nygaard gives feedback in the Teams channel Planner pilot",
         "Each release runs at the Hamar depot for two days before the other depots get it. Per Nygaard, the depot "
         "lead, reports problems and feedback in the Teams channel \"Planner pilot\"."),
        (17, "ui-text-bokmal", "feedback", "project", "08-14 11:30",
         "All UI text is in Norwegian Bokmal and reviewed by Kari; English is used only in logs",
         "Every label, message and tooltip in the UI is written in Norwegian Bokmal; new wording is sent to Kari "
         "Lunde for review before release. English appears only in logs and developer tooling."),
        (18, "telemetry-non-personal", "project", "project", "08-17 15:40",
         "Usage telemetry goes to Application Insights, non-personal events only, and the opt-out setting is always respected",
         "Usage telemetry goes to Application Insights and contains only non-personal events such as screen "
         "opened or plan saved. A dispatcher's opt-out setting is always respected, including for crash "
         "breadcrumbs."),
        (19, "sync-changes-two-reviewers", "feedback", "project", "08-18 10:50",
         "Changes to the offline sync engine need two reviewers, one of them Henrik",
         "The offline sync engine is where data can be lost, so any change to it needs two reviewers, one of whom "
         "is Henrik Dahl. Other parts of the app need one reviewer."),
        (20, "depot-laptop-specs", "project", "project", "08-28 09:40",
         "Depot laptops are 2019 i5 machines with 8 GB RAM; the planner must stay under 1 GB of memory",
         "Most depots use laptops from 2019 with an i5 processor and 8 GB of RAM, also running the browser and "
         "Teams. The planner must stay under 1 GB of memory with a full day's plan open."),
    ],
    "queries": [
        ("add a traffic layer to the map", [8], "09-01 10:00", True, "superseded"),
        ("add serilog", [3], "09-01 14:30", True, "terse"),
        ("log the driver phone when the sms fails to send", [5], "09-02 11:20", False, "keyword"),
        ("ship 2.4 tomorrow", [4], "09-07 16:00", True, "terse"),
        ("explain INotifyPropertyChanged", [1], "09-03 09:15", False, "indirect"),
        ("new button 'Optimize route' next to save", [17], "09-03 13:40", False, "indirect"),
        ("tms api keeps returning 429 when we refresh all routes", [11], "09-04 10:30", False, "indirect"),
        ("can we get the eta feature out before christmas", [15], "12-01 09:00", True, "indirect"),
        ("planner eats 1.5gb ram on the depot laptops", [20], "09-08 15:10", False, "keyword"),
        ("where do i report this crash", [6], "09-09 10:05", False, "terse"),
        ("what's the time difference between oslo and bangkok", [], "09-09 13:00", True, "negative"),
        ("hei hei", [], "09-10 08:15", False, "negative"),
        ("how do you say 'traffic jam' in norwegian", [], "09-10 12:45", False, "negative"),
        ("tips for driving on icy roads", [], "09-11 19:30", True, "negative"),
    ],
},
{
    "nn": 12,
    "developer": "林浩 (Lin Hao), front-end lead at an e-commerce company",
    "project": "a shopping mall web front end (商城前台)",
    "stack": "SvelteKit, Svelte 5, TypeScript, Tailwind, Alibaba Cloud (ECS, OSS, CDN)",
    "team": "12",
    "replaced": [(7, 8)],
    "notes": [
        (1, "linhao-background", "user", "global", "03-09 09:30",
         "林浩：前端组长，写了三年 Vue，刚转 Svelte 5，对 runes 不熟；解释时和 Vue 的写法对比",
         "林浩是前端组长，之前用 Vue 写了三年项目，组件化、状态管理都很熟。刚转到 Svelte 5，"
         "对 runes（$state、$derived、$effect）还不熟，解释的时候请和 Vue 的 ref、computed、watch 对比着讲。"),
        (2, "npm-deps-justify", "feedback", "project", "03-09 15:00",
         "新增 npm 依赖要在周会上说明理由；gzip 后超过 50KB 的包需要架构师周敏同意",
         "加新的 npm 依赖之前，要在每周一的技术周会上说明为什么需要它。gzip 之后超过 50KB 的包，"
         "还要架构师周敏同意才能合并。能用几十行代码自己实现的，就不要引入新包。"),
        (3, "release-window", "project", "project", "03-10 10:00",
         "发布窗口：每周二、周四晚上 22:00 以后发布；其他时间只发紧急修复",
         "线上发布固定在每周二、周四晚上 22:00 以后，这时流量最低，运维和测试都在。"
         "其他时间只允许发 P0 紧急修复，而且要在飞书群里报备。"),
        (4, "no-pii-in-tracking", "project", "project", "03-10 16:20",
         "用户手机号、身份证号、收货地址不能出现在前端日志和埋点里；埋点只记用户 ID 的哈希",
         "法务要求：用户的手机号、身份证号、收货地址不能出现在任何前端日志、错误上报和埋点事件里。"
         "埋点只记录用户 ID 的哈希，客服需要查用户信息时走后台系统。"),
        (5, "tapd-and-mastergo", "reference", "project", "03-11 11:00",
         "需求和缺陷在 TAPD 项目「商城前台」；设计稿在 MasterGo",
         "产品需求和缺陷都在 TAPD 的「商城前台」项目里，按迭代排期。设计稿和切图在 MasterGo，"
         "设计师会在稿子上标注交互说明，有疑问直接在 MasterGo 评论。"),
        (6, "perf-budget", "project", "project", "03-11 17:30",
         "Product page budget: Lighthouse mobile performance at least 85 and LCP under 2.5 s on 4G, checked in CI",
         "The product detail page has a performance budget: Lighthouse mobile performance score of at least 85 "
         "and Largest Contentful Paint under 2.5 seconds on a throttled 4G profile. CI runs the check on every "
         "merge request and blocks it when the budget is missed."),
        (7, "images-qiniu", "project", "project", "03-12 10:15",
         "商品图片走七牛云 CDN",
         "目前所有商品图片和活动图都上传到七牛云，通过七牛云的 CDN 域名访问，图片处理用七牛的参数。"),
        (8, "images-aliyun-oss", "project", "project", "04-02 14:40",
         "替代七牛云的规定：2026-04-02 起商品图片统一迁到阿里云 OSS + CDN，七牛云停用",
         "这条替代之前「图片走七牛云」的规定。从 2026-04-02 起，商品图和活动图统一放在阿里云 OSS，"
         "通过阿里云 CDN 访问，缩放和裁剪用 OSS 的图片处理。七牛云的账号已经停用，不要再往上传。"),
        (9, "merge-requests-in-english", "feedback", "global", "03-13 09:00",
         "代码注释可以用中文，但合并请求的标题和描述一律用英文",
         "代码里的注释用中文也可以，团队都看得懂；但是合并请求的标题和描述要用英文，"
         "因为新加坡的同事也要看，评审记录也会被他们引用。"),
        (10, "payment-page-regression", "project", "project", "03-16 15:30",
         "支付只接支付宝和微信支付；支付页面的任何改动都要测试组全量回归，由测试负责人赵敏签字",
         "商城的支付只接支付宝和微信支付两种。支付页面和收银台的任何改动，哪怕只是文案，"
         "都要测试组做全量回归，由测试负责人赵敏签字后才能上线。"),
        (11, "sentry-grafana", "reference", "project", "03-17 10:45",
         "Front-end errors go to the self-hosted Sentry project mall-web; real-user metrics are on the Grafana dashboard mall-web-vitals",
         "Front-end exceptions are reported to the self-hosted Sentry project mall-web, grouped by release. "
         "Real-user performance metrics (LCP, INP, CLS by page and by city) are on the Grafana dashboard "
         "mall-web-vitals."),
        (12, "browser-support", "project", "project", "03-18 11:20",
         "兼容范围：微信内置浏览器、iOS 15 及以上的 Safari、安卓 Chrome；不考虑 IE",
         "需要兼容的浏览器：微信内置浏览器、iOS 15 及以上的 Safari、安卓上的 Chrome 和各大厂商浏览器。"
         "IE 和旧版 Edge 不考虑。新特性如果 iOS 15 不支持，需要降级方案。"),
        (13, "session-product-image-sizes", "project", "session", "03-26 18:00",
         "会话记录 2026-03-26：商品页首屏慢主要因为大图没有按屏幕宽度裁剪；决定商品图一律由 CDN 按宽度输出",
         "自动保存的会话记录（2026-03-26）。分析了商品详情页首屏慢的问题，大部分时间花在下载原尺寸的商品大图上。"
         "和周敏讨论后决定：商品图一律由 CDN 按屏幕宽度输出合适尺寸，不再直接用原图。"),
        (14, "i18n-dictionary", "project", "project", "03-19 09:40",
         "目前只有简体中文，但所有文案都要放进 i18n 字典；2027 年要上繁体中文版",
         "网站目前只有简体中文，但按钮、提示、错误信息等所有文案都要放进 i18n 字典，"
         "不能直接写在组件里。2027 年计划上线繁体中文版，面向港澳台用户。"),
        (15, "review-cart-checkout", "feedback", "project", "03-20 14:10",
         "代码评审至少一人通过；涉及购物车和结算的合并请求需要后端负责人吴刚一起看",
         "每个合并请求至少要一位同事评审通过。涉及购物车、优惠计算和结算流程的，"
         "还要请后端负责人吴刚一起评审，因为前后端的金额口径必须一致。"),
        (16, "node-adapter-ecs", "project", "project", "03-23 10:30",
         "The site runs SvelteKit with the Node adapter on Alibaba Cloud ECS; no edge or serverless runtime",
         "The site is served by SvelteKit with the Node adapter on Alibaba Cloud ECS instances behind a load "
         "balancer. Edge or serverless runtimes are not used, because mainland hosting and ICP filing rule "
         "them out."),
        (17, "oncall-feishu", "reference", "project", "03-24 15:50",
         "运维值班表在飞书多维表格「值班表」；线上问题先在飞书群「商城告警」里说",
         "运维和前端的值班安排在飞书多维表格「值班表」里。线上出问题先在飞书群「商城告警」里说明现象，"
         "值班的人会在群里接手。"),
        (18, "tracking-sensors", "project", "project", "03-25 11:00",
         "埋点统一用神策 SDK；新事件要先在埋点文档里登记，命名由数据组审核",
         "前端埋点统一用神策的 SDK。新增事件之前，要先在数据组的埋点文档里登记事件名和属性，"
         "命名由数据组审核通过后才能上线。"),
        (19, "double11-freeze", "project", "project", "03-27 16:00",
         "双 11 封版：2026-10-20 到 2026-11-12 只修 P0 缺陷，不上新功能",
         "2026 年双 11 的封版期是 2026-10-20 到 2026-11-12。封版期间不上任何新功能，只修 P0 缺陷，"
         "而且每次发布都要运营负责人同意。"),
        (20, "use-mall-ui", "feedback", "project", "03-30 10:20",
         "UI 组件优先用内部组件库 mall-ui，不要引入新的 UI 框架",
         "做界面时优先用内部组件库 mall-ui，它已经按设计规范做好了按钮、弹窗、表单等。"
         "不要再引入新的 UI 框架或组件库，缺的组件找设计组和组件库维护人一起补。"),
        (21, "member-levels-owner", "project", "project", "04-01 11:30",
         "会员等级规则由产品经理孙丽负责；折扣金额以后端计算为准，前端只展示",
         "会员等级和权益规则由产品经理孙丽负责解释。折扣和最终金额一律以后端计算结果为准，"
         "前端只负责展示，不能自己重新计算价格。"),
    ],
    "queries": [
        ("加个 lottie 动画库", [2], "04-06 10:00", True, "chinese"),
        ("今晚发版", [3], "04-15 17:30", True, "chinese"),
        ("埋点里把手机号带上，方便客服查问题", [4], "04-07 11:20", False, "chinese"),
        ("商品图片传到哪个 CDN", [8], "04-07 15:00", True, "superseded"),
        ("商品页手机上打开好慢", [6], "04-08 09:40", False, "cross-lingual"),
        ("前端报错去哪看", [11], "04-08 14:10", False, "cross-lingual"),
        ("add a coupon code field on the payment page", [10, 21], "04-09 10:30", False, "cross-lingual"),
        ("还要兼容 ios 14 吗", [12], "04-09 16:00", False, "chinese"),
        ("新加的按钮文案直接写在组件里行吗", [14], "04-10 11:00", False, "chinese"),
        ("deploy the new member center on nov 1", [19], "10-28 15:00", True, "cross-lingual"),
        ("引入 element plus 做弹窗", [20], "04-13 10:20", False, "chinese"),
        ("杭州今天下雨吗", [], "04-13 08:10", True, "negative"),
        ("支付宝的年度账单在哪里看", [], "04-14 12:30", False, "negative"),
        ("帮我翻译一句：thanks for your patience", [], "04-14 16:40", False, "negative"),
        ("双十一是哪一年开始的", [], "04-16 20:00", True, "negative"),
    ],
},
]
# fmt: on
