"""Project notes: billing (till), classroom, mobile, search."""

NOTES = [
    # ---------------------------------------------------------------- till (billing)
    (
        "till-owner-dario",
        "p",
        "p",
        "2026-01-07",
        "Dario Fenwick owns till, the billing area; Adyen and invoicing questions go to him",
        "Till (subscriptions, lesson packs, invoices, the Adyen integration) is owned by Dario Fenwick. "
        "He's the required reviewer for anything touching payment flows or invoice generation. Backup "
        "when he's away is Yiwen.",
    ),
    (
        "till-freeze-3ds-old",
        "p",
        "p",
        "2026-03-02",
        "Billing code freeze for the Adyen 3DS2 migration starts 2026-06-15",
        "To cut over card payments to Adyen's 3DS2 native flow we freeze till from 2026-06-15 for two "
        "weeks. Only the migration branch and SEV1 fixes get merged during the freeze.",
    ),
    (
        "till-freeze-3ds-new",
        "p",
        "p",
        "2026-05-27",
        "3DS2 freeze moved: till is frozen 2026-07-06 to 2026-07-20 (replaces the June date)",
        "The Adyen 3DS2 cut-over slipped because Adyen's certification slot moved. The till freeze now runs "
        "from 2026-07-06 to 2026-07-20. During it only the migration work and SEV1 fixes merge; everything "
        "else waits. The earlier 2026-06-15 date is void.",
    ),
    (
        "till-money-minor-units",
        "p",
        "p",
        "2026-01-08",
        "Amounts are integers in minor units plus an ISO currency code, never floats or decimals in transit",
        "Convention in till and everything that talks to it: money is an integer amount in minor units "
        "together with a currency code (1999 + EUR). No floats anywhere, and Decimal only inside tax "
        "calculation, rounded half-even back to minor units.",
    ),
    (
        "till-vat-oss",
        "p",
        "p",
        "2026-01-21",
        "EU VAT is charged by the learner's country of residence under OSS; two pieces of evidence required",
        "We're registered for the EU One-Stop-Shop. VAT is the rate of the learner's country of residence, "
        "decided at checkout from two non-conflicting pieces of evidence (billing address country, card "
        "BIN country, IP geolocation). If they conflict we ask the learner before charging.",
    ),
    (
        "till-refund-approval-old",
        "p",
        "p",
        "2026-02-10",
        "Refunds above 200 EUR need a second approver in staffroom",
        "Any refund above 200 EUR (or equivalent) needs a second person from finance to approve it in "
        "staffroom before it goes to Adyen. Below that support can refund alone.",
    ),
    (
        "till-refund-approval-new",
        "p",
        "p",
        "2026-08-24",
        "From 2026-09-01 the second-approver threshold for refunds is 500 EUR (was 200)",
        "Finance raised the dual-approval threshold: from 2026-09-01 only refunds above 500 EUR (or "
        "equivalent in USD, GBP, BRL) need a second finance approver in staffroom. Support can refund up to "
        "500 alone. The 200 EUR rule no longer applies.",
    ),
    (
        "till-invoice-numbering",
        "p",
        "p",
        "2026-01-29",
        "Invoice numbers are gapless and sequential per legal entity (QM-PT, QM-US)",
        "Portuguese invoicing rules require gapless sequential numbering. Each legal entity has its own "
        "series (QM-PT for the EU entity, QM-US for the US one). Never reserve a number before the charge "
        "succeeds and never delete an issued invoice; corrections are credit notes.",
    ),
    (
        "till-dunning-schedule",
        "p",
        "p",
        "2026-02-16",
        "Failed renewals retry after 1, 3 and 7 days; then the subscription pauses, it is never cancelled",
        "Dunning: a failed renewal is retried after 1, 3 and 7 days with an email before each retry. After "
        "the third failure the subscription is paused (lesson credits kept), not cancelled. Learners can "
        "resume by updating the card.",
    ),
    (
        "till-webhook-idempotency",
        "p",
        "p",
        "2026-02-18",
        "Adyen notifications are processed idempotently by pspReference and acknowledged within 10 s",
        "Adyen webhooks must be acknowledged fast (Adyen retries after 10 seconds) and processed "
        "idempotently keyed by pspReference plus eventCode. We ack first, then process from the queue; "
        "duplicates are normal, not an error.",
    ),
    (
        "till-price-change-notice",
        "p",
        "p",
        "2026-03-11",
        "Price changes for existing subscribers need 30 days' notice by email; Sunniva signs off",
        "Any price increase for existing subscribers needs at least 30 days' notice by email before the "
        "renewal it affects. Sunniva Roque (product) approves the wording and the date. New prices for new "
        "subscribers can ship without notice.",
    ),
    (
        "till-currencies",
        "p",
        "p",
        "2026-04-06",
        "Supported currencies: EUR, USD, GBP and, since 2026-04-06, BRL",
        "Till charges in EUR, USD, GBP and BRL. BRL went live on 2026-04-06 with the Brazilian launch. "
        "Adding a currency needs a price table from Sunniva, an Adyen merchant account setting, and a "
        "rounding rule review.",
    ),
    (
        "till-brl-invoices-cpf",
        "p",
        "p",
        "2026-04-09",
        "巴西用户开 nota fiscal 必须有 CPF，没有 CPF 的只能用信用卡付款",
        "巴西上线后的规定：给巴西用户开 nota fiscal（电子发票）必须有 CPF 号码。没有填写 CPF 的巴西用户只能用"
        "信用卡支付，不提供 Pix 和 boleto。CPF 只存在 till 里，不同步到数据仓库。",
    ),
    (
        "till-disputes-auto-accept",
        "p",
        "p",
        "2026-04-15",
        "Chargebacks under 15 EUR are auto-accepted; larger ones are defended from staffroom",
        "Disputes below 15 EUR are accepted automatically (defending costs more than it recovers). Above "
        "that, finance defends from staffroom with the lesson attendance log as evidence. Decision by Dario "
        "and finance in April 2026.",
    ),
    (
        "till-gift-packs-expiry",
        "p",
        "p",
        "2026-05-04",
        "Gift lesson packs expire 24 months after purchase, not after redemption",
        "Gift packs are valid for 24 months from purchase date. The clock doesn't restart on redemption. "
        "Legal confirmed this is fine in all EU markets we sell in.",
    ),
    (
        "till-family-plan",
        "p",
        "p",
        "2026-07-28",
        "Family plan launches 2026-10-05: one payer, up to four learner profiles, shared lesson credits",
        "Family plan decision: one paying account, up to four learner profiles, lesson credits shared from "
        "one pool. Launch date 2026-10-05 behind the till.family-plan-checkout flag. Learners under 16 in a "
        "family plan skip the parental email check because the payer is the parent.",
    ),
    (
        "till-reconciliation",
        "p",
        "p",
        "2026-05-18",
        "A daily job reconciles Adyen settlement reports with till; mismatches over 1 EUR open a TILL ticket",
        "Every morning the settlement-report reconciliation compares Adyen's settlement detail report with "
        "till's ledger. Any mismatch above 1 EUR per batch opens a ticket in the TILL project for finance. "
        "Small FX rounding differences are summed and booked monthly.",
    ),
    (
        "till-ledger-append-only",
        "p",
        "p",
        "2026-02-25",
        "The till ledger is append-only: corrections are new entries, never updates",
        "Ledger entries in till are never updated or deleted. A correction is a reversing entry plus a new "
        "one, both pointing at the original. Staffroom has no edit button on purpose.",
    ),
    (
        "till-tax-rates-source",
        "p",
        "p",
        "2026-06-08",
        "VAT rates come from a rates table finance updates quarterly, not from a third-party API",
        "We dropped the idea of a tax API: VAT rates live in a table finance reviews every quarter (first "
        "week of January, April, July, October). Code must read the rate in force on the invoice date.",
    ),
    # ---------------------------------------------------------------- classroom
    (
        "cls-owner-bartek",
        "p",
        "p",
        "2026-01-07",
        "Bartek Nwosu owns classroom: live lessons, scheduling and the video stack",
        "Classroom covers booking, the lesson calendar, the live video room and the whiteboard. Owner is "
        "Bartek Nwosu; he reviews anything touching LiveKit or scheduling rules.",
    ),
    (
        "cls-livekit-sfu",
        "p",
        "p",
        "2026-01-13",
        "Live video runs on self-hosted LiveKit SFUs in Falkenstein and Singapore",
        "We self-host LiveKit: SFU nodes in Falkenstein for Europe and the Americas, Singapore for Asia. "
        "Rooms are placed by the tutor's region. TURN runs on the same nodes over TCP 443 for school and "
        "office networks.",
    ),
    (
        "cls-booking-window",
        "p",
        "p",
        "2026-01-23",
        "Lessons can be booked up to 60 days ahead; free cancellation until 12 hours before",
        "Booking rules: a learner can book up to 60 days ahead, and cancel for free until 12 hours before "
        "the start. Inside 12 hours the credit is consumed unless the tutor cancels.",
    ),
    (
        "cls-tutor-no-show",
        "p",
        "p",
        "2026-02-06",
        "Tutor no-show: automatic credit refund; three within a rolling 30-day window flag the tutor",
        "If a tutor doesn't join within 10 minutes the learner gets the credit back automatically and a "
        "free rebooking. Three no-shows within any rolling 30-day window flag the tutor for the tutor-ops team in "
        "staffroom.",
    ),
    (
        "cls-recording-consent",
        "p",
        "p",
        "2026-02-13",
        "Lesson recordings need both parties' consent and are kept 30 days",
        "Recording is opt-in per lesson and both learner and tutor must consent in the room. Recordings are "
        "kept 30 days and then deleted; no exceptions for 'good lessons' used in marketing.",
    ),
    (
        "cls-recordings-eu-only",
        "p",
        "p",
        "2026-02-13",
        "课堂录音只存法兰克福的对象存储，不能复制到新加坡",
        "GDPR 要求：课堂录音只保存在法兰克福区域的对象存储，哪怕课是在新加坡节点上进行的，录音也要直接写回欧盟，"
        "不允许在新加坡留副本或缓存。",
    ),
    (
        "cls-times-utc",
        "p",
        "p",
        "2026-01-27",
        "Lesson times are stored in UTC with the tutor's IANA zone; clients convert for display",
        "All lesson start times are stored in UTC along with the tutor's IANA time zone. Clients convert for "
        "display. Never store local times or offsets.",
    ),
    (
        "cls-recurring-anchor",
        "p",
        "p",
        "2026-04-02",
        "Recurring lessons are anchored to the tutor's local time (decided after the March DST mix-up)",
        "After the clocks changed in Europe on 2026-03-29 and some weekly lessons shifted by an hour, we "
        "decided recurring series are anchored to the tutor's local wall-clock time. Learners in other zones "
        "see the shift and get a notification a week before each DST change.",
    ),
    (
        "cls-lesson-lengths",
        "p",
        "p",
        "2026-03-19",
        "Only 25- and 50-minute lessons exist; the 80-minute trial format was removed",
        "Lesson lengths are 25 and 50 minutes. The 80-minute trial lesson was removed in March 2026 because "
        "conversion was no better than a 25-minute trial. Don't add arbitrary durations.",
    ),
    (
        "cls-tutor-payouts",
        "p",
        "p",
        "2026-03-23",
        "Tutor payouts run twice a month, on the 1st and the 16th, through Adyen for Platforms",
        "Tutors are paid through Adyen for Platforms twice a month, on the 1st and the 16th, for lessons "
        "completed up to two days before. Payout holds (disputes, no-show investigations) are set by "
        "tutor-ops in staffroom.",
    ),
    (
        "cls-api-rate-old",
        "p",
        "p",
        "2026-02-03",
        "Public lesson API rate limit: 600 requests per minute per partner key",
        "Partner schools use the public lesson API to book and list lessons. Limit: 600 requests per minute "
        "per partner key, enforced at the edge. Higher limits are not offered.",
    ),
    (
        "cls-api-rate-new",
        "p",
        "p",
        "2026-09-21",
        "Public lesson API limit raised to 1200 requests/minute per partner key (from 600)",
        "With the school partnerships growing we doubled the public lesson API limit to 1200 requests per "
        "minute per partner key, effective 2026-09-28. Partners above that talk to Bartek about a dedicated "
        "key pool.",
    ),
    (
        "cls-whiteboard-yjs",
        "p",
        "p",
        "2026-04-20",
        "Lesson whiteboards are saved every 30 seconds and at room close, kept 90 days",
        "Whiteboard content in a lesson is saved every 30 seconds and again when the room closes. The "
        "snapshots are kept with the lesson for 90 days so learners can look back at them.",
    ),
    (
        "cls-group-size",
        "p",
        "p",
        "2026-05-25",
        "Group classes are capped at six learners plus the tutor",
        "Group classes launched in May 2026 with a hard cap of six learners. The cap is a product decision "
        "(speaking time per learner), not a technical limit of the SFU.",
    ),
    (
        "cls-sfu-capacity",
        "p",
        "p",
        "2026-06-29",
        "Each SFU node is rated for 400 concurrent rooms; scale out at 70% CPU",
        "Capacity planning: one SFU node handles about 400 concurrent 1:1 rooms. Nomad autoscaling adds a "
        "node at 70% CPU sustained for five minutes. Group classes count as three rooms each.",
    ),
    (
        "cls-trial-lessons",
        "p",
        "p",
        "2026-08-10",
        "每个新学员只有一次免费试课，按支付卡指纹去重",
        "免费试课每个学员只有一次。去重不只看账号，还看支付卡的 fingerprint，防止同一张卡注册多个账号反复领试课。"
        "试课固定 25 分钟。",
    ),
    # ---------------------------------------------------------------- mobile
    (
        "mob-owner-ines",
        "p",
        "p",
        "2026-01-07",
        "Inês Calado leads the Flutter mobile app; Lin Qiao runs QA for it from Taipei",
        "The Flutter app (iOS and Android) is led by Inês Calado in Lisbon. Lin Qiao does QA and release "
        "regression from Taipei. Store listings and review replies belong to Inês too.",
    ),
    (
        "mob-release-train-old",
        "p",
        "p",
        "2026-01-16",
        "Mobile release train: every other Thursday, branch cut on the Monday before",
        "The app ships every second Thursday. The release branch is cut on Mondays of release weeks, then only "
        "fixes are cherry-picked onto it.",
    ),
    (
        "mob-release-train-new",
        "p",
        "p",
        "2026-06-22",
        "Mobile now releases weekly on Tuesdays; branch cut on Fridays (replaces the fortnightly Thursday train)",
        "From July 2026 the app releases every Tuesday. The release branch is cut on Friday at 12:00 "
        "Lisbon, Lin runs regression on Mondays (Taipei afternoon), and the store submission goes out on Tuesday mornings. "
        "The fortnightly Thursday train is gone.",
    ),
    (
        "mob-flutter-pin-old",
        "p",
        "p",
        "2026-01-16",
        "Flutter SDK pinned to 3.22 across the app and CI",
        "We pin Flutter 3.22 in the app, in Codemagic and in developer setup docs. Upgrades are a planned "
        "task, never incidental.",
    ),
    (
        "mob-flutter-pin-new",
        "p",
        "p",
        "2026-08-31",
        "Flutter is now pinned to 3.27 (upgraded from 3.22 in late August 2026)",
        "The Flutter upgrade is done: the app, Codemagic workflows and the setup docs pin Flutter 3.27. "
        "Don't propose APIs that need a newer SDK, and don't use anything deprecated in 3.27 either.",
    ),
    (
        "mob-min-os-old",
        "p",
        "p",
        "2026-01-21",
        "Minimum supported versions: iOS 15 and Android 8.0 (API 26)",
        "The app supports iOS 15+ and Android API 26+. Dropping a version needs a look at the PostHog "
        "share and Sunniva's approval.",
    ),
    (
        "mob-min-os-new",
        "p",
        "p",
        "2026-09-14",
        "Minimum iOS raised to 16 from the 2026-10-06 release; Android stays at API 26",
        "iOS 15 share fell under 1.5%, so from the release of 2026-10-06 the app requires iOS 16. Android "
        "stays at API 26 for now. Sunniva approved on 2026-09-11.",
    ),
    (
        "mob-riverpod",
        "p",
        "p",
        "2026-02-09",
        "State management is Riverpod; no new Bloc code, old Bloc screens migrate when touched",
        "The app standardised on Riverpod (code-generated providers). The few remaining Bloc screens "
        "(settings, onboarding) get migrated when someone touches them for a feature; don't write new Bloc.",
    ),
    (
        "mob-codemagic-builds",
        "p",
        "p",
        "2026-02-12",
        "Mobile release builds run on Codemagic; Buildkite only runs the Dart unit tests",
        "Store builds, signing and upload happen on Codemagic. Buildkite runs the Dart unit and widget "
        "tests on every PR but never builds release artefacts.",
    ),
    (
        "mob-offline-flashcards",
        "p",
        "p",
        "2026-03-06",
        "Flashcards work fully offline; review events sync later, last writer wins per card",
        "Flashcard decks and reviews work offline. Review events are queued locally and synced when online; "
        "conflicts resolve per card by latest review timestamp. Scheduling (spaced repetition) runs on the "
        "device, the server only stores the result.",
    ),
    (
        "mob-staged-rollout",
        "p",
        "p",
        "2026-03-17",
        "Rollout: iOS phased release over 7 days, Android staged 10% / 50% / 100%",
        "Every release uses Apple's 7-day phased release and on Android a staged rollout at 10%, then 50% "
        "after 24 hours, then 100% after another 48 hours if crash-free sessions hold.",
    ),
    (
        "mob-crash-free-gate",
        "p",
        "p",
        "2026-03-17",
        "A rollout pauses if crash-free sessions drop below 99.5%",
        "The gate for advancing a rollout is crash-free sessions at or above 99.5% for the new version. "
        "Below that Inês pauses the rollout and Lin triages with the error tracker.",
    ),
    (
        "mob-deeplinks-domain",
        "p",
        "p",
        "2026-04-13",
        "Universal and app links use learn.quillmoss.app; marketing domains must not deep-link",
        "Deep links go through learn.quillmoss.app only (apple-app-site-association and assetlinks live "
        "there). Marketing pages on quillmoss.com link to it rather than trying to open the app directly.",
    ),
    (
        "mob-analytics-naming",
        "p",
        "p",
        "2026-04-16",
        "PostHog events are object_action in snake_case, with no personal data in properties",
        "Mobile analytics events use object_action snake_case names (lesson_booked, card_reviewed). "
        "Properties never carry names, emails or free text; ids only.",
    ),
    (
        "mob-accessibility-rules",
        "p",
        "p",
        "2026-05-08",
        "Dynamic type must work up to 200%; tap targets at least 44 points",
        "Accessibility baseline for the app: layouts survive 200% text scaling without truncating actions, "
        "tap targets are at least 44 by 44 points, and every icon button has a semantic label.",
    ),
    (
        "mob-regression-taipei",
        "p",
        "p",
        "2026-06-24",
        "林乔每周一（台北时间下午）跑完整回归测试，发版前必须通过",
        "移动端改成每周二发版之后，林乔每周一台北时间下午跑完整回归测试（iOS 和 Android 各一轮）。"
        "回归没通过就不提交商店审核。回归用例在 Outline 的移动端测试集合里维护。",
    ),
    (
        "mob-no-tablet-layout",
        "p",
        "p",
        "2026-07-06",
        "No tablet layouts before 2027; don't add iPad or tablet breakpoints",
        "Product decided tablet layouts wait until 2027. The app runs scaled on iPad; don't add tablet "
        "breakpoints or split views in the meantime, they'd need design and QA we don't have.",
    ),
    (
        "mob-string-freeze",
        "p",
        "p",
        "2026-07-13",
        "App ships in nine UI languages; new strings freeze on Wednesdays for the Tuesday release",
        "The app UI is translated into nine languages. With the weekly train, new strings must be in by "
        "Wednesday 18:00 Lisbon to make the following Tuesday's release; later strings ride the next one.",
    ),
    (
        "mob-push-permission",
        "p",
        "p",
        "2026-08-05",
        "推送权限不在首次启动时申请，等学员预约第一节课之后再弹",
        "产品决定：App 首次启动时不弹推送权限请求。学员预约第一节课之后，先展示我们自己的说明页，"
        "再调用系统权限弹窗。这样授权率从 41% 提高到了 63%。",
    ),
    # ---------------------------------------------------------------- search
    (
        "srch-owner-old",
        "p",
        "p",
        "2026-01-07",
        "Rafael Okonjo owns search (tutor and course search on Typesense)",
        "Search, meaning tutor discovery and course search, is owned by Rafael Okonjo. Ranking changes and "
        "Typesense schema changes need his review.",
    ),
    (
        "srch-owner-new",
        "p",
        "p",
        "2026-08-17",
        "Mireille Astor owns search since 2026-08-17; Rafael moved to pipelines",
        "Ownership change: from 2026-08-17 search is owned by Mireille Astor. Rafael Okonjo moved to the "
        "pipelines team and only consults on history. Ranking and schema reviews go to Mireille.",
    ),
    (
        "srch-typesense-cluster",
        "p",
        "p",
        "2026-01-14",
        "Search runs on a three-node Typesense cluster with collections for tutors and courses",
        "Tutor and course search is a three-node Typesense cluster in Falkenstein. Two collections matter: "
        "tutors and courses, each behind an alias. The classroom service pushes updates on tutor profile "
        "changes; a nightly full sync repairs drift.",
    ),
    (
        "srch-rate-limit-old",
        "p",
        "p",
        "2026-02-23",
        "Search API keys are limited to 50 requests per second each",
        "Each scoped search key (web, mobile, partner widget) is limited to 50 requests per second at the "
        "search proxy. The mobile app debounces typing by 250 ms to stay under it.",
    ),
    (
        "srch-rate-limit-new",
        "p",
        "p",
        "2026-07-20",
        "Per-key search limit raised to 120 requests/second (from 50) after the proxy rewrite",
        "After the search proxy moved to Go and got connection pooling, the per-key limit went from 50 to "
        "120 requests per second. Mobile keeps its 250 ms debounce anyway; the partner widget key stays "
        "separately capped by contract.",
    ),
    (
        "srch-ranking-signals",
        "p",
        "p",
        "2026-03-09",
        "Tutor ranking: text match first, then Bayesian rating, response rate, then price proximity",
        "Tutor results are sorted by text match bucket, then a Bayesian-averaged rating (prior of 4.2 over "
        "20 ratings), then 30-day response rate, then how close the price is to the learner's filter midpoint. "
        "Paid placement does not exist and should not be suggested.",
    ),
    (
        "srch-golden-set",
        "p",
        "p",
        "2026-03-25",
        "240 golden queries guard ranking; nDCG@10 may not drop more than one point",
        "We keep 240 golden queries in several languages with graded judgements. Any ranking or tokenisation "
        "change must not lower nDCG@10 by more than one point overall or three points in any language.",
    ),
    (
        "srch-synonyms-sheet",
        "p",
        "p",
        "2026-04-01",
        "Synonyms are maintained by the language teams and synced nightly to Typesense",
        "Synonym sets (e.g. 'conversation' and 'speaking practice') are maintained by the language-content "
        "teams, not engineers, and synced nightly. Don't hardcode synonyms in the proxy.",
    ),
    (
        "srch-reindex-alias",
        "p",
        "p",
        "2026-04-27",
        "Reindexing uses a new collection plus alias swap; the old collection is kept 24 hours",
        "A full reindex builds a new collection, validates counts and the golden set against it, then swaps "
        "the alias. The previous collection stays for 24 hours as instant rollback before deletion.",
    ),
    (
        "srch-no-personalisation",
        "p",
        "p",
        "2026-05-14",
        "No personalised ranking until the privacy review concludes (target 2026-12-15)",
        "Decision: search ranking stays non-personalised (no learner history signals) until the DPO's "
        "privacy review finishes, targeted for 2026-12-15. Filters the learner sets explicitly are fine.",
    ),
    (
        "srch-price-filter-fx",
        "p",
        "p",
        "2026-05-21",
        "Price filters convert tutor prices to the learner's currency using the daily ECB rate",
        "Tutors set prices in their own currency. The price filter and display convert using the ECB "
        "reference rate fetched daily at 16:30 CET; the charge itself uses till's price table, so small "
        "differences are expected and labelled 'approx.'.",
    ),
    (
        "srch-hide-low-rated",
        "p",
        "p",
        "2026-06-11",
        "搜索结果隐藏评分低于 3.5 且课时少于 10 节的老师，新老师保护期除外",
        "排序规则补充：评分低于 3.5 并且已完成课时少于 10 节的老师不出现在搜索结果里。"
        "新老师入驻后 30 天内是保护期，不受这条限制。这个阈值是 tutor-ops 和 Mireille 一起定的。",
    ),
    (
        "srch-cjk-tokenisation",
        "p",
        "p",
        "2026-07-02",
        "中文和日文老师简介用 Typesense 的 locale 分词，不能用默认的空格分词",
        "老师简介里有大量中文、日文内容。tutors collection 里这些字段要设置对应的 locale（zh、ja），"
        "否则默认按空格分词，整段中文会被当成一个词，搜不到。",
    ),
    (
        "srch-autocomplete",
        "p",
        "p",
        "2026-08-03",
        "Autocomplete suggests languages and tutor names only, never free-text bios",
        "The search box autocomplete draws from language names, course titles and tutor display names. Bios "
        "are excluded on purpose (privacy and noise). Minimum prefix is two characters.",
    ),
    (
        "srch-latency-slo",
        "p",
        "p",
        "2026-09-02",
        "Search latency SLO: p95 under 120 ms at the proxy, measured over 28 days",
        "The search SLO is p95 latency under 120 ms at the search proxy over a rolling 28 days, with 99.9% "
        "availability. Burn-rate alerts page the search owner, not platform on-call.",
    ),
]
