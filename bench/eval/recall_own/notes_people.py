"""Notes about the user (type user) and how they want the agent to work (type feedback).

World: Quillmoss, a language-learning company (live tutors + a flashcard app), monorepo "quill".
The memory belongs to Tang Yiwen (唐亦雯), staff engineer, based in Lisbon.
Tuple: (slug, type u/f/p/r, scope p/g/s, created date, description, body).
"""

NOTES = [
    # ---------------------------------------------------------------- user (global)
    (
        "yiwen-role-staff-engineer",
        "u",
        "g",
        "2026-01-05",
        "Yiwen is the staff engineer at Quillmoss, across all areas of the quill monorepo",
        "I'm Tang Yiwen, staff engineer at Quillmoss. I don't own one area; I own the seams between them "
        "(billing, classroom, mobile, search, pipelines, gatehouse, notify, staffroom, infra) and I chair "
        "architecture reviews. Area leads make the calls inside their area; I get pulled in when a change "
        "crosses two of them.",
    ),
    (
        "yiwen-lives-in-lisbon",
        "u",
        "g",
        "2026-01-05",
        "Yiwen lives in Lisbon (Europe/Lisbon) and usually works 09:30-18:00 local",
        "Based in Lisbon, so my clock is Europe/Lisbon (WET in winter, WEST in summer). Normal hours are "
        "09:30 to 18:00. A good part of the data team and mobile QA sit in Taipei, seven or eight hours ahead "
        "depending on the season, which is why overlap is mostly my morning.",
    ),
    (
        "yiwen-elixir-veteran",
        "u",
        "g",
        "2026-01-06",
        "Eight years of Elixir/Erlang; OTP, supervision and BEAM internals need no introduction",
        "I've written Elixir and some Erlang for about eight years, including running a BEAM cluster in "
        "production at my previous job. Supervision trees, calls versus casts, ETS, hot code "
        "loading: all familiar. Explanations in that area can go straight to the subtle part.",
    ),
    (
        "yiwen-new-to-flutter",
        "u",
        "g",
        "2026-01-20",
        "Yiwen started with Flutter and Dart only in January 2026 and is still learning",
        "Flutter and Dart are new for me as of January 2026. I can read the mobile code but widget "
        "lifecycle, build contexts, Riverpod providers and the async model in Dart still trip me up. "
        "In that area I want the reasoning, not just the answer.",
    ),
    (
        "yiwen-languages",
        "u",
        "g",
        "2026-01-06",
        "Native Mandarin speaker from Chengdu, fluent English and Portuguese; writes in Chinese at times",
        "Mandarin is my first language (I grew up in Chengdu). I work in English, live in Portuguese, and "
        "when I'm tired or thinking fast I type in Chinese. All three are fine to read.",
    ),
    (
        "yiwen-go-reader",
        "u",
        "g",
        "2026-02-02",
        "Reads Go comfortably, rarely writes it; gatehouse is the only Go service Yiwen touches",
        "I read Go well enough to review gatehouse changes, but I don't write it every day. Idioms like "
        "context cancellation, error wrapping and interface embedding are worth a sentence of explanation "
        "when they matter to the change.",
    ),
    (
        "yiwen-payments-background",
        "u",
        "g",
        "2026-01-08",
        "Four years at a card processor before Quillmoss: chargebacks, 3DS and reconciliation are home turf",
        "Before Quillmoss I spent four years at a card processor (Paylinde, in Dublin) on the disputes and "
        "reconciliation side. Chargeback reason codes, 3DS2 flows, settlement files and interchange are "
        "things I know well; skip the primer when billing questions come up.",
    ),
    (
        "yiwen-clickhouse-novice",
        "u",
        "g",
        "2026-03-03",
        "Strong in SQL and Postgres but new to ClickHouse; MergeTree engine choices need explaining",
        "I'm strong in SQL and have tuned Postgres for years. ClickHouse is new to me: the MergeTree "
        "family, ORDER BY versus PRIMARY KEY, materialized views that fire on insert, and why joins behave "
        "differently. When a pipelines question touches those, explain the engine-level reason.",
    ),
    (
        "yiwen-vim-split-keyboard",
        "u",
        "g",
        "2026-02-14",
        "Uses VS Code with Vim keybindings on a split keyboard; keyboard-driven workflows preferred",
        "I use VS Code with the Vim extension and a split ergonomic keyboard. When an editor workflow "
        "comes up, keyboard commands are far more useful to me than 'click the third icon'.",
    ),
    (
        "yiwen-secondary-oncall",
        "u",
        "g",
        "2026-02-20",
        "Yiwen is in the secondary platform on-call rotation, one week in six",
        "I'm not primary on-call, but I sit in the secondary platform rotation, roughly one week in six. "
        "When I'm secondary I get escalations after the primary has had 15 minutes.",
    ),
    (
        "yiwen-game-server-background",
        "u",
        "g",
        "2026-01-09",
        "早年在成都做过三年游戏服务器，熟悉 C++ 和网络同步",
        "我刚工作的时候在成都一家游戏公司做了三年服务器开发，主要写 C++，做过帧同步和状态同步。"
        "所以实时音视频、抖动缓冲、丢包重传这些概念我比较熟，课堂（classroom）那块的网络问题可以直接讲细节。",
    ),
    (
        "yiwen-mentors-two",
        "u",
        "g",
        "2026-04-07",
        "Yiwen mentors Haruto Vallejo and Lin Qiao and often forwards explanations to them",
        "I mentor two people: Haruto Vallejo (staffroom) and Lin Qiao (mobile QA moving into development). "
        "I often ask for an explanation so I can forward it to one of them, so those should stand on their "
        "own without our earlier conversation.",
    ),
    (
        "yiwen-not-security-specialist",
        "u",
        "g",
        "2026-02-02",
        "Not a security specialist; crypto and auth protocol details need the threat model spelled out",
        "Security is not my specialty. I know the basics, but for WebAuthn, token binding, key rotation or "
        "anything cryptographic I want the threat model in plain words before the mechanism.",
    ),
    (
        "yiwen-friday-afternoons-off",
        "u",
        "g",
        "2026-03-30",
        "Yiwen works Friday mornings only (reduced hours since April 2026)",
        "From April 2026 I'm on a 4.5-day week: Friday afternoons off. On Fridays, anything needing my "
        "review has to land before 13:00 Lisbon time.",
    ),
    (
        "yiwen-deuteranopia",
        "u",
        "g",
        "2026-05-11",
        "Yiwen has deuteranopia (red-green colour blindness); red/green status colours are hard to read",
        "I'm red-green colour blind (deuteranopia). Dashboards that encode good/bad only as green/red are "
        "close to useless for me; shapes, labels or a blue/orange scale work.",
    ),
    (
        "yiwen-math-degree",
        "u",
        "g",
        "2026-06-02",
        "本科数学，统计比较熟，讲实验结果时可以直接用公式",
        "我本科读的是数学，概率统计学得比较扎实。讲 A/B 实验、置信区间、贝叶斯评分这类东西时不用绕弯子，"
        "直接给公式和推导就行。",
    ),
    (
        "yiwen-ts-maintainer",
        "u",
        "g",
        "2026-07-15",
        "Yiwen co-maintains an open-source Elixir client for Typesense in spare time",
        "Outside work I co-maintain an open-source Elixir client for Typesense. I know its request "
        "pipeline and retry behaviour intimately, and I try to keep Quillmoss-specific hacks out of it.",
    ),
    # ---------------------------------------------------------------- feedback (global)
    (
        "fb-diffs-only",
        "f",
        "g",
        "2026-01-12",
        "When proposing code changes, give the diff only, no prose around it",
        "For code changes just give me the diff. No preamble, no closing summary. I'll ask if I need the "
        "reasoning.",
    ),
    (
        "fb-explain-then-diff",
        "f",
        "g",
        "2026-06-18",
        "Replaces diff-only: give a two or three sentence rationale first, then the diff",
        "Changing my earlier preference: diff-only answers made me re-derive the why too often. Now: two or "
        "three sentences on why the change is shaped this way, then the diff. Still no closing summary.",
    ),
    (
        "fb-two-timezones",
        "f",
        "g",
        "2026-01-14",
        "Whenever a time of day comes up, give it in both Lisbon and Taipei time",
        "Any time of day in an answer (a deploy window, a meeting, a cron) should be given in Lisbon and "
        "Taipei time side by side, e.g. 10:00 Lisbon / 18:00 Taipei. Half the people I forward things to "
        "are in Taipei.",
    ),
    (
        "fb-iso-dates",
        "f",
        "g",
        "2026-01-14",
        "Write dates as ISO YYYY-MM-DD, never 03/04 style",
        "Dates in answers and drafted messages: ISO format, 2026-04-03. The team spans Portugal, Taiwan and "
        "the US, and 03/04 gets read three different ways.",
    ),
    (
        "fb-no-emoji-commits",
        "f",
        "g",
        "2026-01-19",
        "No emoji in commit messages, PR titles or PR descriptions",
        "Please never put emoji in commit subjects, PR titles or descriptions you draft for me. They break "
        "our changelog tooling and I find them noisy.",
    ),
    (
        "fb-commit-subject",
        "f",
        "g",
        "2026-01-19",
        "Commit subjects: imperative, at most 60 characters, prefixed with the area name",
        "When drafting commit messages: imperative mood, 60 characters max in the subject, prefixed by the "
        "area ('till: retry webhook on timeout'). Body wraps at 72 and says why, not what.",
    ),
    (
        "fb-ask-before-deps",
        "f",
        "g",
        "2026-01-22",
        "Ask before adding any new dependency (hex, pub, go module, npm)",
        "Don't add a new dependency without asking me first, in any language. Every dependency is a "
        "licence check and an upgrade burden; often the standard library is enough.",
    ),
    (
        "fb-failing-test-first",
        "f",
        "g",
        "2026-02-03",
        "For bugs, write the failing test first and show it before the fix",
        "When we fix a bug, I want the failing test written and shown first, then the change that makes it "
        "pass. It keeps us honest about what the bug actually was.",
    ),
    (
        "fb-reply-in-chinese",
        "f",
        "g",
        "2026-01-10",
        "我用中文提问时请用中文回答，代码标识符保持英文",
        "如果我用中文问，就用中文回答；但是代码里的函数名、模块名、配置项保持英文原样，不要翻译。"
        "我用英文问就用英文答。",
    ),
    (
        "fb-no-filler",
        "f",
        "g",
        "2026-01-12",
        "Skip apologies, compliments and filler; get to the point",
        "No 'Great question', no 'I apologize for the confusion'. Start with the answer.",
    ),
    (
        "fb-cite-docs",
        "f",
        "g",
        "2026-02-11",
        "When claiming how a library behaves, link the doc page or source that says so",
        "If you tell me a library does X (Ecto, Typesense, Riverpod, whatever), link the documentation or "
        "the source you got it from. I've been burned by confidently wrong claims.",
    ),
    (
        "fb-small-prs",
        "f",
        "g",
        "2026-02-11",
        "Suggest splitting any change over roughly 400 changed lines into stacked PRs",
        "If a change is heading past about 400 changed lines, stop and propose how to split it into "
        "stacked PRs that each make sense alone.",
    ),
    (
        "fb-24h-metric",
        "f",
        "g",
        "2026-01-14",
        "Use the 24-hour clock and metric units in answers",
        "24-hour clock and metric units, always. No 'pm', no miles, no Fahrenheit.",
    ),
    (
        "fb-fish-shell",
        "f",
        "g",
        "2026-02-17",
        "Yiwen's shell is fish: give shell commands in fish syntax",
        "My shell is fish. Commands with env vars or loops should use fish syntax (set -x, no export, "
        "no bash-style for loops), or say clearly that they need bash.",
    ),
    (
        "fb-never-force-push",
        "f",
        "g",
        "2026-02-19",
        "Never suggest force-pushing a shared branch; propose a revert or a new commit instead",
        "Don't suggest force pushes on anything other than my own unshared branch. On shared branches the "
        "answer is a revert or a follow-up commit.",
    ),
    (
        "fb-elixir-pattern-match",
        "f",
        "g",
        "2026-03-02",
        "In Elixir examples prefer multi-clause functions and pattern matching over nested if/else",
        "For Elixir code, pattern matching in function heads and with-clauses read better to me than "
        "nested if/case. Guard clauses are fine.",
    ),
    (
        "fb-sql-style",
        "f",
        "g",
        "2026-03-05",
        "SQL examples: uppercase keywords, one clause per line, explicit column lists",
        "When you write SQL for me, uppercase keywords, one clause per line, and list columns explicitly "
        "instead of SELECT star.",
    ),
    (
        "fb-chart-colours",
        "f",
        "g",
        "2026-05-12",
        "When proposing chart or dashboard colours, use blue/orange and labels, never red vs green",
        "For any chart or panel colour scheme you suggest: blue/orange (or a viridis-like scale), plus text "
        "labels or icons for status. Never encode meaning in red versus green alone.",
    ),
    (
        "fb-table-for-options",
        "f",
        "g",
        "2026-02-24",
        "Comparing three or more options: use a table with the trade-offs as columns",
        "When you compare three or more options, put them in a table (options as rows, trade-offs as "
        "columns) and give your pick under it.",
    ),
    (
        "fb-estimate-ranges",
        "f",
        "g",
        "2026-03-09",
        "Give effort estimates as ranges with the main uncertainty named",
        "Estimates as a range ('2 to 4 days') plus the one thing that decides which end we land on. "
        "Single numbers get quoted back at me as promises.",
    ),
    (
        "fb-dont-reformat",
        "f",
        "g",
        "2026-02-05",
        "Don't reformat or rename code that the change doesn't need to touch",
        "Keep diffs focused: no drive-by reformatting, no renaming variables the change doesn't need. "
        "Reviewers lose the real change in the noise.",
    ),
    (
        "fb-chinese-terms-english",
        "f",
        "g",
        "2026-03-12",
        "中文回答时技术名词保留英文，不要硬翻译",
        "用中文回答时，supervisor、webhook、alias、provider 这类技术名词直接用英文，"
        "不要翻成“监督者”“钩子”之类，读起来反而费劲。",
    ),
    (
        "fb-review-labels",
        "f",
        "g",
        "2026-03-16",
        "Draft review comments as questions and label each nit, suggestion or blocking",
        "When you help me write code review comments: phrase them as questions where possible, and prefix "
        "each with nit, suggestion or blocking so the author knows what must change.",
    ),
    (
        "fb-mermaid-diagrams",
        "f",
        "g",
        "2026-04-01",
        "Diagrams in Mermaid, not ASCII art",
        "If a diagram helps, write it in Mermaid (sequence or flowchart). Outline renders it and ASCII art "
        "falls apart in proportional fonts.",
    ),
    (
        "fb-tldr-first",
        "f",
        "g",
        "2026-04-01",
        "Long answers start with a two-line TL;DR",
        "Anything longer than a screen should open with a two-line TL;DR so I can decide whether to read on.",
    ),
    (
        "fb-british-docs",
        "f",
        "g",
        "2026-04-14",
        "Write documentation and drafted messages in British English spelling",
        "Docs, READMEs and messages you draft for me: British spelling (behaviour, colour, organise). "
        "It matches the product copy.",
    ),
    (
        "fb-no-shared-migrations",
        "f",
        "g",
        "2026-04-20",
        "Never run migrations or data changes against shared databases on Yiwen's behalf",
        "Do not run migrations, seeds or ad-hoc updates against staging or any shared database for me, even "
        "if the command is right there. Tell me what to run and I'll run it.",
    ),
    (
        "fb-phone-short-answers",
        "f",
        "g",
        "2026-05-06",
        "在手机上问的很短的问题，只给结论，三行以内",
        "我通勤时常在手机上问很短的问题（一两句话那种）。这种时候只要结论，三行以内，不要代码块和长解释；"
        "需要细节我回到电脑前再问。",
    ),
    (
        "fb-explain-regex",
        "f",
        "g",
        "2026-05-19",
        "Any regex in an answer gets a part-by-part explanation",
        "When an answer contains a regular expression, break it down piece by piece underneath. I will "
        "have to maintain it later.",
    ),
    (
        "fb-wrong-premise",
        "f",
        "g",
        "2026-06-03",
        "If a request rests on a wrong premise, say so before answering",
        "If my question assumes something false (a config that doesn't exist, a behaviour the library "
        "doesn't have), tell me first instead of answering the question as asked.",
    ),
    (
        "fb-zulip-drafts",
        "f",
        "g",
        "2026-06-10",
        "Drafted Zulip messages: short, warm, no @all, signed 'Y.'",
        "When you draft a Zulip message for me: a few lines, friendly, never @all or @everyone, and sign "
        "off with 'Y.' The topic line should say what's being asked.",
    ),
    (
        "fb-benchmark-claims",
        "f",
        "g",
        "2026-07-07",
        "Back performance claims with a benchmark (Benchee for Elixir) rather than intuition",
        "'This is faster' needs a benchmark. For Elixir that means Benchee with realistic input sizes; for "
        "Go the testing package's benchmarks. Otherwise say it's a guess.",
    ),
    (
        "fb-config-change-comments",
        "f",
        "g",
        "2026-07-21",
        "改配置时，每处改动旁边写一句注释说明原因",
        "修改配置（Nomad job、Buildkite pipeline、Terraform 变量之类）时，每个改动旁边加一句注释说明为什么改，"
        "中英文都可以。半年后没人记得那个数字是怎么来的。",
    ),
    (
        "fb-flutter-via-liveview",
        "f",
        "g",
        "2026-02-26",
        "For Flutter questions, relate concepts to their Elixir/LiveView counterpart when it helps",
        "When explaining Flutter or Riverpod, an analogy to LiveView assigns, GenServer state or PubSub "
        "often makes it click for me. Use one when it's honest, skip it when it's forced.",
    ),
    (
        "fb-no-yaml-anchors",
        "f",
        "g",
        "2026-08-04",
        "Avoid YAML anchors and aliases in CI config; repeat explicitly",
        "In pipeline YAML (Buildkite, Codemagic, anything) don't use anchors and aliases to save lines. "
        "Explicit repetition is easier to review and grep.",
    ),
    # ---------------------------------------------------------------- feedback (project)
    (
        "fb-elixir-lint-before-diff",
        "f",
        "p",
        "2026-01-15",
        "Before proposing an Elixir diff, run mix format and Credo in strict mode",
        "For the Elixir apps (till, classroom, notify, staffroom) run the formatter and Credo in strict "
        "mode before you show me a diff. CI fails on either, and a red build wastes a Buildkite slot.",
    ),
    (
        "fb-gatehouse-lint",
        "f",
        "p",
        "2026-02-04",
        "Gatehouse changes: run golangci-lint with the repo config and go vet before proposing",
        "For gatehouse (the Go auth service) run golangci-lint with the repository's config plus go vet "
        "before proposing a change. The config enables errorlint and gosec, which catch most review comments.",
    ),
    (
        "fb-flutter-analyze",
        "f",
        "p",
        "2026-02-09",
        "Mobile changes: run flutter analyze first; info-level lints count as errors here",
        "Before suggesting mobile code, run flutter analyze. The team treats info-level lints as errors in "
        "CI, so 'only infos' is not clean.",
    ),
    (
        "fb-use-just-recipes",
        "f",
        "p",
        "2026-01-27",
        "Use the root just recipes instead of per-app commands when suggesting how to run things",
        "The monorepo has just recipes for test, lint, format and dev servers across every area. Suggest "
        "those rather than raw mix, go or flutter commands, because they set the env the way CI does.",
    ),
    (
        "fb-no-hand-edit-generated",
        "f",
        "p",
        "2026-02-12",
        "Never hand-edit generated protobuf clients; change the schema and regenerate with buf",
        "The protobuf clients shared between gatehouse, classroom and the mobile app are generated. Don't "
        "edit them by hand; change the .proto definitions and regenerate through the buf pipeline.",
    ),
    (
        "fb-reversible-migrations",
        "f",
        "p",
        "2026-03-04",
        "Ecto migrations must be reversible and must not carry data backfills",
        "Any Ecto migration you write needs a working down direction, and data backfills go into a separate "
        "release task, never inside the migration. Long backfills in migrations have locked tables before.",
    ),
    (
        "fb-gettext-strings",
        "f",
        "p",
        "2026-03-10",
        "All user-facing strings go through gettext; mention new strings to the translators",
        "User-visible text in the web and Elixir apps must go through gettext. When a change adds strings, "
        "say so in the PR description so the translators' channel picks them up.",
    ),
    (
        "fb-buildkite-timeouts",
        "f",
        "p",
        "2026-03-18",
        "Every new Buildkite step needs an explicit timeout_in_minutes",
        "When adding or changing a Buildkite step, always set a timeout. Hung steps held agents for hours "
        "in February.",
    ),
    (
        "fb-dbt-key-tests",
        "f",
        "p",
        "2026-03-24",
        "New dbt models need unique and not_null tests on their key columns",
        "Any dbt model you add or reshape must declare unique and not_null tests on the grain key, plus "
        "relationships tests for foreign keys into marts. Priyanka rejects models without them.",
    ),
    (
        "fb-pr-template",
        "f",
        "p",
        "2026-01-28",
        "PR descriptions follow Why / What / Risk / Rollback",
        "Draft PR descriptions with four headings: Why, What, Risk, Rollback. Rollback is never 'revert "
        "the PR' alone when there's a migration or a flag involved.",
    ),
    (
        "fb-flag-naming",
        "f",
        "p",
        "2026-04-08",
        "Suggested Unleash flags are named area.kebab-case and list an owner",
        "When a change needs a feature flag, name it area.kebab-case (till.family-plan-checkout) and say who "
        "owns removing it. Unnamed-owner flags never get cleaned up.",
    ),
    (
        "fb-gatehouse-threat-model",
        "f",
        "p",
        "2026-04-22",
        "改 gatehouse 之前先写两三句威胁模型，再给代码",
        "涉及 gatehouse（认证服务）的改动，先用两三句话说明威胁模型：谁可能攻击、攻击什么、这次改动怎么影响它，"
        "然后再给代码。Tomasz 评审时也会先看这一段。",
    ),
    (
        "fb-structured-logs",
        "f",
        "p",
        "2026-04-28",
        "Logging: structured Logger metadata for ids, never interpolate them into the message",
        "In the Elixir apps log ids (learner_id, lesson_id, psp_reference) as Logger metadata, not "
        "interpolated into the message string, so Loki can filter on them.",
    ),
    (
        "fb-flag-pii-in-review",
        "f",
        "p",
        "2026-05-05",
        "When reviewing, call out any email, phone number or name that could reach logs",
        "During reviews, flag any place where an email address, phone number or learner name could end up "
        "in logs, Sentry breadcrumbs or analytics properties. It's the most common GDPR slip we make.",
    ),
    (
        "fb-staffroom-design-kit",
        "f",
        "p",
        "2026-05-13",
        "Staffroom UI: use the design-kit LiveView components, no new CSS",
        "For staffroom screens, stick to what the design kit already offers, with no new styling of your "
        "own. If something is missing from the kit, say so and Haruto adds it.",
    ),
    (
        "fb-factories-not-fixtures",
        "f",
        "p",
        "2026-05-20",
        "Elixir tests: build data with ExMachina factories, not static fixtures",
        "Test data in the Elixir apps comes from ExMachina factories. Don't add new fixture files; they "
        "drifted from the schema in 2025 and nobody noticed for months.",
    ),
    (
        "fb-incident-sources",
        "f",
        "p",
        "2026-06-15",
        "Incident questions: start from the Opsgenie timeline and the Instatus history",
        "When I ask what happened during an incident, look at the Opsgenie alert timeline and the public "
        "Instatus history first, then Loki. Chat recollections are usually wrong about times.",
    ),
    (
        "fb-dbt-docs-chinese-ok",
        "f",
        "p",
        "2026-06-23",
        "dbt 模型说明可以用中文写，但列名必须是英文 snake_case",
        "写 dbt 模型的 description 时用中文没问题（台北那边读中文更快），但列名、模型名一律英文 snake_case，"
        "不要出现拼音或中文列名。",
    ),
    (
        "fb-mobile-screenshots",
        "f",
        "p",
        "2026-07-01",
        "Mobile UI PRs need screenshots in light and dark mode, small and large text",
        "For any mobile UI change, the PR description should have screenshots in light and dark mode, at "
        "default and at the largest dynamic type size. Remind me if I forget.",
    ),
    (
        "fb-classroom-livekit-config",
        "f",
        "p",
        "2026-07-09",
        "Don't propose LiveKit room or SFU config changes without flagging Bartek",
        "Changes to LiveKit room settings, codecs or SFU limits affect every live lesson. If a suggestion "
        "touches them, say so explicitly and tag Bartek Nwosu as reviewer.",
    ),
    (
        "fb-terraform-plan-summary",
        "f",
        "p",
        "2026-07-22",
        "Terraform: always summarise the plan; never suggest applying from a laptop",
        "When a change touches infra code, give me a summary of what the plan will create, change and "
        "destroy. Applies happen through Atlantis on the PR, never from a laptop.",
    ),
    (
        "fb-search-golden-diff",
        "f",
        "p",
        "2026-08-19",
        "Ranking changes need a before/after on the golden query set before review",
        "Any change to search ranking or tokenisation must come with the golden-set comparison (nDCG@10 "
        "before and after, plus the queries that moved most). Without it Mireille won't review.",
    ),
    (
        "fb-two-owners",
        "f",
        "p",
        "2026-08-26",
        "Changes crossing two areas: name both area owners in the PR",
        "If a change touches two areas (say notify and till), the PR must name both owners as reviewers. "
        "Remind me when a diff wanders across that line.",
    ),
    (
        "fb-module-size",
        "f",
        "p",
        "2026-09-08",
        "Propose splitting Elixir modules that grow past about 400 lines",
        "If a module you're editing is past roughly 400 lines, suggest a split along its responsibilities "
        "before adding more. Big context modules in till were painful to review.",
    ),
    (
        "fb-typespecs-public",
        "f",
        "p",
        "2026-09-15",
        "Public functions in Elixir apps need @spec and @doc; private ones don't",
        "Every public function in the Elixir apps carries a typespec and a doc. Dialyzer runs in CI and the "
        "staffroom docs are generated from them.",
    ),
    (
        "fb-translate-chinese-comments",
        "f",
        "p",
        "2026-10-06",
        "When editing a file with Chinese comments, keep them and add an English line alongside",
        "Some older pipeline code has Chinese comments from the Taipei team. When touching those, keep the "
        "Chinese and add an English line next to it rather than replacing it.",
    ),
]
