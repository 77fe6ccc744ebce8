"""Small stores s01-s04 (3-6 notes each): hand-written literals for make.py."""

# fmt: off
STORES = [
{
    "nn": 1,
    "developer": "Maya Lindqvist, solo indie developer",
    "project": "Streaky, a habit-tracker iPhone app",
    "stack": "Swift, SwiftUI, SwiftData, TestFlight",
    "team": "1",
    "replaced": [],
    "notes": [
        (1, "maya-background", "user", "global", "03-02 08:40",
         "Maya: 8 years of Swift/UIKit, new to SwiftUI and to anything server-side; explain backend ideas from first principles",
         "Maya has shipped UIKit apps for eight years and is fluent in Swift itself, so skip language basics. "
         "She is new to SwiftUI and has never run a server herself: when backend, networking or hosting "
         "topics come up, explain them from first principles with an analogy to something on iOS."),
        (2, "no-third-party-sdks", "feedback", "project", "03-03 19:12",
         "Streaky ships with no third-party SDKs for analytics, ads or crash reporting; the privacy label says Data Not Collected",
         "Streaky's App Store privacy label is \"Data Not Collected\" and that is a selling point. Do not suggest "
         "third-party analytics, ads or crash-reporting SDKs. Crash and performance data come only from MetricKit "
         "and TestFlight feedback; usage events are not recorded at all, not even anonymously."),
        (3, "testflight-fridays", "project", "project", "03-06 17:30",
         "Builds go to external TestFlight testers on Fridays only; App Store submission only after a build ran a full week crash-free",
         "External TestFlight builds go out on Fridays only, so testers get one build a week. A version is "
         "submitted to App Review only after the same build has been on TestFlight for a full week without a "
         "crash report. Hotfixes follow the same rule unless the app is crashing at launch."),
        (4, "ios17-swiftdata", "project", "project", "03-10 10:05",
         "Deployment target is iOS 17; persistence is SwiftData (chosen over Core Data on 2026-03-10); no back-deploy shims",
         "Decided on 2026-03-10: the minimum deployment target is iOS 17 and persistence uses SwiftData rather "
         "than Core Data. Newer APIs that need iOS 17 (Observation, SwiftData, interactive widgets) are fine to "
         "use directly; do not add availability checks or back-deploy shims for older iOS versions."),
        (5, "bug-tracking-linear", "reference", "project", "03-18 09:20",
         "Bugs and feature requests live in the Linear project HABIT; the support mailbox is triaged on Mondays",
         "Bug reports and feature requests are tracked in the Linear project HABIT (labels: bug, idea, widget). "
         "User emails arrive in the support mailbox and Maya triages them into HABIT on Mondays; anything "
         "found during development should become a HABIT issue rather than a comment somewhere."),
    ],
    "queries": [
        ("add firebase crashlytics", [2], "03-24 09:10", True, "indirect"),
        ("push a build to testers", [3], "03-25 16:40", True, "terse"),
        ("whats a reverse proxy and why would my api need one", [1], "03-26 21:05", False, "indirect"),
        ("can the widget just use @Observable or do i need a fallback", [4], "03-27 11:30", False, "indirect"),
        ("track which habits people tap first so i can fix onboarding", [2], "03-30 14:02", False, "indirect"),
        ("submit 1.2 for review today", [3], "04-01 10:15", False, "terse"),
        ("found a bug where streaks reset at midnight, where do i put it", [5], "04-02 22:48", False, "indirect"),
        ("swiftdata lightweight migration for the streak model", [4], "04-03 09:00", False, "keyword"),
        ("thx that fixed it", [], "04-03 09:40", False, "negative"),
        ("what's the capital of latvia", [], "04-04 12:00", True, "negative"),
        ("linear algebra refresher, what is an eigenvector", [], "04-05 18:20", True, "negative"),
        ("is friday the 13th in march this year", [], "04-06 08:05", False, "negative"),
        ("72 fahrenheit in celsius?", [], "04-07 13:33", False, "negative"),
    ],
},
{
    "nn": 2,
    "developer": "Kofi Mensah, open-source maintainer",
    "project": "tidemark, a log-tailing command-line tool",
    "stack": "Go, cobra, goreleaser, GitHub Actions",
    "team": "2 maintainers",
    "replaced": [],
    "notes": [
        (1, "stdlib-plus-cobra", "feedback", "project", "04-06 20:10",
         "tidemark depends only on the Go standard library plus cobra; any new module needs a discussion with co-maintainer Ines first",
         "The dependency list is the Go standard library plus cobra, and it stays that way on purpose: the "
         "binary is vendored by distro packagers. Before adding any new module, open a discussion with Ines "
         "Duarte (co-maintainer) and wait for her agreement; prefer a small hand-written helper instead."),
        (2, "release-and-flag-policy", "project", "project", "04-08 18:45",
         "Releases are cut with goreleaser on the first Tuesday of each month; flags are never removed before 2.0, deprecations warn for two minors",
         "Releases are cut with goreleaser on the first Tuesday of every month, following semver. Command-line "
         "flags are never removed or renamed before 2.0: an old flag keeps working, prints a deprecation warning "
         "for at least two minor releases, and the release notes call it out as deprecated."),
        (3, "pr-review-style", "feedback", "global", "04-15 21:30",
         "When reviewing pull requests Kofi wants blocking issues first, nits last marked 'nit:', and no wholesale rewrites of a contributor's code",
         "For every project, when Kofi asks for a review of a pull request: list blocking problems first, then "
         "questions, then nits prefixed with \"nit:\". Never propose rewriting a contributor's whole change in "
         "suggestions; point at the smallest change that would unblock it and thank first-time contributors."),
        (4, "ci-and-rfc-discussions", "reference", "project", "04-24 19:05",
         "CI is GitHub Actions on linux, macOS and windows; design proposals go to GitHub Discussions in the RFC category, not issues",
         "Continuous integration runs on GitHub Actions with a matrix of linux, macOS and windows runners. Design "
         "proposals (new subcommands, output formats, plugin ideas) are written up in GitHub Discussions under "
         "the RFC category; issues are only for bugs and agreed work."),
    ],
    "queries": [
        ("pull in a yaml lib for the config file", [1], "05-02 10:20", True, "indirect"),
        ("rename --follow to --tail", [2], "05-02 11:05", False, "indirect"),
        ("cut v0.9", [2], "05-05 09:00", True, "terse"),
        ("where do i write up the plugin idea", [4], "05-06 20:30", False, "indirect"),
        ("does ci run on macos too?", [4], "05-07 08:45", False, "keyword"),
        ("review #212", [3], "05-08 21:10", True, "terse"),
        ("someone opened a huge pr that rewrites the json output, go through it", [3], "05-09 10:00", False, "indirect"),
        ("changelog entry for deprecating --since", [2], "05-11 17:15", False, "keyword"),
        ("need a tiny lru cache, is there a module for that", [1], "05-12 13:40", False, "indirect"),
        ("lol build is green finally", [], "05-12 14:02", False, "negative"),
        ("goroutine vs os thread, whats the actual difference", [], "05-13 22:00", True, "negative"),
        ("first tuesday of the month is patch tuesday on windows right", [], "05-14 07:55", False, "negative"),
        ("how long do i boil an egg for a runny yolk", [], "05-15 12:30", True, "negative"),
    ],
},
{
    "nn": 3,
    "developer": "Priya Raman, frontend developer moving to backend",
    "project": "a geo-redirect edge service for a ticketing startup",
    "stack": "Deno, Deno Deploy, Deno KV, Grafana Cloud",
    "team": "3",
    "replaced": [],
    "notes": [
        (1, "deploy-window", "project", "project", "05-04 09:30",
         "Production deploys to Deno Deploy only on Tuesdays, Wednesdays and Thursdays 10:00-16:00 CET, never on Fridays or on a campaign launch day",
         "Production deploys happen on Tuesdays, Wednesdays and Thursdays between 10:00 and 16:00 CET, when two people are online. "
         "No deploys on Fridays, weekends, or on a campaign launch day marked in the marketing calendar. Preview "
         "deployments are fine at any time."),
        (2, "pinned-jsr-imports", "feedback", "project", "05-05 14:12",
         "Use jsr: or https imports pinned to exact versions; npm: specifiers only with Tomasz's sign-off because they slow cold starts",
         "Dependencies come from JSR or https URLs pinned to an exact version. npm: specifiers need Tomasz's "
         "sign-off first: they pulled in large transitive trees before and doubled cold-start time on Deno Deploy. "
         "Prefer the Deno standard library when it has the function."),
        (3, "kv-key-owner", "project", "project", "05-07 11:00",
         "Deno KV key layout is owned by Tomasz Wojcik; any change to key prefixes needs his review because the analytics export reads them",
         "Tomasz Wojcik owns the Deno KV key layout. Adding, renaming or removing a key prefix needs his review "
         "before merge, because the nightly analytics export reads keys by prefix and silently drops unknown ones."),
        (4, "grafana-and-oncall", "reference", "project", "05-12 16:20",
         "Logs and traces are in Grafana Cloud, dashboard edge-latency; alerts page the #edge-oncall Slack channel",
         "Logs and traces are shipped to Grafana Cloud. The dashboard to start from is \"edge-latency\" (p50/p95 "
         "per region, cache hit ratio, KV read time). Alerts page the #edge-oncall Slack channel, which also "
         "holds the current on-call rota."),
        (5, "no-raw-ip-logging", "feedback", "project", "05-19 10:45",
         "Never log raw client IPs or full user agents; log country code and a truncated browser family only (GDPR counsel's requirement)",
         "Legal counsel's GDPR requirement: never log raw client IP addresses or full user-agent strings, not even "
         "temporarily for debugging. Log the country code and a truncated browser family instead. Abuse "
         "investigations use the rate-limit counters, which store hashed, daily-salted keys."),
        (6, "priya-background", "user", "global", "05-27 18:00",
         "Priya: fluent in TypeScript and React, new to HTTP caching and CDN behaviour; explain those with concrete header examples",
         "Priya has five years of TypeScript and React and is comfortable with browser APIs. She is new to the "
         "server side of HTTP: caching, CDN behaviour, cache keys and invalidation. Explain those with concrete "
         "request and response header examples rather than prose alone."),
    ],
    "queries": [
        ("deploy the redirect fix", [1], "06-05 15:10", True, "terse"),
        ("add lodash", [2], "06-02 10:30", True, "terse"),
        ("move the redirect rules under a new key namespace", [3], "06-02 14:00", False, "indirect"),
        ("p95 jumped in frankfurt, where do i even look", [4], "06-03 09:20", True, "indirect"),
        ("we need to see who is hammering the endpoint, add per-client logging", [5], "06-03 11:45", False, "indirect"),
        ("why would stale-while-revalidate keep serving the old redirect", [6], "06-04 10:05", False, "indirect"),
        ("grafana alert routing", [4], "06-04 16:30", False, "keyword"),
        ("log the full user agent for bot detection", [5], "06-08 13:10", False, "keyword"),
        ("good morning!", [], "06-09 08:01", True, "negative"),
        ("regex for uk postcodes", [], "06-09 10:40", False, "negative"),
        ("is grafana loki named after the marvel guy", [], "06-10 12:15", False, "negative"),
        ("convert 10:00 CET to pacific for the investor call", [], "06-10 17:20", False, "negative"),
        ("how do i center a div vertically", [], "06-11 09:50", True, "negative"),
    ],
},
{
    "nn": 4,
    "developer": "Jonas Becker, hobbyist (OCaml developer by day)",
    "project": "ferrule, a toy ML-family compiler targeting LLVM",
    "stack": "Haskell, GHC 9.6, megaparsec, LLVM",
    "team": "1",
    "replaced": [],
    "notes": [
        (1, "jonas-background", "user", "global", "01-10 22:15",
         "Jonas writes OCaml at work and knows type theory well; new to LLVM IR and to GHC extensions beyond GADTs",
         "Jonas is an OCaml developer in his day job and reads type-theory papers for fun, so Hindley-Milner, "
         "unification and GADTs need no introduction. He is new to LLVM IR (SSA form, phi nodes, calling "
         "conventions) and to GHC language extensions other than GADTs: explain those by comparison with OCaml."),
        (2, "no-th-no-lens", "project", "project", "01-14 21:40",
         "ferrule avoids Template Haskell and lens to keep a clean build under a minute on his laptop; GHC 9.6 is pinned via ghcup",
         "To keep a clean build under one minute on his laptop, the project does not use Template Haskell or the "
         "lens family of libraries; record updates stay plain. The compiler is pinned to GHC 9.6 through ghcup "
         "and is only upgraded when a dependency requires it."),
        (3, "golden-tests-per-feature", "project", "project", "01-25 20:05",
         "Each new syntax feature lands with golden tests for the parser output and the type errors; goldens are never regenerated just to pass CI",
         "Every new piece of surface syntax comes with golden tests for both the parser's pretty-printed output and "
         "the type checker's error messages. Golden files are regenerated only deliberately after reading the "
         "diff, never wholesale to make CI green."),
    ],
    "queries": [
        ("add lenses for the AST records", [2], "02-02 21:00", True, "keyword"),
        ("can we generate the Show and Eq boilerplate at compile time", [2], "02-03 22:10", False, "indirect"),
        ("what does a phi node actually do", [1], "02-04 20:45", True, "indirect"),
        ("add where clauses to the parser", [3], "02-06 21:30", True, "indirect"),
        ("golden test broke after the pretty printer change, just accept it?", [3], "02-07 19:50", False, "keyword"),
        ("explain rank-n types", [1], "02-08 10:15", True, "terse"),
        ("upgrade to ghc 9.10", [2], "02-09 20:20", False, "keyword"),
        ("regen all the goldens", [3], "02-10 22:40", False, "terse"),
        ("hey", [], "02-11 19:00", True, "negative"),
        ("is ocaml pronounced oh-camel", [], "02-11 19:02", False, "negative"),
        ("quick pasta recipe with what's in a normal fridge", [], "02-12 18:30", True, "negative"),
        ("time complexity of heapsort", [], "02-13 21:15", False, "negative"),
        ("which laptop has the best battery for a long train trip", [], "02-14 09:40", False, "negative"),
    ],
},
]
# fmt: on
