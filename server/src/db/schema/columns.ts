/** Column shapes every table repeats: tenant scope and timestamps. */
import { type SQL, sql } from 'drizzle-orm';
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

export const tenantId = () => text('tenant_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Stored english tsvector of a text column, kept by Postgres itself (retrieval reads it instead of re-parsing text). */
export const searchVector = (column: string): ReturnType<ReturnType<typeof tsvector>['generatedAlwaysAs']> =>
  tsvector('search').generatedAlwaysAs((): SQL => sql.raw(`to_tsvector('english', "${column}")`));
