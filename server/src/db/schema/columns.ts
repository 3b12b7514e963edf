/** Column shapes every table repeats: tenant scope and timestamps. */
import { text, timestamp } from 'drizzle-orm/pg-core';

export const tenantId = () => text('tenant_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
