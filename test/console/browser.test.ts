/**
 * The console in a real browser: Debian's Chromium driven by playwright-core, against a real server
 * on the embedded default (PGlite in memory), with the console's production build. It walks the first
 * run (register, create a key shown once, a memory captured through the SDK appearing), the detail
 * drawer, the playground's provenance, a cross-site write refused, axe (WCAG 2.2 A/AA rules) on every
 * route in both themes, and fails on any console error, page error or CSP violation. Screenshots of
 * every page go to test/console/screenshots/ (not committed).
 *
 * Runs in the embedded stage only (one browser run per CI). Needs /usr/bin/chromium (.ci/run installs
 * it) and console/dist (the build step makes it): under CI=true a missing one fails the test, elsewhere
 * the suite is skipped, saying which is missing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hx } from '@hx-memory/sdk';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, uniqueEmail } from '../helpers/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const missing = [
  existsSync(CHROMIUM) ? undefined : `${CHROMIUM} (apt-get install -y chromium)`,
  existsSync(join(CONSOLE_DIST, 'index.html')) ? undefined : 'console/dist (pnpm --filter @hx-memory/console build)',
].filter(Boolean);
const onPostgres = Boolean(process.env.DATABASE_URL);
if (missing.length > 0 && process.env.CI === 'true' && !onPostgres) {
  throw new Error(`The browser suite cannot run: missing ${missing.join(' and ')}`);
}
if (missing.length > 0) console.warn(`test/console/browser.test.ts skipped: missing ${missing.join(' and ')}`);

const PASSWORD = 'correct-horse-battery';
/** axe's options (evaluated in the page, as text: the test's own types have no DOM). */
const AXE_OPTIONS = JSON.stringify({
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
});
const MEMORY_TEXT = 'I prefer dark mode in every editor';
/** Chromium's own line for a fetch the API answered 401 (logged out, no browsing key yet): an answer, not an app error. */
const EXPECTED_NETWORK = /Failed to load resource: the server responded with a status of 401/;

describe.skipIf(missing.length > 0 || onPostgres)('the console in Chromium', () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let base: string;
  const problems: string[] = [];
  /** 403 answers a step provokes on purpose (a wrong password), each logged once by Chromium. */
  let expected403 = 0;
  let apiKey = '';
  const email = uniqueEmail('browser');

  async function shot(name: string) {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** axe on the current page, with the WCAG 2.x A and AA rules; any violation fails with its targets. */
  async function axe(label: string) {
    await page.evaluate(AXE_SOURCE);
    const result = (await page.evaluate(`axe.run(document, ${AXE_OPTIONS})`)) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    const found = result.violations.map(
      (v) => `${label}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found).toEqual([]);
  }

  async function go(path: string, heading: string | RegExp) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  beforeAll(async () => {
    rmSync(SCREENSHOTS, { recursive: true, force: true });
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startTestServer({ CONSOLE_DIR: CONSOLE_DIST });
    base = `${server.url}/console`;
    profile = mkdtempSync(join(tmpdir(), 'hx-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport: { width: 1280, height: 900 },
    });
    // Runs through the DevTools protocol, so the page's CSP does not apply to it; it reports every violation.
    await context.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) =>
        console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));`,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => {
      if (msg.type() !== 'error' || EXPECTED_NETWORK.test(msg.text())) return;
      if (expected403 > 0 && /status of 403/.test(msg.text())) {
        expected403--;
        return;
      }
      problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('first run: /console leads to login; register, and the session lives only in HttpOnly cookies', async () => {
    await page.goto(`${server.url}/console`);
    await page.getByRole('heading', { level: 1, name: 'Log in to Hx' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    await shot('01-login');
    await axe('login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await axe('register');
    await shot('02-register');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();

    const cookies = await context.cookies(server.url);
    const access = cookies.find((c) => c.name === 'hx_access');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(cookies.find((c) => c.name === 'hx_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate('document.cookie')).toBe('');
    const storage = await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })');
    expect(storage).not.toMatch(/eyJ|hx_live_|hx_refresh|refreshToken/);
  }, 120_000);

  it('creates an API key shown once, with snippets built from the live base URL', async () => {
    await page.getByLabel('Key name').fill('browser key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.getByTestId('new-key-value');
    await value.waitFor();
    apiKey = (await value.textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^hx_live_[A-Za-z0-9]{40}$/);
    await expect(page.getByTestId('snippet-sdk').textContent()).resolves.toContain(`baseUrl: '${server.url}'`);
    await page.getByRole('tab', { name: 'curl' }).click();
    await expect(page.getByTestId('snippet-curl').textContent()).resolves.toContain(`${server.url}/v1/capture`);
    await page.getByRole('tab', { name: 'MCP client' }).click();
    await expect(page.getByTestId('snippet-mcp').textContent()).resolves.toContain(`${server.url}/mcp`);
    await shot('03-key-created');
    await axe('key created');
    // The key cookie for the memory pages is HttpOnly as well.
    expect((await context.cookies(server.url)).find((c) => c.name === 'hx_key')).toMatchObject({ httpOnly: true });
    // Shown once: after a reload only its prefix is left.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('cell', { name: 'browser key', exact: true }).waitFor();
    expect(await page.getByTestId('new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(apiKey);
    await axe('keys');
    await shot('04-keys');
  }, 120_000);

  it('first captured event: it arrives on the Events page without a reload', async () => {
    await go('/events', 'Events');
    await page.getByTestId('events-empty').waitFor();
    await axe('events empty');
    const hx = new Hx({ baseUrl: server.url, apiKey });
    const { eventId } = await hx.capture({
      type: 'message',
      sessionId: 'first-run',
      payload: { role: 'user', content: 'My first event, from the SDK' },
    });
    // The live view polls the first page: the event appears and is announced as new.
    const row = page.getByTestId('events-table').getByRole('button', { name: /My first event/ });
    await row.waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('events-status').textContent()).resolves.toMatch(/1 event on this page/);
    await axe('events');
    await shot('04b-events');
    await row.click();
    await expect(page.getByTestId('event-detail').textContent()).resolves.toContain(eventId);
    await axe('event drawer');
    await page.keyboard.press('Escape');
    await page.getByTestId('event-detail').waitFor({ state: 'detached' });
  }, 120_000);

  it('shows a memory captured through the SDK, with its detail and lineage', async () => {
    await go('/memories', 'Memories');
    await page.getByTestId('memories-empty').waitFor();
    await shot('05-memories-empty');
    const hx = new Hx({ baseUrl: server.url, apiKey });
    const captured = await hx.capture({
      type: 'message',
      sessionId: 'browser-session',
      payload: { role: 'user', content: `${MEMORY_TEXT}. <img src=x onerror="window.__pwned=1">` },
    });
    const job = await hx.learn({ wait: true });
    expect(job.status).toBe('completed');
    // The first page is polled: the memory arrives without a reload.
    const item = page
      .getByTestId('memories-list')
      .getByRole('button', { name: /dark mode/ })
      .first();
    await item.waitFor({ timeout: 20_000 });
    // Captured text is shown as text: the markup is visible, never an element.
    expect(await page.locator('main img').count()).toBe(0);
    await axe('memories');
    await shot('06-memories');
    // The learn job is listed with what it did.
    await go('/learn', 'Learn jobs');
    await page.getByTestId('learn-jobs').getByRole('cell', { name: job.id }).waitFor();
    await expect(page.getByTestId('learn-jobs').textContent()).resolves.toMatch(/completed/);
    await axe('learn jobs');
    await shot('06b-learn-jobs');
    await go('/memories', 'Memories');
    await item.click();
    const detail = page.getByTestId('memory-detail');
    await detail.waitFor();
    await expect(page.getByTestId('memory-sources').textContent()).resolves.toContain(captured.eventId);
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/\S/);
    await axe('memory drawer');
    await shot('07-memory-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    // Filters live in the URL: a kind no memory has empties the list, and the URL says so.
    await go('/memories?kind=procedure', 'Memories');
    await page.getByTestId('memories-empty').waitFor();
    expect(await page.getByLabel('Kind').inputValue()).toBe('procedure');
  }, 120_000);

  it("explains the playground's context: entries, scores and provenance back to the memory", async () => {
    await go('/playground', 'Synthesize playground');
    await page.getByLabel('Query').fill('What does the user prefer for the editor?');
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await page.getByTestId('synth-context').waitFor();
    await expect(page.getByTestId('synth-context').textContent()).resolves.toContain('dark mode');
    await expect(page.getByTestId('synth-budget').textContent()).resolves.toMatch(/of 1000 tokens/);
    // Each entry says its own tokens, as the server counted them.
    await expect(page.getByTestId('synth-entries').locator('li').first().textContent()).resolves.toMatch(
      /· [1-9]\d* tokens ·/,
    );
    const provenance = page.getByTestId('synth-provenance').first();
    await expect(provenance.textContent()).resolves.toMatch(/memory|event|artifact/);
    await axe('playground');
    await shot('08-playground');
    // Captured markup is never an element (it would also be a CSP violation, which fails the suite).
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    // "Why this" links lead to the memory or artifact the entry came from, in its drawer.
    const source = page.getByTestId('synth-entries').getByRole('link').first();
    await source.waitFor();
    await source.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }, 120_000);

  it('draws usage over time: charts of the series the API answers, with their numbers as a table', async () => {
    const usage = await new Hx({ baseUrl: server.url, apiKey }).usage.get({ period: '24h' });
    const events = usage.series.reduce((n, p) => n + p.events, 0);
    const syntheses = usage.series.reduce((n, p) => n + p.syntheses, 0);
    expect(events).toBeGreaterThan(0);
    expect(syntheses).toBeGreaterThan(0);
    await go('/usage', 'Usage and health');
    const chart = page.getByTestId('chart-events');
    await chart.locator('canvas').first().waitFor();
    await expect(chart.locator('figcaption').textContent()).resolves.toContain(`Events: ${events}, by hour`);
    await expect(page.getByTestId('chart-work').locator('figcaption').textContent()).resolves.toContain(
      `Syntheses: ${syntheses}`,
    );
    // The numbers behind the canvas, from the keyboard: the disclosure opens with Enter.
    await chart.getByText('The numbers').focus();
    await page.keyboard.press('Enter');
    const rows = chart.getByRole('table').locator('tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.lastElementChild?.textContent)));
    expect(shown.reduce((a, b) => a + b, 0)).toBe(events);
    await axe('usage charts');
    await shot('08b-usage');
    // Another period: the last hour, by minute.
    await page.getByLabel('Period').selectOption('1h');
    await expect
      .poll(async () => await chart.locator('figcaption').textContent(), { timeout: 10_000 })
      .toContain('by minute');
  }, 120_000);

  it('keeps vault values masked; reveal asks for the password again', async () => {
    // A secret stored through the SDK by the same user (a bearer client, beside the browser's session).
    const session = await new Hx({ baseUrl: server.url }).auth.login({ email, password: PASSWORD });
    const owner = new Hx({ baseUrl: server.url, accessToken: session.tokens.accessToken });
    const vault = await owner.vault.createVault({ name: 'browser-vault' });
    await owner.vault.createItem({
      vaultId: vault.id,
      name: 'deploy-token',
      value: 'sk-console-test-9f8e7d',
      type: 'token',
    });
    await go('/vault', 'Vault');
    await page.getByRole('button', { name: 'browser-vault' }).click();
    await page.getByRole('cell', { name: 'deploy-token', exact: true }).waitFor();
    expect(await page.content()).not.toContain('sk-console-test-9f8e7d');
    await page.getByRole('button', { name: /Reveal deploy-token/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    expected403 = 1;
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await dialog.getByRole('alert').waitFor();
    await expect(dialog.getByRole('alert').textContent()).resolves.toContain('The password is not right');
    expect(await page.content()).not.toContain('sk-console-test-9f8e7d');
    await axe('vault reveal');
    await shot('09-vault-reveal');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await page.getByText('sk-console-test-9f8e7d').waitFor();
    // The server audited the reveal.
    const audit = await owner.audit.tenantList({ limit: 50 });
    expect(audit.items.map((e) => e.action)).toEqual(expect.arrayContaining([expect.stringMatching(/reveal/)]));
    // The server checked the password (the console sends it with the reveal): the wrong one was refused
    // and audited, the reveal audited as confirmed.
    expect(audit.items.find((e) => e.action === 'vault.item.revealed')?.details.passwordConfirmed).toBe(true);
    expect(audit.items.find((e) => e.action === 'auth.reauth')).toMatchObject({ outcome: 'failed' });
    // Versions: a change of value adds one; the drawer lists both, values never.
    await owner.vault.updateItem({
      vaultId: vault.id,
      itemId: (await owner.vault.listItems({ vaultId: vault.id })).items[0]?.id ?? '',
      value: 'sk-console-test-rotated',
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Vault' }).waitFor();
    await page.getByRole('button', { name: 'browser-vault' }).click();
    await page.getByRole('button', { name: /of deploy-token: show versions/ }).click();
    const versions = page.getByRole('dialog', { name: 'Versions of deploy-token' });
    await versions.getByRole('cell', { name: '2 (current)' }).waitFor();
    expect(await page.content()).not.toContain('sk-console-test-rotated');
    await axe('vault versions');
    await shot('10-vault-versions');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('answers the policy simulator: which rule decides for a key on a namespace', async () => {
    const session = await new Hx({ baseUrl: server.url }).auth.login({ email, password: PASSWORD });
    const owner = new Hx({ baseUrl: server.url, accessToken: session.tokens.accessToken });
    const org = await owner.organizations.create({ name: 'Browser Org', slug: `browser-${Date.now()}` });
    await owner.namespaces.create({ orgId: org.id, name: 'support', sensitivity: 'internal' });
    await owner.namespaces.create({ orgId: org.id, name: 'archive', sensitivity: 'internal' });
    await owner.policies.create({
      orgId: org.id,
      name: 'No writes to archive',
      effect: 'deny',
      resource: 'namespace:archive',
      action: 'write',
      priority: 10,
    });
    await go('/policies', 'Access policies');
    await page.getByRole('cell', { name: 'No writes to archive', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Simulate an access decision' });
    const keySelect = form.getByLabel('API key');
    await keySelect.selectOption(
      (await keySelect.locator('option', { hasText: 'browser key' }).getAttribute('value')) ?? '',
    );
    await form.getByLabel('Namespace').selectOption('archive');
    await form.getByLabel('Action').selectOption('write');
    await form.getByRole('button', { name: 'Simulate' }).click();
    const result = page.getByTestId('simulation-result');
    await result.getByText('Denied', { exact: true }).waitFor();
    await expect(result.textContent()).resolves.toContain('No writes to archive');
    await axe('policy simulator');
    await shot('11-policy-simulator');
    // And what a real request with the key is answered agrees.
    // A capture into a namespace with the key, as an agent sends it (raw, to read the status).
    const captureInto = (namespace: string, content: string) =>
      fetch(`${server.url}/v1/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'message', sessionId: 'sim', namespace, payload: { role: 'user', content } }),
      });
    const write = await captureInto('archive', 'x');
    expect(write.status).toBe(403);
    await form.getByLabel('Namespace').selectOption('support');
    await form.getByRole('button', { name: 'Simulate' }).click();
    await result.getByText('Allowed', { exact: true }).waitFor();
    await expect(result.textContent()).resolves.toContain('the default');

    // Editing a policy: from the keyboard, the deny becomes an allow; the simulator and a real request follow.
    await page.getByRole('button', { name: 'Edit No writes to archive' }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit policy No writes to archive' });
    await edit.waitFor();
    await edit.getByLabel('Name').fill('Writes to archive allowed');
    await edit.getByLabel('Effect').selectOption('allow');
    await axe('edit policy');
    await shot('11b-policy-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Writes to archive allowed', exact: true }).waitFor();
    await form.getByLabel('Namespace').selectOption('archive');
    await form.getByRole('button', { name: 'Simulate' }).click();
    await result.getByText('Allowed', { exact: true }).waitFor();
    await expect(result.textContent()).resolves.toContain('Writes to archive allowed');
    const allowed = await captureInto('archive', 'now allowed');
    expect(allowed.status).toBeLessThan(300);
  }, 120_000);

  it("changes a vault's sharing: the organization chosen is saved and listed", async () => {
    const session = await new Hx({ baseUrl: server.url }).auth.login({ email, password: PASSWORD });
    const owner = new Hx({ baseUrl: server.url, accessToken: session.tokens.accessToken });
    await go('/vault', 'Vault');
    await page.getByRole('button', { name: 'browser-vault' }).click();
    const form = page.getByRole('form', { name: 'Sharing of browser-vault' });
    await form.getByLabel('Shared with').selectOption({ label: 'organization Browser Org' });
    await form.getByRole('button', { name: 'Save sharing' }).click();
    await form.getByRole('status').waitFor();
    await page.getByRole('cell', { name: 'organization Browser Org' }).waitFor();
    const vaults = await owner.vault.listVaults({ limit: 100 });
    const orgs = await owner.organizations.list({ limit: 100 });
    const org = orgs.items.find((o) => o.name === 'Browser Org');
    expect(vaults.items.find((v) => v.name === 'browser-vault')?.organizationId).toBe(org?.id);
    await axe('vault sharing');
  }, 120_000);

  it('manages teams and agents, previews lifecycle, and finds a read in the access log by request id', async () => {
    await go('/teams', 'Teams');
    // The organization is chosen already (the only one); choosing it writes it to the URL.
    const orgSelect = page.getByLabel('Organization');
    const orgId = await orgSelect.inputValue();
    expect(orgId).toMatch(/\S/);
    await orgSelect.selectOption(orgId);
    await page.waitForURL((url) => url.searchParams.get('org') === orgId);
    await page.getByLabel('New team').fill('support-team');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('cell', { name: 'support-team', exact: true }).waitFor();
    // Edit: a new name and the organization's one member (the owner) in the team.
    await page.getByRole('button', { name: 'Edit support-team' }).click();
    const editTeam = page.getByRole('dialog', { name: 'Edit team support-team' });
    await editTeam.getByLabel('Name').fill('support-squad');
    const member = editTeam.getByRole('checkbox').first();
    await member.waitFor();
    await member.check();
    await axe('edit team');
    await editTeam.getByRole('button', { name: 'Save' }).click();
    await editTeam.waitFor({ state: 'hidden' });
    const squad = page.getByRole('row', { name: /support-squad/ });
    await squad.waitFor();
    await expect(squad.getByRole('cell').nth(1).textContent()).resolves.toBe('1');
    await shot('12-teams');
    await go('/agents', 'Agents');
    await page.getByLabel('New agent').fill('triage-bot');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('cell', { name: 'triage-bot', exact: true }).waitFor();
    // Edit: its framework and its team.
    await page.getByRole('button', { name: 'Edit triage-bot' }).click();
    const editAgent = page.getByRole('dialog', { name: 'Edit agent triage-bot' });
    await editAgent.getByLabel('Framework').fill('langgraph');
    await editAgent.getByLabel('Team').selectOption({ label: 'support-squad' });
    await axe('edit agent');
    await editAgent.getByRole('button', { name: 'Save' }).click();
    await editAgent.waitFor({ state: 'hidden' });
    const bot = page.getByRole('row', { name: /triage-bot/ });
    await bot.getByRole('cell', { name: 'langgraph', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete triage-bot' }).click();
    await page.getByRole('dialog', { name: 'Delete agent triage-bot?' }).waitFor();
    await axe('delete confirmation');
    await page.keyboard.press('Escape');
    await shot('13-agents');

    await go('/lifecycle', 'Lifecycle');
    await page.getByLabel('Name', { exact: true }).fill('Purge old events');
    await page.getByLabel('Purge raw events after (days)').fill('30');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByRole('cell', { name: 'Purge old events', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Preview what a run would do' }).click();
    await page.getByTestId('lifecycle-preview').getByRole('cell', { name: 'Purge old events', exact: true }).waitFor();
    await axe('lifecycle preview');
    await shot('14-lifecycle-preview');

    // A read of the organization's namespace, found by the request id its answer carried.
    await new Hx({ baseUrl: server.url, apiKey }).capture({
      type: 'message',
      sessionId: 'support-1',
      namespace: 'support',
      payload: { role: 'user', content: 'My order is late' },
    });
    const read = await fetch(`${server.url}/v1/events?namespace=support`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(read.status).toBe(200);
    const requestId = read.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');
    await go('/access-logs', 'Access log');
    await page.getByLabel('Request id').fill(requestId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByTestId('access-log').getByRole('cell', { name: requestId }).waitFor();
    expect(new URL(page.url()).searchParams.get('requestId')).toBe(requestId);
    expect(await page.getByTestId('access-log').locator('tbody tr').count()).toBe(1);
    await axe('access log');
    await shot('15-access-log');
  }, 180_000);

  it('refuses a cross-site write: another site cannot use the session', async () => {
    const before = await new Hx({ baseUrl: server.url, apiKey }).memories.list({ limit: 100 });
    // Another site (localhost is not the same site as 127.0.0.1), on a page without the console's CSP.
    const foreign = await context.newPage();
    await foreign.goto(`${server.url.replace('127.0.0.1', 'localhost')}/health`);
    const outcome = await foreign.evaluate(async (target) => {
      const results: string[] = [];
      // A simple request: sent, but without the SameSite=Strict cookies and without the console header.
      const simple = await fetch(`${target}/v1/capture`, {
        method: 'POST',
        credentials: 'include',
        mode: 'no-cors',
        body: JSON.stringify({ type: 'message', sessionId: 'evil', payload: { role: 'user', content: 'injected' } }),
      }).then(
        (r) => `sent (${r.type})`,
        (e: Error) => `blocked: ${e.message}`,
      );
      results.push(simple);
      // With the console header: the browser must ask first (CORS preflight), and the server never says yes.
      const withHeader = await fetch(`${target}/v1/api-keys`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'x-hx-console': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'stolen' }),
      }).then(
        (r) => `answered ${r.status}`,
        (e: Error) => `blocked: ${e.name}`,
      );
      results.push(withHeader);
      return results;
    }, server.url);
    await foreign.close();
    expect(outcome[1]).toBe('blocked: TypeError');
    // Nothing changed: no key named "stolen", the memories are all there.
    await go('/keys', 'API keys');
    await page.getByRole('cell', { name: 'browser key', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'stolen', exact: true }).count()).toBe(0);
    const after = await new Hx({ baseUrl: server.url, apiKey }).memories.list({ limit: 100 });
    expect(after.items.length).toBe(before.items.length);
    // And the server's own check, as a browser page of another site would send it if CORS let it.
    const refused = await fetch(`${server.url}/v1/api-keys`, {
      method: 'POST',
      headers: {
        'x-hx-console': '1',
        'sec-fetch-site': 'cross-site',
        origin: 'http://evil.example',
        'content-type': 'application/json',
        cookie: (await context.cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; '),
      },
      body: JSON.stringify({ name: 'stolen' }),
    });
    expect(refused.status).toBe(403);
  }, 120_000);

  it('windows long lists: only the rows in view are in the DOM, and Tab walks through all of them', async () => {
    const hx = new Hx({ baseUrl: server.url, apiKey });
    await hx.capture.captureBatch({
      events: Array.from({ length: 120 }, (_, i) => ({
        type: 'message' as const,
        sessionId: 'bulk',
        payload: { role: 'user' as const, content: `bulk event number ${i}` },
      })),
    });
    await go('/events?sessionId=bulk', 'Events');
    const table = page.getByTestId('events-table');
    await expect
      .poll(async () => await page.getByTestId('events-status').textContent(), { timeout: 15_000 })
      .toMatch(/^100 events on this page/);
    expect(await table.getAttribute('aria-rowcount')).toBe('101');
    const rendered = async () => await table.locator('tbody tr[data-index]').count();
    expect(await rendered()).toBeGreaterThan(5);
    expect(await rendered()).toBeLessThan(60);
    await axe('events, windowed');
    // From the keyboard: the first row's button, then Tab row after row, past the first window.
    await table.getByRole('button', { name: 'bulk event number 119' }).focus();
    for (let i = 0; i < 70; i++) await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      "document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') + ' ' + document.activeElement?.textContent",
    );
    expect(focused).toBe('72 bulk event number 49');
    expect(await rendered()).toBeLessThan(60);
    // The focused row stays rendered when the region scrolls away from it.
    await page.getByRole('region', { name: 'Captured events' }).evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.waitForTimeout(200);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('bulk event number 49');
    await shot('16-events-windowed');
  }, 120_000);

  it('passes axe on every page in both themes, keyboard first', async () => {
    const pages: [string, string][] = [
      ['/', 'Welcome to Hx'],
      ['/keys', 'API keys'],
      ['/memories', 'Memories'],
      ['/artifacts', 'Artifacts'],
      ['/playground', 'Synthesize playground'],
      ['/events', 'Events'],
      ['/learn', 'Learn jobs'],
      ['/govern', 'Govern'],
      ['/policies', 'Access policies'],
      ['/teams', 'Teams'],
      ['/agents', 'Agents'],
      ['/lifecycle', 'Lifecycle'],
      ['/vault', 'Vault'],
      ['/access-logs', 'Access log'],
      ['/usage', 'Usage and health'],
    ];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`localStorage.setItem('hx-console-theme', '${theme}')`);
      for (const [path, title] of pages) {
        await go(path, title);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate('document.documentElement.dataset.theme')).toBe(theme);
        await axe(`${path} (${theme})`);
        await shot(`page-${theme}${path === '/' ? '-overview' : path.replace(/\//g, '-')}`);
      }
    }
    // The first Tab reaches the skip link; following it lands in the main content.
    await go('/', 'Welcome to Hx');
    // Tab from the top of the page, as on arrival: the navigation's focus move (to the page title)
    // may or may not have run by now, so the starting point is set explicitly.
    await page.evaluate(
      "document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex')",
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    await page.evaluate(`localStorage.setItem('hx-console-theme', 'light')`);
  }, 240_000);

  it('logs out: the cookies are gone and the console asks to log in again', async () => {
    await go('/', 'Welcome to Hx');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in to Hx' }).waitFor();
    const names = (await context.cookies(server.url)).map((c) => c.name);
    expect(names).not.toContain('hx_access');
    expect(names).not.toContain('hx_key');
    await go('/memories', 'Log in to Hx');
  }, 60_000);

  it('saw no console error, page error or CSP violation on any page', () => {
    expect(problems).toEqual([]);
  });
});
