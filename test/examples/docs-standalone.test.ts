/**
 * The docs stand alone: no pointer to files users do not have (the product specification and design
 * notes the project started from), and the tables they state (plans and limits, roles and
 * permissions) equal the contract's, which the server enforces.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, PLAN_LIMITS, PLAN_NAMES, ROLE_KEY_SCOPES, ROLE_PERMISSIONS, ROLES } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    return statSync(join(root, rel)).isDirectory() ? files(rel, ext) : ext.test(name) ? [rel] : [];
  });
}

describe('the docs stand alone', () => {
  it('point nowhere to SPEC.md or DESIGN.md', () => {
    const shown = [
      'README.md',
      'sdk/README.md',
      ...files('docs', /\.(md|json)$/),
      ...files('contract/src', /\.ts$/),
      ...files('sdk/src', /\.ts$/),
      ...files('mcp/src', /\.ts$/),
      ...files('cli/src', /\.ts$/),
      ...files('examples', /\.(ts|md)$/),
    ];
    const found = shown.filter((f) => /\b(SPEC|DESIGN)\.md\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('docs/api.md states the plans the contract enforces', () => {
    const api = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const n = (v: number | null) => (v === null ? 'unlimited' : v.toLocaleString('en-US'));
    for (const plan of PLAN_NAMES) {
      const { requestsPerMinute, burst, monthlyEvents } = PLAN_LIMITS[plan];
      expect(api).toContain(`| \`${plan}\` | ${n(requestsPerMinute)} | ${n(burst)} | ${n(monthlyEvents)} |`);
    }
  });

  it('docs/api.md states the role matrix the contract enforces', () => {
    const api = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const rows = PERMISSIONS.map(
      (p) => `| \`${p}\` | ${ROLES.map((r) => (ROLE_PERMISSIONS[r].includes(p) ? 'yes' : '')).join(' | ')} |`,
    );
    const keys = `| API key scopes at most | ${ROLES.map((r) => ROLE_KEY_SCOPES[r].join(', ')).join(' | ')} |`;
    expect(api).toContain(
      [`| permission | ${ROLES.join(' | ')} |`, `|---|${ROLES.map(() => '---').join('|')}|`, ...rows, keys].join('\n'),
    );
  });
});
