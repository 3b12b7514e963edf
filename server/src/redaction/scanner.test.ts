/**
 * The secret scanner as pure unit tests: every miss and false positive listed in issue 9, whole-secret
 * spans, the decoding pass, key-value awareness, JSON paths and exact replacement. Broad coverage of
 * formats is measured by corpus.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RULE_IDS, findSecrets, replaceSecrets, scanText } from './index.js';

const found = (text: string) => scanText(text).map((f) => f.value);
const rule = (text: string) => scanText(text).map((f) => [f.ruleId, f.value]);
const b64 = (s: string) => Buffer.from(s).toString('base64');

// Synthetic values in real formats, assembled at run time (no literal in the repo looks like a live key).
const awsId = `AKIA${'Q3VZ7T2XKM4PLR6W'}`;
const awsSecret = `Zx8kLmQ0pW2eR5tY7uI9/oP3aS1dF4gH6jK8lZ0+`;
const gh = `ghp_${'R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo'}`;
const hex = (n: number, seed = 7) =>
  Array.from({ length: n }, (_, i) => '0123456789abcdef'[(i * seed + 3) % 16]).join('');
const mix = 'Kq8ZtR3mWv9LpX2nB7cYh4Jd6Fs1Ga5Eu0Ti';

describe('issue 9: misses', () => {
  it.each([
    [
      'Azure storage connection string',
      `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${mix}${mix}${mix.slice(0, 14)}==;EndpointSuffix=core.windows.net`,
      `${mix}${mix}${mix.slice(0, 14)}==`,
    ],
    [
      'Azure SAS sig=',
      `https://acme.blob.core.windows.net/c/a.txt?sv=2022-11-02&sp=r&se=2026-01-01&sig=${mix}%2B${mix.slice(0, 6)}%3D`,
      `${mix}%2B${mix.slice(0, 6)}%3D`,
    ],
    [
      'Discord bot token',
      `bot.run('${b64('1098765432109876543').replace(/=+$/, '')}.GhX2kq.${mix}Ab')`,
      `${b64('1098765432109876543').replace(/=+$/, '')}.GhX2kq.${mix}Ab`,
    ],
    [
      'Discord webhook',
      `https://discord.com/api/webhooks/104729361058213947/${mix}${mix.slice(0, 32)}`,
      `https://discord.com/api/webhooks/104729361058213947/${mix}${mix.slice(0, 32)}`,
    ],
    ['Twilio auth token', `TWILIO_AUTH_TOKEN=${hex(32)}`, hex(32)],
    ['Slack xapp-', `xapp-1-A0ABCD12EF3-${'1234509876123'}-${hex(64)}`, `xapp-1-A0ABCD12EF3-1234509876123-${hex(64)}`],
    ['Authorization: Basic', `Authorization: Basic ${b64('deploy:Sup3r-S3cret!')}`, b64('deploy:Sup3r-S3cret!')],
    ['Authorization: Token', `Authorization: Token ${mix}`, mix],
    ['docker config auth', `{"auths":{"ghcr.io":{"auth":"${b64('octo:Gh0st-Rider9')}"}}}`, b64('octo:Gh0st-Rider9')],
    ['sshpass -p', `sshpass -p 'K9#mq2Lz!x' ssh root@10.0.0.4`, 'K9#mq2Lz!x'],
    ['mysql -p...', 'mysql -h db -u root -pV3ry$ecret42 shop', 'V3ry$ecret42'],
    [
      'PyPI token without a name near it',
      `pypi-AgEIcHlwaS5vcmc${mix}${mix}${mix}`,
      `pypi-AgEIcHlwaS5vcmc${mix}${mix}${mix}`,
    ],
    ['Shopify shpat_', `store token shpat_${hex(32)}`, `shpat_${hex(32)}`],
    ['Grafana glsa_', `glsa_${mix.slice(0, 32)}_${hex(8, 5)}`, `glsa_${mix.slice(0, 32)}_${hex(8, 5)}`],
    ['DigitalOcean dop_v1_', `doctl auth init -t dop_v1_${hex(64)}`, `dop_v1_${hex(64)}`],
    [
      'base64-encoded AWS secret',
      `credentials: ${b64(`aws_secret_access_key = ${awsSecret}`)}`,
      b64(`aws_secret_access_key = ${awsSecret}`),
    ],
    ['passphrase with spaces', 'passphrase = "orbit candle mosaic thunder"', 'orbit candle mosaic thunder'],
  ])('%s', (_name, text, secret) => {
    expect(found(text)).toContain(secret);
  });

  it('takes a Django SECRET_KEY whole, past the `)`', () => {
    const key = 'k8)z#2mq@9v!zw3p(l7rt1yu0oe5bn6ca4d)x$w';
    expect(found(`SECRET_KEY = '${key}'\nDEBUG = False`)).toEqual([key]);
  });

  it('takes the AWS secret written next to its key id, not only the id', () => {
    expect(found(`keys: ${awsId} ${awsSecret}`)).toEqual([awsId, awsSecret]);
    expect(found(`${awsId}:${awsSecret}`)).toEqual([awsId, awsSecret]);
  });
});

describe('issue 9: false positives', () => {
  it.each([
    'token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
    'password: your_password_here',
    'AWS_SECRET_ACCESS_KEY=YOUR_SECRET_ACCESS_KEY_HERE',
    'const apiKey = process.env.OPENAI_API_KEY;',
    'password = getpass.getpass("Password: ")',
    `STRIPE_KEY=pk_live_${mix}${mix}`,
    `{"ClientToken": "3f2b8c1e-9d4a-4b7e-a1c2-5e6f7a8b9c0d", "InstanceType": "t3.micro"}`,
    'idempotency_token=3f2b8c1e-9d4a-4b7e-a1c2-5e6f7a8b9c0d',
    `{"nextPageToken": "${b64('\u0001\u0002cursor\u0003\u00ff').replace(/=+$/, '')}${mix}"}`,
    'token_endpoint: https://oauth2.googleapis.com/token',
    'password_policy: strict',
    'opened sk-2024-q3-financial-report-final-version.pdf',
    // A chat turn (LoCoMo): "pin" the badge, and the next sentence's "Is" read as "pin on ... is".
    'I noticed a spiderman pin on your purse. Is Spider-Man your favorite superhero?',
  ])('%s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('leaves JSON fields with secret-sounding names that hold no secret', () => {
    expect(
      findSecrets({
        payload: {
          ClientToken: '3f2b8c1e-9d4a-4b7e-a1c2-5e6f7a8b9c0d',
          nextPageToken: mix,
          token_endpoint: 'https://auth.acme.dev/token',
          password_policy: 'strict',
          max_tokens: '4000',
          token_type: 'bearer',
          password: 'Password',
          stripeKey: `pk_live_${mix}`,
        },
        metadata: {},
      }),
    ).toEqual([]);
  });
});

describe('key-value awareness', () => {
  it.each([
    ['.env', `DB_PASSWORD=Tr0ub4dor&3x\nPORT=5432`, 'Tr0ub4dor&3x'],
    ['YAML', `db:\n  password: "Kz9!mq2-Lx"\n  user: app`, 'Kz9!mq2-Lx'],
    ['JSON text', `{"api_key": "${mix}", "region": "eu"}`, mix],
    ['HTTP header', `X-Api-Key: ${mix}`, mix],
    ['Bearer', `Authorization: Bearer ${mix}`, mix],
    ['curl -u', `curl -u ops:Pa55-w0rd! https://ci.acme.dev`, 'Pa55-w0rd!'],
    ['--password=', `./migrate --password=Hx7!kq2Lz --apply`, 'Hx7!kq2Lz'],
    ['ADO.NET', 'Server=tcp:x;User ID=sa;Password=Q7m!x2Lp;Encrypt=True', 'Q7m!x2Lp'],
    ['query string', `GET /v1/forecast?city=Berlin&apikey=${mix}&units=metric`, mix],
    ['in a sentence', 'my password is Tr0ub4dor&3, please keep it', 'Tr0ub4dor&3'],
    ['wp-config', `define( 'DB_PASSWORD', 'Q7m!x2Lp9' );`, 'Q7m!x2Lp9'],
  ])('%s', (_name, text, secret) => {
    expect(found(text)).toEqual([secret]);
  });

  it('finds secrets in JSON fields, name/value pairs and Authorization values', () => {
    const out = findSecrets({
      payload: {
        env: [{ name: 'DB_PASSWORD', value: 'p4ss-W0rd!' }],
        headers: { Authorization: `Bearer ${mix}` },
        auths: { 'r.io': { auth: b64('user:S3cretPass') } },
      },
      metadata: { db: { password: 'Tr0ub4dor&3' } },
    });
    expect(out.map((d) => [d.path, d.ruleId, d.value])).toEqual([
      ['payload.env[0].value', 'password_field', 'p4ss-W0rd!'],
      ['payload.headers.Authorization', 'bearer_token', mix],
      ['payload.auths["r.io"].auth', 'basic_credential_field', b64('user:S3cretPass')],
      ['metadata.db.password', 'password_field', 'Tr0ub4dor&3'],
    ]);
  });

  it('leaves code, placeholders, identifiers and prose alone', () => {
    for (const text of [
      'I love my monkey keyboard and my password manager',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell-style placeholder, literally
      'postgres://user:${DB_PASSWORD}@host/db',
      'postgres://user:password@localhost:5432/app',
      'https://example.com/path?x=1',
      'max_tokens=4000',
      'password=<your-password>',
      'token: aaaaaaaaaaaaaaaaaaaaaaa',
      'the sk-learn library',
      'Password: please use the reset link if you forgot it',
      'password: string;',
      'if password == confirm_password:',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, literally
      'GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}',
      'Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=',
      'mysql -u root -p inventory < dump.sql',
      'the password is required and must be 12 characters',
    ]) {
      expect(rule(text), text).toEqual([]);
    }
  });
});

describe('decoding pass and whole-secret spans', () => {
  it('redacts a base64 run whole when its decoded text holds a secret', () => {
    const blob = b64(`GITHUB_TOKEN=${gh}`);
    expect(rule(`decode: ${blob}`)).toEqual([['github_token', blob]]);
  });

  it('maps a secret found in URL-decoded text back to its encoded characters', () => {
    const text = `https://app.acme.dev/cb?state=${encodeURIComponent(`token=${gh}&x=1`)}`;
    expect(found(text)).toEqual([gh]);
  });

  it('merges overlapping findings so no part of a secret stays', () => {
    const url = `https://oauth2:${gh}@github.com/acme/repo.git`;
    expect(found(`git clone ${url}`)).toEqual([url]);
  });

  it('takes private keys whole, and not a PEM placeholder', () => {
    const body = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37 + 11) % 256)).toString('base64');
    const pem = `-----BEGIN OPENSSH PRIVATE KEY-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END OPENSSH PRIVATE KEY-----`;
    expect(found(`key:\n${pem}\n`)).toEqual([pem]);
    expect(found('-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----')).toEqual([]);
  });

  it('has at least 45 rule kinds', () => {
    expect(RULE_IDS.length).toBeGreaterThanOrEqual(45);
  });
});

describe('findSecrets: payload and metadata, keys and values, recursively', () => {
  it('keeps secrets used as keys out of the paths', () => {
    const out = findSecrets({ payload: {}, metadata: { [gh]: 'seen' } });
    expect(out.map((f) => [f.path, f.ruleId, f.value])).toEqual([['metadata["<secret>"]#key', 'github_token', gh]]);
  });

  it('finds secrets nested deeper than the recursion bound', () => {
    let deep: Record<string, unknown> = { leaf: awsId };
    for (let i = 0; i < 150; i++) deep = { d: deep };
    expect(findSecrets({ payload: deep, metadata: {} }).map((f) => f.value)).toEqual([awsId]);
    const redacted = JSON.stringify(replaceSecrets(deep, new Map([[awsId, 'vault://v/i']])));
    expect(redacted).not.toContain('AKIA');
    expect(redacted).toContain('vault://v/i');
  });
});

describe('replaceSecrets', () => {
  it('replaces every occurrence in keys and values and leaves the input untouched', () => {
    const input = { a: `x ${awsId} y ${awsId}`, list: [awsId, 3], [awsId]: true };
    const out = replaceSecrets(input, new Map([[awsId, 'vault://vlt_1/vit_1']]));
    expect(out).toEqual({
      a: 'x vault://vlt_1/vit_1 y vault://vlt_1/vit_1',
      list: ['vault://vlt_1/vit_1', 3],
      'vault://vlt_1/vit_1': true,
    });
    expect(input.a).toContain('AKIA');
  });

  it('replaces a longer secret before a secret it contains', () => {
    const out = replaceSecrets(
      { s: 'abc12345678 and abc12345678XYZ' },
      new Map([
        ['abc12345678', 'R1'],
        ['abc12345678XYZ', 'R2'],
      ]),
    );
    expect(out.s).toBe('R1 and R2');
  });
});
