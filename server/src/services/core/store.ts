/**
 * Store: JSON documents put and read by path and key in an Hx namespace (contract/src/routes/store.ts).
 * Every operation names one namespace (the request's, the key's, else `default`), checked like the
 * other core routes; the path is stored as its labels joined with periods, so a path prefix is a
 * string prefix. Search filters in SQL; a query ranks the most recent matching items by the share of
 * its words found in the value (store-query.ts).
 */
import { STORE_QUERY_CANDIDATES, type StoreFilter, type StoreItem, type StoreSearchItem } from '@hx-memory/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { storeItems } from '../../db/schema/index.js';
import { ofEnvironment } from '../../db/scoped-rows.js';
import { notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import {
  DEFAULT_NAMESPACE,
  type NamespaceAccessChecker,
  resolveNamespaceFilter,
  resolveWriteNamespace,
} from './namespace-scope.js';
import { filterCondition, matchesPath, queryScore } from './store-query.js';

type Row = typeof storeItems.$inferSelect;

function toItem(r: Row): StoreItem {
  return {
    path: r.path.split('.'),
    key: r.key,
    value: r.value,
    namespace: r.namespace,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface StoreSearch {
  namespace?: string;
  pathPrefix: string[];
  filter?: StoreFilter;
  query?: string;
  limit: number;
  offset: number;
}

export interface StorePathsQuery {
  namespace?: string;
  prefix?: string;
  suffix?: string;
  maxDepth?: number;
  limit: number;
  offset: number;
}

/** Distinct paths read for a listing at most (the listing is filtered and cut after). */
const PATHS_SCANNED_MAX = 10_000;

export function createStoreService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { policies: NamespaceAccessChecker },
) {
  const { db } = deps.database;

  /** The one namespace an operation acts on, as stored, after the access check (403 naming `namespace`). */
  async function namespaceOf(actor: Actor, requested: string | undefined, action: 'read' | 'write' | 'delete') {
    const named = requested ?? actor.namespaceId ?? DEFAULT_NAMESPACE;
    if (action === 'write') return resolveWriteNamespace(services.policies, actor, named);
    const filter = await resolveNamespaceFilter(services.policies, actor, named, action);
    return filter.namespace as string;
  }

  const inScope = (actor: Actor, namespace: string): SQL =>
    and(ofEnvironment(storeItems, actor), eq(storeItems.namespace, namespace)) as SQL;

  return {
    async put(
      actor: Actor,
      input: { namespace?: string; path: string[]; key: string; value: Record<string, unknown> },
    ): Promise<StoreItem> {
      const namespace = await namespaceOf(actor, input.namespace, 'write');
      const now = new Date();
      const [row] = await db
        .insert(storeItems)
        .values({
          id: newId('sti'),
          tenantId: actor.tenantId,
          environment: actor.environment,
          namespace,
          path: input.path.join('.'),
          key: input.key,
          value: input.value,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [storeItems.tenantId, storeItems.environment, storeItems.namespace, storeItems.path, storeItems.key],
          set: { value: input.value, updatedAt: now },
        })
        .returning();
      return toItem(row as Row);
    },

    async get(actor: Actor, q: { namespace?: string; path: string; key: string }): Promise<StoreItem> {
      const namespace = await namespaceOf(actor, q.namespace, 'read');
      const [row] = await db
        .select()
        .from(storeItems)
        .where(and(inScope(actor, namespace), eq(storeItems.path, q.path), eq(storeItems.key, q.key)))
        .limit(1);
      if (!row) throw notFound('Store item');
      return toItem(row);
    },

    async delete(actor: Actor, q: { namespace?: string; path: string; key: string }) {
      const namespace = await namespaceOf(actor, q.namespace, 'delete');
      const gone = await db
        .delete(storeItems)
        .where(and(inScope(actor, namespace), eq(storeItems.path, q.path), eq(storeItems.key, q.key)))
        .returning({ id: storeItems.id });
      return { path: q.path.split('.'), key: q.key, deleted: gone.length > 0 };
    },

    async search(actor: Actor, q: StoreSearch): Promise<{ items: StoreSearchItem[] }> {
      const namespace = await namespaceOf(actor, q.namespace, 'read');
      const prefix = q.pathPrefix.join('.');
      const where = and(
        inScope(actor, namespace),
        prefix
          ? sql`(${storeItems.path} = ${prefix} or left(${storeItems.path}, ${prefix.length + 1}) = ${`${prefix}.`})`
          : undefined,
        q.filter ? filterCondition(storeItems.value, q.filter) : undefined,
      );
      const recent = db.select().from(storeItems).where(where).orderBy(desc(storeItems.updatedAt), desc(storeItems.id));
      if (!q.query) {
        const rows = await recent.limit(q.limit).offset(q.offset);
        return { items: rows.map((r) => ({ ...toItem(r), score: null })) };
      }
      const rows = await recent.limit(STORE_QUERY_CANDIDATES);
      const query = q.query;
      const ranked = rows
        .map((r, recency) => ({ r, recency, score: queryScore(query, r.value) }))
        .sort((a, b) => b.score - a.score || a.recency - b.recency);
      return {
        items: ranked.slice(q.offset, q.offset + q.limit).map(({ r, score }) => ({ ...toItem(r), score })),
      };
    },

    async listPaths(actor: Actor, q: StorePathsQuery): Promise<{ paths: string[][] }> {
      const namespace = await namespaceOf(actor, q.namespace, 'read');
      const rows = await db
        .selectDistinct({ path: storeItems.path })
        .from(storeItems)
        .where(inScope(actor, namespace))
        .orderBy(storeItems.path)
        .limit(PATHS_SCANNED_MAX);
      const prefix = q.prefix?.split('.');
      const suffix = q.suffix?.split('.');
      const matching = rows
        .map((r) => r.path.split('.'))
        .filter((p) => (!prefix || matchesPath(p, prefix, 'prefix')) && (!suffix || matchesPath(p, suffix, 'suffix')));
      const cut = q.maxDepth ? matching.map((p) => p.slice(0, q.maxDepth)) : matching;
      const distinct = [...new Map(cut.map((p) => [p.join('.'), p])).values()].sort((a, b) =>
        a.join('.') < b.join('.') ? -1 : a.join('.') > b.join('.') ? 1 : 0,
      );
      return { paths: distinct.slice(q.offset, q.offset + q.limit) };
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
