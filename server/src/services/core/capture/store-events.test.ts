/**
 * Capture writes events with one raw INSERT from one array per column (event-rows.ts) instead of the
 * query builder, for speed. Nothing in the type system ties that statement to the drizzle table, so
 * this checks it: every column it writes exists with the type it travels as, and every column the
 * table requires is written.
 */
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../../db/schema/index.js';
import type { Actor } from '../../../actor.js';
import { addEvent, eventColumns, INSERTED_COLUMNS } from './event-rows.js';
import type { Prepared } from './prepare-events.js';

/** The column arrays' element types against drizzle's SQL type names. */
const SQL_TYPE: Record<string, string> = {
  text: 'text',
  jsonb: 'jsonb',
  real: 'real',
  timestamptz: 'timestamp with time zone',
};

const table = Object.values(getTableColumns(events));
const byName = new Map(table.map((c) => [c.name, c]));
/** Written by the statement itself from the actor, not from the column arrays. */
const FROM_ACTOR = ['tenant_id', 'environment'];

describe('capture raw insert against the events table', () => {
  it('writes only columns the table has, each as the type the table declares', () => {
    for (const [name, type] of Object.entries(INSERTED_COLUMNS)) {
      const column = byName.get(name);
      expect(column, `events.${name}`).toBeDefined();
      expect(column?.getSQLType(), `events.${name}`).toBe(SQL_TYPE[type]);
    }
  });

  it('writes every column the table requires (NOT NULL without a default or a generated value)', () => {
    const written = new Set([...Object.keys(INSERTED_COLUMNS), ...FROM_ACTOR]);
    const required = table.filter((c) => c.notNull && !c.hasDefault && !c.generated).map((c) => c.name);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !written.has(name))).toEqual([]);
  });

  it('writes the tenant and environment from the actor, not from the column arrays', () => {
    for (const name of FROM_ACTOR) {
      expect(byName.has(name)).toBe(true);
      expect(Object.keys(INSERTED_COLUMNS)).not.toContain(name);
    }
  });

  it('adds each event to every column, in step, payload and metadata as their JSON text', () => {
    const p = {
      index: 0,
      input: { type: 'message', sessionId: 's "1"', payload: { content: 'hi\n' }, subjectId: 'u1' },
      namespace: 'default',
      contentHash: 'h',
      payloadJson: '{"content":"hi\\n"}',
      metadataJson: '{}',
      idemHash: null,
      text: 'a "quoted" line',
      salience: 0.45,
      occurredAt: new Date('2026-01-02T03:04:05.000Z'),
    } as Prepared;
    const columns = eventColumns();
    expect(Object.keys(columns).sort()).toEqual(Object.keys(INSERTED_COLUMNS).sort());
    addEvent(columns, { agentId: null } as unknown as Actor, p, 'evt_1', p);
    addEvent(columns, { agentId: 'agt_1' } as unknown as Actor, p, 'evt_2', p);
    for (const values of Object.values(columns)) expect(values).toHaveLength(2);
    const second = Object.fromEntries(Object.entries(columns).map(([c, values]) => [c, values[1]]));
    expect(second).toEqual({
      id: 'evt_2',
      namespace: 'default',
      session_id: 's "1"',
      agent_id: 'agt_1',
      subject_id: 'u1',
      type: 'message',
      payload: '{"content":"hi\\n"}',
      metadata: '{}',
      text: 'a "quoted" line',
      content_hash: 'h',
      idempotency_key: null,
      idempotency_hash: null,
      salience: 0.45,
      occurred_at: '2026-01-02T03:04:05.000Z',
    });
    expect(JSON.parse(second.payload as string)).toEqual({ content: 'hi\n' });
    expect(columns.agent_id[0]).toBeNull();
  });
});
