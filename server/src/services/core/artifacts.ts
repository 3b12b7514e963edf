/**
 * Compiled artifacts: filtered, sorted keyset pagination and single reads, scoped to the key's
 * tenant, environment and (when bound) namespace. Reads are written to the memory access log.
 */
import type { Artifact } from '@hx-memory/contract';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AccessLog } from '../../audit/access-log.js';
import type { Actor } from '../../actor.js';
import { artifacts } from '../../db/schema/index.js';
import { findRow, ofEnvironment } from '../../db/scoped-rows.js';
import { invalid, notFound } from '../../errors.js';
import { pickFields } from '../../pick-fields.js';
import { preparedShapes } from '../../db/prepared-shapes.js';
import { assertItemAccess, type NamespaceAccessChecker, resolveNamespaceFilter } from './namespace-scope.js';
import type { ServiceDeps } from '../deps.js';

/** What an artifact answer is made of (not the stored tsvector, fingerprint or key). */
const ROW_FIELDS = [
  'id',
  'type',
  'status',
  'title',
  'content',
  'markdown',
  'confidence',
  'evidenceCount',
  'version',
  'sourceEvents',
  'sourceMemories',
  'namespace',
  'subjectId',
  'sessionId',
  'createdAt',
  'updatedAt',
] as const;
type Row = Pick<typeof artifacts.$inferSelect, (typeof ROW_FIELDS)[number]>;
/** The columns of `Row`: a list reads only these (the search vector alone outweighed the rest). */
const ROW_COLUMNS = pickFields(getTableColumns(artifacts), ROW_FIELDS);
type Sort = 'createdAt' | 'updatedAt' | 'confidence' | 'evidenceCount';
/**
 * A list's total is counted up to this many rows and left out above it ("present only when
 * available", SPEC): an exact count of a large tenant would walk all its artifacts on every page.
 */
export const TOTAL_CAP = 10_000;

export interface ArtifactListQuery {
  limit: number;
  cursor?: string;
  type?: string;
  status?: string;
  sort: Sort;
  order: 'asc' | 'desc';
  namespace?: string;
  subjectId?: string;
  sessionId?: string;
}

export function toArtifact(r: Row): Artifact {
  return {
    id: r.id,
    type: r.type as Artifact['type'],
    status: r.status as Artifact['status'],
    title: r.title,
    content: r.content,
    markdown: r.markdown,
    confidence: r.confidence,
    evidenceCount: r.evidenceCount,
    version: r.version,
    sourceEvents: r.sourceEvents,
    sourceMemories: r.sourceMemories,
    namespace: r.namespace,
    subjectId: r.subjectId,
    sessionId: r.sessionId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const COLUMN = {
  createdAt: artifacts.createdAt,
  updatedAt: artifacts.updatedAt,
  confidence: artifacts.confidence,
  evidenceCount: artifacts.evidenceCount,
} as const;

/** Cursor = the sort, order and (value, id) of the last row, opaque to clients. */
function encodeCursor(sort: Sort, order: string, r: Row): string {
  const v =
    sort === 'createdAt' ? r.createdAt.toISOString() : sort === 'updatedAt' ? r.updatedAt.toISOString() : r[sort];
  return `a1.${Buffer.from(JSON.stringify({ s: sort, o: order, v, id: r.id })).toString('base64url')}`;
}

function decodeCursor(cursor: string, sort: Sort, order: string): { v: string | number; id: string } {
  try {
    if (!cursor.startsWith('a1.')) throw new Error('prefix');
    const c = JSON.parse(Buffer.from(cursor.slice(3), 'base64url').toString('utf8')) as Record<string, unknown>;
    if (c.s !== sort || c.o !== order) throw new Error('sort');
    if (typeof c.id !== 'string' || (typeof c.v !== 'string' && typeof c.v !== 'number')) throw new Error('shape');
    if (typeof c.v === 'string' && Number.isNaN(Date.parse(c.v))) throw new Error('date');
    return { v: c.v, id: c.id };
  } catch {
    throw invalid('query.cursor', 'is not a cursor of this list with this sort and order');
  }
}

/** Which optional parts a page query has: one prepared statement per shape. */
interface PageShape {
  sort: Sort;
  order: 'asc' | 'desc';
  cursor: boolean;
  namespace: 'eq' | 'exclude' | 'only' | 'any';
  type: boolean;
  status: boolean;
  subjectId: boolean;
  sessionId: boolean;
}

export function createArtifactsService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { policies: NamespaceAccessChecker; accessLog: Pick<AccessLog, 'record'> },
) {
  const { db } = deps.database;
  const P = sql.placeholder;

  /** How many rows of `where` there are, counted up to TOTAL_CAP + 1 (more: the total is left out). */
  const cappedCount = (where: SQL | undefined) =>
    sql<number>`(select count(*) from (select 1 from ${artifacts} where ${where} limit ${TOTAL_CAP + 1}) capped)`.mapWith(
      Number,
    );

  /** The rows a list of this shape covers (before its cursor), with placeholders for the values. */
  const whereOf = (shape: PageShape) =>
    and(
      eq(artifacts.tenantId, P('tenantId')),
      eq(artifacts.environment, P('environment')),
      shape.namespace === 'eq'
        ? eq(artifacts.namespace, P('namespace'))
        : shape.namespace === 'exclude'
          ? sql`${artifacts.namespace} <> all(${P('exclude')}::text[])`
          : shape.namespace === 'only'
            ? sql`${artifacts.namespace} = any(${P('only')}::text[])`
            : undefined,
      shape.type ? eq(artifacts.type, P('type')) : undefined,
      shape.status ? eq(artifacts.status, P('status')) : undefined,
      shape.subjectId ? eq(artifacts.subjectId, P('subjectId')) : undefined,
      shape.sessionId ? eq(artifacts.sessionId, P('sessionId')) : undefined,
    );

  /**
   * The page of one shape, with the list's total riding on it (an uncorrelated subquery, counted once):
   * one statement, built and prepared once per shape (db/prepared-shapes.ts).
   */
  const pageQuery = preparedShapes('hx_artifacts_page', (key, name) => {
    const shape = JSON.parse(key) as PageShape;
    const where = whereOf(shape);
    const col = COLUMN[shape.sort];
    let after: SQL | undefined;
    if (shape.cursor) {
      const cmp = sql.raw(shape.order === 'desc' ? '<' : '>');
      // Confidence is a float4: compare as float4 so the row of the cursor is not seen again.
      const cast = sql.raw(
        shape.sort === 'confidence' ? 'real' : shape.sort === 'evidenceCount' ? 'int' : 'timestamptz',
      );
      const value = sql`${P('cursorValue')}::${cast}`;
      after = sql`(${col} ${cmp} ${value} or (${col} = ${value} and ${artifacts.id} ${cmp} ${P('cursorId')}))`;
    }
    const direction = shape.order === 'desc' ? desc : asc;
    return db
      .select({
        ...ROW_COLUMNS,
        total: cappedCount(where),
      })
      .from(artifacts)
      .where(and(where, after))
      .orderBy(direction(col), direction(artifacts.id))
      .limit(P('limit'))
      .prepare(name);
  });
  /** The total alone, for an empty page after a cursor (which carries no total). */
  const countQuery = preparedShapes('hx_artifacts_count', (key, name) =>
    db
      .select({ n: cappedCount(whereOf(JSON.parse(key) as PageShape)) })
      .from(sql`(select 1) one`)
      .prepare(name),
  );

  return {
    async list(actor: Actor, q: ArtifactListQuery) {
      const scope = await resolveNamespaceFilter(services.policies, actor, q.namespace, 'read', 'query.namespace');
      const cursor = q.cursor ? decodeCursor(q.cursor, q.sort, q.order) : undefined;
      const shape: PageShape = {
        sort: q.sort,
        order: q.order,
        cursor: cursor !== undefined,
        namespace:
          scope.namespace !== undefined
            ? 'eq'
            : scope.only !== undefined
              ? 'only'
              : scope.exclude.length > 0
                ? 'exclude'
                : 'any',
        type: q.type !== undefined,
        status: q.status !== undefined,
        subjectId: q.subjectId !== undefined,
        sessionId: q.sessionId !== undefined,
      };
      const key = JSON.stringify(shape);
      const values = {
        tenantId: actor.tenantId,
        environment: actor.environment,
        namespace: scope.namespace,
        exclude: scope.exclude,
        only: scope.only,
        type: q.type,
        status: q.status,
        subjectId: q.subjectId,
        sessionId: q.sessionId,
        cursorValue: cursor?.v,
        cursorId: cursor?.id,
        limit: q.limit + 1,
      };
      // Each row carries the total too; it is read from the first and not copied out of the others.
      const rows: (Row & { total?: number })[] = await pageQuery(key).execute(values);
      // An empty page after a cursor says nothing of the total: count it on its own then.
      const counted = rows[0]?.total ?? (cursor ? Number((await countQuery(key).execute(values))[0]?.n) : 0);
      const hasMore = rows.length > q.limit;
      const items = hasMore ? rows.slice(0, q.limit) : rows;
      const last = items[items.length - 1];
      if (items.length > 0) {
        services.accessLog.record(actor, {
          operation: 'artifacts.list',
          namespace: scope.namespace ?? null,
          memoryIds: [],
          artifactIds: items.map((r) => r.id),
        });
      }
      const pagination: { hasMore: boolean; cursor?: string; total?: number } = { hasMore };
      if (hasMore && last) pagination.cursor = encodeCursor(q.sort, q.order, last);
      if (counted <= TOTAL_CAP) pagination.total = counted;
      return { artifacts: items.map(toArtifact), pagination };
    },

    async get(actor: Actor, id: string): Promise<Artifact> {
      const row = await findRow(db, artifacts, id, ofEnvironment(artifacts, actor));
      if (!row) throw notFound('Artifact');
      await assertItemAccess(services.policies, actor, 'Artifact', row.namespace, 'read');
      services.accessLog.record(actor, {
        operation: 'artifacts.get',
        namespace: row.namespace,
        memoryIds: [],
        artifactIds: [row.id],
      });
      return toArtifact(row);
    },
  };
}

export type ArtifactsService = ReturnType<typeof createArtifactsService>;
