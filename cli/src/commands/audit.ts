/**
 * `hx audit`: the audit log (or memory access log) of an organization; --follow keeps polling and
 * prints new entries as they come (oldest first, one JSON object per line with --json) until Ctrl-C.
 */
import type { Command } from 'commander';
import { action, orgClient } from '../context.js';
import { integer, withExamples } from '../help.js';
import { colors, isJson, print } from '../output.js';
import { collect, pageSize } from '../paging.js';

interface Entry {
  id: string;
  createdAt: string;
  [key: string]: unknown;
}

interface AuditOptions {
  action?: string;
  actor?: string;
  resourceType?: string;
  since?: string;
  until?: string;
  limit: number;
  accessLogs?: boolean;
  follow?: boolean;
  interval: number;
}

const AUDIT_COLUMNS = ['createdAt', 'action', 'actorId', 'resourceType', 'resourceId'];
const ACCESS_COLUMNS = ['createdAt', 'operation', 'actorId', 'namespace', 'memoryIds'];

function printLine(entry: Entry, accessLogs: boolean): void {
  if (isJson()) {
    process.stdout.write(`${JSON.stringify(entry)}\n`);
    return;
  }
  const c = colors();
  const cols = accessLogs ? ACCESS_COLUMNS : AUDIT_COLUMNS;
  const [first, second, ...rest] = cols.map((k) => {
    const v = entry[k];
    return v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
  process.stdout.write(`${c.dim(first ?? '')}  ${c.bold(second ?? '')}  ${rest.join('  ')}\n`);
}

export function registerAudit(program: Command): void {
  const audit = program
    .command('audit')
    .description('audit log of an organization (--org or the default one), newest first; --follow streams new entries')
    .option('--action <action>', 'filter by action, e.g. member.invited')
    .option('--actor <actorId>', 'filter by actor')
    .option('--resource-type <type>', 'filter by resource type')
    .option('--since <iso>', 'start of the time range (ISO 8601 date-time or date)')
    .option('--until <iso>', 'end of the time range (ISO 8601 date-time or date)')
    .option('--limit <n>', 'entries to show (with --follow: before following)', integer(0), 50)
    .option('--access-logs', 'the memory access log instead (which memories were read, by whom)')
    .option('-f, --follow', 'keep polling and print new entries until Ctrl-C')
    .option('--interval <seconds>', 'polling interval of --follow', integer(1, 3600), 2)
    .action(
      action(async (options: AuditOptions, command: Command) => {
        const { hx, orgId } = orgClient(command);
        const accessLogs = !!options.accessLogs;
        const filters = {
          action: options.action,
          actorId: options.actor,
          resourceType: options.resourceType,
          endDate: options.until,
        };
        /** Entries at or after `since` (all when undefined), newest first, walking the cursor pages. */
        const pages = (limit: number, since?: string): AsyncIterable<Entry> =>
          (accessLogs
            ? hx.audit.accessLogs({ orgId, limit: pageSize(limit) })
            : hx.audit.list({
                orgId,
                limit: pageSize(limit),
                ...filters,
                startDate: since ?? options.since,
              })) as AsyncIterable<Entry>;

        if (!options.follow) {
          print(await collect(pages(options.limit), options.limit), accessLogs ? ACCESS_COLUMNS : AUDIT_COLUMNS);
          return;
        }
        // At least one entry, so the cursor starts at the server's newest even with --limit 0.
        const head = await collect(pages(Math.max(options.limit, 1)), Math.max(options.limit, 1));
        await follow(head.slice(0, options.limit), head[0], options, accessLogs, async (since) => {
          const fresh: Entry[] = [];
          for await (const entry of pages(100, accessLogs ? undefined : since)) {
            // The access log has no time filter: stop at the first entry older than the cursor.
            if (since && entry.createdAt < since) break;
            fresh.push(entry);
          }
          return fresh;
        });
      }),
    );
  withExamples(
    audit,
    'hx audit --limit 20',
    'hx audit --action member.invited --since 2026-11-01',
    'hx audit --follow --json | jq .action',
    'hx audit --access-logs --limit 10',
  );
}

/**
 * Prints `recent` oldest first, then polls: the cursor is the newest createdAt seen, and the ids seen
 * at that instant, so an entry is printed once even when several share a timestamp.
 */
async function follow(
  recent: Entry[],
  latest: Entry | undefined,
  options: AuditOptions,
  accessLogs: boolean,
  fetchSince: (since: string | undefined) => Promise<Entry[]>,
): Promise<void> {
  let cursor = latest?.createdAt;
  let seenAtCursor = new Set(recent.filter((e) => e.createdAt === cursor).map((e) => e.id));
  if (latest) seenAtCursor.add(latest.id);
  for (const entry of [...recent].reverse()) printLine(entry, accessLogs);

  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  while (!stop.signal.aborted) {
    await sleep(options.interval * 1000);
    if (stop.signal.aborted) break;
    const fresh = (await fetchSince(cursor)).filter((e) => !(e.createdAt === cursor && seenAtCursor.has(e.id)));
    for (const entry of fresh.reverse()) {
      printLine(entry, accessLogs);
      if (entry.createdAt !== cursor) {
        cursor = entry.createdAt;
        seenAtCursor = new Set();
      }
      seenAtCursor.add(entry.id);
    }
  }
}
