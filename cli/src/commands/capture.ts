/** `hx capture [message]`: captures one event; the message comes from the argument or stdin. */
import { EVENT_TYPES } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, clientFor } from '../context.js';
import { UsageError } from '../errors.js';
import { jsonObject, withExamples } from '../help.js';
import { readStdinValue } from '../input.js';
import { print } from '../output.js';

interface CaptureOptions {
  session: string;
  type: (typeof EVENT_TYPES)[number];
  role: string;
  payload?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  namespace?: string;
  subject?: string;
  agent?: string;
  occurredAt?: string;
  idempotencyKey?: string;
}

/** The message text: the argument, else stdin when it is piped; empty is refused. */
async function messageText(argument: string | undefined): Promise<string> {
  let text = argument;
  if (text === undefined) {
    if (process.stdin.isTTY) throw new UsageError('no message: give it as an argument or pipe it on stdin');
    text = await readStdinValue();
  }
  if (text.trim() === '') throw new UsageError('the message is empty: nothing to capture');
  return text;
}

export function registerCapture(program: Command): void {
  const capture = program
    .command('capture [message]')
    .description('capture one event: a message (the argument, or stdin when none is given) or any type with --payload')
    .requiredOption('-s, --session <sessionId>', 'session the event belongs to')
    .addOption(new Option('-t, --type <type>', 'event type').choices([...EVENT_TYPES]).default('message'))
    .option('--role <role>', 'message role', 'user')
    .option('--payload <json>', 'the payload as a JSON object (instead of a message)', jsonObject)
    .option('--metadata <json>', 'metadata as a JSON object', jsonObject)
    .option('--namespace <namespace>', 'namespace id or name')
    .option('--subject <subjectId>', 'the end user or entity the event is about')
    .option('--agent <agentId>', 'agent identity')
    .option('--occurred-at <iso>', 'when it happened (ISO 8601; default now)')
    .option('--idempotency-key <key>', 'same key and body: the first answer again')
    .action(
      action(async (message: string | undefined, options: CaptureOptions, command: Command) => {
        if (options.payload && message !== undefined) throw new UsageError('give a message or --payload, not both');
        if (!options.payload && options.type !== 'message') {
          throw new UsageError(`--type ${options.type} needs --payload <json>`);
        }
        const payload = options.payload ?? { role: options.role, content: await messageText(message) };
        const result = await clientFor(command).capture.capture(
          {
            type: options.type,
            sessionId: options.session,
            payload,
            metadata: options.metadata,
            namespace: options.namespace,
            subjectId: options.subject,
            agentId: options.agent,
            occurredAt: options.occurredAt,
          },
          options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
        );
        print(result);
      }),
    );
  withExamples(
    capture,
    'hx capture --session s1 "I always deploy with blue-green releases."',
    'git log -1 --format=%B | hx capture --session release-42 --subject team-web',
    'hx capture -s s1 --type tool_call --payload \'{"tool":"search","input":{"q":"deploy"}}\'',
  );
}
