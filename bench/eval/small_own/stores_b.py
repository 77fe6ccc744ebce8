"""Medium stores s05-s08 (8-15 notes each; s08 partly Chinese): hand-written literals for make.py."""

# fmt: off
STORES = [
{
    "nn": 5,
    "developer": "Tom Hughes, senior PHP developer at a web agency",
    "project": "Vinoteca, an online shop for a UK wine merchant",
    "stack": "Laravel 11, Livewire 3, MySQL, Laravel Forge, Stripe",
    "team": "5 (agency)",
    "replaced": [(6, 7)],
    "notes": [
        (1, "tom-background", "user", "global", "02-02 09:10",
         "Tom: ten years of Laravel and Eloquent, new to Livewire 3 and Alpine.js; skip Eloquent basics, explain Livewire carefully",
         "Tom has worked with Laravel for ten years and knows Eloquent, queues and the service container well; do "
         "not explain those. He is new to Livewire 3 and Alpine.js, so explain their lifecycle and reactivity "
         "carefully, comparing with a classic controller and Blade request cycle."),
        (2, "schema-changes-need-sana", "feedback", "project", "02-03 11:25",
         "Every database schema change needs a review from tech lead Sana Qureshi before merge; a migration that ran in production is never edited",
         "Any change to the database schema (new table, new column, index, type change) needs a review from Sana "
         "Qureshi, the agency's tech lead, before it is merged. A migration that has already run in production "
         "is never edited; the change goes into a new migration instead."),
        (3, "forge-staging-then-prod", "project", "project", "02-04 15:00",
         "Deploys go through Forge: staging first, sign-off from Fiona at Vinoteca, then production before 15:00 UK time",
         "Every deploy goes through Laravel Forge: staging first, then Fiona Blake at Vinoteca checks it and signs "
         "off in the Slack channel, then production. Production deploys start before 15:00 UK time so there is "
         "an afternoon to watch them; never on a Friday."),
        (4, "age-check-every-checkout", "project", "project", "02-06 10:40",
         "UK law: every checkout path, including express-pay buttons, must confirm the buyer is over 18 before payment",
         "Selling alcohol online in the UK means every checkout path must confirm that the buyer is over 18 before "
         "payment: the date-of-birth question and the declaration checkbox. This includes express-pay buttons and "
         "gift orders; Vinoteca's licence depends on it."),
        (5, "jira-harvest-slack", "reference", "project", "02-09 09:30",
         "Vinoteca work is tracked in Jira project WINE, time is logged in Harvest, client talk happens only in Slack #ext-vinoteca",
         "Tickets for this client live in the Jira project WINE. Time is logged against the ticket in Harvest at the "
         "end of each day. All communication with the client goes through the shared Slack channel #ext-vinoteca, "
         "never direct messages or email threads."),
        (6, "payments-stripe-only", "project", "project", "02-10 14:20",
         "Payments go through Stripe only; the client declined PayPal",
         "Vinoteca takes payment through Stripe only: cards, Apple Pay and Google Pay via Stripe's payment element. "
         "The client declined PayPal at the kickoff meeting, so do not add other providers or build a provider "
         "abstraction for them."),
        (7, "payments-stripe-and-paypal", "project", "project", "02-24 16:05",
         "Replaces the Stripe-only rule: since 2026-02-24 PayPal is offered too; cards stay on Stripe, both end in the same order confirmation",
         "Replaces the earlier Stripe-only decision. On 2026-02-24 the client asked for PayPal as well. Cards, "
         "Apple Pay and Google Pay stay on Stripe; PayPal gets its own checkout button. Both providers must end in "
         "the same order confirmation email and the same age check."),
        (8, "tests-pest-feature", "feedback", "global", "02-25 10:00",
         "Tom wants new tests written with Pest and prefers feature tests over unit tests for HTTP endpoints",
         "In every Laravel project Tom wants new tests written in Pest rather than classic PHPUnit style, and he "
         "prefers feature tests that hit the HTTP endpoint over unit tests of a controller. Factories over "
         "hand-built fixtures."),
        (9, "spring-sale-freeze", "project", "project", "02-26 17:45",
         "Deploy freeze for Vinoteca's spring sale: no production deploys from 2026-03-16 to 2026-03-23",
         "Vinoteca runs its spring sale from 2026-03-16 to 2026-03-23. No production deploys during that week, "
         "not even small changes, unless Fiona asks for an emergency deploy in writing. Staging is fine."),
        (10, "sentry-ohdear-rota", "reference", "project", "02-27 12:10",
         "Errors go to Sentry project vinoteca-web, uptime is watched by Oh Dear, the support rota is the Notion page Support rota",
         "Application errors are reported to the Sentry project vinoteca-web. Uptime and certificate expiry are "
         "watched by Oh Dear, which pages whoever is on the agency's support rota. The rota itself is the "
         "Notion page \"Support rota\"."),
    ],
    "queries": [
        ("deploy the shipping fix to prod", [9, 3], "03-18 10:30", True, "indirect"),
        ("add a nullable gift_message column to orders", [2], "03-02 11:00", True, "indirect"),
        ("add an apple pay express button on the product page", [4, 7], "03-03 14:20", False, "indirect"),
        ("can customers pay with paypal?", [7], "03-04 09:15", True, "superseded"),
        ("which payment providers do we support again", [7], "03-05 16:00", False, "superseded"),
        ("explain wire:model.live vs wire:model", [1], "03-06 10:45", False, "keyword"),
        ("where do i log my hours", [5], "03-06 17:50", False, "indirect"),
        ("link to the sentry project?", [10], "03-09 09:05", False, "keyword"),
        ("write tests for the basket endpoints", [8], "03-09 13:30", False, "indirect"),
        ("whats a good red under 15 quid for a bbq", [], "03-10 18:10", True, "negative"),
        ("morning all", [], "03-11 08:30", True, "negative"),
        ("how does a bloom filter work", [], "03-11 15:40", False, "negative"),
        ("stripe's european office is in dublin right", [], "03-12 12:00", False, "negative"),
        ("how old do you have to be to rent a car in the uk", [], "03-13 19:25", False, "negative"),
    ],
},
{
    "nn": 6,
    "developer": "Aiko Tanaka, gameplay programmer at an indie studio",
    "project": "Moss & Ember, a cozy farming game for PC and Nintendo Switch",
    "stack": "Unity 2022.3 LTS, C#, FMOD, Steam, HacknPlan",
    "team": "8",
    "replaced": [(4, 12)],
    "notes": [
        (1, "aiko-background", "user", "global", "07-01 10:00",
         "Aiko: strong in C# and gameplay systems, weak in shaders and rendering; explain graphics topics visually and step by step",
         "Aiko is a gameplay programmer with strong C# and systems design experience. Shaders, render pipelines "
         "and GPU topics are her weak spot: explain them step by step with a picture of what happens to each "
         "pixel, and avoid assuming graphics vocabulary."),
        (2, "unity-2022-pinned", "project", "project", "07-02 11:30",
         "The engine is pinned to Unity 2022.3 LTS; no engine upgrade before the Switch certification submission on 2026-09-15",
         "Moss & Ember stays on Unity 2022.3 LTS. No engine upgrades, not even to a newer LTS patch with API "
         "changes, until after the Nintendo Switch certification submission on 2026-09-15. Package updates "
         "need the same care."),
        (3, "asset-store-approval", "feedback", "project", "07-03 14:10",
         "Asset Store packages need approval from lead programmer Dmitri Volkov, and their licence must allow shipping on consoles",
         "Do not add Asset Store packages or third-party plugins without approval from Dmitri Volkov, the lead "
         "programmer. Check the licence first: it must allow shipping on Nintendo Switch, and packages with "
         "native plugins are rejected because of console porting."),
        (4, "playtest-builds-itch", "project", "project", "07-03 16:40",
         "Playtest builds are uploaded to the private itch.io page every Thursday",
         "Every Thursday a playtest build goes to the private itch.io page for the 40 community playtesters. "
         "Builds are made from the main branch at noon and the password for the page is shared only in the "
         "playtesters' Discord."),
        (5, "localisation-sheet", "project", "project", "07-06 09:45",
         "All player-facing text goes into the localisation sheet; the game ships in EN, JA, DE, FR and Aiko proofreads Japanese",
         "Every line of player-facing text, including item names and tooltips, is added to the localisation sheet "
         "before it appears in the game. The game ships in English, Japanese, German and French; Aiko proofreads "
         "the Japanese herself and the rest goes to the agency on Mondays."),
        (6, "switch-budgets", "project", "project", "07-08 13:00",
         "Switch budgets: 3.2 GB memory, 30 fps docked and handheld; textures above 2048 px need approval from art lead Marta",
         "The Switch version must fit in 3.2 GB of memory and hold 30 fps both docked and handheld. Textures larger "
         "than 2048 px need approval from Marta Silva, the art lead, and every new scene is profiled on a devkit "
         "before it is merged."),
        (7, "bugs-hacknplan-backtrace", "reference", "project", "07-09 10:20",
         "Bugs are tracked on the HacknPlan board M&E Bugs; crash dumps from playtesters land in the Backtrace project moss-ember",
         "Bugs go on the HacknPlan board \"M&E Bugs\" with a severity tag. Crash dumps from playtest builds are "
         "uploaded automatically to the Backtrace project moss-ember, where they are grouped by crash signature."),
        (8, "no-weekend-pings", "feedback", "project", "07-13 18:00",
         "Studio rule: no messages that expect a reply on weekends, and no builds or meetings on Friday afternoons",
         "The studio's rule against crunch: nobody sends messages that expect a reply on weekends, and nothing is "
         "scheduled for Friday afternoons, neither builds nor meetings. Messages that can wait are scheduled "
         "to be sent at the start of the working week."),
        (9, "save-format-versioned", "project", "project", "07-15 11:15",
         "Save files carry a version number; any change to what is saved needs an upgrade step and a test with a save from the last playtest",
         "Players keep their farms between playtests, so save files carry a version number. Any change to what is "
         "saved needs an upgrade step from the previous version and a test that loads a real save from the last "
         "playtest build."),
        (10, "audio-via-request-form", "project", "project", "07-20 15:30",
         "Music and sound are made by contractor Lena Park in FMOD; new sound events are requested through the audio request form",
         "Lena Park, a contractor, writes the music and sound effects and owns the FMOD project. New sound events "
         "are requested through the audio request form with a short video of the moment, never by messaging her "
         "directly; she batches requests weekly."),
        (11, "playtest-findings", "reference", "project", "07-22 09:00",
         "Playtest survey answers come from the Google Form M&E playtest and are summarised in the Notion page Playtest findings on Mondays",
         "Playtesters answer the Google Form \"M&E playtest\" after each build. On Mondays the producer summarises "
         "the answers in the Notion page \"Playtest findings\", which is the place to look for what players "
         "liked or found confusing."),
        (12, "playtest-builds-steam", "project", "project", "07-28 17:20",
         "Replaces the itch.io rule: from 2026-07-30 playtest builds go out through Steam Playtest, still on Thursdays",
         "Replaces the itch.io arrangement. From 2026-07-30 weekly playtest builds are published through Steam "
         "Playtest instead of itch.io, still every Thursday from the main branch. Playtesters get access by "
         "requesting it on the store page; the itch.io page is closed."),
    ],
    "queries": [
        ("upgrade to unity 6", [2], "08-03 10:00", True, "keyword"),
        ("grab that dialogue system from the asset store", [3], "08-03 14:30", False, "keyword"),
        ("add the new shopkeeper lines", [5], "08-04 11:10", False, "indirect"),
        ("upload this weeks playtest build", [12], "08-06 11:50", True, "superseded"),
        ("explain what a stencil buffer is", [1], "08-06 16:00", False, "indirect"),
        ("4k textures for the title screen", [6], "08-07 10:30", False, "indirect"),
        ("add the fishing rod durability to the inventory data", [9], "08-10 13:15", False, "indirect"),
        ("need a splash sound when the bucket hits the pond", [10], "08-10 15:45", True, "indirect"),
        ("where do the crash dumps go", [7], "08-11 09:20", False, "keyword"),
        ("how do i pair a switch pro controller with my mac", [], "08-11 20:00", True, "negative"),
        ("ty!!", [], "08-12 10:05", False, "negative"),
        ("best fishing spots near lake biwa", [], "08-12 18:40", True, "negative"),
        ("ffmpeg one-liner to turn a gif into an mp4", [], "08-13 12:00", False, "negative"),
    ],
},
{
    "nn": 7,
    "developer": "Rafael Souza, firmware engineer with an electronics background",
    "project": "Tidewell, a LoRaWAN soil-moisture sensor",
    "stack": "Zephyr RTOS 3.6, nRF Connect SDK, nRF52840, MCUboot, The Things Stack",
    "team": "4 (hardware startup)",
    "replaced": [],
    "notes": [
        (1, "rafael-background", "user", "global", "09-01 08:30",
         "Rafael: electronics engineer, strong in C and hardware, newer to Zephyr devicetree and Kconfig; explain with hardware analogies",
         "Rafael trained as an electronics engineer and is at home with C, schematics and oscilloscopes. He is newer "
         "to Zephyr: devicetree, overlays and Kconfig still confuse him, so explain them by analogy with how the "
         "hardware is wired and configured on the board."),
        (2, "battery-budget", "project", "project", "09-02 10:15",
         "Average current must stay under 25 uA; anything that wakes the radio more often than every 15 minutes needs sign-off from Hanna",
         "The sensor has to last five years on one primary cell, so the average current must stay under 25 uA. "
         "Any feature that wakes the radio more often than once every 15 minutes, or keeps the MCU awake longer, "
         "needs sign-off from Hanna Berg, the hardware lead, with a power-profiler measurement."),
        (3, "zephyr-36-pinned", "project", "project", "09-03 14:00",
         "Zephyr is pinned to 3.6 LTS with nRF Connect SDK 2.6; no upgrades before the field trial ends on 2026-11-30",
         "The firmware stays on Zephyr 3.6 LTS and nRF Connect SDK 2.6 until the field trial ends on 2026-11-30. "
         "Changing the SDK during the trial makes the power measurements incomparable, so there are no "
         "exceptions for minor SDK versions either."),
        (4, "no-heap-after-boot", "feedback", "project", "09-05 11:20",
         "Team rule: firmware never allocates heap memory after boot; reviewers reject dynamic allocation in runtime paths",
         "The team's rule for reliability in the field: the firmware never allocates heap memory after boot. All "
         "buffers are sized at build time, and reviewers reject dynamic allocation anywhere on a runtime path, "
         "including in third-party modules pulled in later."),
        (5, "signed-ota-staged", "project", "project", "09-08 16:30",
         "Firmware images are signed with the MCUboot key Hanna holds; OTA goes to the 20-device pilot group first, 72 hours soak, then the fleet",
         "Every firmware image is signed with the MCUboot key, which only Hanna holds; she signs release images. "
         "Updates go over the air to the 20-device pilot group first, soak for 72 hours while battery and "
         "uplink counters are watched, and only then go to the whole fleet."),
        (6, "trial-data-where", "reference", "project", "09-10 09:40",
         "Field-trial uplinks arrive in The Things Stack application tidewell-trial; the dashboards are in Datacake",
         "Uplinks from the field trial arrive in The Things Stack application tidewell-trial. Decoded readings and "
         "battery voltage are forwarded to Datacake, where the \"Trial overview\" dashboard shows every device "
         "by farm."),
        (7, "farm-visits-no-usb", "project", "project", "09-14 13:10",
         "Field trial at three farms in the Alentejo, visited on Wednesdays; devices on site are never reflashed over USB, only by OTA",
         "The field trial runs at three farms in the Alentejo and someone visits on Wednesdays. Devices installed on "
         "a farm are never reflashed over USB: opening the enclosure breaks the moisture seal. Changes reach "
         "them only through the staged OTA process."),
        (8, "datasheet-page-numbers", "feedback", "global", "09-18 17:00",
         "For register-level answers Rafael wants them checked against the chip's product specification with section numbers, not from memory",
         "When Rafael asks about peripheral registers or electrical limits, he wants the answer checked against the "
         "chip's product specification and cited with the section number, not recalled from memory. If the "
         "document is not available, say so instead of guessing."),
        (9, "hw-board-kicad", "reference", "project", "09-22 10:50",
         "Hardware issues go on the HW board in GitHub Projects; schematic reviews use the KiCad files in the shared drive Tidewell HW",
         "Hardware problems (antenna matching, enclosure, sensor drift) are tracked on the \"HW\" board in GitHub "
         "Projects, separate from firmware issues. Schematic reviews happen on the KiCad files in the shared "
         "drive \"Tidewell HW\", with comments on the PDF export."),
    ],
    "queries": [
        ("sample every 5 min instead of 15", [2], "09-24 10:00", True, "indirect"),
        ("bump zephyr to 4.0", [3], "09-24 15:20", True, "keyword"),
        ("push the new firmware to all devices", [5], "09-25 11:45", False, "indirect"),
        ("what does the SAADC oversample register do exactly", [8], "09-28 09:30", False, "keyword"),
        ("how do overlays work, i dont get where the pins come from", [1], "09-28 14:10", False, "indirect"),
        ("use malloc for the packet queue", [4], "09-29 10:40", False, "indirect"),
        ("wheres the trial data", [6], "09-29 16:00", True, "terse"),
        ("reflash unit 7 with the debug build when we're at the farm", [7], "09-30 08:15", False, "indirect"),
        ("sign the 1.3.0 image", [5], "10-01 13:00", False, "terse"),
        ("antenna mismatch on rev c, where do i report it", [9], "10-02 10:30", False, "indirect"),
        ("what's the weather like in the alentejo in october", [], "10-02 18:00", True, "negative"),
        ("cool, thanks", [], "10-05 09:10", False, "negative"),
        ("worst case big-o of quicksort and why", [], "10-05 21:30", True, "negative"),
        ("translate 'soil moisture sensor' into portuguese for the flyer", [], "10-06 11:00", False, "negative"),
    ],
},
{
    "nn": 8,
    "developer": "陈晓雨 (Chen Xiaoyu), epidemiology PhD student",
    "project": "a Shiny dashboard for a university cohort study",
    "stack": "R, Shiny, ggplot2, renv, Posit Connect, GitLab",
    "team": "4 (research lab)",
    "replaced": [(5, 11)],
    "notes": [
        (1, "xiaoyu-background", "user", "global", "10-08 20:10",
         "陈晓雨：流行病学博士生，统计和 R 很熟，没有 Web 开发经验；讲 Shiny 响应式和部署要从头讲",
         "陈晓雨是流行病学博士生，用 R 做统计分析已经五年，回归、生存分析都很熟，这些不用解释。"
         "但她没有任何 Web 开发经验，Shiny 的响应式编程、会话和服务器部署要从头讲，最好用数据分析流程来类比。"),
        (2, "new-packages-ask-wang", "feedback", "project", "10-09 10:30",
         "新增 R 包要先征得导师王老师同意，并用 renv 锁定版本，保证结果可复现",
         "为了论文结果可复现，项目里所有 R 包的版本都用 renv 锁定。要引入新的 R 包，先跟导师王建国老师说明用途，"
         "他同意后再加，并且优先用 CRAN 上维护活跃的包。"),
        (3, "cohort-data-stays-internal", "project", "project", "10-09 15:45",
         "队列数据含个人健康信息：不得上传到任何外部服务，只能在学院服务器上处理；日志和截图里不能出现受试者编号",
         "队列数据包含受试者的个人健康信息，伦理审批只允许在学院服务器上处理。任何外部服务都不能上传，"
         "包括 shinyapps.io、在线 AI 工具和个人网盘。日志、报错信息和截图里也不能出现受试者编号。"),
        (4, "posit-connect-deploys", "project", "project", "10-10 11:00",
         "The app is deployed on the school's Posit Connect server; lab manager Liu Yang approves each deploy; maintenance is on Sunday nights",
         "The dashboard runs on the school's Posit Connect server. Each deploy needs approval from Liu Yang, the lab "
         "manager, who publishes it. The server has maintenance on Sunday nights, so deploys are not scheduled "
         "then."),
        (5, "plot-colours-default", "project", "project", "10-10 16:20",
         "图表先用 ggplot2 默认配色，不额外设计",
         "目前所有图表都用 ggplot2 的默认配色，不花时间单独设计颜色，先把功能做完。组里其他人的图也是默认配色，"
         "保持一致即可。"),
        (6, "group-meeting-thursday", "reference", "project", "10-12 09:00",
         "组会每周四下午两点；周报发到飞书群「队列研究组」",
         "课题组每周四下午两点开组会，每个人汇报一周进展。周报在组会前发到飞书群「队列研究组」，"
         "导师会在群里直接回复意见，所以找之前的反馈要去这个群里翻。"),
        (7, "analysis-dataset-v3-frozen", "project", "project", "10-20 17:30",
         "The analysis dataset is frozen at version v3 as of 2026-10-20; every number in the app must come from v3 until the paper is submitted",
         "As of 2026-10-20 the analysis dataset for the paper is frozen at version v3. Every number and plot in "
         "the app must come from v3 until the manuscript is submitted, even when newer follow-up data arrives; "
         "new data goes into v4 afterwards."),
        (8, "english-comments-and-names", "feedback", "global", "10-21 21:00",
         "写代码时注释和变量名一律用英文，不用拼音命名",
         "陈晓雨写的 R 代码会给国外合作者看，所以写代码时注释和变量名一律用英文，"
         "不要用拼音命名，函数说明也用英文。"),
        (9, "gitlab-cohort-dashboard", "reference", "project", "10-22 10:10",
         "Issues and merge requests live on the lab's GitLab instance in the project cohort-dashboard",
         "The code, issues and merge requests are on the lab's own GitLab instance, project cohort-dashboard. "
         "Feature requests from the PI are filed there as issues with the label pi-request."),
        (10, "model-changes-reviewed-by-lin", "feedback", "project", "10-23 14:40",
         "统计模型的公式有任何改动，都要由统计师林梅博士审核",
         "应用里展示的统计模型（Cox 回归、发病率模型）只要公式有改动，包括加减协变量、交互项、变换，"
         "都要先发给统计师林梅博士审核，她同意后才能合并。"),
        (11, "plot-colours-viridis", "project", "project", "10-27 11:30",
         "替代之前的默认配色规定：所有图表统一使用色盲友好的 viridis 配色（导师要求）",
         "这条替代之前「用 ggplot2 默认配色」的做法。导师在组会上要求所有图表统一改用色盲友好的 viridis 配色，"
         "包括生存曲线和地图，论文里的图也一样。"),
        (12, "submission-deadline-ije", "project", "project", "10-30 19:00",
         "论文投稿截止 2026-12-15（IJE 特刊）；在那之前应用不加新功能，只改图表和文字",
         "论文要在 2026-12-15 前投给 IJE 的特刊。在那之前应用不再加新功能，只改图表外观和说明文字，"
         "新功能的想法先记到 GitLab 的 issue 里。"),
    ],
    "queries": [
        ("帮我把数据传到 shinyapps.io 上给合作者看一下", [3], "11-02 10:20", True, "chinese"),
        ("部署新版本", [4], "11-02 15:00", True, "cross-lingual"),
        ("图的颜色怎么配", [11], "11-03 09:40", True, "superseded"),
        ("what palette should the survival curves use", [11], "11-03 16:30", False, "cross-lingual"),
        ("把模型里加一个年龄的平方项", [10], "11-04 10:10", False, "chinese"),
        ("reactive 和 observe 到底有什么区别", [1], "11-04 20:45", True, "chinese"),
        ("can i update the incidence numbers with the new october follow-up data", [7], "11-05 11:20", False, "indirect"),
        ("在日志里打印出错的受试者ID，方便排查", [3], "11-05 14:00", False, "chinese"),
        ("写个函数算一下分年龄组的发病率", [8], "11-06 10:30", True, "chinese"),
        ("add a new tab for the sensitivity analysis", [12], "11-09 15:15", False, "cross-lingual"),
        ("加个 survminer 包画图可以吗", [2], "11-10 09:50", False, "chinese"),
        ("周四晚上吃什么好", [], "11-10 18:30", True, "negative"),
        ("viridis 这个词是拉丁语吗", [], "11-11 12:00", False, "negative"),
        ("谢谢！", [], "11-11 12:05", False, "negative"),
        ("how many people live in shanghai", [], "11-12 08:40", True, "negative"),
    ],
},
]
# fmt: on
