"""Scenarios os001-os024: corrections, approvals, relative dates (hand-written)."""

from own_scenarios_data import (
    CLINIC,
    DISPATCH,
    DOCS,
    EMBER,
    HARBOR,
    INTAKE,
    LEDGER,
    ORCHARD,
    ORDER,
    PIKELET,
    PIPES,
    SETTLE,
    SHANHAI,
    TFLIVE,
    WAREHOUSE,
    P,
    S,
    coming,
    month_end,
    next_month_first,
    next_week,
    plus,
    sc,
)

# Hand-laid-out data (one turn per pair of lines): keep the formatter out.
# fmt: off
SCENARIOS = []
add = SCENARIOS.append

# ----------------------------------------------------------------------------- correction

add(sc("os001", "correction", LEDGER, [
    S("s1", "2026-02-03T09:12", [
        (0, "add tests for InvoiceService.applyPayment, partial payments especially",
         "Sure. I'll add a spec with a mocked PrismaClient (jest-mock-extended) and cover full, partial and over-payment."),
        (6, "no, don't mock prisma in these. they run against the docker postgres via `pnpm test:db` — the mocks hid the rounding bug last quarter",
         "Got it — I'll write them as integration tests against the test database and seed invoices through the factories instead of mocking Prisma."),
        (15, "yeah use the factories. also partial payment with 3 decimal places in the amount",
         "Added a case paying 33.335 on a 100.00 invoice; it asserts the remaining balance is 66.67 with banker's rounding."),
        (22, "ok run it",
         "`pnpm test:db -- invoice` → 7 passed. The 3-decimal case passes with the current rounding helper."),
    ]),
], [
    P("2026-02-12T14:30", "write tests for the new CreditNoteRepository.findOpenForCustomer",
      any=["mock", "test:db"]),
]))

add(sc("os002", "correction", HARBOR, [
    S("s1", "2026-01-14T10:05", [
        (0, "the route reload panics when the yaml has a duplicate path, fix pls",
         "The panic comes from `routes.insert(..).unwrap()` in the loader. I'll change it to return an error."),
        (5, "ok. and in general stop sprinkling unwrap() outside tests. use ? with .context(\"...\") from anyhow so we get a chain in the logs",
         "Understood — no `unwrap()` in non-test code; I'll propagate with `?` and add anyhow context messages."),
        (12, "there's 3 more unwraps in the same file",
         "Replaced all four: duplicate path now returns `Err(duplicate route '/v2/quote')` with context 'loading routes.yaml'."),
        (18, "good, add a test for the duplicate case",
         "Added `reload_rejects_duplicate_paths` in the loader tests; `cargo test -p gateway-config` passes."),
    ]),
], [
    P("2026-01-27T09:40", "write the handler that reloads TLS certs on SIGHUP",
      any=["unwrap"]),
]))

add(sc("os003", "correction", CLINIC, [
    S("s1", "2026-03-04T13:20", [
        (0, "reminders view needs patients with no appointment in the last 6 months",
         "I can do it with a raw SQL query in the view using `cursor.execute` and a LEFT JOIN on appointments."),
        (4, "please no raw SQL in views. ORM only, and if it really has to be SQL it goes in a manager method with a test",
         "Makes sense. I'll write it as `Patient.objects.without_recent_visit(months=6)` on a custom manager, using `~Exists(...)`."),
        (11, "fine. clinics are multi-tenant so filter by clinic too",
         "The manager method takes `clinic` as a required argument and filters `clinic=clinic` before the Exists subquery."),
        (19, "and the template just lists name + last visit date",
         "Done: the view passes `patients` annotated with `last_visit=Max('appointments__starts_at')` and the template renders both columns."),
    ]),
], [
    P("2026-03-18T10:15", "I need a report of no-show rates per doctor for last quarter, can you build the query",
      any=["raw sql", "manager"]),
]))

add(sc("os004", "correction", ORCHARD, [
    S("s1", "2026-02-19T16:02", [
        (0, "date picker crashes on android 14 when opened twice in a row",
         "This is a known issue in @react-native-community/datetimepicker 7.2; I'll bump it to 7.7 and also update react-native-reanimated while I'm there."),
        (3, "don't bump deps when fixing a bug. package.json only changes when I ask — the iOS build pins are fragile and Xcode cloud breaks every time",
         "Understood, I'll leave package.json and the lockfile alone and work around it in our code."),
        (10, "what's the workaround then",
         "Keep the picker mounted and toggle `visible` instead of mounting it on every open; the crash only happens on the second mount."),
        (17, "ok do that in BasketDeliverySlot",
         "Changed BasketDeliverySlot to render the picker once and control it with state; opening it five times in a row no longer crashes on the emulator."),
    ]),
], [
    P("2026-03-03T11:25", "images in the product carousel flicker on iOS 17 when scrolling fast, can you fix it",
      any=["package.json", "dependenc", "bump"]),
]))

add(sc("os005", "correction", PIPES, [
    S("s1", "2026-01-08T08:45", [
        (0, "new dag: pull the partner refunds csv from sftp daily and load into raw.partner_refunds",
         "Here's a DAG with an SFTPOperator; the filename is built from `datetime.now().strftime('%Y%m%d')`."),
        (5, "don't use datetime.now() in dag code. always the logical date — data_interval_start / {{ ds }}. backfills load today's file 40 times otherwise",
         "Right, I'll template the filename on `{{ ds_nodash }}` and pass `data_interval_start` to the Python callable."),
        (12, "also catchup=True, we need to backfill from january",
         "Set `catchup=True` with `start_date` at the start of the year; each run loads its own day's file."),
        (20, "add a sensor so it waits for the file, partner is late a lot",
         "Added an SFTPSensor with `mode='reschedule'`, poke interval 10 min, timeout 6 h."),
    ]),
], [
    P("2026-01-22T09:05", "add a DAG that snapshots the exchange rates table every night",
      any=["data_interval", "logical date", "now()"]),
]))

add(sc("os006", "correction", EMBER, [
    S("s1", "2026-04-06T19:30", [
        (0, "add a ParticleEmitter component that follows the parent's transform",
         "I'll add `struct ParticleEmitter { std::shared_ptr<Transform> parent; ... }` so it can read the parent's world matrix."),
        (4, "no shared_ptr in components, ever. we use the handle pool — Handle<Transform> and resolve it through the registry each frame",
         "Understood: components hold `Handle<T>`, never owning pointers; I'll resolve the parent via `registry.get(handle)` in the update."),
        (11, "and the emitter update runs in the particles system, not in the component",
         "Moved the logic to `ParticleSystem::update`; the component is plain data now (rate, lifetime, parent handle)."),
        (18, "looks right. what if the parent is destroyed",
         "`registry.get` returns nullptr for a stale handle; the system then detaches the emitter and lets live particles finish."),
    ]),
], [
    P("2026-04-20T20:10", "I need a SpringArm camera component that trails the player entity",
      any=["shared_ptr", "Handle<"]),
]))

add(sc("os007", "correction", PIKELET, [
    S("s1", "2026-03-11T11:00", [
        (0, "commit the config loader change",
         "Committed: `feat(config): ✨ support XDG_CONFIG_HOME`."),
        (2, "ugh, no emoji and no conventional-commit prefixes here. plain imperative sentence, ticket id at the end in parens like (PK-212)",
         "Sorry — amended to `Support XDG_CONFIG_HOME when locating the config file (PK-212)`."),
        (6, "better. next: the `pikelet init` prompt should default to the dir name",
         "`init` now proposes the current directory's name as the project name; pressing enter accepts it."),
        (12, "commit that too, ticket is PK-219",
         "Committed: `Default the project name in init to the directory name (PK-219)`."),
    ]),
], [
    P("2026-03-24T15:42", "ok the --json flag for `pikelet ls` works, commit it (PK-230)",
      any=["imperative", "emoji", "conventional"]),
]))

add(sc("os008", "correction", WAREHOUSE, [
    S("s1", "2026-02-24T14:10", [
        (0, "conveyor GenServer mailbox grows without bound under the 5k-pallet load test",
         "A GenServer processes one message at a time. When producers send faster than it handles... (long explanation of mailboxes and backpressure)"),
        (3, "I know how mailboxes work. skip the explainers, just give me the diff and one line of why. I'll ask if I want more",
         "OK. Diff: switch `handle_cast(:enqueue)` to `handle_call` so producers block when the lane is busy. Why: gives you backpressure for free."),
        (9, "call timeout?",
         "`GenServer.call(lane, {:enqueue, pallet}, 2_000)` — producers retry on exit."),
        (15, "ok ship it, rerun the load test",
         "5k-pallet run: max mailbox 41, p99 enqueue 180 ms."),
    ]),
], [
    P("2026-03-09T10:30", "the sorter process crashes when two pallets arrive with the same barcode, what's going on",
      any=["diff", "explain", "short", "brief", "concise"]),
]))

# ----------------------------------------------------------------------------- approval

add(sc("os009", "approval", DISPATCH, [
    S("s1", "2026-01-20T10:40", [
        (0, "write tests for the route splitter, it's the thing that breaks long hauls into legs",
         "I wrote `TestSplitRoute` as a table-driven test: each case names an input route in testdata/ and compares the legs against a golden JSON file (`-update` regenerates them)."),
        (8, "oh nice, this is exactly how I want tests in this repo. table-driven + golden files in testdata, do it like that from now on",
         "Will do — table-driven cases with golden files under testdata for new tests here."),
        (14, "add a case for a route that crosses the border twice",
         "Added `double_border_crossing`; golden shows 3 legs with customs stops at both crossings."),
        (21, "and one with a zero-length leg",
         "Added `zero_length_leg`; the splitter drops the empty leg, golden updated."),
    ]),
], [
    P("2026-02-02T09:20", "can you cover the ETA recalculation in the tracking package with tests",
      any=["table-driven", "table driven", "golden"]),
    P("2026-02-16T15:30", "the depot capacity calculator has no tests at all, fix that",
      any=["table-driven", "table driven", "golden"]),
]))

add(sc("os010", "approval", LEDGER, [
    S("s1", "2026-02-10T15:05", [
        (0, "implement the allocation of a bank deposit across open invoices, oldest first",
         "Implemented `allocateDeposit` in the domain layer. It returns `Result<Allocation[], AllocationError>` from neverthrow instead of throwing — overpayment and currency mismatch are typed errors."),
        (6, "yes, I like that a lot. keep returning neverthrow Results in the domain layer, no throwing there. the API layer maps errors to http codes",
         "Great — domain functions return Results; the controllers translate `AllocationError` variants into 409/422."),
        (12, "what does overpayment do right now",
         "Returns `err({ kind: 'overpayment', remaining })`; the controller answers 422 with the remaining amount."),
        (19, "should create a customer credit instead. change it",
         "Now an overpayment allocates everything and returns `ok` with a `credit` entry for the remainder."),
    ]),
], [
    P("2026-02-23T11:12", "implement voiding a payment: reverse its allocations and reopen the invoices",
      any=["neverthrow", "throw"]),
]))

add(sc("os011", "approval", TFLIVE, [
    S("s1", "2026-03-16T09:00", [
        (0, "bump the redis node type for the session cache from cache.t4g.medium to cache.r7g.large everywhere",
         "I opened two PRs: one changing staging only, and a second for prod that says it should merge after staging has run a day. Each has the plan summary in the description."),
        (7, "good call splitting it. that's how infra PRs should go here: staging first, prod in its own PR after 24h soak, plan summary in the description",
         "Noted — staging PR first, separate prod PR after a 24-hour soak, with the plan summary."),
        (13, "the prod plan shows a replacement not an in-place modify?",
         "Yes, changing the node type on this module replaces the replication group. I can switch it to `apply_immediately = false` so it happens in the maintenance window."),
        (20, "do that",
         "Updated the prod PR; the plan now shows an in-place modify scheduled for the window."),
    ]),
], [
    P("2026-03-30T13:45", "we need bigger disks for the kafka brokers in all environments, 500 -> 1000 GB",
      any=["staging first", "24h", "24 h", "24-hour", "separate pr", "own pr"]),
]))

add(sc("os012", "approval", DOCS, [
    S("s1", "2026-01-28T17:15", [
        (0, "write the changelog entry for the removal of the legacy `theme.colors` option",
         "Added an entry under Breaking changes with a short 'Before / After' pair of config snippets showing `theme.colors` → `theme.palette`."),
        (5, "love the before/after snippets. every breaking change entry should have one from now on",
         "Will do: each breaking-change entry gets a Before/After snippet."),
        (9, "also link the migration guide section",
         "Linked `/guides/migrate-v3#palette` at the end of the entry."),
        (15, "cool. also the 'Deprecated' section is missing the `sidebar.collapsed` thing",
         "Added it under Deprecated with the replacement option and the version it will be removed in."),
    ]),
], [
    P("2026-02-11T16:00", "changelog for v3.2: we dropped support for node 18",
      any=["before/after", "before / after", "before and after"]),
]))

add(sc("os013", "approval", INTAKE, [
    S("s1", "2026-04-01T08:30", [
        (0, "build the emergency contact step of the intake form",
         "Created `EmergencyContactStep.vue` with `emergencyContact.schema.ts` next to it (zod), and the step validates through `useZodForm(schema)`."),
        (6, "yes!! schema colocated next to the component is what I want. do that for every step",
         "Great — each step gets its zod schema colocated beside the component."),
        (10, "phone validation?",
         "The schema uses `z.string().regex(E164)` after normalising spaces and dashes."),
        (16, "relationship should be a select not free text",
         "Switched to a select with parent / partner / sibling / friend / other, and `z.enum` in the schema."),
    ]),
], [
    P("2026-04-14T09:05", "next step: insurance details (provider, member id, group number)",
      any=["zod", "coloca"]),
]))

add(sc("os014", "approval", SETTLE, [
    S("s1", "2026-02-16T13:30", [
        (0, "implement the new netting rule: net card and wallet payouts per merchant per day",
         "Implemented `DailyNettingRule` and wrapped the call site in the Unleash flag `settlement.netting-v2`, default off, so it can ship dark and be enabled per merchant."),
        (7, "wrapping it in an unleash flag was the right call. anything that changes settlement amounts ships dark first, always",
         "Understood — changes to settlement amounts go behind an Unleash flag, off by default."),
        (14, "add a shadow mode that computes both and logs the diff",
         "With `settlement.netting-v2-shadow` on, both rules run and a `netting_diff` event is logged when totals differ."),
        (20, "nice. metric for the diff count too",
         "Added the counter `settlement_netting_diff_total{merchant_tier}`."),
    ]),
], [
    P("2026-03-02T10:10", "implement the new FX rounding for EUR to SEK settlements",
      any=["unleash", "flag", "dark"]),
]))

add(sc("os015", "approval", SHANHAI, [
    S("s1", "2026-03-05T02:20", [
        (0, "把 ranker 的 batch 逻辑改成按 token 数凑批，不要按请求数",
         "已改：`TokenBudgetBatcher` 按 max_tokens=8192 凑批。改前改后我用 locust 脚本 `bench/locustfile.py` 各跑了 10 分钟：p99 从 410ms 降到 260ms，吞吐 +35%。"),
        (6, "很好，这个对比很有用。以后凡是动推理路径的改动，都先跑一遍 locust 压测，把前后对比贴给我",
         "好的，以后改推理路径都会先跑 locust 压测并附上前后对比。"),
        (12, "单条超长请求超过 8192 怎么办",
         "单独成批，并打一条 warning 日志，带上 request_id 和 token 数。"),
        (18, "ok 提交吧",
         "已提交，commit message 里附了压测结果。"),
    ]),
], [
    P("2026-03-17T03:00", "embedding 服务的 tokenizer 想换成 fast 版本，帮我改一下",
      any=["locust", "压测", "benchmark"]),
]))

add(sc("os016", "approval", PIKELET, [
    S("s1", "2026-02-05T10:20", [
        (0, "when the registry is unreachable pikelet just prints 'error' and exits 1. make it useful",
         "Now it prints:\n```\nerror: could not reach registry at https://registry.pikelet.io (timed out after 10s)\n  hint: check your network or set PIKELET_REGISTRY to a mirror\n```\nand exits 3."),
        (5, "yes, that error + hint layout is great. all user-facing errors should look like that",
         "Noted — user-facing errors: an `error:` line saying what failed, then an indented `hint:` line with what to do."),
        (11, "exit code 3 is for network?",
         "Yes: 1 generic, 2 usage, 3 network, 4 config. I documented them in `pikelet help exit-codes`."),
        (16, "good",
         "👍"),
    ]),
], [
    P("2026-02-19T14:00", "pikelet should complain when the config file has a key it doesn't know",
      any=["hint"]),
]))

# ----------------------------------------------------------------------------- relative-date

_r1 = "2026-02-10T09:30"  # Tuesday
add(sc("os017", "relative-date", SETTLE, [
    S("s1", _r1, [
        (0, "can you finish the payout batching refactor today? freeze for the quarter-end close starts next Thursday and I want it merged before that",
         "Yes — I'll split it in two PRs so the first can merge early. The batching change is mostly mechanical."),
        (8, "ok. PR 1 = extract PayoutBatch, PR 2 = use it in the scheduler",
         "PR 1 is up: `PayoutBatch` extracted with unit tests, no behaviour change."),
        (20, "tests for the scheduler part?",
         "Added a scheduler test that checks batches close at 500 payouts or 15 minutes, whichever comes first."),
    ]),
], [
    P("2026-02-11T10:05", "let's also rename the ledger tables while we're at it, big migration but worth it",
      any=[coming(_r1, "thu"), next_week(_r1, "thu")]),
]))

_r2 = "2026-01-19T14:10"
add(sc("os018", "relative-date", DISPATCH, [
    S("s1", _r2, [
        (0, "we demo live tracking to Harlow Freight in two weeks, so the map view needs to stop jumping around",
         "The jumping comes from GPS points arriving out of order. I'll sort by device timestamp and drop points older than the last rendered one."),
        (6, "do it server side in the tracking stream",
         "Added an ordering buffer of 5 s per vehicle in the stream; out-of-order points are reordered, stale ones dropped."),
        (14, "and smoothing?",
         "Added a simple Kalman filter behind `TRACKING_SMOOTHING=on`; off by default until you've seen it."),
        (22, "turn it on in staging",
         "Done, staging has `TRACKING_SMOOTHING=on`."),
    ]),
], [
    P("2026-01-26T10:00", "should we start on the driver-app offline mode now or after the Harlow thing?",
      any=[plus(_r2, 14)]),
]))

_r3 = "2026-03-09T11:00"
add(sc("os019", "relative-date", CLINIC, [
    S("s1", _r3, [
        (0, "add a `preferred_pharmacy` field to Patient",
         "Added a nullable FK to Pharmacy plus the migration `0087_patient_preferred_pharmacy`."),
        (5, "ok but heads up: the HIPAA audit is at the end of the month. no schema changes after that until they sign off",
         "Understood — I'll keep schema work before the audit and flag any migration after it."),
        (11, "admin needs the field too",
         "Added it to `PatientAdmin` with an autocomplete on pharmacy name."),
        (17, "and the intake API",
         "The serializer accepts `preferred_pharmacy_id`; validation checks the pharmacy belongs to the same clinic."),
    ]),
], [
    P("2026-03-16T09:30", "can we add an `insurance_tier` column to appointments? product wants it",
      any=[month_end(_r3)]),
    P("2026-03-25T14:00", "I'd like to rename patient.dob to date_of_birth across the codebase, DB column included",
      any=[month_end(_r3)]),
]))

_r4 = "2026-04-15T10:20"
add(sc("os020", "relative-date", ORCHARD, [
    S("s1", _r4, [
        (0, "quick: the promo banner overlaps the notch on iPhone 15 pro",
         "Wrapped the banner in `SafeAreaView` edges=['top']; it sits below the dynamic island now."),
        (4, "great. we cut the 4.2 release branch tomorrow, after that only bug fixes go in, features wait for 4.3",
         "Got it — after the cut I'll treat 4.2 as fixes-only."),
        (9, "so get the loyalty card screen in today if possible",
         "Loyalty card screen is in: barcode rendering, brightness boost while shown, and the empty state."),
        (18, "brightness goes back when you leave the screen?",
         "Yes, the previous brightness is restored on blur and when the app goes to background."),
    ]),
], [
    P("2026-04-16T15:30", "let's add the recipe sharing feature product asked for",
      any=[plus(_r4, 1)]),
]))

_r5 = "2026-03-23T03:15"  # Monday, 11:15 in Beijing
add(sc("os021", "relative-date", SHANHAI, [
    S("s1", _r5, [
        (0, "ranker v5 的 A/B 实验报告下周三之前要交给产品，帮我先把指标脚本写了",
         "好的。脚本按实验组汇总 CTR、CVR、人均 GMV，并做 t 检验，输出 markdown 表格。"),
        (7, "分桶用 user_id hash 的后两位",
         "已改成 `int(md5(user_id)[-2:], 16) % 100` 分桶，对照组 0-49，实验组 50-99。"),
        (15, "再加一个按新老用户拆分",
         "加了 `is_new_user` 维度，新用户定义为注册 30 天内。"),
    ]),
], [
    P("2026-03-26T02:40", "实验报告的图表部分还没弄，来得及吗？",
      any=[next_week(_r5, "wed")]),
]))

_r6 = "2026-02-17T15:40"
add(sc("os022", "relative-date", PIPES, [
    S("s1", _r6, [
        (0, "the partner feed parser chokes on the new `refund_kind` column",
         "The schema is strict; I added `refund_kind` as a nullable int so old files still parse."),
        (6, "fyi their data contract v3 goes live on the first of next month — the `amount` column becomes minor units (cents). we need both parsers until then",
         "OK — I'll add a v3 parser that reads amounts as minor units and pick the parser by the file's header version."),
        (14, "header has `contract_version`",
         "Parser selection now switches on `contract_version`; v2 files keep the decimal parser."),
        (21, "tests for both",
         "Added fixtures for v2 and v3 files with the same refunds; both load to the same rows."),
    ]),
], [
    P("2026-02-24T10:05", "can we delete the old v2 parser code yet?",
      any=[next_month_first(_r6)]),
]))

_r7 = "2026-01-27T06:30"  # Tuesday, 14:30 in Beijing
add(sc("os023", "relative-date", ORDER, [
    S("s1", _r7, [
        (0, "下周五开始封版（春节前最后一个版本），这之前得把订单导出的 bug 修掉",
         "好的，先看导出。问题是超过 65535 行时 Excel 写入失败，我改成用 SXSSFWorkbook 流式写。"),
        (8, "导出还要带上优惠券金额",
         "已加一列“优惠券抵扣”，取 order_discount 表里 type=COUPON 的合计。"),
        (15, "跑一下单测",
         "`mvn -pl order-export test` 通过，新增了 10 万行导出的用例。"),
    ]),
], [
    P("2026-01-30T03:00", "订单列表想加个按渠道筛选，今天能合进去吗？",
      any=[next_week(_r7, "fri")]),
]))

_r8 = "2026-05-04T13:00"
add(sc("os024", "relative-date", WAREHOUSE, [
    S("s1", _r8, [
        (0, "we're showing the sim to the board the day after tomorrow, need the dashboard to not look like a debug page",
         "I'll restyle the LiveView dashboard: throughput chart, lane utilisation heatmap, and hide the raw event log behind a toggle."),
        (7, "also a 'replay yesterday' button",
         "Added a replay mode that streams a recorded day at 60x speed."),
        (15, "does replay work with the 5k pallet dataset",
         "Yes, it buffers events per minute; memory stays under 300 MB for the 5k dataset."),
    ]),
], [
    P("2026-05-05T14:20", "I want to refactor the lane router to use Registry, how risky is that right now?",
      any=[plus(_r8, 2)]),
]))
