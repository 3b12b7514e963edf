/**
 * Writes the redaction corpus (positives.jsonl, negatives.jsonl) from a fixed seed, so the files in
 * the repository are reproducible: `npx tsx test/redaction/corpus/generate.ts`.
 *
 * Positives are synthetic credentials in the vendors' real formats (prefixes, lengths, charsets,
 * CRC32 checksums for GitHub and npm tokens) placed where people paste them: .env files, YAML, JSON
 * tool calls, shell history, HTTP headers, logs and chat. None is a real secret: every random part
 * comes from the seeded generator below. Negatives are what an agent's memory holds that only looks
 * like a secret: prose about credentials, code that reads them, placeholders from docs, public keys,
 * identifiers, hashes, encoded images and URLs without credentials.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the corpus quotes shell and CI placeholders literally
import { writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

// mulberry32: small, seedable, good enough for test data.
let seed = 0x5eed_2026;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const B62 = DIGITS + UPPER + LOWER;
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';
const B64 = `${UPPER}${LOWER}${DIGITS}+/`;
const B64URL = `${UPPER}${LOWER}${DIGITS}-_`;
const from = (chars: string, n: number) => Array.from({ length: n }, () => chars[int(chars.length)]).join('');
const hex = (n: number) => from(HEX, n);
const alnum = (n: number) => from(ALNUM, n);
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const digits = (n: number) => String(1 + int(9)) + from(DIGITS, n - 1);
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;

function base62(n: number, width: number): string {
  let s = '';
  let v = n >>> 0;
  while (v > 0) {
    s = B62[v % 62] + s;
    v = Math.floor(v / 62);
  }
  return s.padStart(width, '0');
}
/** GitHub and npm tokens: 30 random characters and a base62 CRC32 of them. */
const checksummed = (prefix: string) => {
  const body = alnum(30);
  return `${prefix}${body}${base62(crc32(body), 6)}`;
};

// ---------- secrets in real formats ----------
const PASSWORD_WORDS = [
  'Maple',
  'Orbit',
  'Falcon',
  'Copper',
  'Harbor',
  'Juniper',
  'Quartz',
  'Tundra',
  'Velvet',
  'Willow',
];
function password(): string {
  switch (int(4)) {
    case 0:
      return `${pick(PASSWORD_WORDS)}${pick(['!', '#', '$', '@', '%', '&', '*'])}${1990 + int(40)}${pick(['', '?', '!'])}`;
    case 1:
      return from(`${ALNUM}!@#$%^&*-_=+`, 12 + int(10));
    case 2:
      return `${pick(PASSWORD_WORDS).toLowerCase()}-${pick(PASSWORD_WORDS).toLowerCase()}-${int(100)}${pick(['!', '.', '#'])}`;
    default:
      return `${from(UPPER, 1)}${from(LOWER, 5)}${from(DIGITS, 3)}${pick(['!', '$', '?', ')'])}${from(LOWER, 2)}`;
  }
}
const PHRASE_WORDS = [
  'orbit',
  'candle',
  'mosaic',
  'thunder',
  'velvet',
  'lantern',
  'cobalt',
  'meadow',
  'pixel',
  'harvest',
  'saddle',
  'glacier',
];
const passphrase = () => Array.from({ length: 4 + int(2) }, () => pick(PHRASE_WORDS)).join(' ');

const awsKeyId = (p = 'AKIA') => `${p}${from('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
const awsSecret = () => {
  for (;;) {
    const s = from(`${UPPER}${LOWER}${DIGITS}+/`, 40);
    if (/[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s)) return s;
  }
};
const jwt = () => {
  const header = b64url(JSON.stringify({ alg: pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({
      sub: uuid(),
      iss: pick(['https://auth.acme.dev', 'https://login.corp.internal']),
      iat: 1_700_000_000 + int(9e7),
      exp: 1_800_000_000 + int(9e7),
      scope: 'read write',
    }),
  );
  return `${header}.${payload}.${b64url(bytes(32))}`;
};
const pem = (label: string) => {
  const body = b64(bytes(600 + int(600)));
  const lines = body.match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN ${label}-----\n${lines}\n-----END ${label}-----`;
};
const discordBot = () => `${b64url(digits(18 + int(2)))}.${from(B64URL, 6)}.${from(B64URL, 38)}`;
const azureAccountKey = () => b64(bytes(64));

interface Format {
  rule: string;
  make: () => string;
  /** The env-style name people give it. */
  env: string;
  /** Only recognisable with its name beside it (no prefix of its own). */
  needsName?: boolean;
}

const FORMATS: Format[] = [
  { rule: 'aws_access_key_id', make: () => awsKeyId(pick(['AKIA', 'ASIA'])), env: 'AWS_ACCESS_KEY_ID' },
  { rule: 'aws_secret_access_key', make: awsSecret, env: 'AWS_SECRET_ACCESS_KEY', needsName: true },
  { rule: 'github_token', make: () => checksummed(pick(['ghp_', 'gho_', 'ghs_', 'ghu_'])), env: 'GITHUB_TOKEN' },
  {
    rule: 'github_fine_grained_pat',
    make: () => `github_pat_11${from(UPPER + DIGITS, 20)}_${alnum(59)}`,
    env: 'GH_TOKEN',
  },
  { rule: 'gitlab_token', make: () => `${pick(['glpat-', 'gldt-', 'glrt-'])}${from(B64URL, 20)}`, env: 'GITLAB_TOKEN' },
  { rule: 'slack_token', make: () => `xoxb-${digits(12)}-${digits(13)}-${alnum(24)}`, env: 'SLACK_BOT_TOKEN' },
  {
    rule: 'slack_token',
    make: () => `xoxp-${digits(12)}-${digits(12)}-${digits(13)}-${hex(32)}`,
    env: 'SLACK_USER_TOKEN',
  },
  {
    rule: 'slack_app_token',
    make: () => `xapp-1-A${from(UPPER + DIGITS, 10)}-${digits(13)}-${hex(64)}`,
    env: 'SLACK_APP_TOKEN',
  },
  {
    rule: 'slack_webhook',
    make: () =>
      `https://hooks.slack.com/services/T${from(UPPER + DIGITS, 8)}/B${from(UPPER + DIGITS, 10)}/${alnum(24)}`,
    env: 'SLACK_WEBHOOK_URL',
  },
  { rule: 'discord_bot_token', make: discordBot, env: 'DISCORD_BOT_TOKEN' },
  {
    rule: 'discord_webhook',
    make: () => `https://discord.com/api/webhooks/${digits(19)}/${from(B64URL, 68)}`,
    env: 'DISCORD_WEBHOOK',
  },
  {
    rule: 'stripe_secret_key',
    make: () => `${pick(['sk_live_', 'rk_live_', 'sk_test_'])}51${alnum(96)}`,
    env: 'STRIPE_SECRET_KEY',
  },
  { rule: 'stripe_webhook_secret', make: () => `whsec_${alnum(32)}`, env: 'STRIPE_WEBHOOK_SECRET' },
  {
    rule: 'openai_api_key',
    make: () => `sk-proj-${from(B64URL, 74)}T3BlbkFJ${from(B64URL, 74)}`,
    env: 'OPENAI_API_KEY',
  },
  { rule: 'openai_api_key', make: () => `sk-${alnum(20)}T3BlbkFJ${alnum(20)}`, env: 'OPENAI_API_KEY' },
  { rule: 'anthropic_api_key', make: () => `sk-ant-api03-${from(B64URL, 93)}AA`, env: 'ANTHROPIC_API_KEY' },
  { rule: 'google_api_key', make: () => `AIza${from(B64URL, 35)}`, env: 'GOOGLE_API_KEY' },
  { rule: 'google_oauth_client_secret', make: () => `GOCSPX-${from(B64URL, 28)}`, env: 'GOOGLE_CLIENT_SECRET' },
  { rule: 'google_oauth_token', make: () => `ya29.a0${from(B64URL, 150)}`, env: 'GOOGLE_ACCESS_TOKEN' },
  {
    rule: 'azure_ad_client_secret',
    make: () => `${from(ALNUM, 3)}${int(10)}Q~${from(`${ALNUM}_~.-`, 34)}`,
    env: 'AZURE_CLIENT_SECRET',
  },
  { rule: 'twilio_api_key', make: () => `SK${hex(32)}`, env: 'TWILIO_API_KEY' },
  { rule: 'twilio_auth_token', make: () => hex(32), env: 'TWILIO_AUTH_TOKEN', needsName: true },
  { rule: 'sendgrid_api_key', make: () => `SG.${from(B64URL, 22)}.${from(B64URL, 43)}`, env: 'SENDGRID_API_KEY' },
  { rule: 'mailgun_api_key', make: () => `key-${hex(32)}`, env: 'MAILGUN_API_KEY' },
  { rule: 'mailchimp_api_key', make: () => `${hex(32)}-us${1 + int(20)}`, env: 'MAILCHIMP_API_KEY' },
  { rule: 'npm_token', make: () => checksummed('npm_'), env: 'NPM_TOKEN' },
  { rule: 'pypi_token', make: () => `pypi-AgEIcHlwaS5vcmc${from(B64URL, 140)}`, env: 'PYPI_TOKEN' },
  { rule: 'huggingface_token', make: () => `hf_${from(UPPER + LOWER, 34)}`, env: 'HF_TOKEN' },
  {
    rule: 'shopify_token',
    make: () => `${pick(['shpat_', 'shpss_', 'shpca_'])}${hex(32)}`,
    env: 'SHOPIFY_ACCESS_TOKEN',
  },
  { rule: 'grafana_service_account_token', make: () => `glsa_${alnum(32)}_${hex(8)}`, env: 'GRAFANA_TOKEN' },
  {
    rule: 'grafana_cloud_token',
    make: () =>
      `glc_${b64(JSON.stringify({ o: digits(6), n: `stack-${digits(6)}-hm-read`, k: alnum(24), m: { r: 'prod-us-east-0' } })).replace(/=+$/, '')}`,
    env: 'GRAFANA_CLOUD_TOKEN',
  },
  { rule: 'digitalocean_token', make: () => `${pick(['dop_v1_', 'doo_v1_'])}${hex(64)}`, env: 'DIGITALOCEAN_TOKEN' },
  { rule: 'docker_hub_token', make: () => `dckr_pat_${from(B64URL, 27)}`, env: 'DOCKERHUB_TOKEN' },
  { rule: 'jwt', make: jwt, env: 'ACCESS_TOKEN' },
  { rule: 'hx_api_key', make: () => `hx_live_${alnum(40)}`, env: 'HX_API_KEY' },
  {
    rule: 'age_secret_key',
    make: () => `AGE-SECRET-KEY-1${from('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`,
    env: 'SOPS_AGE_KEY',
  },
  { rule: 'databricks_token', make: () => `dapi${hex(32)}`, env: 'DATABRICKS_TOKEN' },
  { rule: 'postman_api_key', make: () => `PMAK-${hex(24)}-${hex(34)}`, env: 'POSTMAN_API_KEY' },
  { rule: 'linear_api_key', make: () => `lin_api_${alnum(40)}`, env: 'LINEAR_API_KEY' },
  { rule: 'notion_token', make: () => `ntn_${digits(11)}${alnum(35)}`, env: 'NOTION_TOKEN' },
  {
    rule: 'atlassian_api_token',
    make: () => `ATATT3xFfGF0${from(`${ALNUM}_-`, 170)}=${hex(8).toUpperCase()}`,
    env: 'JIRA_API_TOKEN',
  },
  { rule: 'new_relic_key', make: () => `NRAK-${from(UPPER + DIGITS, 27)}`, env: 'NEW_RELIC_API_KEY' },
  { rule: 'sentry_token', make: () => `sntryu_${hex(64)}`, env: 'SENTRY_AUTH_TOKEN' },
  { rule: 'hashicorp_vault_token', make: () => `hvs.CAESI${from(B64URL, 90)}`, env: 'VAULT_TOKEN' },
  { rule: 'terraform_cloud_token', make: () => `${alnum(14)}.atlasv1.${from(`${ALNUM}_-`, 67)}`, env: 'TFE_TOKEN' },
  {
    rule: 'doppler_token',
    make: () => `dp.st.prd.${alnum(0)}`.replace('dp.st.prd.', `dp.st.${alnum(43)}`),
    env: 'DOPPLER_TOKEN',
  },
  { rule: 'pulumi_token', make: () => `pul-${hex(40)}`, env: 'PULUMI_ACCESS_TOKEN' },
  { rule: 'rubygems_api_key', make: () => `rubygems_${hex(48)}`, env: 'GEM_HOST_API_KEY' },
  { rule: 'telegram_bot_token', make: () => `${digits(10)}:AA${from(B64URL, 33)}`, env: 'TELEGRAM_BOT_TOKEN' },
  { rule: 'square_token', make: () => `EAAA${from(B64URL, 60)}`, env: 'SQUARE_ACCESS_TOKEN' },
  { rule: 'supabase_token', make: () => `sbp_${hex(40)}`, env: 'SUPABASE_ACCESS_TOKEN' },
  { rule: 'replicate_token', make: () => `r8_${alnum(37)}`, env: 'REPLICATE_API_TOKEN' },
  { rule: 'groq_api_key', make: () => `gsk_${alnum(52)}`, env: 'GROQ_API_KEY' },
  { rule: 'perplexity_api_key', make: () => `pplx-${alnum(48)}`, env: 'PERPLEXITY_API_KEY' },
  { rule: 'langsmith_api_key', make: () => `lsv2_pt_${hex(32)}_${hex(10)}`, env: 'LANGSMITH_API_KEY' },
  { rule: 'tailscale_key', make: () => `tskey-auth-k${alnum(10)}CNTRL-${alnum(33)}`, env: 'TS_AUTHKEY' },
  { rule: 'planetscale_token', make: () => `pscale_pw_${from(`${ALNUM}_`, 43)}`, env: 'DATABASE_PASSWORD' },
  { rule: 'fly_io_token', make: () => `fo1_${from(B64URL, 43)}`, env: 'FLY_API_TOKEN' },
  { rule: 'buildkite_token', make: () => `bkua_${hex(40)}`, env: 'BUILDKITE_API_TOKEN' },
  { rule: 'alibaba_access_key_id', make: () => `LTAI${alnum(20)}`, env: 'ALIBABA_CLOUD_ACCESS_KEY_ID' },
  {
    rule: 'mapbox_secret_token',
    make: () => `sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I${alnum(20)}.${from(B64URL, 22)}`,
    env: 'MAPBOX_SECRET_TOKEN',
  },
  {
    rule: 'firebase_cloud_messaging_key',
    make: () => `AAAA${from(B64URL, 7)}:APA91b${from(B64URL, 134)}`,
    env: 'FCM_SERVER_KEY',
  },
  { rule: 'heroku_api_key', make: () => `HRKU-AA${from(B64URL, 58)}`, env: 'HEROKU_API_KEY' },
  {
    rule: 'dynatrace_token',
    make: () => `dt0c01.${from(UPPER + DIGITS, 24)}.${from(UPPER + DIGITS, 64)}`,
    env: 'DT_API_TOKEN',
  },
  { rule: 'brevo_api_key', make: () => `xkeysib-${hex(64)}-${alnum(16)}`, env: 'BREVO_API_KEY' },
  { rule: 'openshift_token', make: () => `sha256~${from(B64URL, 43)}`, env: 'OPENSHIFT_TOKEN' },
  { rule: 'prefect_api_key', make: () => `pnu_${alnum(36)}`, env: 'PREFECT_API_KEY' },
  { rule: 'airtable_pat', make: () => `pat${alnum(14)}.${hex(64)}`, env: 'AIRTABLE_TOKEN' },
  { rule: 'cloudflare_api_token', make: () => from(`${ALNUM}_-`, 40), env: 'CLOUDFLARE_API_TOKEN', needsName: true },
  { rule: 'datadog_api_key', make: () => hex(32), env: 'DD_API_KEY', needsName: true },
  { rule: 'generic_client_secret', make: () => from(`${ALNUM}~._-`, 36), env: 'OAUTH_CLIENT_SECRET', needsName: true },
];

// ---------- contexts: where people paste secrets ----------
const camel = (env: string) => env.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
type Entry = { id: string; rule: string; context: string; secrets: string[] } & (
  | { text: string }
  | { payload: unknown }
);

const named: Array<[string, (env: string, s: string) => string | { payload: unknown }]> = [
  ['dotenv', (env, s) => `# production\nNODE_ENV=production\n${env}=${s}\nLOG_LEVEL=info`],
  ['export', (env, s) => `$ export ${env}="${s}"\n$ npm run deploy`],
  ['yaml', (env, s) => `services:\n  api:\n    environment:\n      ${env}: ${s}\n      PORT: "8080"`],
  [
    'json-field',
    (env, s) => ({
      payload: { role: 'tool', content: 'loaded settings', settings: { [camel(env)]: s, region: 'eu-west-1' } },
    }),
  ],
  ['code', (env, s) => `const client = new Client({\n  ${camel(env)}: '${s}',\n  timeout: 30_000,\n});`],
  ['python', (env, s) => `${env.toLowerCase()} = "${s}"\nclient = connect(${env.toLowerCase()})`],
  [
    'k8s-env',
    (env, s) => ({
      payload: {
        kind: 'Deployment',
        env: [
          { name: 'PORT', value: '8080' },
          { name: env, value: s },
        ],
      },
    }),
  ],
  [
    'header',
    (_env, s) => `curl -s https://api.internal.acme.dev/v2/jobs -H "X-Api-Key: ${s}" -H "Accept: application/json"`,
  ],
];
const bare: Array<[string, (s: string) => string | { payload: unknown }]> = [
  ['chat', (s) => `here is the one from the dashboard: ${s} — can you wire it into the staging config?`],
  ['log', (s) => `2026-03-02T10:14:07.221Z DEBUG http outbound request url=/v1/items auth=${s} status=200 ms=84`],
  [
    'tool-output',
    (s) => ({ payload: { role: 'tool', name: 'shell', output: `$ cat ~/.config/tool/credentials\n${s}\n$ ` } }),
  ],
  ['markdown', (s) => `Paste this into the CI secret settings:\n\n\`\`\`\n${s}\n\`\`\`\n`],
];

const positives: Entry[] = [];
const add = (rule: string, context: string, secrets: string[], body: string | { payload: unknown }) => {
  const id = `p${String(positives.length + 1).padStart(4, '0')}`;
  positives.push(
    typeof body === 'string' ? { id, rule, context, secrets, text: body } : { id, rule, context, secrets, ...body },
  );
};

for (const f of FORMATS) {
  const ctxs = f.needsName
    ? [...named].sort(() => rand() - 0.5).slice(0, 3)
    : [...named].sort(() => rand() - 0.5).slice(0, 2);
  for (const [name, make] of ctxs) {
    const s = f.make();
    add(f.rule, name, [s], make(f.env, s));
  }
  if (!f.needsName) {
    const [name, make] = pick(bare);
    const s = f.make();
    add(f.rule, name, [s], make(s));
  }
}

// Passwords and passphrases typed by people.
const PASSWORD_NAMES = [
  'DB_PASSWORD',
  'POSTGRES_PASSWORD',
  'MYSQL_ROOT_PASSWORD',
  'SMTP_PASS',
  'REDIS_PASSWORD',
  'admin_password',
  'keystorePassword',
  'wifi_passphrase',
];
for (let i = 0; i < 14; i++) {
  const [ctx, make] = pick(named.filter(([n]) => n !== 'header'));
  const p = password();
  add('password_assignment', ctx, [p], make(pick(PASSWORD_NAMES), p));
}
for (let i = 0; i < 5; i++) {
  const p = passphrase();
  add(
    'password_assignment',
    'quoted-passphrase',
    [p],
    pick([
      `passphrase = "${p}"`,
      `gpg:\n  passphrase: '${p}'`,
      `KEY_PASSPHRASE="${p}"`,
      `{"ssh": {"key_passphrase": "${p}"}}`,
    ]),
  );
}
for (let i = 0; i < 3; i++) {
  const p = passphrase();
  add('password_field', 'json-passphrase', [p], { payload: { wallet: { name: 'cold', passphrase: p } } });
}
for (let i = 0; i < 6; i++) {
  const p = password();
  add(
    'password_field',
    'json-field',
    [p],
    pick([
      { payload: { tool: 'db.connect', args: { host: 'db.internal', user: 'svc_app', password: p } } },
      { payload: { form: { username: 'maria', new_password: p, confirm: true } } },
      { payload: { smtp: { host: 'smtp.mailgun.org', port: 587, auth: { user: 'postmaster', pass: p } } } },
    ]),
  );
}
for (let i = 0; i < 6; i++) {
  const p = password().replace(/[\s"'`]/g, '');
  add(
    'secret_in_prose',
    'chat',
    [p],
    pick([
      `my password is ${p} if you need to log in for me`,
      `The wifi password is ${p} (guest network)`,
      `ok I changed the root password to ${p}, don't share it`,
      `the staging db password is now ${p}.`,
    ]),
  );
}

// Django SECRET_KEY with the characters Django uses, including `)`.
for (let i = 0; i < 5; i++) {
  const key =
    `${pick(['django-insecure-', ''])}${from('abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)', 50)}`.replace(
      /[)(]/,
      ')',
    );
  add(
    'django_secret_key',
    'settings.py',
    [key],
    `# settings.py\nDEBUG = False\nSECRET_KEY = '${key}'\nALLOWED_HOSTS = ['app.acme.dev']`,
  );
}

// AWS key id with its secret beside it.
for (let i = 0; i < 6; i++) {
  const id = awsKeyId();
  const s = awsSecret();
  add(
    'aws_secret_near_key_id',
    pick(['chat', 'csv', 'credentials']),
    [id, s],
    pick([
      `new IAM user keys: ${id} / ${s}`,
      `User name,Access key ID,Secret access key\nci-deployer,${id},${s}`,
      `[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${s}\nregion = us-east-1`,
      `AccessKeyId: ${id}\nSecretAccessKey: ${s}`,
    ]),
  );
}
// STS output as JSON.
for (let i = 0; i < 3; i++) {
  const id = awsKeyId('ASIA');
  const s = awsSecret();
  const token = `IQoJb3JpZ2luX2VjE${from(B64, 300)}`;
  add('aws_session_credentials', 'json', [id, s, token], {
    payload: {
      Credentials: { AccessKeyId: id, SecretAccessKey: s, SessionToken: token, Expiration: '2026-03-02T12:00:00Z' },
    },
  });
}

// Connection strings.
for (let i = 0; i < 10; i++) {
  const p = password().replace(/[@/:?#\s]/g, 'x');
  const host = pick([
    'db.internal',
    'prod-db.c9akciq32.eu-west-1.rds.amazonaws.com',
    'cluster0.mongodb.net',
    '10.0.3.17',
  ]);
  const url = pick([
    `postgres://app:${p}@${host}:5432/orders`,
    `postgresql://svc_reporting:${p}@${host}/analytics?sslmode=require`,
    `mysql://root:${p}@${host}:3306/shop`,
    `mongodb+srv://admin:${p}@${host}/?retryWrites=true&w=majority`,
    `redis://default:${p}@${host}:6379/0`,
    `amqp://guest2:${p}@${host}:5672/vhost`,
    `https://deploy:${p}@git.acme.dev/platform/infra.git`,
  ]);
  add(
    'connection_string',
    pick(['dotenv', 'chat', 'json']),
    [url],
    pick([`DATABASE_URL=${url}`, `connect with ${url} and run the migration`, `{"dsn": "${url}"}`]),
  );
}
for (let i = 0; i < 4; i++) {
  const p = password().replace(/[;=\s"']/g, 'q');
  add(
    'password_assignment',
    'ado.net',
    [p],
    `Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=orders;User ID=sqladmin;Password=${p};Encrypt=True;`,
  );
}
for (let i = 0; i < 4; i++) {
  const key = azureAccountKey();
  add(
    'azure_storage_account_key',
    'connection-string',
    [key],
    `AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=acmelogs${int(100)};AccountKey=${key};EndpointSuffix=core.windows.net"`,
  );
}
for (let i = 0; i < 4; i++) {
  const sig = encodeURIComponent(b64(bytes(32)));
  add(
    'azure_sas_signature',
    'url',
    [sig],
    `download: https://acmebackups.blob.core.windows.net/exports/2026-03.tar.gz?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-04-01T00:00:00Z&st=2026-03-01T00:00:00Z&spr=https&sig=${sig}`,
  );
}
for (let i = 0; i < 2; i++) {
  const key = b64(bytes(32));
  add(
    'azure_shared_access_key',
    'connection-string',
    [key],
    `Endpoint=sb://acme-events.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${key}`,
  );
}

// Command lines.
for (let i = 0; i < 14; i++) {
  const p = password().replace(/["'\s]/g, '');
  const kind = i % 7;
  const cases: Array<[string, string]> = [
    [
      'sshpass_password',
      `sshpass -p '${p}' ssh -o StrictHostKeyChecking=no deploy@10.0.4.12 'sudo systemctl restart app'`,
    ],
    ['mysql_password', `mysql -h db.internal -u root -p${p.replace(/[!$&;|<>()]/g, 'z')} inventory < dump.sql`],
    [
      'curl_user_credentials',
      `curl -u ops:${p.replace(/[!$&;|<>():]/g, 'z')} -X POST https://jenkins.acme.dev/job/deploy/build`,
    ],
    [
      'cli_secret_flag',
      `./bin/migrate --host db.internal --user admin --password=${p.replace(/[$&;|<>()]/g, 'z')} --apply`,
    ],
    ['registry_login_password', `docker login registry.acme.dev -u ci-bot -p ${p.replace(/[$&;|<>()]/g, 'z')}`],
    ['redis_cli_password', `redis-cli -h cache.internal -p 6379 -a '${p}' FLUSHDB`],
    ['password_assignment', `PGPASSWORD='${p}' psql -h db.internal -U postgres -c 'select 1'`],
  ];
  const [rule, text] = cases[kind]!;
  const secret = /'([^']+)'/.exec(text.replace(/^sshpass -p |^redis-cli.*-a |^PGPASSWORD=/, ''))?.[1];
  const s =
    rule === 'sshpass_password' || rule === 'redis_cli_password' || rule === 'password_assignment'
      ? p
      : rule === 'mysql_password'
        ? p.replace(/[!$&;|<>()]/g, 'z')
        : rule === 'curl_user_credentials'
          ? p.replace(/[!$&;|<>():]/g, 'z')
          : p.replace(/[$&;|<>()]/g, 'z');
  void secret;
  add(rule, 'shell', [s], text);
}
for (let i = 0; i < 2; i++) {
  const p = passphrase();
  add('sshpass_password', 'shell', [p], `sshpass -p "${p}" scp backup.tar.gz ops@nas.local:/backups/`);
}

// HTTP headers.
for (let i = 0; i < 8; i++) {
  const user = pick(['admin', 'svc-export', 'grafana', 'jenkins']);
  const p = password();
  const basic = b64(`${user}:${p}`);
  const tok = alnum(40);
  const cases: Array<[string, string, string | { payload: unknown }]> = [
    [
      'authorization_header',
      basic,
      `GET /api/v1/export HTTP/1.1\nHost: metrics.acme.dev\nAuthorization: Basic ${basic}\nAccept: */*`,
    ],
    ['authorization_header', tok, `curl https://api.acme.dev/v1/me -H 'Authorization: Token ${tok}'`],
    [
      'authorization_header',
      tok,
      {
        payload: {
          request: {
            method: 'POST',
            url: '/v1/charges',
            headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json' },
          },
        },
      },
    ],
    ['authorization_header', basic, { payload: { headers: { authorization: `Basic ${basic}` } } }],
  ];
  const [rule, s, body] = cases[i % 4]!;
  add(rule, 'http', [s], body);
}
for (let i = 0; i < 3; i++) {
  const user = pick(['ci-bot', 'octo']);
  const auth = b64(`${user}:${password()}`);
  add(
    'docker_config_auth',
    'docker-config',
    [auth],
    pick([
      `~/.docker/config.json:\n{\n  "auths": {\n    "registry.acme.dev": {\n      "auth": "${auth}"\n    }\n  }\n}`,
      { payload: { file: '.docker/config.json', content: { auths: { 'ghcr.io': { auth } } } } },
    ] as Array<string | { payload: unknown }>),
  );
}

// Private keys.
for (const label of [
  'RSA PRIVATE KEY',
  'PRIVATE KEY',
  'EC PRIVATE KEY',
  'OPENSSH PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
]) {
  const key = pem(label);
  add('private_key', 'pem', [key], `here's the deploy key:\n${key}\n`);
}
{
  const key = pem('PRIVATE KEY');
  add('private_key', 'service-account', [key], {
    payload: {
      type: 'service_account',
      project_id: 'acme-prod',
      private_key_id: hex(40),
      private_key: `${key}\n`,
      client_email: 'deployer@acme-prod.iam.gserviceaccount.com',
    },
  });
}

// Encoded: base64 of credentials files, URL-encoded values.
for (let i = 0; i < 4; i++) {
  const id = awsKeyId();
  const s = awsSecret();
  const blob = b64(`[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${s}\n`);
  add(
    'base64_encoded',
    'k8s-secret',
    [blob],
    `apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws-creds\ndata:\n  credentials: ${blob}`,
  );
}
for (let i = 0; i < 3; i++) {
  const s = awsSecret();
  const enc = b64(s);
  add(
    'base64_encoded',
    'k8s-secret',
    [enc],
    `data:\n  AWS_SECRET_ACCESS_KEY: ${enc}\n  AWS_DEFAULT_REGION: ${b64('eu-west-1')}`,
  );
}
for (let i = 0; i < 3; i++) {
  const tok = checksummed('ghp_');
  const enc = b64(`GITHUB_TOKEN=${tok}`);
  add('base64_encoded', 'chat', [enc], `decode this for me: ${enc}`);
}
for (let i = 0; i < 3; i++) {
  const p = password();
  const enc = encodeURIComponent(p);
  add(
    'url_encoded',
    'form',
    [enc],
    `POST /login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\nusername=maria&password=${enc}&remember=1`,
  );
}
for (let i = 0; i < 2; i++) {
  const tok = `xoxb-${digits(12)}-${digits(13)}-${alnum(24)}`;
  const enc = encodeURIComponent(`token=${tok}`);
  add('url_encoded', 'redirect', [tok], `https://app.acme.dev/callback?state=${enc}`);
}
{
  const p = password().replace(/\s/g, '');
  add('netrc_password', 'netrc', [p], `~/.netrc\nmachine api.heroku.com login ops@acme.dev password ${p}`);
  const q = password().replace(/[<>&\s]/g, 'w');
  add(
    'xml_secret_element',
    'xml',
    [q],
    `<datasource>\n  <url>jdbc:postgresql://db:5432/app</url>\n  <username>app</username>\n  <password>${q}</password>\n</datasource>`,
  );
}

// ---------- written from the issue's findings and from how people paste secrets (not from the rules) ----------
{
  const tok = discordBot();
  add(
    'discord_bot_token',
    'python',
    [tok],
    `import discord\nbot = commands.Bot(command_prefix="!")\nbot.run('${tok}')`,
  );
  const hook = `https://discord.com/api/webhooks/${digits(18)}/${from(B64URL, 68)}`;
  add('discord_webhook', 'json', [hook], { payload: { alerts: { channel: 'ops', url: hook } } });
  const sid = `AC${hex(32)}`;
  const auth = hex(32);
  add(
    'twilio_auth_token',
    'python',
    [auth],
    `account_sid = "${sid}"\nauth_token = "${auth}"\nclient = Client(account_sid, auth_token)`,
  );
  const xapp = `xapp-1-A0${from(UPPER + DIGITS, 9)}-${digits(13)}-${hex(64)}`;
  add('slack_app_token', 'chat', [xapp], `socket mode needs the app-level token, it's ${xapp}`);
  const pypi = `pypi-AgEIcHlwaS5vcmc${from(B64URL, 180)}`;
  add('pypi_token', 'chat', [pypi], `twine upload dist/* -u __token__ -p ${pypi}`);
  add('pypi_token', 'bare', [pypi.replace(/.$/, 'Q')], `${pypi.replace(/.$/, 'Q')}`);
  const pw = password().replace(/[\s'"]/g, 'k');
  add(
    'php_define',
    'wp-config',
    [pw],
    `define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp_admin' );\ndefine( 'DB_PASSWORD', '${pw}' );`,
  );
  const ak = `${alnum(40)}`;
  add('secret_assignment', 'langchain', [ak], `import os\nos.environ["COHERE_API_KEY"] = "${ak}"\nllm = Cohere()`);
  const npmUuid = uuid();
  add(
    'npmrc_auth_token',
    'npmrc',
    [npmUuid],
    `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${npmUuid}`,
  );
  const kubeTok = jwt();
  add('jwt', 'kubeconfig', [kubeTok], `users:\n- name: ci\n  user:\n    token: ${kubeTok}`);
  const keyData = b64(pem('RSA PRIVATE KEY'));
  add(
    'private_key',
    'kubeconfig',
    [keyData],
    `users:\n- name: admin\n  user:\n    client-certificate-data: ${b64('-----BEGIN CERTIFICATE-----')}\n    client-key-data: ${keyData}`,
  );
  const herokuUuid = uuid();
  add('secret_assignment', 'dotenv', [herokuUuid], `HEROKU_API_KEY=${herokuUuid}`);
  const okta = `00${from(B64URL, 40)}`;
  add('authorization_header', 'http', [okta], `Authorization: SSWS ${okta}`);
  const query = alnum(32);
  add(
    'url_query_secret',
    'log',
    [query],
    `GET /v2/forecast?city=Berlin&apikey=${query}&units=metric HTTP/1.1" 200 1832`,
  );
  const chatTok = hex(40);
  add('secret_assignment', 'chat', [chatTok], `use this token: ${chatTok}`);
  const gitCred = `https://maria:${checksummed('ghp_')}@github.com`;
  add('connection_string', 'git-credentials', [gitCred], `~/.git-credentials\n${gitCred}`);
  const routerPw = `${pick(PASSWORD_WORDS)}${int(9000) + 1000}!`;
  add('secret_in_prose', 'chat', [routerPw], `password for the router: ${routerPw}`);
  const helm = password().replace(/[\s'"]/g, 'm');
  add('password_assignment', 'helm', [helm], `auth:\n  rootPassword: "${helm}"\n  database: app`);
  const tfPw = password().replace(/[\s'"]/g, 'n');
  add(
    'password_assignment',
    'terraform',
    [tfPw],
    `resource "azurerm_mssql_server" "main" {\n  administrator_login          = "sqladmin"\n  administrator_login_password = "${tfPw}"\n}`,
  );
  const single = `${pick(['sunflower', 'blueberry', 'starlight', 'moonshine'])}${int(90) + 10}`;
  add('password_assignment', 'dotenv', [single], `MYSQL_PASSWORD=${single}`);
  const goPw = password().replace(/[\s"`]/g, 'g');
  add(
    'password_assignment',
    'go',
    [goPw],
    `cfg := mysql.Config{\n\tUser:   "app",\n\tPasswd: "${goPw}",\n\tNet:    "tcp",\n}`,
  );
  const rb = alnum(32);
  add('secret_assignment', 'ruby', [rb], `Stripe.api_key = ENV.fetch("STRIPE_KEY")\nSendGrid.api_key = '${rb}'`);
  const cookieJwt = jwt();
  add('jwt', 'http', [cookieJwt], `Cookie: theme=dark; session=${cookieJwt}; lang=en`);
  const dd = hex(32);
  add('secret_assignment', 'yaml', [dd], `datadog:\n  apiKey: ${dd}\n  site: datadoghq.eu`);
  const wifi = `${pick(PASSWORD_WORDS)}-${pick(PASSWORD_WORDS)}-${int(90) + 10}`;
  add('secret_in_prose', 'chat', [wifi], `the guest wifi password is ${wifi}`);
}

// A second hand-written batch, from reviewing misses after the first version (values are made up).
{
  const cases: Array<[string, string | { payload: unknown }, string[]]> = [
    ['password_assignment', 'DB_PASS=hunter2hunter', ['hunter2hunter']],
    ['password_assignment', 'db_password: s3cr3t', ['s3cr3t']],
    ['password_assignment', "password: 'correct-horse-battery-staple'", ['correct-horse-battery-staple']],
    ['password_field', { payload: { password: 'hunter22' } }, ['hunter22']],
    ['secret_field', { payload: { secret: 'N0tSoS3cret!' } }, ['N0tSoS3cret!']],
    ['secret_in_prose', 'ssh -p 22 user@host with password Winter2024!', ['Winter2024!']],
    ['password_assignment', 'login: admin / password: P@ssw0rd!', ['P@ssw0rd!']],
    ['password_assignment', 'user=admin pass=Adm1n!2024', ['Adm1n!2024']],
    ['password_assignment', 'jdbc:mysql://db:3306/app?user=root&password=R00tPa55!', ['R00tPa55!']],
    ['secret_in_prose', 'wifi: Network "Home5G" password "Blue-Otter-77"', ['Blue-Otter-77']],
    ['secret_in_prose', 'The password for the admin account is Xy7#kL9$mP2', ['Xy7#kL9$mP2']],
    ['cli_secret_flag', 'mysql --user=root --password=R3allyS3cret db', ['R3allyS3cret']],
    ['secret_assignment', 'Basic auth: admin:Sup3rS3cret', ['admin:Sup3rS3cret']],
    ['secret_assignment', 'credentials: "ci-bot:Gh7$kq2LmZ"', ['ci-bot:Gh7$kq2LmZ']],
  ];
  for (const [rule, body, secrets] of cases) add(rule, 'review', secrets, body);
  const refresh = `1//0g${from(B64URL, 60)}`;
  add('secret_assignment', 'review', [refresh], `grant_type=refresh_token&refresh_token=${refresh}`);
  const access = alnum(40);
  add('secret_assignment', 'review', [access], `https://app.acme.dev/#access_token=${access}&token_type=Bearer`);
  const authToken = hex(32);
  add('secret_assignment', 'review', [authToken], `X-Auth-Token: ${authToken}`);
  const base = hex(128);
  add('secret_assignment', 'review', [base], `secret_key_base: ${base}`);
  const hf = `hf_${from(UPPER + LOWER, 35)}`;
  add('huggingface_token', 'review', [hf], `HUGGING_FACE_HUB_TOKEN=${hf}`);
}

// ---------- negatives ----------
const negatives: Array<{ id: string; category: string } & ({ text: string } | { payload: unknown })> = [];
const neg = (category: string, body: string | { payload: unknown }) => {
  const id = `n${String(negatives.length + 1).padStart(4, '0')}`;
  negatives.push(typeof body === 'string' ? { id, category, text: body } : { id, category, ...body });
};

const PROSE = [
  'Remember to rotate the API keys every 90 days; the security review flagged two that were older than a year.',
  'The password reset email never arrived, so I asked support to resend it.',
  'Our token budget for the summarizer is 4,000 tokens per call and 2M tokens per day.',
  'Can you explain the difference between an access token and a refresh token in OAuth 2.0?',
  'I keep my passwords in 1Password and my SSH keys on a YubiKey.',
  'The secret to a good sourdough is a long, cold fermentation.',
  'Password: please use the reset link on the login page if you forgot it.',
  'Token: see the onboarding doc for how to request one from the platform team.',
  'The API key was revoked yesterday after the contractor left.',
  'We store credentials in AWS Secrets Manager and inject them at deploy time.',
  'Keys rotate automatically; nobody should paste a key into chat.',
  'The password is required and must be at least 12 characters long.',
  'She said the secret ingredient is smoked paprika.',
  'Authentication failed: invalid username or password.',
  'Error 401: the bearer token is missing or expired.',
  'Use the primary key of the orders table as the partition key in the new schema.',
  'I love my monkey keyboard and my new password manager.',
  'The keynote is at 9am; the keys to the meeting room are at reception.',
  'Generated 512 tokens in 3.2s (160 tokens/s).',
  'The JWT contains the user id in the sub claim and expires after 15 minutes.',
  'Passkeys replace passwords with a key pair stored on the device.',
  'The tokenizer splits "unbelievable" into three tokens.',
  'Please never commit .env files; the .env.example shows which variables are needed.',
  'My favourite book is The Secret History by Donna Tartt.',
  'To log in, enter your password and the code from your authenticator app.',
  'Rotate the signing key before the audit and update the JWKS endpoint.',
  'GitHub now supports fine-grained personal access tokens with per-repository permissions.',
  'The Stripe dashboard shows the publishable key and hides the secret key by default.',
  'AWS access keys start with AKIA for long-term credentials and ASIA for temporary ones.',
  'Slack bot tokens start with xoxb- and user tokens with xoxp-.',
  'The interview question was about hash maps and the birthday paradox.',
  'the password is stored hashed with argon2id, never in clear',
  'Key takeaways: ship smaller PRs, write the test first, keep the secret sauce in the domain layer.',
  'Which key should I press to open the command palette? Cmd+Shift+P.',
  'The session token is stored in an HttpOnly cookie so scripts cannot read it.',
  'Remind me to renew the TLS certificate and the GPG key before March.',
  'I ran sk-learn grid search overnight; the best model used 200 trees.',
  'Password rules: 12+ characters, one number, one symbol, no reuse of the last 5.',
  'The secret santa draw is on Friday; budget is 20 euros.',
  'We hit the rate limit because every request fetched a new access token.',
];
for (const p of PROSE) neg('prose', p);

const CODE = [
  'const apiKey = process.env.OPENAI_API_KEY;\nif (!apiKey) throw new Error("OPENAI_API_KEY is not set");',
  'import getpass\npassword = getpass.getpass("Password: ")\nclient.login(user, password)',
  'api_key = os.environ["STRIPE_SECRET_KEY"]\nstripe.api_key = api_key',
  'token = os.getenv("GITHUB_TOKEN")\nheaders = {"Authorization": f"Bearer {token}"}',
  'export interface LoginRequest {\n  username: string;\n  password: string;\n  otp?: string;\n}',
  'def connect(host: str, user: str, password: Optional[str] = None) -> Connection:\n    ...',
  'const { password, ...safeUser } = user;\nreturn safeUser;',
  'if (password !== confirmPassword) {\n  setError("Passwords do not match");\n}',
  'password = request.form["password"]\nif not check_password_hash(user.password_hash, password):\n    abort(401)',
  'SECRET_KEY = env("DJANGO_SECRET_KEY")\nDEBUG = env.bool("DEBUG", default=False)',
  'const secret = await secretsManager.getSecretValue({ SecretId: "prod/db" }).promise();',
  'func NewClient(apiKey string) *Client { return &Client{apiKey: apiKey, http: http.DefaultClient} }',
  'token := os.Getenv("VAULT_TOKEN")\nclient.SetToken(token)',
  'let token = std::env::var("DISCORD_TOKEN").expect("token");',
  'String password = System.getenv("DB_PASSWORD");',
  'config.api_key = settings.OPENAI_API_KEY',
  'password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())',
  'const maxTokens = 4096;\nconst completionTokens = usage.completion_tokens;',
  '@app.post("/token")\nasync def login(form: OAuth2PasswordRequestForm = Depends()):\n    return {"access_token": create_token(form.username), "token_type": "bearer"}',
  'expect(screen.getByLabelText("Password")).toBeInTheDocument();',
  'password: z.string().min(12).max(128),\nemail: z.string().email(),',
  'const hashed = await argon2.hash(password, { type: argon2.argon2id });',
  'headers["Authorization"] = "Bearer " + access_token',
  'client = OpenAI(api_key=os.environ.get("OPENAI_API_KEY"))',
  'def test_login_rejects_wrong_password(client):\n    r = client.post("/login", json={"user": "a", "password": "wrong"})\n    assert r.status_code == 401',
  'secretKeyRef:\n  name: db-credentials\n  key: password',
  'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")\ntokens = tokenizer(text)["input_ids"]',
  'for key, value in config.items():\n    print(f"{key}={value}")',
  'auth = HTTPBasicAuth(username, password)',
  'const sortKey = `${tenantId}#${createdAt}`;\nconst partitionKey = tenantId;',
  'password_policy = {"min_length": 12, "require_symbols": True}',
  'if token_type != "bearer": raise ValueError("unsupported token type")',
  '$password = $_POST["password"] ?? "";',
  'passwordInput.type = showPassword ? "text" : "password";',
  'CREATE TABLE users (id uuid primary key, email text unique, password_hash text not null);',
  'SELECT id, token_hash, expires_at FROM sessions WHERE user_id = $1;',
  'kubectl create secret generic db-creds --from-literal=password="$DB_PASSWORD"',
  'read -s -p "Vault token: " VAULT_TOKEN && export VAULT_TOKEN',
  'aws configure set aws_secret_access_key "$AWS_SECRET_ACCESS_KEY"',
  'with open(os.path.expanduser("~/.ssh/id_ed25519")) as f:\n    private_key = f.read()',
  'jwt.sign(payload, process.env.JWT_SECRET, { expiresIn: "15m" })',
  'password = None  # filled in from the keyring at runtime',
  'const token = req.headers.authorization?.split(" ")[1];',
  'ssh-keygen -t ed25519 -C "ops@acme.dev" -f ~/.ssh/deploy_key',
  'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.acme.dev/api/json',
  'mysql -u root -p inventory < dump.sql',
  'sshpass -p "$SSH_PASS" ssh deploy@host uptime',
  'docker login -u "$REGISTRY_USER" --password-stdin registry.acme.dev < token.txt',
  './migrate --password="${DB_PASSWORD}" --host db',
  'git clone https://github.com/acme/platform.git',
];
for (const c of CODE) neg('code', c);

const CONFIG = [
  '# .env.example\nDATABASE_URL=postgres://user:password@localhost:5432/app\nOPENAI_API_KEY=\nSTRIPE_SECRET_KEY=sk_test_...\nJWT_SECRET=changeme',
  'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}\n      POSTGRES_USER: app',
  'env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}',
  'resource "aws_db_instance" "main" {\n  username = "app"\n  password = var.db_password\n}',
  'spring.datasource.password=${DB_PASSWORD}\nspring.datasource.username=app',
  'OPENAI_API_KEY=your_openai_api_key_here\nANTHROPIC_API_KEY=your-anthropic-key',
  'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'AWS_SECRET_ACCESS_KEY=YOUR_SECRET_ACCESS_KEY_HERE',
  'password: your_password_here',
  'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'SLACK_BOT_TOKEN=xoxb-your-bot-token',
  'api_key: "<YOUR_API_KEY>"\nendpoint: https://api.example.com',
  'token_endpoint: https://oauth2.googleapis.com/token\nauthorization_endpoint: https://accounts.google.com/o/oauth2/v2/auth',
  'password_policy:\n  min_length: 14\n  max_age_days: 90\n  history: 5',
  'vault:\n  address: https://vault.internal:8200\n  auth_method: kubernetes\n  role: api',
  'ansible_become_pass: "{{ vault_become_pass }}"',
  'db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256',
  'auth:\n  type: oauth2\n  token_url: https://auth.acme.dev/oauth/token\n  scopes: [read, write]',
  'max_tokens: 2048\ntemperature: 0.2\ntop_p: 0.9',
  '[client]\nuser = app\npassword =\nhost = localhost',
  'credentials:\n  provider: aws-secrets-manager\n  secret_name: prod/api/credentials',
  'apiVersion: v1\nkind: Secret\nmetadata:\n  name: empty\ntype: Opaque\ndata: {}',
  'password: "********"',
  'SECRET_KEY=changeme\nDEBUG=true',
  'api_token = "REPLACE_ME"',
  'Authorization: Bearer <token>',
  'Authorization: Bearer $OPENAI_API_KEY',
  'Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=',
  'x-api-key: {{api_key}}',
  'STRIPE_PUBLISHABLE_KEY=pk_live_51HqJ3kL2mN4pQ6rS8tU0vW2xY4zA6bC8dE0fG2hI4jK6lM8nO0pQ2rS4tU6vW8xY0z',
  'NEXT_PUBLIC_MAPBOX_TOKEN=pk.eyJ1IjoiYWNtZSIsImEiOiJjbHJ4eTEyM2QwMDAxMnFvNmR6N2Z6a2ZvIn0.Zm9vYmFyYmF6cXV4',
  'session_ttl: 3600\ntoken_lifetime_minutes: 15\nrefresh_token_rotation: true',
  'KeyName: prod-bastion\nKeyPairId: key-0a1b2c3d4e5f67890',
];
for (const c of CONFIG) neg('config', c);

// Identifiers, hashes and pagination tokens, generated.
for (let i = 0; i < 10; i++)
  neg('git-sha', `commit ${hex(40)}\nAuthor: Maria <maria@acme.dev>\n\n    fix flaky login test`);
for (let i = 0; i < 8; i++) neg('sha256', `sha256:${hex(64)}  dist/app-${1 + int(9)}.${int(20)}.${int(20)}.tar.gz`);
for (let i = 0; i < 6; i++) neg('docker-digest', `image: ghcr.io/acme/api@sha256:${hex(64)}`);
for (let i = 0; i < 6; i++) neg('npm-integrity', `"integrity": "sha512-${b64(bytes(64))}"`);
for (let i = 0; i < 8; i++)
  neg('uuid', { payload: { request_id: uuid(), trace_id: hex(32), span_id: hex(16), user_id: uuid() } });
for (let i = 0; i < 5; i++)
  neg('client-token', { payload: { ClientToken: uuid(), InstanceType: 't3.micro', MinCount: 1, MaxCount: 1 } });
for (let i = 0; i < 5; i++)
  neg('idempotency', `POST /v1/payments\nIdempotency-Key: ${uuid()}\nidempotency_token=${uuid()}`);
for (let i = 0; i < 6; i++)
  neg('page-token', { payload: { items: [], nextPageToken: b64url(bytes(24 + int(24))), pageSize: 50 } });
for (let i = 0; i < 4; i++)
  neg(
    'page-token',
    `{"data": [], "next_cursor": "${b64(JSON.stringify({ id: int(1e6), ts: 1_700_000_000 + int(1e6) }))}"}`,
  );
for (let i = 0; i < 5; i++) neg('etag', `ETag: "${hex(32)}"\nCache-Control: max-age=60`);
for (let i = 0; i < 4; i++) neg('aws-arn', `arn:aws:iam::${digits(12)}:role/service-role/deployer-${hex(8)}`);
for (let i = 0; i < 4; i++) neg('twilio-sid', `Twilio message ${'SM'}${hex(32)} sent from account AC${hex(32)}`);
for (let i = 0; i < 4; i++)
  neg('stripe-ids', `charge ch_${alnum(24)} for customer cus_${alnum(14)} via payment intent pi_${alnum(24)}`);
for (let i = 0; i < 4; i++)
  neg('mongo-id', { payload: { _id: hex(24), orderId: `ord_${alnum(20)}`, status: 'shipped' } });
for (let i = 0; i < 4; i++)
  neg('ulid', `evt_01${from('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24)} processed in ${int(900)}ms`);
for (let i = 0; i < 4; i++)
  neg('k8s', `pod/api-${hex(10)}-${from('bcdfghjklmnpqrstvwxz2456789', 5)} Running 0 restarts`);
for (let i = 0; i < 3; i++) neg('gpg-fingerprint', `gpg --recv-keys ${hex(40).toUpperCase()}`);

// Public keys and public examples.
for (let i = 0; i < 3; i++)
  neg('ssh-public-key', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b64(bytes(32)).slice(0, 43)} ops@laptop`);
for (let i = 0; i < 2; i++)
  neg('ssh-public-key', `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${b64(bytes(380)).replace(/=+$/, '')} deploy@ci`);
for (let i = 0; i < 2; i++) {
  const body = b64(bytes(290))
    .match(/.{1,64}/g)!
    .join('\n');
  neg('pem-public', `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----`);
}
{
  const body = b64(bytes(900))
    .match(/.{1,64}/g)!
    .join('\n');
  neg('certificate', `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`);
}
neg(
  'jwt-example',
  'The jwt.io sample token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
);
neg('stripe-publishable', {
  payload: {
    stripeKey: 'pk_live_51NzQ3bHk2Lm4PqR6sT8uV0wX2yZ4aB6cD8eF0gH2iJ4kL6mN8oP0qR2sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL2m',
  },
});
neg(
  'stripe-publishable',
  'Stripe.js init: Stripe("pk_test_51NzQ3bHk2Lm4PqR6sT8uV0wX2yZ4aB6cD8eF0gH2iJ4kL6mN8oP0qR2sT4uV6wX")',
);
neg('google-client-id', `GOOGLE_CLIENT_ID=${digits(12)}-${from(LOWER + DIGITS, 32)}.apps.googleusercontent.com`);

// Base64 images and binary.
for (let i = 0; i < 6; i++) {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), bytes(200 + int(400))]);
  neg('base64-image', {
    payload: {
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } }],
    },
  });
}
for (let i = 0; i < 3; i++)
  neg(
    'data-url',
    `<img src="data:image/jpeg;base64,${b64(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes(150)]))}" />`,
  );
neg('base64-text', `echo ${b64('hello world, this is just a friendly note about lunch')} | base64 -d`);

// URLs without credentials, file names.
const URLS = [
  'https://github.com/acme/platform/pull/1234/files',
  'https://docs.stripe.com/keys#obtain-api-keys',
  'https://accounts.google.com/o/oauth2/v2/auth?client_id=1234-abc.apps.googleusercontent.com&response_type=code&scope=openid%20email&state=af0ifjsldkj&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  'https://ops@git.acme.dev/platform/infra.git',
  'postgres://localhost:5432/app_dev',
  'https://api.acme.dev/v1/search?q=password%20reset&page=2&sort=desc',
  'https://example.com/reset-password?email=maria%40acme.dev',
  'redis://cache.internal:6379/0',
  'https://grafana.acme.dev/d/abc123/api-latency?orgId=1&from=now-6h&to=now',
  'https://console.aws.amazon.com/iam/home#/users/deployer?section=security_credentials',
  'mongodb://db1.internal:27017,db2.internal:27017/?replicaSet=rs0',
  'see https://platform.openai.com/api-keys to create a key',
];
for (const u of URLS) neg('url', u);
const FILES = [
  'open ~/Downloads/sk-2024-q3-financial-report-final.pdf',
  'renamed sk-learn-notes.md to ml-notes.md',
  'src/auth/token-bucket.ts',
  'components/PasswordResetForm.tsx',
  'docs/secrets-management.md',
  'scripts/rotate-api-keys.sh',
  'sk-ant-docs-link-in-readme.txt was removed',
  'test/fixtures/keys/public_key.pem',
];
for (const f of FILES) neg('file-name', f);
const LOGS = [
  'INFO  usage prompt_tokens=1834 completion_tokens=412 total_tokens=2246',
  'WARN  auth: login failed for user=maria reason=bad_password attempts=3',
  'DEBUG token refresh scheduled in 300s for client=web',
  'INFO  secret rotation job finished: rotated=4 skipped=0 failed=0',
  "ERROR KeyError: 'api_key' in config loader (line 42)",
  'INFO  GET /v1/keys 200 12ms request_id=8f2c1a',
  'audit: user maria@acme.dev viewed secret prod/db/password (version 7)',
  'jwt verification failed: token expired at 2026-03-02T10:00:00Z',
];
for (const l of LOGS) neg('log', l);
for (const t of [
  'Generated an API key for the staging project',
  'Key ID: key_01HZX4Y2 (created 2026-03-01)',
  'password123 is the most common password in the breach list',
  'hunter2 is a famous joke password',
])
  neg('prose', t);

// Written like a client's negatives: translations, schemas, docs, redacted logs, public examples.
const CLIENT_NEGATIVES: Array<string | { payload: unknown }> = [
  {
    payload: {
      login: {
        password: 'Password',
        passwordPlaceholder: 'Enter your password',
        forgotPassword: 'Forgot password?',
        passwordTooShort: 'Password must be at least 8 characters',
      },
    },
  },
  {
    payload: {
      de: { password: 'Passwort', newPassword: 'Neues Passwort', token: 'Token' },
      fr: { password: 'Mot de passe' },
    },
  },
  { payload: { es: { password: 'contraseña', apiKey: 'Clave de API' } } },
  {
    payload: {
      type: 'object',
      properties: {
        api_key: { type: 'string', description: 'Your API key' },
        password: { type: 'string', format: 'password' },
      },
      required: ['api_key'],
    },
  },
  'components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\n    apiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key',
  '2026-03-02 10:01:12 INFO login ok user=maria password=[FILTERED] ip=10.0.0.4',
  '{"level":"info","msg":"request","headers":{"authorization":"[REDACTED]","x-api-key":"***"}}',
  'password: ${DB_PASSWORD:-postgres}',
  'secret: "{{ .Values.auth.secret }}"',
  { payload: { password: null, token: null, apiKey: '' } },
  'export enum Kind {\n  Token = "token",\n  Password = "password",\n}',
  'WWW-Authenticate: Bearer realm="api", error="invalid_token"',
  'ssh -i ~/.ssh/id_rsa -p 2222 deploy@bastion.acme.dev',
  '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
  '-----BEGIN OPENSSH PRIVATE KEY-----\n<paste your private key here>\n-----END OPENSSH PRIVATE KEY-----',
  `wallet 0x${hex(40)} received 0.5 ETH`,
  `{"Bucket": "acme-exports", "Key": "uploads/2026/03/02/report-${hex(8)}.pdf"}`,
  {
    payload: {
      items: [
        { key: uuid(), label: 'Row 1' },
        { key: uuid(), label: 'Row 2' },
      ],
    },
  },
  'AzureWebJobsStorage=UseDevelopmentStorage=true',
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
  'SENTRY_DSN=https://' + hex(32) + '@o' + digits(6) + '.ingest.sentry.io/' + digits(7),
  'I set max_tokens to 2000 and the temperature to 0.7',
  'the token is valid for 24 hours and refreshes automatically',
  'The API key is stored in AWS Secrets Manager under prod/api.',
  'Avoid passwords like Password123! or qwerty; use a manager.',
  'api_version: 2024-06-01\napiVersion: apps/v1',
  'key: user-profile-cache\nttl: 300',
  'token: 4096',
  'Secret: keep this between us until the launch.',
  'PIN is 4821 for the office door (changes monthly)',
  'pip install -r requirements.txt --require-hashes # sha256 pinned',
  '"resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"',
  '<input type="password" name="password" autocomplete="current-password" />',
  'Set `OPENAI_API_KEY` in your environment before running the notebook.',
  'auth_token = None\napi_key = ""\nsecret = os.environ.get("APP_SECRET", "")',
  '"credentials": {"type": "service_account", "path": "/var/run/secrets/gcp/key.json"}',
  'gcloud auth print-access-token | docker login -u oauth2accesstoken --password-stdin https://gcr.io',
  'The client_secret goes in the Authorization header as Basic base64(client_id:client_secret).',
  'See RFC 6750: Authorization: Bearer mF_9.B5f-4.1JqM is the example in the spec.',
  'firebase login:ci prints a token; store it as FIREBASE_TOKEN in CI secrets',
];
for (const c of CLIENT_NEGATIVES) neg('client-style', c);

const REVIEW_NEGATIVES = [
  'password: "%(password)s"',
  'WHERE password = :password AND user = :user',
  'PWD=/home/maria/projects\nOLDPWD=/tmp',
  'password: hashedPassword,',
  'api_key=API_KEY',
  'password=$(openssl rand -base64 32)',
  'secret: crypto.randomBytes(32).toString("hex")',
  'auth: basic',
  'token_type_hint: refresh_token',
  'ssh_key: ~/.ssh/id_ed25519',
  'auth: https://auth.acme.dev',
  'Please reset your password by clicking the link below.',
  'Your verification code is 482913',
  'md5(password) is not a secure hash',
  'const PASSWORD_MIN_LENGTH = 12;',
  'passwordless login via magic link',
  'token: <%= ENV["TOKEN"] %>',
  'SECRET_KEY_BASE=<%= Rails.application.credentials.secret_key_base %>',
  'pass the token to the next function',
  'npm install jsonwebtoken bcrypt passport',
  'curl -X POST https://api.example.com/login -d \'{"username":"user","password":"pass"}\'',
  'kubectl get secret db-password -o jsonpath="{.data.password}" | base64 -d',
  'password = input("Enter password: ")',
  'token = jwt.encode(payload, SECRET_KEY, algorithm="HS256")',
  'auth_header = f"Bearer {self.token}"',
  'The API key format is sk-... followed by 48 characters.',
  'access_key_id: AKIA****************',
  'version: "3.8"\nsecrets:\n  db_password:\n    file: ./db_password.txt',
  'pin: 1234',
  'AWS region eu-west-1, account 123456789012',
];
for (const c of REVIEW_NEGATIVES) neg('review', c);

const write = (file: string, rows: unknown[]) =>
  writeFileSync(new URL(file, import.meta.url), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
write('./positives.jsonl', positives);
write('./negatives.jsonl', negatives);
console.log(`positives ${positives.length}, negatives ${negatives.length}`);
