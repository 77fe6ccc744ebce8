"""Scenarios os055-os082: trivial sessions, forgetting, superseding, all-Chinese (hand-written)."""

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
    PIPES,
    SETTLE,
    SHANHAI,
    TFLIVE,
    WAREHOUSE,
    XIAOYU,
    P,
    S,
    next_week,
    plus,
    sc,
)

# Hand-laid-out data (one turn per pair of lines): keep the formatter out.
# fmt: off
SCENARIOS = []
add = SCENARIOS.append

# ----------------------------------------------------------------------------- trivial

add(sc("os055", "trivial", ORCHARD, [
    S("s1", "2026-02-06T15:00", [
        (0, "hey! what's the RN equivalent of onBlur for TextInput?",
         "TextInput has `onBlur` too — it fires when the input loses focus. There's also `onEndEditing`."),
        (2, "oh lol ok thanks",
         "No problem!"),
    ]),
], [
    P("2026-02-20T10:00", "how do I dismiss the keyboard when tapping outside an input?"),
]))

add(sc("os056", "trivial", PIPES, [
    S("s1", "2026-03-02T07:10", [
        (0, "cron for every weekday at 6am?",
         "`0 6 * * 1-5`"),
        (1, "perfect ty",
         "👍"),
    ]),
], []))

add(sc("os057", "trivial", XIAOYU, [
    S("s1", "2026-01-16T03:00", [
        (0, "你好",
         "你好！有什么可以帮你的？"),
        (1, "没事了，谢谢",
         "好的，有需要随时找我。"),
    ]),
], [
    P("2026-01-30T02:00", "Flutter 里怎么给按钮加圆角？"),
]))

add(sc("os058", "trivial", EMBER, [
    S("s1", "2026-04-01T21:00", [
        (0, "btw we're on clang-format 17 here. does it support `AlignArrayOfStructures`?",
         "Yes, `AlignArrayOfStructures` exists since clang-format 13; values are `Left`, `Right` or `None`."),
        (3, "cool thx",
         "You're welcome."),
    ]),
], [
    P("2026-04-15T20:00", "format the new audio mixer file", none=["clang-format 17"]),
]))

add(sc("os059", "trivial", ORDER, [
    S("s1", "2026-02-10T01:30", [
        (0, "早",
         "早上好！"),
        (1, "怎么把最近 3 个 commit 压成一个",
         "`git rebase -i HEAD~3`，把后两个的 `pick` 改成 `squash`（或 `s`），保存后编辑合并后的提交信息。"),
        (4, "好的谢谢",
         "不客气！"),
    ]),
], []))

add(sc("os060", "trivial", INTAKE, [
    S("s1", "2026-03-20T12:00", [
        (0, "v-show vs v-if again?",
         "`v-if` adds/removes the element from the DOM; `v-show` keeps it and toggles `display: none`. Use `v-show` for frequent toggles, `v-if` when the condition rarely changes."),
    ]),
], [
    P("2026-04-03T09:00", "should the optional fields in step 4 use v-if?"),
]))

# ----------------------------------------------------------------------------- forget

add(sc("os061", "forget", DISPATCH, [
    S("s1", "2026-01-09T15:00", [
        (0, "can you prep the release notes for the driver-app API changes",
         "Sure. Three changes: new `/v2/stops/{id}/photo`, `eta_seconds` added to stop responses, deprecated `/v1/ping`."),
        (6, "good. and we never deploy dispatch-api on Fridays — the support desk is thin on weekends",
         "Understood: no dispatch-api deploys on Fridays."),
        (11, "mark /v1/ping for removal in 3 months",
         "Added a `Deprecation` header and a sunset note in the release notes."),
    ]),
    S("s2", "2026-02-16T10:30", [
        (0, "we have canary deploys with auto rollback now",
         "Nice — so bad releases roll back on their own when the canary's error rate goes up?"),
        (4, "yes. so forget the no-deploys-on-Friday rule, it's gone",
         "OK, I've dropped that rule."),
        (9, "update the deploy checklist in the readme too, remove that line",
         "Removed the Friday line from the checklist in the README."),
    ]),
], [
    P("2026-02-27T14:00", "ETA fix is reviewed, can we deploy it this afternoon?",
      none=["friday"]),
]))

add(sc("os062", "forget", LEDGER, [
    S("s1", "2026-02-02T10:00", [
        (0, "fyi I have ADHD so long walls of text lose me. keep answers short and use numbered steps",
         "Got it — short answers, numbered steps."),
        (4, "how do I run just the recon tests",
         "1. `pnpm test -- recon`\n2. add `--watch` to rerun on save"),
        (8, "and only the failing ones",
         "1. `pnpm test -- recon --onlyFailures`"),
    ]),
    S("s2", "2026-02-20T09:00", [
        (0, "hey, one thing: please forget the ADHD thing I mentioned. I don't want that stored anywhere. keep the short numbered answers though",
         "Done — I've removed that; I'll keep answers short with numbered steps."),
        (4, "how do I update the snapshot for the invoice pdf test",
         "1. `pnpm test -- invoice-pdf -u`\n2. check the diff before committing"),
        (9, "thx",
         "👍"),
    ]),
], [
    P("2026-03-05T11:00", "how do I set up the local stripe webhook forwarding for dev?",
      any=["numbered", "short"], none=["ADHD"]),
    P("2026-03-19T16:20", "any tips for staying on top of a long refactor like the recon rewrite?",
      none=["ADHD"]),
]))

add(sc("os063", "forget", DOCS, [
    S("s1", "2026-01-05T14:00", [
        (0, "write a page about configuring search",
         "Drafted `guides/search.mdx`: enabling Pagefind, excluding pages, custom weighting."),
        (5, "follow our Notion style guide: https://www.notion.so/fernhollow/Docs-Style-Guide-41be0d — second person, no 'simply', headings in sentence case",
         "Revised: second person throughout, removed 'simply', headings in sentence case per the Docs Style Guide."),
        (11, "good",
         "I also added the page to the Guides sidebar group."),
    ]),
    S("s2", "2026-02-09T10:00", [
        (0, "the notion style guide got archived, we're not maintaining it. forget that link",
         "OK, I'll forget the Notion style guide link."),
        (4, "write a page for the i18n setup",
         "Drafted `guides/i18n.mdx` with locales config, fallback behaviour and RTL notes."),
        (10, "add a short example of a translated sidebar label",
         "Added an example with `translations: { fr: 'Démarrage' }`."),
    ]),
], [
    P("2026-02-24T15:30", "draft a page explaining custom components in MDX",
      none=["Docs-Style-Guide", "notion.so"]),
]))

add(sc("os064", "forget", HARBOR, [
    S("s1", "2026-03-02T13:00", [
        (0, "load test the new rate limiter",
         "Where should I run it? I'd rather not hit shared staging."),
        (4, "the load test env is lt-gw-03 in the perf cluster, use that",
         "Running k6 against lt-gw-03: 20k rps, limiter at 1k rps per key."),
        (12, "results?",
         "p99 added by the limiter is 0.4 ms; 429s match the configured limits."),
    ]),
    S("s2", "2026-03-23T09:30", [
        (0, "perf cluster got torn down. forget lt-gw-03, it doesn't exist anymore",
         "Noted, I've forgotten lt-gw-03."),
        (4, "we'll get a new env later. for now let's review the limiter config defaults",
         "Defaults: 1k rps per key, burst 200, sliding window 1 s. I'd lower burst to 100 for anonymous keys."),
        (10, "do that",
         "Changed anonymous burst to 100."),
    ]),
], [
    P("2026-04-06T10:00", "load test the new circuit breaker before we turn it on",
      none=["lt-gw-03"]),
]))

add(sc("os065", "forget", SHANHAI, [
    S("s1", "2026-01-13T02:00", [
        (0, "训练脚本接一下 W&B，实验都记到 shanhai/ranker-v4 这个项目",
         "已接入：`wandb.init(project=\"ranker-v4\", entity=\"shanhai\")`，记录 loss、AUC 和学习率。"),
        (6, "再把 eval 的 NDCG@10 也记上",
         "已加，每个 epoch 结束时记录 `eval/ndcg@10`。"),
        (12, "ok",
         "另外把 config 也作为 run config 上传了，方便对比。"),
    ]),
    S("s2", "2026-02-03T03:00", [
        (0, "ranker-v4 那个 W&B 项目删掉了，忘了它吧",
         "好的，已经忘掉 ranker-v4 这个项目了。"),
        (5, "训练脚本里先别往 W&B 写了，改成写本地 csv",
         "已改成写 `runs/<时间戳>/metrics.csv`，字段不变。"),
        (10, "行",
         "也加了个 `--no-csv` 开关。"),
    ]),
], [
    P("2026-02-17T02:30", "新的召回模型训练，指标记到哪？",
      none=["ranker-v4"]),
]))

add(sc("os066", "forget", WAREHOUSE, [
    S("s1", "2026-01-19T11:00", [
        (0, "add a public function to pause a lane",
         "Added `Lane.pause/1` with a doc and a test."),
        (3, "every public function needs a @spec, we run dialyzer in CI",
         "Added `@spec pause(lane_id()) :: :ok | {:error, :not_found}`; I'll add specs to public functions."),
        (8, "resume too",
         "Added `Lane.resume/1` with its `@spec`."),
    ]),
    S("s2", "2026-02-23T10:00", [
        (0, "we turned dialyzer off in CI, it took 14 minutes. forget the @spec rule",
         "OK, I've dropped the @spec requirement."),
        (4, "add a function to drain a lane: stop intake, finish what's on it",
         "Added `Lane.drain/1`: sets intake off and replies when the lane is empty."),
        (10, "test with 50 pallets in flight",
         "Test passes: drain returns after the 50th pallet leaves."),
    ]),
], [
    P("2026-03-09T09:40", "add a public function that reports a lane's current throughput",
      none=["@spec"]),
]))

# ----------------------------------------------------------------------------- supersede

add(sc("os067", "supersede", LEDGER, [
    S("s1", "2026-01-06T10:00", [
        (0, "add date-fns to the web app",
         "Ran `npm install date-fns`."),
        (2, "we use yarn 1 here, not npm. delete package-lock.json",
         "Removed package-lock.json and ran `yarn add date-fns`; yarn.lock updated."),
        (7, "format the invoice dates with it",
         "Invoice dates use `format(date, 'dd MMM yyyy')` now."),
    ]),
    S("s2", "2026-02-17T14:00", [
        (0, "we migrated the monorepo to pnpm workspaces last week. pnpm for everything from now on",
         "Got it — pnpm for all package operations."),
        (4, "add zod to the api package",
         "Ran `pnpm --filter api add zod`."),
        (9, "and run the api tests",
         "`pnpm --filter api test` → 212 passed."),
    ]),
], [
    P("2026-03-03T09:30", "add the decimal.js library to the web package",
      any=["pnpm"], none=["yarn"]),
]))

add(sc("os068", "supersede", TFLIVE, [
    S("s1", "2026-01-26T09:00", [
        (0, "the plan fails with 'Unsupported argument' on the new `removed` block",
         "`removed` blocks need Terraform 1.7+. Which version do you run?"),
        (3, "we're pinned to 1.5.7 everywhere, don't use anything newer than that",
         "Then I'll use `terraform state rm` in the runbook instead of a `removed` block, and keep syntax 1.5.7-compatible."),
        (9, "ok",
         "Updated the PR; the plan is clean on 1.5.7."),
    ]),
    S("s2", "2026-03-10T10:00", [
        (0, "the terraform upgrade is done, all workspaces and CI run 1.9.8 now. required_version is bumped",
         "Great — I can use `removed` and `import` blocks then."),
        (5, "yes. clean up the old state rm steps in the runbook",
         "Replaced the manual `state rm` steps with `removed` blocks in the modules."),
        (11, "plan all envs",
         "Plans are clean in all environments."),
    ]),
], [
    P("2026-03-24T13:00", "we need to import the existing route53 zone into terraform",
      any=["1.9.8"], none=["1.5.7"]),
]))

add(sc("os069", "supersede", SETTLE, [
    S("s1", "2026-02-02T08:30", [
        (0, "open the PR for the payout cutoff change",
         "PR opened. Who should review it?"),
        (2, "anything in settlement goes to Marta Quist for review, she owns the domain",
         "Requested review from Marta Quist."),
        (6, "mention the risk in the description",
         "Added a risk section: payouts between 23:00 and 23:59 move to the next day's file."),
    ]),
    S("s2", "2026-03-16T09:00", [
        (0, "new ownership: Jonas Lindqvist reviews all settlement PRs from now on",
         "Noted — settlement PRs go to Jonas Lindqvist."),
        (3, "open the PR for the chargeback fee fix",
         "Opened and requested review from Jonas Lindqvist."),
        (8, "ok",
         "CI is green on it."),
    ]),
], [
    P("2026-03-30T10:00", "PR for the settlement currency rounding is ready, request a review",
      any=["Jonas"], none=["Marta"]),
]))

add(sc("os070", "supersede", DISPATCH, [
    S("s1", "2026-01-12T12:00", [
        (0, "deploy the branch to staging",
         "Which cluster?"),
        (2, "staging is on stg-eu-1, namespace dispatch",
         "Deployed to stg-eu-1 / dispatch. Rollout finished, 3/3 pods ready."),
        (7, "smoke test",
         "Smoke tests passed: login, create job, assign driver."),
    ]),
    S("s2", "2026-02-09T11:00", [
        (0, "heads up, staging moved to stg-eu-3 (same namespace). the old cluster is being decommissioned",
         "Got it, staging deploys go to stg-eu-3 now."),
        (4, "redeploy main there",
         "Deployed main to stg-eu-3 / dispatch; 3/3 ready."),
        (10, "run the smoke tests",
         "All smoke tests passed on stg-eu-3."),
    ]),
], [
    P("2026-02-23T15:00", "put my feature branch on staging so QA can try it",
      any=["stg-eu-3"], none=["stg-eu-1"]),
    P("2026-03-06T09:10", "which kube context do I need to tail the staging dispatch logs?",
      any=["stg-eu-3"], none=["stg-eu-1"]),
]))

add(sc("os071", "supersede", CLINIC, [
    S("s1", "2026-01-20T14:00", [
        (0, "format the new billing module",
         "Ran black with the default line length 88."),
        (2, "we use black with line length 100 here",
         "Re-ran `black -l 100`; configured it in pyproject so it's automatic."),
        (6, "and isort",
         "isort uses `profile = \"black\"`, line length 100."),
    ]),
    S("s2", "2026-03-03T10:00", [
        (0, "we switched the repo to ruff format + ruff's isort rules, line length 120. pre-commit is updated",
         "Understood — formatting is ruff format with line length 120."),
        (4, "format the reports app then",
         "Ran `ruff format` and `ruff check --fix --select I` on the reports app; 38 files changed."),
        (10, "ok commit",
         "Committed as a separate formatting-only commit."),
    ]),
], [
    P("2026-03-17T09:15", "tidy up the formatting in the new pharmacy module before I open the PR",
      any=["ruff"], none=["black", "line length 100"]),
]))

add(sc("os072", "supersede", ORDER, [
    S("s1", "2026-01-06T02:00", [
        (0, "退款模块改好了，帮我提测",
         "提测要合到哪个分支？"),
        (2, "提测分支是 qa-main，合过去就会自动部署测试环境",
         "已提 MR 到 qa-main，流水线通过后会自动部署。"),
        (8, "好",
         "测试环境已部署，版本号 1.18.0-qa.3。"),
    ]),
    S("s2", "2026-02-26T02:30", [
        (0, "流程改了，以后提测统一合到 staging-cn 分支",
         "好的，之后提测都合到 staging-cn。"),
        (5, "发票模块的改动提测一下",
         "已提 MR 到 staging-cn，等待流水线。"),
        (12, "流水线挂了看下",
         "单测里有个时间相关的用例在 UTC+8 下失败，已修复并重新触发，通过了。"),
    ]),
], [
    P("2026-03-10T03:00", "优惠券改版做完了，帮我提测",
      any=["staging-cn"], none=["qa-main"]),
]))

add(sc("os073", "supersede", ORCHARD, [
    S("s1", "2026-01-08T10:00", [
        (0, "can we use the new SwiftUI-backed share sheet module",
         "It needs iOS 16. What's our minimum?"),
        (2, "we support iOS 15 and up, so no",
         "OK, staying with the built-in Share API, which works on iOS 15."),
        (7, "fine",
         "Share button wired up on the product screen."),
    ]),
    S("s2", "2026-03-02T11:00", [
        (0, "product dropped the old devices: minimum is iOS 16.4 from release 4.3 on. deployment target is updated",
         "Good — that opens up a few APIs. Noted the 16.4 minimum."),
        (5, "so the share sheet module is ok now?",
         "Yes, it needs 16.0, so it's fine."),
        (9, "swap it in",
         "Replaced the share implementation; tested on the 16.4 simulator."),
    ]),
], [
    P("2026-03-18T09:00", "is it ok to use the Live Activities API for order tracking?",
      any=["16.4"], none=["iOS 15"]),
]))

add(sc("os074", "supersede", PIPES, [
    S("s1", "2026-02-02T09:00", [
        (0, "backfill the partner refunds from january",
         "Where should backfills run? The scheduler cluster is busy with daily runs."),
        (3, "backfills always go to the airflow-legacy cluster, never the prod scheduler",
         "Triggered the backfill on airflow-legacy for January."),
        (9, "progress?",
         "18/31 days done, no failures."),
    ]),
    S("s2", "2026-03-09T09:30", [
        (0, "new setup: backfills run on the spindle k8s cluster with the KubernetesExecutor now. the old vm cluster is gone",
         "OK — backfills go to spindle."),
        (5, "backfill exchange rates for feb",
         "Triggered on spindle; 28 pods launched, each day in its own pod."),
        (11, "nice",
         "All 28 days completed in 9 minutes."),
    ]),
], [
    P("2026-03-23T10:00", "we need to reload the churn features for the last 90 days",
      any=["spindle"], none=["airflow-legacy"]),
]))

# ----------------------------------------------------------------------------- chinese

add(sc("os075", "chinese", ORDER, [
    S("s1", "2026-03-02T02:00", [
        (0, "我是测试开发，平时写 JUnit 和接口自动化，Spring 源码不太熟。帮我给订单状态机写点测试",
         "好的。我先用 JUnit 5 + Mockito 写状态流转的单测，覆盖 待支付→已支付→已发货→已完成 和取消分支。"),
        (6, "非法流转也要测，比如已完成不能再取消",
         "加了参数化用例，非法流转都断言抛 `IllegalStateTransitionException`。"),
        (12, "@Transactional 在测试里是干嘛的",
         "测试方法结束后自动回滚数据库改动，避免用例之间互相影响。"),
        (18, "懂了",
         "还有不清楚的 Spring 注解随时问。"),
    ]),
], [
    P("2026-03-16T02:30", "@MockBean 和 @Mock 有什么区别？",
      any=["测试开发", "JUnit", "Spring 源码"]),
]))

_c2 = "2026-02-04T02:00"  # Wednesday, 10:00 in Beijing
add(sc("os076", "chinese", XIAOYU, [
    S("s1", _c2, [
        (0, "下下周一 App Store 提审，这之前要把会员页做完",
         "好的，先搭会员页框架：权益列表、价格卡片、开通按钮。"),
        (7, "价格卡片要能左右滑",
         "用 PageView 做了，带指示器，默认选中年卡。"),
        (15, "开通走苹果内购",
         "已接 in_app_purchase 插件，商品 ID 从后端配置接口拿。"),
        (22, "恢复购买也要有",
         "加了“恢复购买”按钮，调用 `restorePurchases()`。"),
    ]),
], [
    P("2026-02-09T03:00", "会员页还差动画效果，要不要做完再提审？",
      any=[next_week(_c2, "mon", weeks=2)]),
]))

add(sc("os077", "chinese", SHANHAI, [
    S("s1", "2026-01-20T03:00", [
        (0, "推理服务 p99 又抖了，帮我看看是不是 GPU 打满了",
         "我这边看不到监控，能发一下 GPU 利用率的数据吗？"),
        (4, "看板在 Grafana：https://grafana.shanhai.ai/d/infer-gpu ，叫「推理服务 GPU 利用率」，以后排查先看这个",
         "好的。看板上 14:05 起 GPU 利用率 98%，同时队列长度上涨，应该是流量高峰叠加了大 batch。"),
        (11, "怎么缓解",
         "把 max_batch_tokens 从 16k 降到 8k，同时开启按优先级排队。"),
        (17, "先降 batch",
         "已改配置并滚动发布，p99 回落到 300ms 左右。"),
    ]),
], [
    P("2026-02-05T02:00", "线上推理延迟又不稳定了，先从哪里查？",
      any=["infer-gpu", "GPU 利用率"]),
]))

add(sc("os078", "chinese", ORDER, [
    S("s1", "2026-01-14T06:00", [
        (0, "新建一个发票实体 Invoice",
         "已创建 `Invoice`，用了 Lombok 的 `@Data` 生成 getter/setter。"),
        (3, "实体类别用 @Data，用 @Getter @Setter。@Data 生成的 equals/hashCode 在 JPA 懒加载下会出问题，之前踩过坑",
         "明白，实体类只用 `@Getter`/`@Setter`，不用 `@Data`。已改。"),
        (9, "发票和订单是多对一",
         "加了 `@ManyToOne(fetch = LAZY)` 关联到 Order。"),
        (14, "再加个发票抬头字段",
         "加了 `title` 字段，长度 100，非空。"),
    ]),
], [
    P("2026-01-28T03:00", "新建一个退款单实体 RefundOrder，字段有金额、原因、状态",
      any=["@Data", "Lombok"]),
]))

_c5 = "2026-03-10T02:00"  # Tuesday, 10:00 in Beijing
add(sc("os079", "chinese", XIAOYU, [
    S("s1", _c5, [
        (0, "后天下午给客户演示，演示之前别合大改动",
         "明白。那今天先修小问题？"),
        (4, "对，首页 banner 在小屏手机上被截断了",
         "改成按屏幕宽度等比缩放，小屏上完整显示。"),
        (10, "还有登录页键盘弹出时按钮被挡住",
         "外层加了 `SingleChildScrollView`，键盘弹出时页面可以滚动。"),
    ]),
], [
    P("2026-03-11T03:00", "我想把路由库换成 go_router，今天开始改？",
      any=[plus(_c5, 2)]),
]))

add(sc("os080", "chinese", SHANHAI, [
    S("s1", "2026-02-10T03:00", [
        (0, "帮我写个函数，把 tokenizer 的结果缓存起来",
         "Here is an LRU cache wrapper for the tokenizer..."),
        (2, "回答用中文。代码注释用英文就行",
         "好的，以后回答用中文，代码注释用英文。下面是带 LRU 缓存的实现，`maxsize=100000`。"),
        (8, "缓存 key 用文本的 hash",
         "key 改成 `xxhash64(text)`，避免长文本占内存。"),
        (14, "加个命中率统计",
         "加了 `hits`/`misses` 计数和 `hit_rate()` 方法。"),
    ]),
], [
    P("2026-02-24T02:30", "写个把模型权重从 fp32 转成 fp16 的脚本",
      any=["中文", "英文"]),
]))

add(sc("os081", "chinese", ORDER, [
    S("s1", "2026-03-04T01:40", [
        (0, "支付回调偶尔会重复处理，看一下",
         "回调没做幂等，支付平台重试时会再次更新订单。我加上按 `trade_no` 去重。"),
        (5, "线上问题都要在 Jira 的 OC 项目里提单，看板叫「订单中心-线上缺陷」，这个你帮我写好描述我去提",
         "好的，描述如下：标题、影响范围、复现条件、修复方案，你可以直接贴到「订单中心-线上缺陷」看板。"),
        (11, "修吧",
         "已用 Redis `SETNX` 加幂等锁，并在数据库加了 `trade_no` 唯一索引。"),
        (17, "单测呢",
         "加了并发重复回调的用例，只有一次生效。"),
    ]),
], [
    P("2026-03-18T02:00", "退款接口在高峰期超时了，这个要怎么跟进？",
      any=["线上缺陷", "Jira"]),
]))

_c8 = "2026-04-01T02:30"  # Wednesday, 10:30 in Beijing
add(sc("os082", "chinese", SHANHAI, [
    S("s1", _c8, [
        (0, "模型评审会定在下下周一，之前要把 ranker v6 的离线指标整理好",
         "好的。需要哪些指标？AUC、NDCG@10、覆盖率？"),
        (5, "再加上按品类拆分的 NDCG",
         "加了按一级品类拆分的 NDCG@10，共 12 个品类。"),
        (12, "和 v5 对比着出表",
         "输出 v5/v6 对比表，差异超过 1% 的标红。"),
    ]),
], [
    P("2026-04-07T02:00", "v6 的在线 A/B 也想一起做，时间够吗？",
      any=[next_week(_c8, "mon", weeks=2)]),
]))
