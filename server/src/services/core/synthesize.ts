/**
 * Synthesize: a prompt-ready context pack for a query. Resolves the caller's scope (tenant,
 * environment, namespace binding), runs hybrid retrieval, diversifies, packs under the token budget
 * and writes the memories and artifacts returned to the access log.
 */
import {
  SYNTHESIZE_MAX_TOKENS_DEFAULT,
  SYNTHESIZE_MIN_CONFIDENCE_DEFAULT,
  type Provenance,
  type SynthesizeBody,
  type SynthesizeEntry,
  type SynthesizeResult,
} from '@hx-memory/contract';
import type { AccessLog } from '../../audit/access-log.js';
import type { Actor } from '../../actor.js';
import { newId } from '../../ids.js';
import { diversify } from '../../retrieval/diversify.js';
import { type PackInput, packContext } from '../../retrieval/pack-context.js';
import type { RankedItem } from '../../retrieval/ranked-item.js';
import { retrieve } from '../../retrieval/retrieve.js';
import type { RetrievalScope } from '../../retrieval/scope.js';
import { wantedSections } from '../../retrieval/sections.js';
import { type NamespaceAccessChecker, resolveNamespaceFilter } from './namespace-scope.js';
import type { ServiceDeps } from '../deps.js';
import type { Embeddings } from '../../embeddings/index.js';

/** Entries diversified and offered to the packer; more would never fit a sane budget. */
const PACK_POOL = 80;
/** Source events cited per memory or artifact entry (the most recent first). */
const MAX_CITED_EVENTS = 5;

function iso(v: string | Date | null): string | null {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function provenanceOf(item: RankedItem): Provenance[] {
  const { row } = item;
  if (item.source === 'event') return [{ sourceType: 'event', sourceId: row.id }];
  const events = (row.source_ids ?? []).slice(-MAX_CITED_EVENTS).reverse();
  const own: Provenance =
    item.source === 'memory'
      ? { sourceType: 'memory', sourceId: row.id, evidenceCount: row.mentions ?? 1 }
      : { sourceType: 'artifact', sourceId: row.id, artifactType: row.kind, evidenceCount: row.evidence_count ?? 0 };
  return [own, ...events.map((id): Provenance => ({ sourceType: 'event', sourceId: id }))];
}

/** An entry's score: its rank value (relevance less redundancy) relative to the first entry's, in [0, 1]. */
function rankScoreOf(item: RankedItem, top: number): number {
  const value = item.rankScore ?? item.score;
  return Math.round(Math.max(0, Math.min(1, value / (top || 1))) * 10_000) / 10_000;
}

function entryOf(item: RankedItem, top: number, includeProvenance: boolean): PackInput {
  const occurredAt = iso(item.row.occurred_at);
  const entry: SynthesizeEntry = {
    section: item.section,
    content: item.row.text,
    confidence: Math.round(Number(item.row.confidence) * 1000) / 1000,
    score: rankScoreOf(item, top),
    kind: item.source === 'event' ? 'event' : item.row.kind,
    occurredAt,
    validFrom: iso(item.row.valid_from),
    validTo: iso(item.row.valid_to),
    provenance: includeProvenance ? provenanceOf(item) : [],
  };
  return { entry, date: (occurredAt ?? entry.validFrom)?.slice(0, 10) ?? null };
}

export function createSynthesizeService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { policies: NamespaceAccessChecker; embeddings?: Embeddings; accessLog: Pick<AccessLog, 'record'> },
) {
  const { database } = deps;
  return {
    async synthesize(actor: Actor, body: SynthesizeBody): Promise<SynthesizeResult> {
      const options = body.options ?? {};
      const limit = options.maxTokens ?? SYNTHESIZE_MAX_TOKENS_DEFAULT;
      const includeProvenance = options.includeProvenance ?? true;
      // The namespace is resolved (and checked) first: a named one to the reference rows are stored
      // under; with none named, the namespaces the actor may not read are left out of retrieval itself.
      const filter = await resolveNamespaceFilter(services.policies, actor, body.namespace);
      const scope: RetrievalScope = {
        tenantId: actor.tenantId,
        environment: actor.environment,
        namespace: filter.namespace,
        excludeNamespaces: filter.exclude,
        onlyNamespaces: filter.only,
        sessionId: body.sessionId,
        subjectId: body.subjectId,
        agentId: body.agentId ?? undefined,
        asOf: body.asOf ? new Date(body.asOf) : undefined,
        minConfidence: options.minConfidence ?? SYNTHESIZE_MIN_CONFIDENCE_DEFAULT,
      };
      const sections = wantedSections(options.sections);
      const { embeddings } = services;
      const [{ items: lexical }, neighbours] = await Promise.all([
        retrieve(database, scope, body.query, { sections }),
        embeddings?.nearest(scope, body.query, sections),
      ]);
      const items = embeddings ? await embeddings.fuse(scope, lexical, neighbours, sections) : lexical;
      const ordered = diversify(items, PACK_POOL).slice(0, PACK_POOL);
      const top = ordered.reduce((m, i) => Math.max(m, i.rankScore ?? i.score), 0);
      const packed = packContext(
        ordered.map((item) => entryOf(item, top, includeProvenance)),
        limit,
      );
      const memoryIds: string[] = [];
      const artifactIds: string[] = [];
      for (const index of packed.included) {
        const item = ordered[index] as RankedItem;
        if (item.source === 'memory') memoryIds.push(item.row.id);
        else if (item.source === 'artifact') artifactIds.push(item.row.id);
      }
      services.accessLog.record(actor, {
        operation: 'synthesize',
        namespace: scope.namespace ?? null,
        query: body.query,
        memoryIds,
        artifactIds,
      });
      return {
        packId: newId('pack'),
        context: packed.context,
        entries: packed.entries,
        budget: {
          limit,
          used: packed.used,
          compressionRatio: packed.used > 0 ? Math.round((packed.candidateTokens / packed.used) * 100) / 100 : 0,
          entriesIncluded: packed.entries.length,
          entriesDropped: packed.dropped,
        },
      };
    },
  };
}

export type SynthesizeService = ReturnType<typeof createSynthesizeService>;
