/**
 * Synthesize: a prompt-ready context pack for a query. Resolves the caller's scope (tenant,
 * environment, namespace binding), runs hybrid retrieval, raises compiled knowledge that answers the
 * query's kind of question (intent.ts), diversifies, adds the subject's profile, reads the pack's
 * lineage so each fact is said once and superseded ones are left out (assemble.ts), packs under the
 * token budget and writes the memories and artifacts returned, with the tokens used, to the access log.
 */
import {
  SYNTHESIZE_MAX_TOKENS_DEFAULT,
  SYNTHESIZE_MIN_CONFIDENCE_DEFAULT,
  type Provenance,
  type SynthesizeBody,
  type SynthesizeEntry,
  type SynthesizeResult,
  type SynthesizeSection,
} from '@hx-memory/contract';
import type { AccessLog } from '../../audit/access-log.js';
import type { Actor } from '../../actor.js';
import { newId } from '../../ids.js';
import { diversify, LIST_SESSION_SIMILARITY } from '../../retrieval/diversify.js';
import { answerTypeOf, asksForSeveral } from '../../retrieval/answer-type.js';
import { type Assembled, assemble, ENTITY_SOURCES_CHECKED } from '../../retrieval/assemble.js';
import { answeringSections, raiseCompiledAnswers, raiseFamily, raisePastimes } from '../../retrieval/intent.js';
import { fetchPackLineage, fetchSubjectProfiles, type SubjectProfile } from '../../retrieval/lineage.js';
import { countsQuery } from '../../retrieval/holds-query.js';
import { type PackInput, packContext, type UnpackedEntry } from '../../retrieval/pack-context.js';
import { docOf, type RankedItem } from '../../retrieval/ranked-item.js';
import { retrieve } from '../../retrieval/retrieve.js';
import type { RetrievalScope } from '../../retrieval/scope.js';
import { SECTION_TITLES, wantedSections } from '../../retrieval/sections.js';
import { type NamespaceAccessChecker, resolveNamespaceFilter } from './namespace-scope.js';
import type { ServiceDeps } from '../deps.js';
import type { Embeddings } from '../../embeddings/index.js';
import { WHEN_GATE } from '../../embeddings/fuse.js';

/** Entries diversified and offered to the packer; more would never fit a sane budget. */
const PACK_POOL = 80;
/** Source events cited per memory or artifact entry (the most recent first). */
const MAX_CITED_EVENTS = 5;

function iso(v: string | Date | null): string | null {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** `cite`: events the entry stands for in the pack (their duplicates left out), cited first. */
function provenanceOf(item: RankedItem, cite: readonly string[]): Provenance[] {
  const { row } = item;
  if (item.source === 'event') return [{ sourceType: 'event', sourceId: row.id }];
  const rest = (row.source_ids ?? []).filter((id) => !cite.includes(id));
  const events = [...cite, ...rest.slice(-Math.max(0, MAX_CITED_EVENTS - cite.length)).reverse()];
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

function entryOf(
  { item, cite, mark, staleLines, alsoSays, learned }: Assembled['items'][number],
  top: number,
  includeProvenance: boolean,
  toldAt: ReadonlyMap<string, string>,
): PackInput {
  const occurredAt = iso(item.row.occurred_at);
  const entry: UnpackedEntry = {
    section: item.section,
    content: item.row.text,
    confidence: Math.round(Number(item.row.confidence) * 1000) / 1000,
    score: rankScoreOf(item, top),
    kind: item.source === 'event' ? 'event' : item.row.kind,
    occurredAt,
    validFrom: iso(item.row.valid_from),
    validTo: iso(item.row.valid_to),
    provenance: includeProvenance ? provenanceOf(item, cite) : [],
  };
  // An episode is dated on its line by when it was told, like the turn it came from; its own
  // `occurredAt` (when it happened) is written beside its time phrase.
  const saidAt = (item.source === 'memory' && iso(toldAt.get(item.row.id) ?? null)) || undefined;
  const date = (saidAt ?? occurredAt ?? entry.validFrom)?.slice(0, 10) ?? null;
  const speaker = (item.source === 'event' && item.row.subject) || undefined;
  return { entry, date, saidAt, speaker, block: item.source === 'artifact', mark, staleLines, alsoSays, learned };
}

/** An entry's repeats left out by the packer: their events are cited by it too, after its own. */
function citeAbsorbed(entries: SynthesizeEntry[], absorbed: number[][], inputs: PackInput[]): void {
  for (const [i, entry] of entries.entries()) {
    const extra = (absorbed[i] ?? []).flatMap((j) =>
      (inputs[j]?.entry.provenance ?? []).filter((p) => p.sourceType === 'event'),
    );
    if (extra.length === 0) continue;
    const seen = new Set(entry.provenance.map((p) => p.sourceId));
    for (const p of extra) {
      if (seen.has(p.sourceId)) continue;
      seen.add(p.sourceId);
      entry.provenance.push(p);
    }
  }
}

/** Sections answering the query first, then the usual order. */
function sectionOrder(answering: readonly SynthesizeSection[]): SynthesizeSection[] {
  return [...answering, ...SECTION_TITLES.map(([s]) => s).filter((s) => !answering.includes(s))];
}

/** The subject learn gives a user's turns captured without subjectId or speaker (the role). */
const UNNAMED_USER = 'user';

/** Profiles of the people a subject spoke of come after this many of the best matches. */
const OTHER_PROFILES_AFTER = 5;

/**
 * The subject's profile joins the pack even when the query shares no word with it ("suggest a
 * dinner" and a peanut allergy): what the agent must know of the person it talks to, as a context
 * window's core memory; so do the profiles of the people the subject spoke of (a husband now vegan).
 * The subject's own second, after the best match: it survives small budgets without displacing the
 * answer; the others after the few best matches. The packer keeps only their lines not said already.
 */
function withProfiles(ordered: RankedItem[], profiles: SubjectProfile[], sections: Set<SynthesizeSection>) {
  if (profiles.length === 0 || !sections.has('facts')) return ordered;
  const out = [...ordered];
  // The subject's own second (the query lists it first); the people it spoke of after the few best
  // matches (they cost budget), also when the subject's own was ranked already by the question's words.
  let at = Math.min(profiles[0]?.own ? 1 : OTHER_PROFILES_AFTER, out.length);
  for (const profile of profiles) {
    const key = `artifact:${profile.id}`;
    if (!out.some((i) => i.key === key)) {
      const score = out[at - 1]?.rankScore ?? out[at - 1]?.score ?? 1;
      out.splice(at, 0, {
        key,
        source: 'artifact',
        row: profile,
        section: 'facts',
        doc: docOf(profile.tsv),
        score,
        rankScore: score,
      });
    }
    at = Math.max(at + 1, Math.min(OTHER_PROFILES_AFTER, out.length));
  }
  return out;
}

function compressionRatio(candidateTokens: number, used: number): number {
  return used > 0 ? Math.round((candidateTokens / used) * 100) / 100 : 0;
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
      const [{ items: lexical, terms }, neighbours, subjectProfiles] = await Promise.all([
        retrieve(database, scope, body.query, { sections }),
        embeddings?.nearest(scope, body.query, sections),
        body.subjectId ? fetchSubjectProfiles(database, scope, body.subjectId) : [],
      ]);
      const asksWhen = answerTypeOf(body.query) === 'time';
      // Pastimes of the kind asked for, and a family's facts, are raised among the lexical matches, before
      // the fusion: the gate then keeps them in their places, and a model's neighbours cannot pass them.
      raisePastimes(lexical, body.query, terms);
      raiseFamily(lexical, body.query, terms);
      const items = embeddings
        ? await embeddings.fuse(scope, lexical, neighbours, sections, asksWhen ? WHEN_GATE : undefined)
        : lexical;
      const answering = answeringSections(body.query).filter((s) => sections.has(s));
      raiseCompiledAnswers(items, answering);
      const sessionSimilarity = asksForSeveral(body.query) ? LIST_SESSION_SIMILARITY : 0;
      const diverse = diversify(items, PACK_POOL, { sessionSimilarity }).slice(0, PACK_POOL);
      // Nothing matched and no subject was named: the profile learn made of the unnamed user (the
      // user role's own turns) is still who the agent talks to ("suggest a dinner" and a peanut allergy,
      // captured without subjectId). Read only then: an empty answer is its one extra query.
      const profiles =
        diverse.length === 0 && !body.subjectId && sections.has('facts')
          ? await fetchSubjectProfiles(database, scope, UNNAMED_USER)
          : subjectProfiles;
      const ordered = withProfiles(diverse, profiles, sections);
      const lineage = await fetchPackLineage(
        database,
        scope,
        [
          // Events learn has not compiled yet have no lineage (learn writes an event's edges and marks it
          // compiled in one transaction): agents capture far more than they learn, and a pack of
          // uncompiled turns needs no look-up at all.
          ...ordered.filter((i) => i.source === 'event' && i.row.compiled !== false).map((i) => i.row.id),
          // An entity's own events, to tell whether it names only superseded facts (assemble.ts).
          ...ordered.flatMap((i) =>
            i.source === 'memory' &&
            i.row.kind === 'entity' &&
            (i.row.source_ids?.length ?? 0) <= ENTITY_SOURCES_CHECKED
              ? (i.row.source_ids ?? [])
              : [],
          ),
        ],
        ordered.filter((i) => i.source === 'artifact').map((i) => i.row.id),
        ordered.filter((i) => i.source === 'memory' && i.row.kind === 'episode').map((i) => i.row.id),
      );
      const assembled = assemble(ordered, lineage, {
        includeSuperseded: options.includeSuperseded ?? false,
        asksWhen,
        lexemes: terms.lexemes,
      });
      const top = ordered.reduce((m, i) => Math.max(m, i.rankScore ?? i.score), 0);
      const inputs = assembled.items.map((x) => entryOf(x, top, includeProvenance, lineage.toldAt));
      const packed = packContext(
        inputs,
        limit,
        sectionOrder(answering),
        answering.length,
        countsQuery(terms.lexemes.keys()),
      );
      if (includeProvenance) citeAbsorbed(packed.entries, packed.absorbed, inputs);
      const memoryIds: string[] = [];
      const artifactIds: string[] = [];
      for (const index of packed.included) {
        const item = (assembled.items[index] as { item: RankedItem }).item;
        if (item.source === 'memory') memoryIds.push(item.row.id);
        else if (item.source === 'artifact') artifactIds.push(item.row.id);
      }
      services.accessLog.record(actor, {
        operation: 'synthesize',
        namespace: scope.namespace ?? null,
        query: body.query,
        memoryIds,
        artifactIds,
        tokensUsed: packed.used,
        candidateTokens: packed.candidateTokens,
      });
      const omitted = {
        duplicates: assembled.duplicates + packed.omitted.duplicates,
        superseded: assembled.superseded + packed.omitted.superseded,
        overBudget: packed.omitted.overBudget,
      };
      return {
        packId: newId('pack'),
        context: packed.context,
        entries: packed.entries,
        budget: {
          limit,
          used: packed.used,
          compressionRatio: compressionRatio(packed.candidateTokens, packed.used),
          entriesIncluded: packed.entries.length,
          entriesDropped: omitted.duplicates + omitted.superseded + omitted.overBudget,
          omitted,
          truncated: packed.truncated,
        },
      };
    },
  };
}

export type SynthesizeService = ReturnType<typeof createSynthesizeService>;
