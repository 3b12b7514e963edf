/** `hx capture`, `hx learn`, `hx synthesize`, `hx artifacts list|get`: the core loop (needs an API key). */
import type { Command } from 'commander';
import { action, clientFor, globalOptions, print } from '../context.js';

const parseJson = (flag: string, text: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new Error(`${flag} must be a JSON object`);
};

export function registerCore(program: Command): void {
  program
    .command('capture')
    .description('capture one event (a message by default)')
    .requiredOption('-s, --session <sessionId>', 'session the event belongs to')
    .option('-t, --type <type>', 'event type (message, tool_call, command_exec, ...)', 'message')
    .option('-c, --content <text>', 'message content (for --type message)')
    .option('--role <role>', 'message role', 'user')
    .option('--payload <json>', 'the payload as a JSON object (instead of --content)')
    .option('--metadata <json>', 'metadata as a JSON object')
    .option('--namespace <namespace>', 'namespace id or name')
    .option('--subject <subjectId>', 'the end user or entity the event is about')
    .option('--agent <agentId>', 'agent identity')
    .action(
      action(
        async (
          options: {
            session: string;
            type: string;
            content?: string;
            role: string;
            payload?: string;
            metadata?: string;
            namespace?: string;
            subject?: string;
            agent?: string;
          },
          command: Command,
        ) => {
          const payload = options.payload
            ? parseJson('--payload', options.payload)
            : { role: options.role, content: options.content ?? '' };
          const result = await clientFor(command).capture.capture({
            type: options.type as 'message',
            sessionId: options.session,
            payload,
            metadata: options.metadata ? parseJson('--metadata', options.metadata) : undefined,
            namespace: options.namespace,
            subjectId: options.subject,
            agentId: options.agent,
          });
          print(command, result);
        },
      ),
    );

  program
    .command('learn')
    .description('compile captured events into memories and artifacts')
    .option('--full', 'recompile everything instead of only new events')
    .option('--no-wait', 'return the queued job at once')
    .option('--namespace <namespace>', 'limit to a namespace')
    .option('--session <sessionId>', 'limit to a session')
    .option('--subject <subjectId>', 'limit to a subject')
    .action(
      action(
        async (
          options: { full?: boolean; wait: boolean; namespace?: string; session?: string; subject?: string },
          command: Command,
        ) => {
          const job = await clientFor(command).learn.learn(
            {
              scope: options.full ? 'full' : 'incremental',
              wait: options.wait,
              namespace: options.namespace,
              sessionId: options.session,
              subjectId: options.subject,
            },
            { timeout: 10 * 60_000 },
          );
          print(command, job);
        },
      ),
    );

  program
    .command('synthesize <query>')
    .description('a prompt-ready context for a query')
    .option('--max-tokens <n>', 'token budget', '4000')
    .option('--min-confidence <x>', 'drop entries below this confidence')
    .option('--namespace <namespace>', 'limit to a namespace')
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--session <sessionId>', 'limit to a session')
    .action(
      action(
        async (
          query: string,
          options: {
            maxTokens: string;
            minConfidence?: string;
            namespace?: string;
            subject?: string;
            session?: string;
          },
          command: Command,
        ) => {
          const pack = await clientFor(command).synthesize.synthesize({
            query,
            options: {
              maxTokens: Number(options.maxTokens),
              ...(options.minConfidence ? { minConfidence: Number(options.minConfidence) } : {}),
            },
            namespace: options.namespace,
            subjectId: options.subject,
            sessionId: options.session,
          });
          if (globalOptions(command).json) print(command, pack);
          else {
            process.stdout.write(`${pack.context}\n`);
            process.stderr.write(
              `\n${pack.budget.entriesIncluded} entries, ${pack.budget.used}/${pack.budget.limit} tokens (pack ${pack.packId})\n`,
            );
          }
        },
      ),
    );

  const artifacts = program.command('artifacts').description('compiled artifacts');
  artifacts
    .command('list')
    .description('list artifacts')
    .option('--type <type>', 'artifact type (profile, task_schema, failure_playbook, ...)')
    .option('--status <status>', 'active, deprecated or superseded')
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--limit <n>', 'artifacts to show', '20')
    .action(
      action(async (options: { type?: string; status?: string; subject?: string; limit: string }, command: Command) => {
        const limit = Number(options.limit);
        const items: Record<string, unknown>[] = [];
        for await (const artifact of clientFor(command).artifacts.list({
          type: options.type as 'profile' | undefined,
          status: options.status as 'active' | undefined,
          subjectId: options.subject,
          limit: Math.min(limit, 100),
        })) {
          items.push(artifact as unknown as Record<string, unknown>);
          if (items.length >= limit) break;
        }
        print(command, items, ['id', 'type', 'status', 'title', 'confidence', 'evidenceCount', 'updatedAt']);
      }),
    );
  artifacts
    .command('get <id>')
    .description('one artifact, with its markdown')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const artifact = await clientFor(command).artifacts.get({ id });
        if (globalOptions(command).json) print(command, artifact);
        else process.stdout.write(`${artifact.markdown}\n`);
      }),
    );
}
