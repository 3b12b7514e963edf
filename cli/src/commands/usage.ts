/** `hx usage`: events, compilations and syntheses of a period, the monthly quota and stored totals. */
import { UsageGranularitySchema, UsagePeriodSchema } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, clientFor } from '../context.js';
import { withExamples } from '../help.js';
import { isJson, print } from '../output.js';

export function registerUsage(program: Command): void {
  const usage = program
    .command('usage')
    .description('usage of the API key’s tenant: events, learns and syntheses of a period, quota, stored totals')
    .addOption(new Option('--period <period>', 'time window').choices([...UsagePeriodSchema.options]).default('24h'))
    .addOption(new Option('--granularity <unit>', 'bucket size').choices([...UsageGranularitySchema.options]))
    .action(
      action(
        async (
          options: { period: '1h' | '24h' | '7d' | '30d'; granularity?: 'minute' | 'hour' | 'day' },
          command: Command,
        ) => {
          const m = await clientFor(command).usage.get({ period: options.period, granularity: options.granularity });
          if (isJson()) return print(m);
          print({
            period: `${m.period.start} .. ${m.period.end}`,
            eventsIngested: m.usage.events.ingested,
            eventsDuplicates: m.usage.events.duplicates,
            learns: `${m.usage.compilations.completed} completed, ${m.usage.compilations.failed} failed`,
            syntheses: m.usage.syntheses.total,
            plan: m.quota.plan,
            quota:
              m.quota.eventsLimit === null
                ? `${m.quota.eventsUsed} used (unlimited)`
                : `${m.quota.eventsUsed}/${m.quota.eventsLimit}`,
            quotaResets: m.quota.resetDate,
            memories: `${m.memories.active} active of ${m.memories.total}`,
            artifacts: m.artifacts.total,
            storedEvents: m.storage.events,
            storedBytes: m.storage.bytes,
          });
        },
      ),
    );
  withExamples(usage, 'hx usage', 'hx usage --period 30d --json');
}
