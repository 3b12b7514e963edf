/** `hx synthesize <query>`: a prompt-ready context for a query (the context on stdout, the budget on stderr). */
import { SYNTHESIZE_SECTIONS } from '@hx-memory/contract';
import type { Command } from 'commander';
import { action, clientFor } from '../context.js';
import { decimal, integer, list, withExamples } from '../help.js';
import { isJson, note, print } from '../output.js';

export function registerSynthesize(program: Command): void {
  const synthesize = program
    .command('synthesize <query>')
    .description('a prompt-ready context for a query, from memories, artifacts and events')
    .option('--max-tokens <n>', 'token budget of the context', integer(16, 128_000), 4000)
    .option('--min-confidence <x>', 'leave out entries below it (0..1)', decimal(0, 1))
    .option('--sections <names>', `comma-separated: ${SYNTHESIZE_SECTIONS.join(', ')}`, list)
    .option('--namespace <namespace>', 'namespace id or name')
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--session <sessionId>', 'limit to a session')
    .option('--agent <agentId>', 'limit to an agent')
    .option('--as-of <iso>', 'answer as of this time (ISO 8601)')
    .action(
      action(
        async (
          query: string,
          options: {
            maxTokens: number;
            minConfidence?: number;
            sections?: string[];
            namespace?: string;
            subject?: string;
            session?: string;
            agent?: string;
            asOf?: string;
          },
          command: Command,
        ) => {
          const pack = await clientFor(command).synthesize.synthesize({
            query,
            options: {
              maxTokens: options.maxTokens,
              minConfidence: options.minConfidence,
              sections: options.sections as (typeof SYNTHESIZE_SECTIONS)[number][] | undefined,
            },
            namespace: options.namespace,
            subjectId: options.subject,
            sessionId: options.session,
            agentId: options.agent,
            asOf: options.asOf,
          });
          if (isJson()) return print(pack);
          process.stdout.write(`${pack.context}\n`);
          note(
            `\n${pack.budget.entriesIncluded} entries, ${pack.budget.used}/${pack.budget.limit} tokens (pack ${pack.packId})`,
          );
        },
      ),
    );
  withExamples(
    synthesize,
    'hx synthesize "How do I deploy the web app?"',
    'hx synthesize "What does the user prefer?" --subject user-42 --max-tokens 800 --json',
  );
}
