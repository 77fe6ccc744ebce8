"""Fake credentials and benign look-alikes for the secrets gate (issue 14, acceptance 1).

Everything is built at run time from pieces with a seeded generator, so no credential-shaped
literal is committed. :func:`credentials` gives ``(format, message, pieces)``: the message a
person might type or paste, and the byte strings that must never reach disk (the secret, and
for multi-line key blocks each body line). :func:`lookalikes` gives benign texts that carry
hashes, UUIDs, git SHAs, base64 fixtures and placeholders.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
UPPER = string.ascii_uppercase + string.digits
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def s(self, n: int, alphabet: str = ALNUM) -> str:
        # At least one digit and one letter, so every token is unmistakably generated.
        mixed = any(c.isdigit() for c in alphabet) and any(c.isalpha() for c in alphabet)
        while True:
            out = "".join(self.rng.choice(alphabet) for _ in range(n))
            if (
                n < 8
                or not mixed
                or (any(c.isdigit() for c in out) and any(c.isalpha() for c in out))
            ):
                return out


def _pem(g: _Gen, label: str) -> tuple[str, list[str]]:
    lines = [g.s(64, B64) for _ in range(5)] + [g.s(28, B64) + "=="]
    dash = "-" * 5
    block = "\n".join(
        [f"{dash}BEGIN {label}PRIVATE KEY{dash}", *lines, f"{dash}END {label}PRIVATE KEY{dash}"]
    )
    return block, lines


def credentials() -> list[tuple[str, str, list[str]]]:  # noqa: PLR0915 - a table
    g = _Gen(14_2026)
    out: list[tuple[str, str, list[str]]] = []

    def add(fmt: str, secret: str, message: str) -> None:
        out.append((fmt, message.replace("{S}", secret), [secret]))

    add("aws-key-id", "AK" + "IA" + g.s(16, UPPER), "Our CI deploy user is {S} in eu-west-1.")
    add(
        "aws-secret",
        g.s(40, B64),
        "For the nightly job set aws_secret_access_key={S} in the runner profile.",
    )
    add("aws-session", g.s(120, B64), "Export AWS_SESSION_TOKEN={S} before running the export.")
    add("github-classic", "gh" + "p_" + g.s(36), "Use {S} when the release bot pushes tags.")
    add("github-oauth", "gh" + "o_" + g.s(36), "The dashboard signs in with {S} for now.")
    add("github-fine", "github" + "_pat_" + g.s(22) + "_" + g.s(59), "Fine-grained one: {S}.")
    add("gitlab-pat", "gl" + "pat-" + g.s(20, URLSAFE), "GitLab mirrors authenticate as {S}.")
    add("gitlab-runner", "gl" + "rt-" + g.s(24, URLSAFE), "Register runners with {S} please.")
    add("bitbucket", "AT" + "BB" + g.s(32), "Bitbucket app password for the bot: {S}")
    add("atlassian", "AT" + "ATT3x" + g.s(40, URLSAFE), "Jira automation uses {S} always.")
    add("docker-oat", "dckr" + "_oat_" + g.s(26, URLSAFE), "The org access token is {S}.")
    add("npm", "np" + "m_" + g.s(36), "Publishing from CI needs {S} in .npmrc.")
    add("pypi", "pypi-" + "AgEIcHlwaS5vcmc" + g.s(70, URLSAFE), "Upload with {S} to the index.")
    add("rubygems", "rubygems_" + g.s(48, HEX), "Gem pushes go out with {S} on release.")
    add("tfc", g.s(14) + ".atlas" + "v1." + g.s(70, URLSAFE), "Terraform Cloud token: {S}")
    add("vault", "hv" + "s." + g.s(90, URLSAFE), "Vault root login for staging is {S}.")
    add("doppler", "dp" + ".st." + g.s(40), "Doppler service token {S} for the api config.")
    add("pulumi", "pul-" + g.s(40, HEX), "Pulumi stacks deploy with {S} from the laptop.")
    add("fly", "fo1" + "_" + g.s(40, URLSAFE), "Fly deploys use {S} as of this week.")
    add("sentry", "sntry" + "s_" + g.s(60, URLSAFE), "Release uploads use {S} for source maps.")
    add("grafana", "gl" + "sa_" + g.s(32) + "_" + g.s(8, HEX), "Grafana service account: {S}")
    add("newrelic", "NR" + "AK-" + g.s(27, UPPER), "The New Relic user key is {S} btw.")
    add("databricks", "dapi" + g.s(32, HEX), "Notebook jobs call the API with {S}.")
    add("supabase", "sbp_" + g.s(40, HEX), "Supabase management access goes through {S}.")
    add("planetscale", "pscale_" + "tkn_" + g.s(43, URLSAFE), "Branch deploys use {S}.")
    add(
        "postman", "PM" + "AK-" + g.s(24, HEX) + "-" + g.s(34, HEX), "The collection runs with {S}."
    )
    add("anthropic", "sk-" + "ant-" + "api03-" + g.s(93, URLSAFE), "Eval harness key {S} here.")
    add("openai", "sk-" + "proj-" + g.s(48, URLSAFE), "The summariser calls out with {S}.")
    add("groq", "gs" + "k_" + g.s(52), "Fast inference goes through {S} for the demo.")
    add("replicate", "r8" + "_" + g.s(37), "Image jobs on Replicate use {S}.")
    add("huggingface", "hf" + "_" + g.s(34), "Model downloads need {S} for gated repos.")
    add("linear", "lin" + "_api_" + g.s(40), "The triage script talks to Linear as {S}.")
    add("notion", "nt" + "n_" + g.s(46), "Docs sync into Notion with {S} nightly.")
    add("slack-bot", "xo" + "xb-" + g.s(12, "0123456789") + "-" + g.s(24), "Bot user: {S}")
    add(
        "slack-hook",
        "https://hooks.slack.com/"
        + "services/T"
        + g.s(8, UPPER)
        + "/B"
        + g.s(8, UPPER)
        + "/"
        + g.s(24),
        "Alerts post to {S} from the cron box.",
    )
    add(
        "discord-hook",
        "https://discord.com/api/" + "webhooks/" + g.s(18, "0123456789") + "/" + g.s(68, URLSAFE),
        "Build failures ping {S}.",
    )
    add(
        "telegram",
        g.s(10, "123456789") + ":AA" + g.s(33, URLSAFE),
        "The on-call Telegram bot runs as {S}.",
    )
    add("stripe-restricted", "rk" + "_live_" + g.s(40), "Refund tooling uses {S} only.")
    add("stripe-whsec", "wh" + "sec_" + g.s(32), "Webhook signing secret is {S}.")
    add("square", "EAAA" + g.s(60, URLSAFE), "Square sandbox access goes via {S}.")
    add(
        "braintree",
        "access_token$production$"
        + g.s(16, "abcdefghijklmnopqrstuvwxyz0123456789")
        + "$"
        + g.s(32, HEX),
        "Payments use {S} in prod.",
    )
    add("shopify", "shp" + "at_" + g.s(32, HEX), "Storefront admin API: {S}")
    add("twilio", "S" + "K" + g.s(32, HEX), "SMS verification sends with {S}.")
    add("sendgrid", "S" + "G." + g.s(22, URLSAFE) + "." + g.s(43, URLSAFE), "Mail goes via {S}.")
    add("mailchimp", g.s(32, HEX) + "-us" + "14", "Newsletter list sync uses {S}.")
    add("mapbox", "sk." + "eyJ1" + g.s(60, URLSAFE) + "." + g.s(22, URLSAFE), "Tiles: {S}")
    add("google-api", "AI" + "za" + g.s(35, URLSAFE), "Maps embed key {S} for the store page.")
    add("google-oauth", "GOC" + "SPX-" + g.s(28, URLSAFE), "OAuth client secret: {S}")
    add("alibaba", "LT" + "AI" + g.s(20), "Aliyun OSS uploads use access key id {S}.")
    add("tencent", "AK" + "ID" + g.s(32), "COS buckets are reached with SecretId {S}.")
    add("digitalocean", "do" + "p_v1_" + g.s(64, HEX), "Droplet automation runs with {S}.")
    add(
        "azure-sas-url",
        g.s(43, B64).replace("/", "%2F") + "%3D",
        "Blob backups upload to https://acct9.blob.core.windows.net/bk?sv=2024-08-04&ss=b"
        "&srt=co&sp=rwl&se=2027-01-01T00:00:00Z&sig={S}",
    )
    add(
        "azure-eventhub",
        g.s(43, B64) + "=",
        "Endpoint=sb://telemetry7.servicebus.windows.net/;SharedAccessKeyName=send;"
        "SharedAccessKey={S};EntityPath=events",
    )
    add(
        "azure-storage",
        g.s(86, B64) + "==",
        "DefaultEndpointsProtocol=https;AccountName=logs4;AccountKey={S};EndpointSuffix=core",
    )
    add(
        "jwt",
        "eyJ" + g.s(30, URLSAFE) + ".eyJ" + g.s(60, URLSAFE) + "." + g.s(43, URLSAFE),
        "Service-to-service calls carry {S} as the identity.",
    )
    add("amqp-no-user", g.s(18), "The broker is amqps://:{S}@mq.internal:5671/vhost for jobs.")
    add(
        "mongodb-srv",
        g.s(20),
        "Analytics reads from mongodb+srv://reporter:{S}@cluster3.abcde.mongodb.net/app.",
    )
    add("mssql-ado", g.s(16) + "!", "Server=sql02;Database=crm;User Id=svc_crm;Password={S};")
    add("jdbc", g.s(14), "jdbc:mysql://db7:3306/shop?user=app&password={S}&useSSL=true")
    add(
        "url-token-param",
        g.s(40),
        "The export link is https://files.example.org/x?access_token={S}",
    )
    add(
        "authz-basic",
        base64.b64encode(("admin:" + g.s(14)).encode()).decode(),
        'curl -H "Authorization: Basic {S}" against the admin API.',
    )
    add("x-api-key", g.s(40), "Send X-Api-Key: {S} with every metrics request.")
    add("proxy-authz", g.s(48, URLSAFE), "The egress proxy wants Proxy-Authorization: Bearer {S}")
    add("mysql-flag", g.s(14), "Connect with mysql -h db3 -u root -p{S} when debugging.")
    add("redis-cli-a", g.s(20), "Flush the cache via redis-cli -h cache2 -a {S} flushall.")
    add("cli-long-flag", g.s(18), "Seed the admin with ./manage createadmin --password={S}.")
    add("docker-login", g.s(24), "Log in with docker login -u ci --password {S} registry.io.")
    add("curl-user", g.s(16), "Health checks use curl -u monitor:{S} https://status.int/ok.")
    add("env-line", g.s(32), "In the .env for staging, STRIPE_SECRET={S} is the one to use.")
    add("netrc", g.s(20), "My netrc has machine git.corp.io login deploy password {S} in it.")
    add("yaml-client-secret", g.s(40, URLSAFE), "client_secret: {S}")
    add("json-token", g.s(44, URLSAFE), 'Config is {"apiToken": "{S}", "region": "eu"}.')
    add("zh-password", g.s(16), "测试库的密码是{S}，别弄丢了。")
    add("zh-token", g.s(36, URLSAFE), "部署用的令牌：{S}")
    add("zh-secret-key", g.s(40), "对象存储的密钥为 {S} 请记住")
    add("context-passphrase", g.s(24, ALNUM + "!@#%"), "The backup passphrase became {S} today.")
    add("context-signing", g.s(44, B64), "Our webhook signing key rotated; it is now {S} for all.")
    add("age-key", "AGE-" + "SECRET-KEY-1" + g.s(58, UPPER), "Decrypt the sops files with {S}.")
    add("htpasswd", "$" + "apr1$" + g.s(8) + "$" + g.s(22), "The basic-auth file has ops:{S}")
    # Key blocks: the whole block in one message, each body line is a piece.
    for label, fmt in (
        ("RSA ", "pem-rsa"),
        ("OPENSSH ", "pem-openssh"),
        ("EC ", "pem-ec"),
        ("ENCRYPTED ", "pem-pkcs8-encrypted"),
    ):
        block, lines = _pem(g, label)
        out.append((fmt, f"Here is the deploy key, keep it around:\n{block}\nThanks!", lines))
    block, lines = _pem(g, "")
    escaped = block.replace("\n", "\\n")
    out.append(
        (
            "gcp-service-account-json",
            '{"type": "service_account", "project_id": "shop-9", "private_key": "'
            + escaped
            + '\\n", "client_email": "ci@shop-9.iam.gserviceaccount.com"}',
            lines,
        )
    )
    dash = "-" * 5
    pgp = [g.s(64, B64) for _ in range(4)]
    out.append(
        (
            "pgp-private-block",
            "My signing key for releases:\n"
            + f"{dash}BEGIN PGP PRIVATE KEY BLOCK{dash}\n\n"
            + "\n".join(pgp)
            + f"\n{dash}END PGP PRIVATE KEY BLOCK{dash}",
            pgp,
        )
    )
    return out


def lookalikes() -> list[str]:
    """At least 200 benign texts that resemble credentials."""
    rng = random.Random(7_14)
    out: list[str] = []
    for i in range(30):
        data = f"fixture-{i}".encode()
        out.append(f"The lockfile pins the tarball to sha256 {hashlib.sha256(data).hexdigest()}.")
        out.append(f"Artifact checksum (sha1) is {hashlib.sha1(data).hexdigest()} in the manifest.")
        out.append(f"Trace {uuid.UUID(int=rng.getrandbits(128), version=4)} shows the retry.")
        out.append(f"Release v2.{i}.0 was built from {hashlib.sha1(data + b'g').hexdigest()[:12]}.")
        blob = base64.b64encode(f"hello world fixture number {i} for the parser".encode()).decode()
        out.append(f"The decoder test feeds the base64 fixture {blob} and expects plain text.")
        out.append(
            f"Image digest is sha256:{hashlib.sha256(data + b'img').hexdigest()} on the registry."
        )
    placeholders = [
        "Set the key to sk_test_" + "x" * 20 + " in examples.",
        "Put your token in GITHUB_TOKEN=<your-token> locally.",
        "The docs use password=changeme for the demo database.",
        "Use api_key: ${API_KEY} in the compose file, never a literal.",
        "Authorization: Bearer <token> is what the README shows.",
        "Write DATABASE_URL=postgres://user:password@localhost/db in .env.example.",
        "The token looks like ghp_" + "X" * 36 + " in our docs.",
        "Sample config: secret: '********'",
        "In examples we write AKIA" + "X" * 16 + " for the key id.",
        "Use {{ secrets.NPM_TOKEN }} in the workflow, it is injected by CI.",
        "The password field says REPLACE_ME until provisioning runs.",
        "密码填 <你的密码> 就行，示例而已。",
        "Token: YOUR_TOKEN_HERE goes in the settings file.",
        "The mock key is dummy-key-0000 for unit tests.",
        "export OPENAI_API_KEY=sk-...your key...",
        "Set --password=$DB_PASSWORD from the environment.",
        "api_key = os.environ['API_KEY'] is the pattern we want.",
        "The token is stored in the keychain, not in files.",
        "Password rotation happens every 90 days per policy.",
        "Secret scanning runs on every push in GitHub.",
    ]
    out.extend(placeholders)
    prose = [
        "We rotate keys every quarter and the token expiry is 12 hours.",
        "The session key for the cache is the user id plus the locale.",
        "Use the primary key user_account_id_v2 for joins.",
        "Token budgets for the summariser are 4096 per request.",
        "Our passwords policy requires 14 characters minimum.",
        "The secret sauce is the ranking model, not the UI.",
        "I prefer tabs in Makefiles and spaces everywhere else.",
        "The API key header name is X-Api-Key for the public gateway.",
        "The OAuth redirect lives at https://app.example.com/oauth/callback?next=home.",
        "Deploys go out from the main branch after the 4pm freeze lifts.",
        "Colours are #1a2b3c and #ffcc00 in the brand kit.",
        "Build 2024.11.03-rc2 is the one QA signed off.",
        "The correlation id looks like req_2f9c1b, logged per request.",
        "Jira project key is PAYMENTS and the board id is 4412.",
        "The staging host is db-staging-03.internal on port 5432.",
        "Our Slack channel for incidents is #ops-fire and it pages on-call.",
        "The feature flag new_checkout_flow_enabled stays off until March.",
        "Use pnpm, not npm, for the frontend workspace.",
        "数据库连接数上限是 200，别再调高。",
        "令牌桶限流每秒 50 个请求。",
    ]
    out.extend(prose)
    for i in range(20):
        out.append(
            f"Build cache key is {hashlib.md5(f'k{i}'.encode()).hexdigest()} for the node modules."
        )
    for _ in range(10):
        ver = f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}"
        out.append(
            f"The npm integrity field for left-pad@{ver} is sha512-"
            + base64.b64encode(hashlib.sha512(ver.encode()).digest()).decode()
            + "."
        )
    out.append(json.dumps({"id": str(uuid.UUID(int=5, version=4)), "kind": "fixture"}))
    return out
