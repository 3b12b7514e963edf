/** The secret scanner as pure unit tests: each rule fires on its format, near-misses stay, replacement is exact. */
import { describe, expect, it } from 'vitest';
import { findSecrets, replaceSecrets, scanText } from '../../server/src/redaction/index.js';

const rule = (text: string) => scanText(text).map((f) => [f.ruleId, f.value]);

// Fixture tokens are assembled at run time so no literal looks like a live credential in the repo.
const gh = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
const stripe = `sk_${'live'}_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
const anthropic = `sk-ant-api03-${'Zq9xK2mB7vR4tY1uW8pL'.repeat(3)}`;
const openai = `sk-proj-${'T3BlbkFJ9x8c7v6b5n4m3'.repeat(2)}`;
const slack = `xoxb-${'123456789012'}-${'abcdefGHIJKL1234'}`;
const gitlab = `glpat-${'x9Y8z7W6v5U4t3S2r1Q0'}`;
const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const hx = `hx_live_${'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'}`;
const pem = `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\nabcDEF123==\n-----END RSA PRIVATE KEY-----`;

describe('scanText: known token formats', () => {
  it.each([
    ['aws_access_key_id', 'key AKIAIOSFODNN7EXAMPLE here', 'AKIAIOSFODNN7EXAMPLE'],
    ['github_token', `export GH=${gh}`, gh],
    ['gitlab_token', `token ${gitlab}`, gitlab],
    ['slack_token', `slack ${slack}`, slack],
    ['stripe_key', `stripe ${stripe}`, stripe],
    ['anthropic_key', `ANTHROPIC=${anthropic}`, anthropic],
    ['openai_key', `use ${openai} for gpt`, openai],
    ['jwt', `token was ${jwt}`, jwt],
    ['hx_api_key', `hx key ${hx}`, hx],
    ['private_key', `here:\n${pem}\nend`, pem],
  ])('%s', (id, text, secret) => {
    expect(rule(text)).toEqual([[id, secret]]);
  });

  it('finds a connection string with a password, whole', () => {
    expect(rule('db at postgres://admin:s3cr3tP4ss@db.internal:5432/app now')).toEqual([
      ['connection_string', 'postgres://admin:s3cr3tP4ss@db.internal:5432/app'],
    ]);
  });

  it('finds assignments: the value only, and only when it looks secret', () => {
    expect(rule('password=Tr0ub4dor&3x')).toEqual([['password_assignment', 'Tr0ub4dor&3x']]);
    expect(rule('client_secret: "Zx81kLmQ0pW2eR5tY7uI9oP3"')).toEqual([
      ['secret_assignment', 'Zx81kLmQ0pW2eR5tY7uI9oP3'],
    ]);
    expect(rule('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toEqual([
      ['aws_secret_access_key', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ]);
  });

  it('leaves prose, placeholders, counts and URLs without passwords alone', () => {
    for (const text of [
      'I love my monkey keyboard and my password manager',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell-style placeholder, literally
      'postgres://user:${DB_PASSWORD}@host/db',
      'postgres://user:****@host/db',
      'https://example.com/path?x=1',
      'max_tokens=4000',
      'password=<your-password>',
      'token: aaaaaaaaaaaaaaaaaaaaaaa',
      'the sk-learn library',
    ]) {
      expect(rule(text), text).toEqual([]);
    }
  });
});

describe('findSecrets: payload and metadata, keys and values, recursively', () => {
  it('names the JSON path of each finding', () => {
    const found = findSecrets({
      payload: { content: 'AKIAIOSFODNN7EXAMPLE', steps: [{ out: `url postgres://u:pw12345678@h/d` }] },
      metadata: { env: { DB_PASSWORD: 'Tr0ub4dor&3', 'my-token': 'Zx81kLmQ0pW2eR5tY7uI9oP3' } },
    });
    expect(found.map((f) => [f.path, f.ruleId])).toEqual([
      ['payload.content', 'aws_access_key_id'],
      ['payload.steps[0].out', 'connection_string'],
      ['metadata.env.DB_PASSWORD', 'password_field'],
      ['metadata.env["my-token"]', 'secret_field'],
    ]);
  });

  it('keeps the Bearer prefix readable and finds secrets used as keys', () => {
    const found = findSecrets({
      payload: { headers: { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz123456' } },
      metadata: { [gh]: 'seen' },
    });
    expect(found.map((f) => [f.path, f.ruleId, f.value])).toEqual([
      ['payload.headers.Authorization', 'bearer_token', 'abcdefghijklmnopqrstuvwxyz123456'],
      ['metadata["<secret>"]#key', 'github_token', gh],
    ]);
  });

  it('ignores non-secret fields with secret-sounding names', () => {
    expect(
      findSecrets({ payload: { max_tokens: '4000', token_type: 'bearer', password: 'short' }, metadata: {} }),
    ).toEqual([]);
  });

  it('finds secrets nested deeper than the recursion bound', () => {
    let deep: Record<string, unknown> = { leaf: 'AKIAIOSFODNN7EXAMPLE' };
    for (let i = 0; i < 150; i++) deep = { d: deep };
    const found = findSecrets({ payload: deep, metadata: {} });
    expect(found.map((f) => f.value)).toEqual(['AKIAIOSFODNN7EXAMPLE']);
    const redacted = JSON.stringify(replaceSecrets(deep, new Map([['AKIAIOSFODNN7EXAMPLE', 'vault://v/i']])));
    expect(redacted).not.toContain('AKIA');
    expect(redacted).toContain('vault://v/i');
  });
});

describe('replaceSecrets', () => {
  it('replaces every occurrence in keys and values and leaves the input untouched', () => {
    const input = {
      a: 'x AKIAIOSFODNN7EXAMPLE y AKIAIOSFODNN7EXAMPLE',
      list: ['AKIAIOSFODNN7EXAMPLE', 3],
      AKIAIOSFODNN7EXAMPLE: true,
    };
    const out = replaceSecrets(input, new Map([['AKIAIOSFODNN7EXAMPLE', 'vault://vlt_1/vit_1']]));
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
