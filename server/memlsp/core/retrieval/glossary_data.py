"""The built-in glossary: ``term<TAB>gloss`` lines (see :mod:`.glossary`).

A general-purpose dictionary of developer tools, cloud services, libraries, protocols,
laws/standards and engineering or business jargon, written from general knowledge for this
purpose, independently of any evaluation data (995 entries).
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
429	too many requests, rate limited
502	bad gateway upstream error
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
"""
