/**
 * What the agent reads (issue 28), tried as a customer-support agent would use it: one customer's
 * tickets over months (a plan, an upgrade, an incident, a hand-over), captured, learned once, then
 * the questions a support agent asks. Each test failed on the context before its fix.
 */
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TICKETS: DatedTurn[] = [
  ['Hi, I am Priya from Acme Corp. We are on the Starter plan and I need help with SSO.', '2026-02-02T09:00:00Z', 't1'],
  ['Sure Priya, SSO needs the Business plan. Would you like to upgrade?', '2026-02-02T09:01:00Z', 't1', 'assistant'],
  ['Not now, our budget is frozen until April.', '2026-02-02T09:02:00Z', 't1'],
  ['Please always email me the invoice, never post it. My email is priya@acme.example.', '2026-02-02T09:03:00Z', 't1'],
  ['We upgraded to the Business plan today! Can you turn on SSO with Okta?', '2026-04-15T14:00:00Z', 't2'],
  ['Done: SSO with Okta is enabled for acme.example.', '2026-04-15T14:05:00Z', 't2', 'assistant'],
  ['Our Okta login fails with error SAML_RESPONSE_INVALID since this morning.', '2026-05-20T08:00:00Z', 't3'],
  ['The SAML certificate expired; I rotated it and logins work again.', '2026-05-20T08:30:00Z', 't3', 'assistant'],
  [
    'Thanks! By the way I am leaving Acme at the end of June, my colleague Tom Berg takes over the account.',
    '2026-06-02T10:00:00Z',
    't4',
  ],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'support', datedTurnEvents('cust-42', TICKETS));
});

const lineWith = (context: string, re: RegExp) => context.split('\n').find((l) => re.test(l)) ?? '';

describe('synthesize: the dates a support agent reads', () => {
  it('reads a month named in the month it was said as this month, and a state "until" a month as ahead', async () => {
    const contact = await hx.synthesize('Who takes over the account?', { maxTokens: 600 });
    // Said on 2026-06-02: the end of this June, not of June 2025.
    expect(lineWith(contact.context, /leaving Acme/), contact.context).toContain('at the end of June (2026-06-30)');
    const budget = await hx.synthesize('When is the budget frozen until?', { maxTokens: 600 });
    // Said on 2026-02-02: the April to come.
    expect(lineWith(budget.context, /frozen until/), budget.context).toContain('until April (2026-04)');
  });

  it("dates a session's summary by the session, not by the day learn compiled it", async () => {
    const pack = await hx.synthesize('What happened in session t3 with SAML_RESPONSE_INVALID?', { maxTokens: 2000 });
    const heading = lineWith(pack.context, /^### Session t3/);
    expect(heading, pack.context).toBe('### Session t3 [2026-05-20]');
    const entry = pack.entries.find((e) => e.kind === 'session_summary' && /Session t3/.test(e.content));
    expect(entry?.occurredAt?.slice(0, 10)).toBe('2026-05-20');
    // Every artifact's heading carries the date of the latest event or fact it holds, never today's.
    const today = new Date().toISOString().slice(0, 10);
    for (const line of pack.context.split('\n').filter((l) => l.startsWith('### '))) expect(line).not.toContain(today);
  });
});

/** The context's artifact blocks: each `### ` heading with the lines under it. */
const blocksOf = (context: string) =>
  context
    .split(/\n(?=### )/)
    .slice(1)
    .map((b) => b.split(/\n\n## /)[0] as string);

describe('synthesize: a block adds what the question asks, or is left out', () => {
  it.each([
    ['How should invoices be sent?', /invoice/i],
    ['What happened with SSO?', /\bSSO\b/],
  ])('%s: no digest or summary left holding only lines the question does not ask about', async (query, word) => {
    for (const maxTokens of [300, 600]) {
      const pack = await hx.synthesize(query, { maxTokens });
      // The line that answers is there...
      expect(pack.context, pack.context).toMatch(word);
      // ...and no block whose matching lines were all said above it: what is left of it
      // ("Okta (person), 3 mentions") is not what was asked. (The profile of the person the pack is
      // about is who they are, kept whatever the question.)
      const blocks = blocksOf(pack.context).filter((b) => !b.startsWith('### Profile'));
      for (const block of blocks) expect(block, `${query}\n${pack.context}`).toMatch(word);
      expect(pack.budget.omitted.duplicates).toBeGreaterThan(0);
    }
  });
});

describe('synthesize: the plan a customer is on', () => {
  it('answers the plan after the upgrade, the old plan left out (and shown marked when asked)', async () => {
    const pack = await hx.synthesize('What plan is the customer on?', { maxTokens: 600 });
    // The turn that says it ("We upgraded to the Business plan today!") or the fact learned from it.
    expect(pack.context).toMatch(/upgraded to the Business plan|cust-42 is on the Business plan/);
    expect(pack.context).not.toMatch(/Starter plan/);
    expect(pack.budget.omitted.superseded).toBeGreaterThan(0);
    const history = await hx.synthesize('What plan is the customer on?', { maxTokens: 600, includeSuperseded: true });
    expect(lineWith(history.context, /Starter plan/), history.context).toMatch(/\(superseded 2026-04-15\)/);
  });
});

describe("synthesize: a shop's orders, asked by their numbers", () => {
  const ORDERS: DatedTurn[] = [
    ['Hi, my order #A-10023 has not arrived yet.', '2026-10-03T10:00:00Z', 'o1'],
    ['Order #A-10023 shipped with UPS, tracking 1Z999AA10123456784.', '2026-10-03T10:01:00Z', 'o1', 'assistant'],
    ['I also have order #A-10087 for a blue kettle, can I change the colour to red?', '2026-10-04T10:00:00Z', 'o2'],
    ['Done: order #A-10087 is now a red kettle, ships Oct 8.', '2026-10-04T10:01:00Z', 'o2', 'assistant'],
    ['The kettle from #A-10087 arrived broken. I want a refund please.', '2026-10-12T10:00:00Z', 'o3'],
    ['Refund of $49.99 for #A-10087 issued to the Visa ending 4242.', '2026-10-12T10:01:00Z', 'o3', 'assistant'],
  ];
  let shop: Hx;

  beforeAll(async () => {
    shop = await learnedTenant(server, 'orders', datedTurnEvents('cust-42', ORDERS));
  });

  it('finds an order by its number alone, though the store reads "#A-10023" as a signed number', async () => {
    const pack = await shop.synthesize('10023', { maxTokens: 300 });
    expect(pack.context, pack.context).toContain('tracking 1Z999AA10123456784');
  });

  it('keeps a turn that says more than the profile line learned from it', async () => {
    // The turn is learned only as "cust-42 wants a refund" (what the profile listed first until the refund was issued).
    const pack = await shop.synthesize('What is the status of order A-10087?', {
      subjectId: 'cust-42',
      maxTokens: 400,
    });
    expect(pack.context, pack.context).toContain('arrived broken');
  });

  it('no longer says the customer wants the refund the agent has issued', async () => {
    const pack = await shop.synthesize('What does the customer want from us?', {
      subjectId: 'cust-42',
      maxTokens: 400,
    });
    // "cust-42 wants a refund please" stayed a current want after the agent's "Refund ... issued".
    expect(pack.context, pack.context).not.toMatch(/wants a refund/);
    const { items } = await shop.memories.list({ limit: 100 });
    const refund = items.filter((m) => /refund/.test(m.content)).map((m) => [m.content, m.status]);
    expect(refund).toEqual(
      expect.arrayContaining([
        ['cust-42 wants a refund', 'superseded'],
        ["cust-42's refund was issued", 'active'],
      ]),
    );
  });
});

describe('synthesize: what a question states before its request', () => {
  it("takes a customer's new count of seats said in a question, and the company she introduced herself by", async () => {
    const carla = await learnedTenant(
      server,
      'support-seats',
      datedTurnEvents('carla', [
        ["Hi, I'm Carla from Acme Corp. We're on the Pro plan and we have 45 seats.", '2026-02-01T09:00:00Z', 's1'],
        ['We now have 60 seats, can you update the invoice?', '2026-04-01T09:00:00Z', 's2'],
      ]),
    );
    const pack = await carla.synthesize('How many seats does the customer have, and at which company?', {
      subjectId: 'carla',
      maxTokens: 400,
    });
    // The question was read for nothing: "has 45 seats" stayed current.
    expect(pack.context, pack.context).toMatch(/carla has 60 seats|We now have 60 seats/);
    expect(pack.context).not.toMatch(/has 45 seats/);
    expect(pack.context).toMatch(/carla works at Acme Corp/);
    const { items } = await carla.memories.list({ kind: 'fact', limit: 100 });
    const seats = items.filter((m) => /seats/.test(m.content)).map((m) => [m.content, m.status]);
    expect(seats).toEqual(
      expect.arrayContaining([
        ['carla has 60 seats', 'active'],
        ['carla has 45 seats', 'superseded'],
      ]),
    );
  });
});

describe("synthesize: an account's facts as a customer says them", () => {
  it('answers the renewal date, the admin and the billing address from learned facts', async () => {
    const account = await learnedTenant(
      server,
      'support-account',
      datedTurnEvents('dev-co', [
        ['We have 25 users on the Team plan. Our plan renews on March 3.', '2026-01-10T09:00:00Z', 'a1'],
        ['Our admin is Jane Doe.', '2026-01-10T09:01:00Z', 'a1'],
        ['Our billing address changed to 12 Main St, Boston.', '2026-02-01T09:00:00Z', 'a2'],
      ]),
    );
    const pack = await account.synthesize(
      'When does the plan renew, who is the admin, and what is the billing address?',
      {
        subjectId: 'dev-co',
        maxTokens: 400,
      },
    );
    // Each was learned as nothing (or the address cut at its comma): only the raw turns said them.
    expect(pack.context, pack.context).toMatch(/dev-co's plan renews on March 3 \(2026-03-03\)/);
    expect(pack.context).toMatch(/dev-co's admin is Jane Doe/);
    expect(pack.context).toMatch(/dev-co's billing address is 12 Main St, Boston/);
    expect(pack.context).toMatch(/dev-co is on the Team plan/);
  });
});
