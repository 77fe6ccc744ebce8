"""The built-in glossary: ``term<TAB>gloss`` lines (see :mod:`.glossary`).

A general-purpose dictionary of developer tools, cloud services, libraries, protocols,
laws/standards and engineering or business jargon, with common alternative names, written
from general knowledge for this purpose, independently of any evaluation data (2021 entries).
"""

ENTRIES = """\
AWS	Amazon cloud computing platform
AWS console	Amazon cloud web management dashboard
EC2	AWS virtual machine servers
S3	AWS object file storage buckets
S3 bucket	cloud storage container for files
RDS	AWS managed relational database service
Aurora	AWS cloud-native MySQL/Postgres database
DynamoDB	AWS managed NoSQL key-value database
ElastiCache	AWS managed Redis/Memcached cache
Lambda	AWS serverless functions
SQS	AWS message queue service
SNS	AWS pub/sub notification service
EventBridge	AWS event bus and scheduler
Kinesis	AWS real-time data streaming
Step Functions	AWS serverless workflow orchestration
API Gateway	managed HTTP API front door
Route 53	AWS DNS and domain service
CloudFront	AWS content delivery network CDN
IAM	identity and access management permissions
IAM role	assumable set of cloud permissions
Secrets Manager	AWS secrets and credentials storage
Parameter Store	AWS SSM configuration and secrets storage
KMS	key management service for encryption
CloudWatch	AWS monitoring, metrics and logs
CloudTrail	AWS audit log of API calls
ECS	AWS container orchestration service
EKS	AWS managed Kubernetes service
Fargate	AWS serverless container compute
ECR	AWS container image registry
Elastic Beanstalk	AWS app hosting platform PaaS
ALB	application load balancer, HTTP layer
VPC	virtual private cloud network
Cognito	AWS user sign-up and login service
SES	AWS transactional email sending service
Redshift	AWS data warehouse
Athena	AWS SQL queries over S3 data
AWS Glue	AWS serverless ETL and data catalog
SageMaker	AWS machine learning platform
Bedrock	AWS hosted foundation AI models
CloudFormation	AWS infrastructure as code templates
AWS CDK	AWS infrastructure as code in programming languages
Amplify	AWS frontend and mobile app hosting
AWS WAF	AWS web application firewall
AWS CLI	AWS command-line tool
boto3	AWS SDK for Python
Google Cloud	Google's public cloud computing platform
GCP	Google Cloud Platform
Google Cloud console	Google Cloud web management dashboard
Compute Engine	Google Cloud virtual machines
GKE	Google managed Kubernetes service
Cloud Run	Google serverless container hosting
Cloud Functions	Google serverless functions
App Engine	Google app hosting platform PaaS
GCS	Google Cloud Storage object storage
Cloud SQL	Google managed MySQL/Postgres database
Firestore	Google serverless NoSQL document database
BigQuery	Google serverless data warehouse
Google Pub/Sub	Google managed messaging and event streaming
Cloud Scheduler	Google managed cron jobs
Vertex AI	Google machine learning platform
Secret Manager	Google Cloud secrets storage
Cloud Build	Google managed CI build service
gcloud	Google Cloud command-line tool
Looker Studio	Google free dashboards and reports
Firebase	Google mobile/web app backend platform
Firebase Auth	Firebase user authentication service
FCM	Firebase Cloud Messaging push notifications
Crashlytics	Firebase mobile crash reporting
Firebase Remote Config	mobile remote settings and feature flags
Google Workspace	Google email, docs and office suite
Azure	Microsoft cloud computing platform
Azure portal	Azure web management dashboard
Azure Functions	Azure serverless functions
Azure App Service	Azure web app hosting PaaS
AKS	Azure managed Kubernetes service
Azure Blob Storage	Azure object file storage
Cosmos DB	Azure globally distributed NoSQL database
Azure Service Bus	Azure enterprise message queue
Entra ID	Microsoft cloud identity and SSO directory
Azure AD	Microsoft cloud identity directory, now Entra
Azure Key Vault	Azure secrets and keys storage
Application Insights	Azure application performance monitoring
Azure DevOps	Microsoft repos, boards and pipelines
Microsoft 365	Microsoft office and email suite
Cloudflare	CDN, DNS and edge security provider
Cloudflare Workers	edge serverless functions
Cloudflare R2	S3-compatible object storage
Akamai	content delivery network and security
Fastly	edge CDN and compute platform
DigitalOcean	cloud VPS and app hosting provider
Hetzner	European dedicated and cloud server hosting
Heroku	app hosting platform PaaS
Vercel	frontend and Next.js hosting platform
Netlify	static site and frontend hosting
Render.com	cloud app hosting platform
Fly.io	global app hosting platform
Supabase	Postgres backend-as-a-service
PlanetScale	serverless MySQL database hosting
Neon	serverless Postgres hosting
Shopify	e-commerce store platform
WordPress	website and blog content management system
Contentful	headless content management system
headless CMS	content backend serving content via API
Firebase App Distribution	beta app distribution to testers
PostgreSQL	open-source relational SQL database
Postgres	open-source relational SQL database
psql	Postgres command-line client
MySQL	open-source relational SQL database
SQLite	embedded file-based SQL database
SQL Server	Microsoft relational database
MongoDB	NoSQL document database
Mongoose	MongoDB object modeling for Node.js
Redis	in-memory key-value cache and store
Memcached	in-memory key-value cache
Cassandra	distributed wide-column NoSQL database
CockroachDB	distributed PostgreSQL-compatible SQL database
Neo4j	graph database
etcd	distributed key-value store for configuration
InfluxDB	time-series database for metrics
TimescaleDB	Postgres extension for time-series data
ClickHouse	columnar analytics SQL database
DuckDB	embedded analytics SQL database
PostGIS	Postgres extension for geographic data
pgvector	Postgres extension for vector embeddings
PgBouncer	Postgres connection pooler
Pinecone	managed vector database for embeddings
Qdrant	open-source vector similarity search database
Elasticsearch	full-text search and analytics engine
OpenSearch	open-source Elasticsearch fork, search engine
Solr	Apache full-text search server
Algolia	hosted search-as-a-service API
Meilisearch	open-source typo-tolerant search engine
Typesense	open-source typo-tolerant search engine
Kafka	distributed event streaming platform
RabbitMQ	open-source message broker queue
NATS	lightweight messaging and pub/sub system
MQTT	lightweight IoT publish/subscribe protocol
Debezium	change data capture from databases
Snowflake	cloud data warehouse
Databricks	Spark-based data and AI platform
Parquet	columnar data file format
Spark	distributed big data processing engine
Flink	stream processing framework
Airflow	workflow scheduling and data pipeline orchestration
Dagster	data pipeline orchestration framework
Temporal	durable workflow orchestration engine
dbt	SQL data transformation and modeling tool
Fivetran	managed ETL data connectors
Airbyte	open-source ELT data connectors
Hightouch	reverse ETL data sync to tools
Segment	customer event data collection and routing
Mixpanel	product analytics and funnels
Amplitude	product analytics platform
PostHog	open-source product analytics and session replay
FullStory	session replay and digital experience analytics
Hotjar	heatmaps and session recordings
LogRocket	frontend session replay and monitoring
Google Analytics	website traffic analytics
GA4	Google Analytics 4 web analytics
Google Tag Manager	website tracking tag management
Plausible	privacy-friendly web analytics
AppsFlyer	mobile app install attribution
Looker	business intelligence and data modeling
Tableau	data visualization and BI dashboards
Power BI	Microsoft business intelligence dashboards
Metabase	open-source BI dashboards and queries
Superset	open-source data visualization BI
Grafana	metrics dashboards and visualization
Kibana	Elasticsearch dashboards and log search
Jupyter	interactive code notebooks
data warehouse	central analytics database
data lake	raw data storage repository
ETL	extract, transform, load data pipeline
ELT	extract, load, transform data pipeline
reverse ETL	sync warehouse data to business tools
CDC	change data capture database replication
OLAP	analytical query processing
materialized view	precomputed stored query results
Flyway	database schema migration tool
Liquibase	database schema migration tool
DBeaver	universal database GUI client
Retool	internal tools builder
Airtable	spreadsheet-database collaboration tool
CSV	comma-separated values data file
YAML	human-readable config data format
Protobuf	Protocol Buffers binary serialization
Terraform	infrastructure as code provisioning tool
OpenTofu	open-source Terraform fork, infrastructure as code
Pulumi	infrastructure as code in programming languages
Ansible	agentless configuration management automation
Chef	server configuration management tool
Puppet	server configuration management tool
Packer	machine image builder
Vault	HashiCorp secrets management server
Consul	HashiCorp service discovery and config
Docker	application container platform
Dockerfile	container image build recipe
Docker Compose	multi-container local environment definition
Docker Hub	public container image registry
Podman	daemonless container engine
Kubernetes	container orchestration platform
k8s	Kubernetes container orchestration
kubectl	Kubernetes command-line tool
Helm	Kubernetes package manager
Kustomize	Kubernetes manifest customization tool
Ingress	Kubernetes HTTP routing into cluster
HPA	Kubernetes horizontal pod autoscaler
Karpenter	Kubernetes node autoscaler
cert-manager	Kubernetes TLS certificate automation
Istio	Kubernetes service mesh
Envoy	cloud-native proxy and load balancer
service mesh	network layer managing service-to-service traffic
Argo CD	GitOps continuous delivery for Kubernetes
Flux CD	GitOps continuous delivery for Kubernetes
GitOps	deploying infrastructure from Git state
Jenkins	self-hosted CI/CD automation server
GitHub Actions	GitHub CI/CD workflow automation
GitLab CI	GitLab's built-in CI/CD pipelines
CircleCI	hosted CI/CD service
Buildkite	hybrid CI/CD with self-hosted agents
Bitrise	mobile app CI/CD service
fastlane	mobile app build and release automation
Dependabot	automated dependency update pull requests
Renovate	automated dependency update bot
Nx	monorepo build system and tooling
Turborepo	JavaScript monorepo build system
Bazel	Google scalable multi-language build system
Makefile	build task definitions for make
Prometheus	metrics monitoring and alerting system
PromQL	Prometheus metrics query language
Alertmanager	Prometheus alert routing and notification
Loki	Grafana log aggregation system
Datadog	monitoring, APM and logs platform
New Relic	application performance monitoring platform
Dynatrace	application performance monitoring platform
Honeycomb	observability and tracing platform
Jaeger	open-source distributed tracing
OpenTelemetry	open standard for traces, metrics, logs
OTel	OpenTelemetry observability standard
Sentry	error tracking and crash reporting
Bugsnag	error and crash monitoring
Rollbar	error tracking and monitoring
Splunk	log search and analytics platform
Papertrail	hosted log aggregation
ELK	Elasticsearch, Logstash, Kibana logging stack
Fluentd	log collector and forwarder
Pingdom	website uptime monitoring
Checkly	synthetic API and browser monitoring
APM	application performance monitoring
RUM	real user monitoring in browsers
synthetic monitoring	scripted checks simulating users
PagerDuty	on-call alerting and incident management
Opsgenie	on-call alerting and incident management
incident.io	Slack-based incident management
Rootly	Slack incident management platform
Statuspage	hosted public status page
status page	public service health page
Atlantis	Terraform pull request automation
Backstage	developer portal and service catalog
systemd	Linux service and process manager
cron	scheduled job runner on Unix
PM2	Node.js process manager
nginx	web server and reverse proxy
Caddy	web server with automatic HTTPS
HAProxy	TCP/HTTP load balancer and proxy
Traefik	cloud-native reverse proxy and load balancer
Kong	API gateway
Varnish	HTTP caching reverse proxy
Ubuntu	Linux distribution
Alpine Linux	minimal Linux distribution for containers
distroless	minimal container images without OS tools
Homebrew	macOS package manager
devcontainer	containerized development environment config
GitHub Codespaces	cloud development environments
ngrok	tunnel exposing local server publicly
Stripe	online payments processing API
Stripe Billing	subscription billing and invoicing
Stripe Checkout	hosted payment page
Stripe Connect	marketplace payments and payouts
Adyen	global payment processing platform
Braintree	PayPal-owned payment processing
PayPal	online payments and wallet
Apple Pay	Apple mobile wallet payments
GoCardless	direct debit bank payments
Plaid	bank account linking and data API
Wise	international money transfers
Paddle	merchant of record billing and tax
Chargebee	subscription billing management
RevenueCat	in-app subscription management for mobile
Avalara	sales tax calculation and compliance
QuickBooks	small business accounting software
Xero	cloud accounting software
NetSuite	Oracle ERP and accounting
Twilio	SMS and voice messaging API
SendGrid	transactional email sending service
Mailgun	transactional email API
Postmark	transactional email delivery service
Mailchimp	email marketing newsletters
Customer.io	behavioral email and messaging automation
Braze	customer engagement messaging platform
OneSignal	push notification service
APNs	Apple push notification service
Slack	team chat messaging
Microsoft Teams	Microsoft team chat and meetings
Zoom	video conferencing
Loom	async screen recording video messages
Zendesk	customer support ticketing helpdesk
Intercom	customer messaging and support chat
Salesforce	customer relationship management CRM
HubSpot	CRM and marketing automation
Zapier	no-code app integration automation
Auth0	hosted authentication and identity service
Okta	enterprise identity and SSO provider
Keycloak	open-source identity and access management
Clerk	user authentication and management service
OAuth	delegated authorization protocol
OAuth 2.0	delegated authorization protocol
OIDC	OpenID Connect login identity protocol
OpenID Connect	identity layer on OAuth login
SAML	XML-based single sign-on protocol
SCIM	user provisioning sync protocol
LDAP	directory access protocol for users
JWT	JSON web token for auth
WebAuthn	browser passwordless hardware-key authentication
passkey	passwordless login credential using device
TOTP	time-based one-time password codes
magic link	passwordless email login link
1Password	password manager
Bitwarden	open-source password manager
dotenv	load environment variables from file
Snyk	dependency and code vulnerability scanning
SonarQube	code quality and security analysis
Semgrep	static code analysis and security scanning
CodeQL	GitHub semantic code security analysis
Trivy	container and dependency vulnerability scanner
OWASP	web application security community standards
OWASP Top 10	top web security risks list
Burp Suite	web security testing proxy
gitleaks	secret leak scanner for Git
npm audit	Node dependency vulnerability check
Vanta	SOC 2 compliance automation
Drata	compliance automation for SOC 2
Let's Encrypt	free TLS certificate authority
reCAPTCHA	Google bot detection challenge
CAPTCHA	human verification challenge
LaunchDarkly	feature flag management platform
Unleash	open-source feature flag service
Statsig	feature flags and experimentation platform
Optimizely	A/B testing and experimentation platform
Jira	issue and project tracking
Confluence	team wiki and documentation
Linear	issue tracking and project management
Asana	task and project management
Trello	kanban board task management
Notion	docs, wiki and notes workspace
Google Docs	online document editor
Google Drive	cloud file storage and sharing
Dropbox	cloud file storage and sharing
Swagger	OpenAPI API documentation tools
OpenAPI	REST API specification format
Postman	API testing and collections client
curl	command-line HTTP request tool
Figma	collaborative UI design tool
Miro	online collaborative whiteboard
Excalidraw	hand-drawn style diagram whiteboard
draw.io	free diagramming tool
Mermaid	text-based diagrams in markdown
DocuSign	electronic signature service
GitHub	code hosting and collaboration platform
GitLab	code hosting and DevOps platform
Bitbucket	Atlassian code hosting
GitHub CLI	GitHub command-line tool
CODEOWNERS	file defining required code reviewers
Git	distributed version control system
git rebase	rewrite commits onto new base
cherry-pick	apply specific commit to another branch
force push	overwrite remote Git history
Git LFS	large file storage for Git
pre-commit	Git hook framework run before commits
Husky	Git hooks manager for JavaScript
Conventional Commits	structured commit message convention
semantic-release	automated versioning and changelog releases
merge queue	serialized PR merging after CI
Codecov	code coverage reporting
BrowserStack	cloud real browsers and devices testing
k6	load testing tool
Tailscale	mesh VPN based on WireGuard
WireGuard	VPN tunnel protocol
bastion host	jump server for private network access
JavaScript	web programming language
TypeScript	typed superset of JavaScript
TS	TypeScript programming language
Node.js	server-side JavaScript runtime
Node	server-side JavaScript runtime
Deno	secure JavaScript/TypeScript runtime
Bun	JavaScript runtime, bundler and package manager
npm	JavaScript package manager and registry
pnpm	disk-efficient JavaScript package manager
Yarn	JavaScript package manager
package.json	JavaScript project manifest file
nvm	Node.js version manager
lodash	JavaScript utility functions library
Moment.js	legacy JavaScript date library
date-fns	JavaScript date utility functions
Day.js	small JavaScript date library
Zod	TypeScript schema validation library
axios	promise-based HTTP client
uuid	unique identifier generator library
Babel	JavaScript compiler and transpiler
esbuild	Go-based JavaScript bundler and minifier
webpack	JavaScript module bundler
Vite	frontend dev server and build tool
tsconfig.json	TypeScript compiler config file
ESLint	JavaScript linter
Prettier	opinionated code formatter
Biome	JavaScript/TypeScript linter and formatter
React	JavaScript UI component library
JSX	HTML-like syntax in JavaScript
React hooks	React state and lifecycle functions
Vue	progressive JavaScript UI framework
Nuxt	Vue full-stack web framework
Angular	Google TypeScript web framework
Svelte	compiled JavaScript UI framework
SvelteKit	Svelte full-stack web framework
htmx	HTML-driven AJAX interactions library
jQuery	legacy DOM manipulation library
Next.js	React full-stack web framework
React Router	React client-side routing library
Redux	predictable state management library
Zustand	lightweight React state management
React Query	server data fetching and caching
TanStack Query	server data fetching and caching
Apollo Client	GraphQL client with caching
GraphQL	API query language
tRPC	type-safe TypeScript RPC APIs
React Hook Form	React form state and validation
Material UI	React Material Design components
shadcn/ui	copy-paste React UI components
Bootstrap	CSS component framework
Tailwind	utility-first CSS framework
Tailwind CSS	utility-first CSS framework
Sass	CSS preprocessor
styled-components	CSS-in-JS styling library
Storybook	UI component development and catalog
D3	data visualization library
Chart.js	JavaScript charting library
Recharts	React charting library
Leaflet	JavaScript interactive maps library
Jest	JavaScript unit testing framework
Vitest	Vite-native unit test runner
React Testing Library	React component testing utilities
MSW	Mock Service Worker API mocking
Cypress	browser end-to-end testing framework
Playwright	cross-browser end-to-end testing framework
Puppeteer	headless Chrome automation library
Selenium	browser automation and testing
Detox	React Native end-to-end testing
Appium	mobile app test automation
Lighthouse	web performance and quality audit
Core Web Vitals	Google page performance metrics
axe-core	accessibility testing engine
Express	Node.js web server framework
Fastify	Node.js web server framework
NestJS	structured Node.js server framework
Socket.IO	realtime websocket library
Prisma	TypeScript ORM and database toolkit
Drizzle	TypeScript SQL ORM
TypeORM	TypeScript ORM
Sequelize	Node.js SQL ORM
Knex	SQL query builder for Node
BullMQ	Redis-based Node.js job queue
Electron	desktop apps with web technologies
i18next	JavaScript internationalization library
service worker	background script for offline web caching
PWA	progressive web app
WebAssembly	portable binary code for browsers
localStorage	browser key-value storage
WebSocket	bidirectional realtime browser connection
SSR	server-side rendering
SPA	single-page application
hydration	attaching JavaScript to server-rendered HTML
source maps	map minified code to source
Chrome DevTools	browser debugging tools
Cloudinary	image and video hosting and transformation
Markdown	lightweight text formatting syntax
Python	general-purpose programming language
pip	Python package installer
PyPI	Python package registry
Poetry	Python dependency and packaging manager
uv	Rust-based Python package and project manager
Conda	Python/data science package and environment manager
virtualenv	isolated Python environment tool
requirements.txt	Python dependency list file
pyproject.toml	Python project configuration file
Django	Python full-stack web framework
Django REST Framework	Python REST API toolkit for Django
Flask	lightweight Python web framework
FastAPI	async Python web API framework
Uvicorn	ASGI Python web server
Gunicorn	Python WSGI HTTP server
Celery	Python distributed task queue
SQLAlchemy	Python SQL toolkit and ORM
Alembic	SQLAlchemy database migration tool
Django migrations	Django database schema migrations
Pydantic	Python data validation with type hints
BeautifulSoup	Python HTML parsing and scraping
pytest	Python testing framework
Black	Python code formatter
Ruff	Rust-based Python linter and formatter
Flake8	Python linter
mypy	Python static type checker
pandas	Python dataframe data analysis library
NumPy	Python numerical arrays library
Polars	Rust-based dataframe library for Python
Matplotlib	Python plotting library
Streamlit	Python data apps framework
scikit-learn	Python machine learning library
Jinja	Python templating engine
asyncio	Python async I/O library
Golang	Go programming language
go.mod	Go module dependency file
golangci-lint	Go linters aggregator
Gin	Go HTTP web framework
GORM	Go ORM library
sqlc	generate type-safe Go from SQL
golang-migrate	Go database migration tool
goroutine	lightweight Go concurrent thread
gRPC	RPC framework using Protobuf over HTTP/2
Rust	systems programming language
Cargo	Rust package manager and build tool
crates.io	Rust package registry
Clippy	Rust linter
Tokio	async runtime for Rust
Axum	Rust web framework
serde	Rust serialization framework
Java	object-oriented JVM programming language
JVM	Java virtual machine
Kotlin	JVM and Android programming language
Scala	functional JVM programming language
Maven	Java build and dependency tool
Gradle	JVM/Android build automation tool
Spring	Java application framework
Spring Boot	Java microservice web framework
Hibernate	Java ORM
JUnit	Java unit testing framework
Mockito	Java mocking framework
Testcontainers	disposable Docker services for tests
Log4j	Java logging library
Ruby	dynamic programming language
Ruby on Rails	Ruby full-stack web framework
Rails	Ruby full-stack web framework
Bundler	Ruby dependency manager
Sidekiq	Ruby background job processor
RSpec	Ruby behavior-driven testing framework
RuboCop	Ruby linter and formatter
PHP	server-side web scripting language
Composer	PHP dependency manager
Laravel	PHP full-stack web framework
Symfony	PHP web framework
PHPUnit	PHP unit testing framework
.NET	Microsoft application development platform
C#	Microsoft object-oriented programming language
ASP.NET Core	cross-platform Microsoft web framework
Entity Framework	.NET ORM
NuGet	.NET package manager
xUnit	.NET unit testing framework
Hangfire	.NET background job processing
Elixir	functional language on Erlang VM
Erlang	concurrent functional programming language
Phoenix	Elixir web framework
Phoenix LiveView	Elixir server-rendered interactive UI
Ecto	Elixir database wrapper and query language
Oban	Elixir background job processing
ExUnit	Elixir unit testing framework
Credo	Elixir static code analysis
Swift	Apple programming language
Dart	Flutter programming language
Bash	Unix shell scripting language
PowerShell	Microsoft shell and scripting
SQL	database query language
Rails migrations	Rails database schema migrations
ActiveRecord	Rails ORM
Diesel	Rust ORM and query builder
Laravel Horizon	Laravel Redis queue dashboard
Hex.pm	Elixir/Erlang package registry
testify	Go testing assertions toolkit
iOS	Apple mobile operating system
Android	Google mobile operating system
Xcode	Apple IDE for iOS/macOS apps
Android Studio	Android app IDE
SwiftUI	Apple declarative UI framework
Jetpack Compose	Android declarative UI toolkit
CocoaPods	iOS dependency manager
React Native	cross-platform mobile apps in React
Expo	React Native tooling and services
EAS Build	Expo cloud mobile app builds
EAS Update	Expo over-the-air JavaScript updates
CodePush	over-the-air React Native updates
Flutter	Google cross-platform UI toolkit
Shorebird	over-the-air updates for Flutter
OTA update	over-the-air app update
App Store	Apple app marketplace
Google Play	Android app marketplace
Google Play Console	Android app publishing dashboard
App Store Connect	Apple app publishing dashboard
TestFlight	Apple beta app distribution
APK	Android app package file
provisioning profile	iOS app signing authorization
code signing	cryptographically signing app builds
deep link	link opening specific app screen
universal link	iOS web link opening app
push notification	mobile alert sent from server
in-app purchase	buying content inside mobile app
Google Maps	Google mapping service
Google Maps API	maps, geocoding and directions API
Mapbox	custom maps and location APIs
OpenStreetMap	free open collaborative world map
GeoJSON	JSON format for geographic features
geocoding	address to coordinates conversion
reverse geocoding	coordinates to address conversion
OSRM	open-source road routing engine
geofence	virtual geographic boundary trigger
OpenAI	AI research and GPT model provider
ChatGPT	OpenAI conversational AI assistant
Anthropic	AI company behind Claude
Claude	Anthropic AI assistant model
Gemini	Google AI language model
Llama	Meta open-weight language model
Hugging Face	AI model hub and libraries
Ollama	run local language models
GitHub Copilot	AI code completion assistant
Cursor	AI-powered code editor
Whisper	OpenAI speech-to-text model
LangChain	LLM application framework
MLflow	ML experiment tracking and model registry
PyTorch	deep learning framework
TensorFlow	machine learning framework
GPU	graphics processor for ML compute
LLM	large language model
RAG	retrieval-augmented generation with search
embeddings	numeric vectors representing meaning
vector database	database for similarity search over embeddings
semantic search	meaning-based search using embeddings
fine-tuning	further training a pretrained model
prompt injection	malicious instructions hijacking AI models
hallucination	AI generating false information
MCP	Model Context Protocol for AI tools
OCR	optical character recognition from images
VS Code	Microsoft code editor
IntelliJ	JetBrains Java IDE
JetBrains	maker of IntelliJ and IDEs
Vim	terminal text editor
Neovim	extensible Vim-based text editor
tmux	terminal multiplexer
zsh	Unix shell
jq	command-line JSON processor
SSH	secure remote shell protocol
DNS	domain name system lookup
CDN	content delivery network caching
TCP	reliable transport network protocol
HTTP	web request protocol
HTTPS	encrypted web request protocol
TLS	transport encryption protocol
SSL	legacy transport encryption, now TLS
mTLS	mutual TLS client certificate authentication
TLS certificate	server identity certificate for HTTPS
CNAME	DNS alias record
MX record	DNS mail server record
SPF	email sender authorization DNS record
DKIM	email signature authentication
DMARC	email authentication policy
registrar	domain name registration provider
SMTP	email sending protocol
CIDR	IP address range notation
VPN	virtual private network
reverse proxy	server forwarding requests to backends
load balancer	distributes traffic across servers
firewall	network traffic filter
security group	cloud instance firewall rules
allowlist	permitted entries list
IP allowlist	permitted source IP addresses
egress	outbound network traffic
VPC peering	private connection between cloud networks
zero trust	never-trust network security model
latency	network delay time
REST	resource-based HTTP API style
webhook	HTTP callback on event
API	application programming interface
API key	secret token for API access
SDK	software development kit client library
CLI	command-line interface
PR	pull request, proposed code change
pull request	proposed code change for review
MR	merge request, proposed code change
merge request	proposed code change for review
CI	continuous integration automated builds and tests
CD	continuous delivery or deployment
CI/CD	automated build, test and deploy pipeline
DevOps	development and operations practices
SRE	site reliability engineering
SLA	service level agreement, uptime commitment
SLO	service level objective, reliability target
SLI	service level indicator, reliability metric
error budget	allowed unreliability before slowing releases
RPO	recovery point objective, max data loss
RTO	recovery time objective, max downtime
MTTR	mean time to recovery
p95	95th percentile latency
p99	99th percentile latency
TTL	time to live, cache expiry
CORS	cross-origin resource sharing browser rules
CSP	content security policy browser header
XSS	cross-site scripting attack
CSRF	cross-site request forgery attack
SQL injection	malicious SQL via user input
DDoS	distributed denial-of-service attack
phishing	fraudulent credential-stealing messages
CVE	publicly catalogued security vulnerability
bug bounty	paid security vulnerability reports
SAST	static application security testing
SSO	single sign-on
MFA	multi-factor authentication
2FA	two-factor authentication
RBAC	role-based access control
access token	short-lived API authorization credential
rate limit	cap on requests per time
backoff	waiting longer between retries
exponential backoff	retry delays that double each time
circuit breaker	stop calling failing dependency temporarily
idempotency	safe to repeat without side effects
idempotency key	unique key preventing duplicate requests
dead-letter queue	holding queue for failed messages
DLQ	dead-letter queue for failed messages
message queue	buffer passing messages between services
pub/sub	publish-subscribe messaging pattern
CQRS	separate read and write models
outbox pattern	reliable event publishing via database table
backpressure	slowing producers when consumers lag
cron job	scheduled recurring task
background job	asynchronous task outside request
backfill	retroactively populating missing data
data migration	moving or transforming stored data
schema migration	database structure change script
rollback	revert to previous version
hotfix	urgent production bug fix
semver	semantic versioning major.minor.patch
changelog	list of changes per release
code freeze	pause on merging changes
canary release	gradual rollout to small traffic
blue-green deploy	switch traffic between two environments
dark launch	release hidden from users
feature flag	toggle to enable features at runtime
kill switch	flag to disable feature quickly
A/B test	comparing two variants with users
A/B testing	comparing variants with users
trunk-based development	frequent merges to main branch
monorepo	single repository for many projects
microservices	small independently deployed services
serverless	cloud functions without server management
SaaS	software as a service
IaC	infrastructure as code
autoscaling	automatically adjusting capacity to load
failover	switching to backup system
disaster recovery	restoring service after major failure
read replica	read-only database copy
sharding	splitting data across databases
connection pooling	reusing database connections
deadlock	transactions blocking each other
race condition	timing-dependent concurrency bug
ACID	reliable database transaction properties
eventual consistency	replicas converge over time
ORM	object-relational mapper for databases
NoSQL	non-relational databases
cache invalidation	removing stale cached data
cache stampede	many requests recomputing expired cache
cold start	startup delay of idle serverless function
memory leak	memory not released over time
OOM	out of memory
load test	simulated heavy traffic test
smoke test	quick basic functionality check
regression test	check old features still work
unit test	test of single function
E2E	end-to-end testing of full flows
end-to-end test	full user flow test
UAT	user acceptance testing
QA	quality assurance testing
TDD	test-driven development
flaky test	test failing intermittently
LGTM	looks good to me, approval
ETA	estimated time of arrival or completion
OOO	out of office
PTO	paid time off, vacation
RCA	root cause analysis
postmortem	incident review document
retrospective	team review of past sprint
incident	unplanned service disruption
outage	service unavailable period
SEV1	highest severity incident
P0	top priority critical issue
on-call	engineer responsible for responding to alerts
runbook	step-by-step operations procedure
observability	understanding system state from telemetry
distributed tracing	following requests across services
correlation ID	identifier linking related requests
health check	endpoint reporting service status
staging	pre-production test environment
production	live user-facing environment
prod	production live environment
preview environment	temporary per-branch deployment
sandbox	isolated test environment
environment variable	runtime configuration value
env var	environment variable
encryption at rest	encrypting stored data
E2EE	end-to-end encryption
HMAC	keyed message authentication hash
anonymization	irreversibly removing personal identifiers
audit log	record of who did what
ADR	architecture decision record
RFC	request for comments, design proposal
design doc	technical design proposal document
PRD	product requirements document
tech debt	shortcuts needing future rework
refactoring	restructuring code without changing behavior
breaking change	change incompatible with previous version
pagination	splitting results into pages
a11y	accessibility for people with disabilities
WCAG	web accessibility guidelines
screen reader	assistive text-to-speech software
i18n	internationalization, multi-language support
l10n	localization, translating for locales
localization	adapting for language and region
timezone	regional time offset
UTC	coordinated universal time
ISO 8601	standard date-time format
Unix timestamp	seconds since 1970
Crowdin	translation management platform
sprint	fixed-length agile work iteration
standup	daily team status meeting
story points	relative effort estimate
Agile	iterative software development approach
Scrum	agile framework with sprints
Kanban	visual workflow board method
OKR	objectives and key results goals
KPI	key performance indicator
roadmap	planned future work timeline
MVP	minimum viable product
POC	proof of concept
dogfooding	using your own product internally
EOL	end of life, no longer supported
LTS	long-term support release
DX	developer experience
happy path	default successful scenario
edge case	unusual boundary scenario
blast radius	scope of failure impact
SPOF	single point of failure
thundering herd	many clients retrying simultaneously
regex	regular expression text pattern
stack trace	call sequence at error
HTTP 500	internal server error
CRUD	create, read, update, delete operations
bundle size	size of shipped JavaScript
lockfile	pinned dependency versions file
integration test	test of components together
code review	peer checking of code changes
backlog	prioritized list of pending work
user story	feature described from user view
technical debt	shortcuts needing future rework
feature toggle	runtime switch enabling features
release notes	user-facing summary of changes
high availability	redundant design avoiding downtime
N+1 query	inefficient repeated database queries
database index	structure speeding up lookups
soft delete	mark deleted instead of removing
linter	static code style and error checker
static analysis	examining code without running it
code coverage	share of code run by tests
seed data	initial sample database data
middleware	request processing layer
dependency injection	passing dependencies into components
trace ID	identifier linking request across services
escalation policy	who gets alerted and when
root cause	underlying reason for failure
locale	language and region setting
UTF-8	variable-width Unicode text encoding
accessibility	usable by people with disabilities
internationalization	supporting multiple languages and regions
FX	foreign exchange, currency conversion
FX rate	currency exchange rate
exchange rate	currency conversion rate
ECB	European Central Bank, reference exchange rates
currency conversion	converting money between currencies
ISO 4217	standard three-letter currency codes
VAT	value-added tax on sales
GST	goods and services sales tax
sales tax	tax charged on purchases
reverse charge	buyer accounts for cross-border VAT
KYC	know your customer identity verification
AML	anti-money laundering compliance
sanctions screening	checking customers against sanctions lists
PSD2	EU payment services directive
3D Secure	card payment cardholder authentication
3DS	card payment cardholder authentication
PCI DSS	payment card data security standard
PCI compliance	payment card data security compliance
GDPR	EU data protection privacy law
CCPA	California consumer privacy law
HIPAA	US health data privacy law
PHI	protected health information
PII	personally identifiable information
DPA	data processing agreement or authority
DPO	data protection officer
DPIA	data protection impact assessment
subprocessor	third party processing customer data
right to be forgotten	user data deletion request right
DSAR	data subject access request
data residency	where data is physically stored
data retention	how long data is kept
cookie consent	user permission for tracking cookies
SOC 2	security and availability audit report
SOC 2 Type II	security controls audit over time
ISO 27001	information security management standard
NIST	US standards and security framework body
FedRAMP	US government cloud security authorization
SOX	Sarbanes-Oxley financial controls law
COPPA	US children's online privacy law
EU AI Act	EU artificial intelligence regulation
ADA	US disability accessibility law
MIT License	permissive open-source license
Apache 2.0	permissive open-source license with patents
GPL	copyleft open-source license
AGPL	network copyleft open-source license
copyleft	license requiring derivative works stay open
OSS	open-source software
ToS	terms of service
privacy policy	statement of personal data use
NDA	non-disclosure agreement
security questionnaire	customer vendor security assessment
SKU	stock keeping unit product code
ARR	annual recurring revenue
MRR	monthly recurring revenue
churn	customers cancelling subscriptions
LTV	customer lifetime value
CAC	customer acquisition cost
ARPU	average revenue per user
NRR	net revenue retention
DAU	daily active users
MAU	monthly active users
NPS	net promoter score satisfaction
CSAT	customer satisfaction score
conversion rate	share of users completing goal
funnel	sequence of steps toward conversion
cohort	group of users sharing start period
B2B	business-to-business sales
B2C	business-to-consumer sales
burn rate	monthly cash spending
revenue recognition	accounting rules for booking revenue
GAAP	generally accepted accounting principles
accounts receivable	money owed by customers
accounts payable	money owed to suppliers
invoice	bill requesting payment
billing	charging customers
proration	partial charge for partial period
dunning	retrying failed payments and reminders
chargeback	card payment dispute reversal
refund	returning money to customer
payout	transfer of funds to merchant
ledger	record of financial transactions
double-entry bookkeeping	debits and credits accounting
general ledger	master accounting record
reconciliation	matching records between systems
deferred revenue	prepaid revenue not yet earned
fiscal year	annual accounting period
ACH	US bank transfer network
SEPA	euro bank transfer scheme
SWIFT code	international bank identifier for wire transfers
IBAN	international bank account number
wire transfer	direct bank-to-bank payment
direct debit	pulling payment from bank account
open banking	bank data access via APIs
PSP	payment service provider
BNPL	buy now, pay later
merchant of record	entity legally selling to customer
fraud detection	identifying fraudulent transactions
e-commerce	online selling
POS	point-of-sale system
ERP	enterprise resource planning system
CRM	customer relationship management
CMS	content management system
SEO	search engine optimization
UTM	campaign tracking URL parameters
CTR	click-through rate
ROI	return on investment
offboarding	removing departing employee access
Amazon Web Services	Amazon cloud computing platform
Amazon EC2	AWS virtual machine servers
Amazon S3	AWS object file storage buckets
Amazon RDS	AWS managed relational database service
Amazon Aurora	AWS cloud-native MySQL/Postgres database
Amazon DynamoDB	AWS managed NoSQL key-value database
AWS Lambda	AWS serverless functions
Amazon SQS	AWS message queue service
Amazon SNS	AWS pub/sub notification service
Amazon EventBridge	AWS event bus and scheduler
Amazon Kinesis	AWS real-time data streaming
AWS Step Functions	AWS serverless workflow orchestration
Amazon API Gateway	AWS managed HTTP API front door
AWS API Gateway	AWS managed HTTP API front door
Amazon Route 53	AWS DNS and domain service
Route53	AWS DNS and domain service
Amazon CloudFront	AWS content delivery network CDN
AWS IAM	AWS identity and access permissions
AWS Secrets Manager	AWS secrets and credentials storage
SSM Parameter Store	AWS configuration and secrets storage
AWS KMS	AWS encryption key management service
Amazon CloudWatch	AWS monitoring, metrics and logs
AWS CloudTrail	AWS audit log of API calls
Amazon ECS	AWS container orchestration service
Amazon EKS	AWS managed Kubernetes service
AWS Fargate	AWS serverless container compute
Amazon ECR	AWS container image registry
AWS Elastic Beanstalk	AWS app hosting platform PaaS
Application Load Balancer	AWS HTTP layer-7 load balancer
ELB	AWS Elastic Load Balancing service
Amazon VPC	AWS private virtual network
Amazon Cognito	AWS user sign-up and login service
AWS Cognito	AWS user sign-up and login service
Amazon SES	AWS email sending service
Amazon Redshift	AWS cloud data warehouse
Amazon Athena	AWS serverless SQL over S3
Amazon SageMaker	AWS machine learning platform
Amazon Bedrock	AWS hosted generative AI models
AWS CloudFormation	AWS infrastructure as code templates
CDK	AWS Cloud Development Kit IaC
AWS Amplify	AWS frontend and mobile app platform
WAF	web application firewall
AWS Certificate Manager	AWS TLS certificate provisioning
ACM	AWS Certificate Manager TLS certificates
EBS	AWS block storage volumes
NAT gateway	outbound internet access for private subnets
Spot Instances	discounted interruptible spare cloud VMs
AWS X-Ray	AWS distributed tracing service
Serverless Framework	tool for deploying serverless functions
AMI	Amazon Machine Image VM template
presigned URL	temporary signed link to private object
AWS SDK	AWS client libraries for code
Google Cloud Platform	Google cloud computing platform
GCE	Google Compute Engine virtual machines
Google Compute Engine	Google cloud virtual machines
Google Kubernetes Engine	Google managed Kubernetes service
Google Cloud Run	Google serverless containers
Google Cloud Functions	Google serverless functions
Google App Engine	Google managed app hosting platform
Google Cloud Storage	Google object file storage buckets
Google Cloud SQL	Google managed MySQL/Postgres database
Google BigQuery	Google serverless data warehouse
Cloud Pub/Sub	Google Cloud messaging service
Google Vertex AI	Google machine learning platform
gcloud CLI	Google Cloud command-line tool
Cloud Spanner	Google globally distributed SQL database
Spanner	Google globally distributed SQL database
Bigtable	Google wide-column NoSQL database
Cloud Logging	Google Cloud log storage
Artifact Registry	Google package and container registry
Apigee	Google API management platform
Firebase Hosting	Google static web hosting
Firebase Realtime Database	Firebase synced JSON cloud database
Firebase Cloud Messaging	Google push notification service
Firebase Crashlytics	mobile crash reporting
Firebase Authentication	Google user login service
Google Sheets	Google online spreadsheets
Gmail	Google email service
Google Meet	Google video meetings
Google Search Console	Google site search performance tool
Google Ads	Google online advertising platform
Google Colab	hosted Jupyter notebooks from Google
Gemini API	Google generative AI model API
Google Play Billing	Android in-app payment system
Sign in with Google	Google account social login
Sign in with Apple	Apple ID social login
Microsoft Azure	Microsoft cloud computing platform
Azure Kubernetes Service	Azure managed Kubernetes service
Blob Storage	Azure object file storage
Azure Cosmos DB	Azure globally distributed NoSQL database
Microsoft Entra ID	Microsoft cloud identity directory
Azure Active Directory	Microsoft cloud identity directory
AAD	Azure Active Directory identity
Key Vault	Azure secrets and key storage
App Insights	Azure application performance monitoring
Azure Monitor	Azure metrics, logs and alerts
KQL	Kusto Query Language for logs
Office 365	Microsoft productivity apps suite
Power Automate	Microsoft workflow automation tool
Azure OpenAI	Azure-hosted OpenAI models
Azure Data Factory	Azure ETL data integration service
Bicep	Azure infrastructure as code language
Azure CLI	Azure command-line tool
Microsoft Intune	Microsoft device management MDM
SharePoint	Microsoft intranet and document sites
OneDrive	Microsoft cloud file storage
MS Teams	Microsoft chat and meetings app
Visual Studio	Microsoft IDE for .NET and C++
Cloudflare Pages	Cloudflare static site hosting
Cloudflare Tunnel	outbound tunnel exposing private services
Cloudflare Turnstile	Cloudflare CAPTCHA alternative
Linode	cloud virtual server hosting
Oracle Cloud	cloud computing platform from Oracle
Upstash	serverless Redis and Kafka
Hasura	instant GraphQL API over databases
MongoDB Atlas	MongoDB managed cloud database
Confluent	Kafka company and cloud
Redpanda	Kafka-compatible streaming platform
pg_dump	Postgres database backup export tool
write-ahead log	database change log for durability
psycopg2	Python PostgreSQL driver
MariaDB	open-source MySQL fork database
Oracle Database	Oracle enterprise relational database
MSSQL	Microsoft SQL Server database
Mongo	MongoDB document database
Valkey	open-source Redis fork
Couchbase	distributed NoSQL document database
VictoriaMetrics	time-series metrics database
Grafana Loki	Grafana log aggregation system
Weaviate	open-source vector database
Milvus	open-source vector database
ChromaDB	open-source embedding vector database
FAISS	Meta vector similarity search library
Logstash	Elastic log processing pipeline
Fluent Bit	lightweight log forwarder
Apache Lucene	Java full-text search library
Apache Kafka	distributed event streaming platform
Kafka Connect	Kafka data integration connectors
Schema Registry	Kafka message schema store
Apache Avro	binary data serialization format
ZooKeeper	distributed coordination service
Argo Workflows	Kubernetes workflow engine
Hadoop	distributed big data processing framework
Presto	distributed SQL query engine
Trino	distributed SQL query engine
Apache Iceberg	open table format for data lakes
Delta Lake	transactional table format on data lakes
Apache Spark	distributed data processing engine
PySpark	Python API for Spark
Pendo	product analytics and in-app guides
Google Analytics 4	Google web and app analytics
GTM	Google Tag Manager
Google Looker Studio	Google dashboard reporting tool
Great Expectations	Python data quality testing
data catalog	inventory of datasets and metadata
data lineage	tracking where data comes from
data mesh	decentralized domain-owned data architecture
lakehouse	combined data lake and warehouse
star schema	fact and dimension table model
OLTP	transactional database workload
CTE	common table expression SQL subquery
window function	SQL calculation across related rows
stored procedure	database-side saved SQL routine
foreign key	column referencing another table's row
primary key	unique row identifier column
full-text search	searching words within text documents
EXPLAIN ANALYZE	SQL command showing query execution
MVCC	multi-version concurrency control
saga pattern	distributed transaction via compensating steps
event sourcing	storing state as event log
event-driven architecture	services communicating via events
upsert	insert or update if exists
idempotent	safe to repeat with same result
BM25	keyword relevance ranking function
hybrid search	keyword plus vector search
reranking	reordering search results by relevance model
tokenizer	splits text into model tokens
context window	max tokens model can read
prompt engineering	crafting instructions for AI models
system prompt	hidden instructions for chat model
function calling	LLM invoking external tools
tool calling	LLM invoking external functions
AI agent	LLM that plans and uses tools
RLHF	reinforcement learning from human feedback
LoRA	low-rank adapter model fine-tuning
quantization	reducing model numeric precision
model inference	running trained model for predictions
vLLM	fast LLM inference server
llama.cpp	C++ local LLM inference
GPT-4	OpenAI large language model
GPT	OpenAI generative language model family
Claude Code	Anthropic agentic coding CLI
Anthropic API	Claude model programming interface
OpenAI API	GPT model programming interface
Mistral AI	French AI model company
DeepSeek	Chinese open-weight language models
Midjourney	AI image generation service
Stable Diffusion	open image generation model
DALL-E	OpenAI image generation model
LlamaIndex	LLM data retrieval framework
Vercel AI SDK	TypeScript toolkit for AI apps
LangGraph	stateful LLM agent graphs
LangSmith	LangChain tracing and evaluation platform
Langfuse	open-source LLM observability
Weights & Biases	ML experiment tracking platform
Keras	high-level neural network API
ONNX	open neural network model format
CUDA	NVIDIA GPU programming platform
NVIDIA	GPU and AI hardware maker
XGBoost	gradient boosted trees library
spaCy	Python NLP library
Hugging Face Transformers	pretrained model Python library
OpenCV	computer vision library
SciPy	Python scientific computing library
Plotly	interactive charting library
embedding model	model converting text to vectors
cosine similarity	vector angle similarity measure
NLP	natural language processing
computer vision	machines interpreting images
machine learning	algorithms learning from data
deep learning	multi-layer neural network learning
neural network	layered model of connected nodes
MLOps	operations for machine learning models
Apache Airflow	workflow scheduler for data pipelines
DAG	directed acyclic graph workflow
HashiCorp Vault	secrets management server
HashiCorp Consul	service discovery and config tool
Terraform Cloud	hosted Terraform runs and state
Terraform module	reusable Terraform configuration package
Terraform state	record of managed infrastructure
Terragrunt	Terraform wrapper for DRY configs
Ansible playbook	Ansible automation script in YAML
Vagrant	reproducible development virtual machines
Docker Desktop	Docker app for Mac/Windows
Docker Swarm	Docker native container orchestration
Docker image	packaged container filesystem and config
container image	packaged app with dependencies
containerd	industry-standard container runtime
Rancher	Kubernetes cluster management platform
minikube	local single-node Kubernetes
k3s	lightweight Kubernetes distribution
OpenShift	Red Hat Kubernetes platform
kubeconfig	Kubernetes cluster access config file
Kubernetes pod	smallest deployable container group
StatefulSet	Kubernetes workload with stable identity
DaemonSet	Kubernetes pod on every node
ConfigMap	Kubernetes configuration key-value object
Kubernetes Secret	Kubernetes object holding sensitive data
CRD	Kubernetes custom resource definition
Kubernetes operator	controller automating app operations
Ingress controller	Kubernetes HTTP routing proxy
Horizontal Pod Autoscaler	scales Kubernetes pods by load
KEDA	event-driven Kubernetes autoscaling
liveness probe	Kubernetes check restarting unhealthy containers
readiness probe	Kubernetes check gating traffic to pod
CrashLoopBackOff	Kubernetes container repeatedly crashing
OOMKilled	container killed for exceeding memory
sidecar	helper container beside main app
Linkerd	lightweight Kubernetes service mesh
eBPF	in-kernel programmable Linux hooks
Open Policy Agent	general-purpose policy engine
Helm chart	packaged Kubernetes application templates
ArgoCD	GitOps continuous delivery for Kubernetes
Spinnaker	multi-cloud continuous delivery platform
Travis CI	hosted continuous integration service
TeamCity	JetBrains CI server
GH Actions	GitHub Actions CI/CD
self-hosted runner	own machine running CI jobs
GitLab Runner	agent executing GitLab CI jobs
Jenkinsfile	Jenkins pipeline definition file
Bitbucket Pipelines	Bitbucket built-in CI/CD
pyenv	Python version manager
Debian	Linux distribution
RHEL	Red Hat Enterprise Linux
CentOS	community Red Hat-based Linux
Linux	open-source operating system kernel
macOS	Apple desktop operating system
WSL	Windows Subsystem for Linux
Raspberry Pi	small single-board computer
SBOM	software bill of materials
JFrog Artifactory	universal artifact repository
GHCR	GitHub Container Registry
npm registry	public JavaScript package repository
StatsD	simple metrics aggregation daemon
Nagios	infrastructure monitoring and alerting
Datadog APM	Datadog application tracing
Sumo Logic	cloud log management and SIEM
Better Stack	uptime monitoring and logging
Zipkin	distributed tracing system
flame graph	stack sampling performance visualization
OpenTelemetry Collector	telemetry receiving and exporting agent
UptimeRobot	website uptime monitoring
golden signals	latency, traffic, errors, saturation
structured logging	logs as machine-readable fields
log aggregation	collecting logs in one place
availability zone	isolated data center within region
multi-region	deployed across several cloud regions
chaos engineering	deliberately injecting failures to test resilience
load shedding	dropping requests under overload
rate limiting	capping request frequency
graceful degradation	reduced functionality instead of failure
error rate	share of failed requests
horizontal scaling	adding more machines
vertical scaling	using bigger machines
active-active	all sites serving traffic simultaneously
CAP theorem	consistency, availability, partition tolerance tradeoff
distributed lock	lock shared across multiple services
optimistic locking	conflict check at write time
throughput	work completed per unit time
QPS	queries per second
RPS	requests per second
FinOps	cloud cost management practice
shift left	testing and security earlier in development
DevSecOps	security integrated into DevOps
configuration drift	live setup diverging from declared config
control plane	system managing configuration and orchestration
data plane	system handling actual traffic
multi-cloud	using several cloud providers
hybrid cloud	mix of on-premises and cloud
on-premises	in company's own data center
on-prem	in company's own data center
bare metal	physical servers without virtualization
VM	virtual machine
virtual machine	software-emulated computer
VMware	virtualization software company
container registry	storage for container images
multi-stage build	Dockerfile with separate build stages
ARM64	64-bit ARM processor architecture
Apple Silicon	Apple ARM Mac processors
docker-compose	multi-container local orchestration tool
PaaS	platform as a service
IaaS	infrastructure as a service
NodeJS	JavaScript server runtime
JS	JavaScript programming language
ECMAScript	JavaScript language standard
ESM	ECMAScript modules import/export
CommonJS	Node.js require module format
npx	run npm package binaries
package-lock.json	npm dependency lockfile
node_modules	installed JavaScript dependencies folder
React.js	JavaScript UI component library
React Server Components	server-rendered React components
App Router	Next.js file-based routing with server components
Remix	full-stack React web framework
Astro	content-focused static site framework
AngularJS	legacy Angular 1.x framework
Vue.js	progressive JavaScript UI framework
Nuxt.js	Vue full-stack framework
RxJS	reactive streams JavaScript library
Redux Toolkit	official Redux helper library
JSON Schema	JSON data structure specification
Chakra UI	React component library
Ant Design	React enterprise UI component library
Radix UI	unstyled accessible React primitives
MUI	Material UI React components
Flexbox	CSS one-dimensional layout model
CSS Grid	CSS two-dimensional layout system
responsive design	layouts adapting to screen size
Three.js	JavaScript 3D graphics library
WebGL	browser GPU graphics API
SVG	scalable vector graphics format
tree shaking	removing unused code from bundles
code splitting	splitting bundles into lazy chunks
lazy loading	loading resources only when needed
polyfill	code adding missing browser features
LCP	Largest Contentful Paint load metric
CLS	Cumulative Layout Shift visual stability metric
INP	Interaction to Next Paint responsiveness metric
TTFB	time to first byte
SSG	static site generation
client-side rendering	browser builds page with JavaScript
server-side rendering	server generates page HTML
micro-frontends	independently deployed frontend pieces
DOM	browser document object model
IndexedDB	browser client-side database
AJAX	asynchronous browser HTTP requests
JSON	JavaScript object notation data format
XML	markup data format
TOML	config file format
Chrome extension	Google Chrome browser add-on
Chromium	open-source browser behind Chrome
Google Chrome	Google web browser
Safari	Apple web browser
Firefox	Mozilla web browser
Microsoft Edge	Microsoft web browser
user agent	browser identification string
MDN	Mozilla web developer documentation
Stack Overflow	programming Q&A site
Mocha	JavaScript test framework
Testing Library	user-centric UI testing utilities
Selenium WebDriver	browser automation API
Cucumber	BDD test framework with Gherkin
BDD	behavior-driven development
behavior-driven development	tests written as behavior scenarios
unittest	Python standard testing framework
mutation testing	checking tests catch injected bugs
property-based testing	tests over generated random inputs
fuzzing	feeding random inputs to find bugs
Espresso	Android UI testing framework
XCTest	Apple unit testing framework
XCUITest	iOS UI testing framework
Sauce Labs	cloud browser and device testing
Android Emulator	virtual Android device
iOS Simulator	virtual iPhone on Mac
JMeter	Apache load testing tool
Locust	Python load testing tool
stress test	testing beyond normal capacity
performance test	measuring speed under load
test pyramid	mostly unit, fewer end-to-end tests
snapshot testing	comparing output to stored snapshot
visual regression testing	detecting UI changes via screenshots
acceptance test	test verifying requirements are met
contract testing	verifying API consumer-provider agreement
Pact	consumer-driven contract testing tool
manual testing	human-run testing
test suite	collection of tests
test quarantine	isolating flaky tests from blocking builds
CI pipeline	automated build and test steps
build artifact	output file produced by build
release candidate	build proposed for release
general availability	full public release
GA	general availability or Google Analytics
early access	limited pre-release availability
staged rollout	gradual release to users
progressive delivery	gradual controlled feature release
rolling deployment	gradually replacing instances with new version
zero-downtime deployment	release without service interruption
ephemeral environment	temporary environment per branch
review app	temporary app per pull request
pre-production	final environment before production
localhost	local machine network address
continuous deployment	automatic release of every change
continuous delivery	always-releasable automated pipeline
continuous integration	frequent automated merge and test
DORA metrics	software delivery performance metrics
change failure rate	share of deploys causing failures
cycle time	time from start to done
burndown chart	remaining work over sprint chart
sprint planning	meeting choosing sprint work
backlog grooming	refining and prioritizing backlog items
definition of done	criteria for completed work
acceptance criteria	conditions work must satisfy
RACI	responsibility assignment matrix
DRI	directly responsible individual
product manager	owns product direction and priorities
engineering manager	manages engineering team people
tech lead	engineer leading team technically
DevRel	developer relations
platform engineering	building internal developer infrastructure
internal developer platform	self-service tools for developers
developer portal	internal catalog of services and docs
C4 model	software architecture diagram levels
UML	unified modeling language diagrams
ERD	entity relationship diagram
DDD	domain-driven design
domain-driven design	modeling software around business domain
hexagonal architecture	core logic isolated by ports, adapters
MVC	model-view-controller pattern
monolith	single deployable application
BFF	backend for frontend
API versioning	managing API changes by version
strangler fig pattern	incrementally replacing legacy system
message broker	middleware routing messages between services
stream processing	processing data continuously as it arrives
batch processing	processing data in scheduled groups
job queue	queue of background tasks
at-least-once delivery	messages may be delivered twice
exactly-once delivery	each message processed once
consumer group	consumers sharing topic partitions
consumer lag	unprocessed messages behind producer
cron expression	schedule syntax for recurring jobs
crontab	Unix scheduled jobs table
token bucket	rate limiting algorithm
LRU cache	evicts least recently used items
memoization	caching function results
zero-downtime migration	schema change without outage
expand and contract	backward-compatible schema migration pattern
data pipeline	automated data movement and processing
data quality	accuracy and completeness of data
data governance	policies for data management
deduplication	removing duplicate records
BI	business intelligence
business intelligence	reporting and analysis of business data
product analytics	analyzing user behavior in product
CDP	customer data platform
customer data platform	unified customer profile data system
session replay	recording user sessions for playback
heatmap	visual map of user clicks
statistical significance	result unlikely due to chance
GrowthBook	open-source feature flags and experiments
Anaconda	Python data science distribution
venv	Python built-in virtual environment
Jupyter Notebook	interactive code notebook
JupyterLab	Jupyter notebook IDE
Django ORM	Django database query layer
Django admin	Django auto-generated admin interface
httpx	async-capable Python HTTP client
Python Requests	Python HTTP client library
Scrapy	Python web scraping framework
Pylint	Python linter
Jinja2	Python templating engine
WSGI	Python web server interface
ASGI	async Python web server interface
Go modules	Go dependency management system
Protocol Buffers	Google binary serialization format
Actix Web	Rust web framework
Tauri	Rust desktop app framework
OpenJDK	open-source Java development kit
JDK	Java development kit
GraalVM	polyglot JVM with native images
Quarkus	Kubernetes-native Java framework
Spring Framework	Java application framework
JPA	Java Persistence API ORM standard
Spring Security	Spring authentication and authorization
JDBC	Java database connectivity API
Lombok	Java boilerplate code generator
Ktor	Kotlin web framework
Kotlin Multiplatform	shared Kotlin code across platforms
Clojure	Lisp on the JVM
IntelliJ IDEA	JetBrains Java IDE
Maven Central	public Java package repository
pom.xml	Maven project config file
build.gradle	Gradle build script
garbage collection	automatic memory reclamation
heap dump	snapshot of program memory
RoR	Ruby on Rails
RubyGems	Ruby package registry
Gemfile	Ruby dependency list
Sinatra	lightweight Ruby web framework
Puma	Ruby web server
Active Job	Rails background job framework
Active Record	Rails ORM
Livewire	Laravel reactive components
Inertia.js	server-driven SPA adapter
Drupal	PHP content management system
PHP-FPM	PHP FastCGI process manager
.NET Core	cross-platform .NET runtime
.NET Framework	legacy Windows .NET runtime
ASP.NET	Microsoft web framework
Blazor	.NET web UI in C#
.NET MAUI	.NET cross-platform app UI
Xamarin	legacy .NET mobile framework
EF Core	Entity Framework Core ORM
Serilog	.NET structured logging library
SignalR	.NET real-time WebSocket library
NUnit	.NET unit testing framework
LINQ	.NET language-integrated query
IIS	Microsoft Windows web server
LiveView	Phoenix server-rendered interactive UI
GenServer	Elixir generic server process
OTP	Erlang/Elixir framework or one-time password
BEAM	Erlang virtual machine
C++	compiled systems programming language
CMake	C/C++ build system generator
GCC	GNU compiler collection
LLVM	compiler infrastructure toolkit
Haskell	pure functional programming language
Lua	lightweight embeddable scripting language
Perl	text-processing scripting language
R language	statistical computing language
Objective-C	legacy Apple programming language
Swift Package Manager	Swift dependency manager
UIKit	Apple iOS UI framework
Core Data	Apple object persistence framework
StoreKit	Apple in-app purchase framework
Core ML	Apple on-device ML framework
Android SDK	Android development toolkit
Android Jetpack	Android libraries and tools suite
Android App Bundle	Android app publishing format
Play Store	Google Android app store
Google Play Store	Google Android app store
Apple App Store	Apple iOS app store
Play Console	Google Play developer dashboard
Expo Go	Expo sandbox preview app
EAS	Expo Application Services
React Navigation	React Native navigation library
Ionic	hybrid mobile app framework
Cordova	legacy hybrid mobile framework
ANR	Android app not responding error
Branch.io	mobile deep linking and attribution
IAP	in-app purchase
paywall	screen gating paid content
offline-first	app works without network connection
BLE	Bluetooth Low Energy
NFC	near-field communication
QR code	2D scannable barcode
Info.plist	iOS app configuration file
push token	device address for push notifications
Face ID	Apple facial recognition authentication
Stytch	passwordless authentication API
WorkOS	enterprise SSO and SCIM API
NextAuth.js	Next.js authentication library
Auth.js	JavaScript authentication library
Passport.js	Node.js authentication middleware
social login	sign in via social account
single sign-on	one login for many apps
IdP	identity provider
identity provider	service authenticating users for apps
Active Directory	Microsoft on-premises user directory
OAuth2	delegated authorization protocol
PKCE	OAuth code exchange protection
ABAC	attribute-based access control
ACL	access control list
multi-tenancy	one system serving many customers
row-level security	database per-row access rules
RLS	database row-level security
authn	authentication, verifying user identity
authz	authorization, checking user permissions
authentication	verifying user identity
authorization	checking user permissions
passwordless	login without password
least privilege	granting minimal needed access
service account	non-human identity for software
personal access token	user-scoped API credential
refresh token	long-lived token for new access tokens
bearer token	access token sent in header
SSRF	server-side request forgery
RCE	remote code execution
IDOR	insecure direct object reference
path traversal	accessing files outside allowed directory
privilege escalation	gaining higher access than allowed
credential stuffing	reusing leaked passwords on logins
account takeover	attacker gaining control of account
MITM	man-in-the-middle attack
supply chain attack	compromising software dependencies
malware	malicious software
ransomware	malware encrypting data for ransom
zero-day	unpatched unknown vulnerability
CVSS	vulnerability severity scoring system
Log4Shell	critical Log4j remote code vulnerability
vulnerability scanning	automated search for known weaknesses
penetration testing	authorized simulated attack
pen test	authorized simulated attack
pentest	authorized simulated attack
threat modeling	identifying likely attacks on design
DAST	dynamic application security testing
software composition analysis	scanning open-source dependencies for risks
Nmap	network port scanner
Wireshark	network packet analyzer
HackerOne	bug bounty platform
HSTS	forces browsers to use HTTPS
certificate pinning	app trusting only specific certificates
certificate authority	issuer of TLS certificates
PKI	public key infrastructure
AES	symmetric encryption standard
RSA	public-key cryptography algorithm
bcrypt	password hashing function
key rotation	periodically replacing cryptographic keys
HSM	hardware security module
YubiKey	hardware security key
authenticator app	app generating one-time codes
Google Authenticator	TOTP authenticator app
secrets management	secure storage of credentials
SIEM	security event log analysis
SOC	security operations center
EDR	endpoint detection and response
CrowdStrike	endpoint security vendor
Wiz	cloud security posture platform
CSPM	cloud security posture management
Zscaler	cloud security proxy vendor
OpenVPN	open-source VPN
jump box	gateway server for internal access
MDM	mobile device management
mobile device management	remote control of company devices
Jamf	Apple device management
IPv4	32-bit internet address protocol
IPv6	128-bit internet address protocol
IP address	network device numeric address
subnet	subdivided IP network range
NAT	network address translation
UDP	connectionless transport protocol
QUIC	UDP-based transport protocol
HTTP/2	multiplexed HTTP protocol version
WebRTC	real-time browser audio, video, data
SSE	server-sent events
server-sent events	one-way server push over HTTP
VoIP	voice calls over internet
Cache-Control	HTTP caching rules header
A record	DNS name to IPv4 address
TXT record	DNS text verification record
DNS propagation	DNS changes spreading globally
GoDaddy	domain registrar and hosting
email deliverability	emails reaching inbox not spam
TLS handshake	TLS connection setup negotiation
round robin	rotating requests across servers
sticky sessions	routing user to same server
Tomcat	Java servlet container
service discovery	finding service network locations
SFTP	SSH file transfer protocol
FTP	file transfer protocol
rsync	file synchronization tool
SSH key	key pair for SSH login
OpenSSL	TLS and cryptography toolkit
grep	text search command
sudo	run command as superuser
systemctl	systemd service control command
journalctl	systemd log viewer
Emacs	extensible text editor
Sublime Text	text editor
Visual Studio Code	Microsoft code editor
VSCode	Microsoft code editor
PyCharm	JetBrains Python IDE
WebStorm	JetBrains JavaScript IDE
Stripe Radar	Stripe fraud detection
Stripe Tax	Stripe sales tax calculation
PaymentIntent	Stripe payment lifecycle object
Checkout.com	global payment processor
Klarna	buy now pay later provider
Afterpay	buy now pay later provider
Razorpay	Indian payment gateway
Recurly	subscription billing platform
Zuora	subscription billing platform
Google Pay	Google mobile wallet payments
Mastercard	card payment network
American Express	card network and issuer
interchange fee	fee paid to card issuer
card network	Visa, Mastercard payment rails
payment gateway	service transmitting card payments
payment processor	company handling card transactions
payment dispute	customer contesting card charge
Strong Customer Authentication	EU two-factor payment requirement
card tokenization	replacing card number with token
CVV	card security code
Pix	Brazil instant payment system
UPI	India instant payment system
SEPA Direct Debit	euro bank account debit scheme
routing number	US bank identifier number
escrow	funds held by third party
blockchain	distributed append-only ledger
Ethereum	smart contract blockchain platform
Bitcoin	decentralized cryptocurrency
COGS	cost of goods sold
gross margin	revenue minus direct costs percentage
EBITDA	earnings before interest, taxes, depreciation
P&L	profit and loss statement
balance sheet	assets and liabilities statement
opex	operating expenses
capex	capital expenditures
ASC 606	US revenue recognition standard
IFRS	international financial reporting standards
audit trail	chronological record of changes
month-end close	monthly accounting books closing
purchase order	buyer's formal order document
VAT number	business value-added tax ID
e-invoicing	electronic structured invoices
payment terms	agreed invoice payment deadlines
metered billing	charging by measured usage
usage-based pricing	price based on consumption
tiered pricing	price levels by volume
freemium	free basic plan, paid upgrades
free trial	limited-time free product access
pay-as-you-go	billing only for actual use
PLG	product-led growth
product-led growth	product drives customer acquisition
go-to-market	plan for selling to customers
ICP	ideal customer profile
PMF	product-market fit
product-market fit	product satisfying strong market demand
activation rate	share of users reaching first value
WAU	weekly active users
GMV	gross merchandise value
AOV	average order value
ACV	annual contract value
expansion revenue	extra revenue from existing customers
churn rate	share of customers cancelling
MQL	marketing qualified lead
SDR	sales development representative
account executive	salesperson closing deals
sales engineer	technical presales specialist
customer success	helping customers get value
CSM	customer success manager
QBR	quarterly business review
RevOps	revenue operations
RFP	request for proposal
SOW	statement of work
MSA	master services agreement
BAA	HIPAA business associate agreement
EULA	end-user license agreement
LGPL	lesser GPL library license
BSD license	permissive open-source license
Creative Commons	content sharing licenses
SPDX	software license identifier standard
data subject request	individual's request about their data
legal hold	preserving data for litigation
data classification	labeling data by sensitivity
cardholder data environment	systems handling card data
encryption in transit	encrypting data over network
TLS 1.3	TLS protocol version 1.3
FIPS 140-2	US cryptographic module standard
CIS Benchmarks	secure configuration guidelines
MITRE ATT&CK	adversary tactics and techniques knowledge base
vendor risk management	assessing supplier security risk
GRC	governance, risk and compliance
BCP	business continuity plan
data breach	unauthorized access to data
CPRA	California privacy rights law
LGPD	Brazil data protection law
UK GDPR	UK data protection law
SCCs	standard contractual clauses
standard contractual clauses	EU data transfer contract terms
data minimization	collecting only needed data
pseudonymization	replacing identifiers with pseudonyms
data controller	entity deciding data purposes
data processor	entity processing data for controller
lawful basis	legal ground for data processing
consent management platform	cookie consent tool
OneTrust	privacy and consent management
Digital Services Act	EU online platforms regulation
Digital Markets Act	EU gatekeeper platforms regulation
NIS2	EU cybersecurity directive
DORA	DevOps metrics or EU financial resilience law
HITRUST	healthcare security framework
SOC 2 Type I	point-in-time security controls audit
VPAT	accessibility conformance report template
Section 508	US federal accessibility law
ARIA	accessibility attributes for web elements
alt text	image description for screen readers
VoiceOver	Apple screen reader
KYB	know your business verification
OFAC	US sanctions enforcement office
identity verification	confirming person is real, matches ID
Jira Software	Atlassian issue and project tracker
Jira ticket	issue in Jira tracker
JQL	Jira Query Language
Atlassian	Jira and Confluence maker
Jira Service Management	Atlassian IT service desk
ClickUp	project management tool
monday.com	work management platform
GitHub Issues	GitHub issue tracker
GitHub Pages	GitHub static site hosting
GitHub Advanced Security	GitHub code and secret scanning
secret scanning	detecting committed credentials
Gitea	self-hosted Git service
git bisect	binary search for bad commit
git stash	temporarily shelve uncommitted changes
git blame	show who changed each line
git submodule	nested Git repository
merge conflict	overlapping edits needing manual resolution
squash merge	combine commits into one
main branch	default primary Git branch
feature branch	branch for one change
release branch	branch stabilizing upcoming release
Gitflow	branching model with develop and releases
stacked PRs	chain of dependent pull requests
draft PR	pull request not ready for review
branch protection	rules guarding important branches
signed commits	cryptographically verified commits
.gitignore	files Git should not track
Discord	community chat app
Mattermost	self-hosted team chat
Webex	Cisco video meetings
Obsidian	Markdown notes app
Evernote	note-taking app
GitBook	documentation platform
Read the Docs	documentation hosting
Docusaurus	documentation site generator
MkDocs	Markdown documentation generator
Sphinx	Python documentation generator
Jekyll	Ruby static site generator
Hugo	Go static site generator
Swagger UI	interactive OpenAPI documentation
HTTPie	command-line HTTP client
Postman collection	saved set of API requests
Lucidchart	online diagramming tool
FigJam	Figma online whiteboard
Webflow	visual website builder
Wix	website builder
Canva	online graphic design tool
design system	shared UI components and guidelines
design tokens	named design values for colors, spacing
component library	reusable UI components collection
Microsoft Clarity	free heatmaps and session replay
Productboard	product management and roadmap tool
Typeform	online forms and surveys
SurveyMonkey	online survey tool
Qualtrics	survey and experience platform
BambooHR	HR information system
Deel	global payroll and contractors
Expensify	expense reporting app
Brex	corporate cards and spend management
applicant tracking system	recruiting pipeline software
HRIS	human resources information system
Make.com	visual workflow automation
n8n	open-source workflow automation
MuleSoft	enterprise integration platform
Microsoft Excel	Microsoft spreadsheet
VLOOKUP	spreadsheet lookup function
low-code	visual development with little code
no-code	building software without coding
RPA	robotic process automation
ServiceNow	IT service management platform
ITSM	IT service management
ITIL	IT service management framework
Freshdesk	customer support helpdesk
Help Scout	customer support helpdesk
first response time	time to first support reply
support ticket	customer help request record
L1 support	first-line customer support
L2 support	second-line technical support
bug triage	prioritizing and assigning bugs
knowledge base	self-service help articles
Salesforce Service Cloud	Salesforce customer support CRM
SFDC	Salesforce CRM platform
HubSpot CRM	HubSpot customer relationship manager
Pipedrive	sales pipeline CRM
Calendly	meeting scheduling tool
PandaDoc	document and proposal e-signature
e-signature	electronic document signing
CPQ	configure, price, quote software
Gainsight	customer success platform
Marketo	marketing automation platform
Pardot	Salesforce B2B marketing automation
Klaviyo	e-commerce email and SMS marketing
Brevo	email and SMS marketing
Resend	developer email sending API
ESP	email service provider
transactional email	automated user-triggered emails
bounce rate	share of bounced emails or visits
CAN-SPAM	US commercial email law
10DLC	US business SMS registration
SMS	text messaging
WhatsApp	Meta messaging app
WhatsApp Business API	WhatsApp messaging for businesses
Vonage	communications API provider
Pusher	hosted realtime WebSocket messaging
Ably	realtime messaging platform
CRDT	conflict-free replicated data type
LiveKit	open-source WebRTC video platform
Vimeo	video hosting platform
YouTube	Google video platform
FFmpeg	audio and video processing tool
ImageMagick	image processing command-line tool
object storage	storage for files as objects
MinIO	S3-compatible object storage
point-in-time recovery	restoring database to specific moment
PITR	point-in-time recovery
Strapi	open-source headless CMS
Sanity.io	headless CMS platform
Payload CMS	TypeScript headless CMS
Adobe Experience Manager	enterprise content management system
MDX	Markdown with JSX components
front matter	metadata block atop Markdown file
LaTeX	document typesetting system
static site generator	builds HTML sites from templates
WooCommerce	WordPress e-commerce plugin
Magento	PHP e-commerce platform
BigCommerce	hosted e-commerce platform
PIM	product information management
OMS	order management system
WMS	warehouse management system
3PL	third-party logistics provider
ShipStation	shipping label and order software
tracking number	shipment tracking code
Meta Pixel	Facebook ad conversion tracking
Conversions API	server-side ad conversion tracking
multi-touch attribution	crediting conversions across touchpoints
SKAdNetwork	Apple privacy-preserving ad attribution
IDFA	Apple advertising identifier
App Tracking Transparency	iOS tracking permission prompt
CPC	cost per click
CPM	cost per thousand impressions
ROAS	return on ad spend
PPC	pay-per-click advertising
SERP	search engine results page
robots.txt	crawler access rules file
sitemap.xml	list of site URLs for crawlers
JSON-LD	JSON linked data format
Open Graph	social link preview metadata
landing page	page built for campaign conversion
CTA	call to action
CRO	conversion rate optimization
wireframe	low-fidelity layout sketch
UX	user experience
UI	user interface
empty state	screen shown when no data
onboarding	getting new users or employees started
one-on-one	private manager-report meeting
1:1	private manager-report meeting
all-hands	whole-company meeting
EOD	end of day
TL;DR	short summary
WFH	working from home
WIP	work in progress
bus factor	people who could leave before project stalls
SME	subject matter expert
SOP	standard operating procedure
go/no-go	launch readiness decision
go-live	moment system launches to users
cutover	switching from old system to new
deprecation	marking feature for removal
backport	applying fix to older version
bug report	description of software defect
known issue	documented unresolved bug
P1	high-priority issue
P2	medium-priority issue
incident commander	person leading incident response
incident response	handling and resolving incidents
blameless postmortem	incident review without blame
on-call rotation	schedule of engineers on call
change management	controlled process for system changes
change freeze	period blocking deployments
maintenance window	scheduled downtime period
five nines	99.999 percent availability
MSP	managed service provider
white-label	rebranded third-party product
multi-tenant	shared instance serving many customers
self-hosted	run on own infrastructure
air-gapped	isolated from internet
vendor lock-in	dependence on one supplier
TCO	total cost of ownership
Unicode	universal text character standard
Base64	binary-to-text encoding
backward compatibility	new version works with old clients
ULID	sortable unique identifier
referential integrity	valid references between tables
prepared statement	precompiled parameterized SQL query
RDBMS	relational database management system
relational database	table-based SQL database
key-value store	database storing values by key
document database	database storing JSON-like documents
graph database	database of nodes and edges
time-series database	database for timestamped metrics
consistent hashing	stable key distribution across nodes
bloom filter	probabilistic set membership structure
replication lag	delay before replica catches up
stateless	keeping no session data between requests
stateful	retaining data between requests
Copilot	AI coding or productivity assistant
"""
