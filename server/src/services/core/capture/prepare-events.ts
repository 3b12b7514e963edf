/**
 * The first step of a capture: each event's namespace decided (key binding and policies, once per
 * distinct namespace of the request), its content and idempotency hashes, text and salience. A
 * denied namespace refuses the whole request, naming every event it concerns.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { AppError } from '../../../errors.js';
import { resolveWriteNamespace } from '../namespace-scope.js';
import { canonicalJson, contentKey, eventText, salienceScore, sha256 } from './normalize.js';
import type { CaptureRuntime, FieldPrefix } from './runtime.js';

export interface Prepared {
  index: number;
  input: CaptureEvent;
  namespace: string;
  contentHash: string;
  /** Canonical JSON of the payload and metadata: hashed, and stored as is when nothing is redacted. */
  payloadJson: string;
  metadataJson: string;
  idemHash: string | null;
  text: string;
  salience: number;
  occurredAt: Date;
}

export async function prepareEvents(
  rt: CaptureRuntime,
  actor: Actor,
  list: CaptureEvent[],
  fieldPrefix: FieldPrefix,
): Promise<Prepared[]> {
  const now = new Date();
  const errorsFound: { field: string; message: string }[] = [];
  const prepared: Prepared[] = [];
  // Each distinct namespace of the request is checked once against the key binding and policies.
  const decided = new Map<string | undefined, string | AppError>();
  for (const input of list) {
    if (decided.has(input.namespace)) continue;
    try {
      decided.set(input.namespace, await resolveWriteNamespace(rt.policies, actor, input.namespace));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      decided.set(input.namespace, err);
    }
  }
  let firstDenial: AppError | undefined;
  list.forEach((input, index) => {
    const outcome = decided.get(input.namespace)!;
    if (outcome instanceof AppError) {
      firstDenial ??= outcome;
      errorsFound.push({
        field: `${fieldPrefix(index)}namespace`,
        message: outcome.details?.[0]?.message ?? outcome.message,
      });
      return;
    }
    const namespace = outcome;
    const metadata = input.metadata ?? {};
    const payloadJson = canonicalJson(input.payload);
    const metadataJson = canonicalJson(metadata);
    const contentHash = sha256(
      contentKey({
        sessionId: input.sessionId,
        type: input.type,
        payloadJson,
        metadataJson,
        occurredAt: input.occurredAt ?? null,
        namespace,
      }),
    );
    const text = eventText(input.type, input.payload, metadata);
    prepared.push({
      index,
      input,
      namespace,
      contentHash,
      payloadJson,
      metadataJson,
      idemHash: input.idempotencyKey ? sha256(canonicalJson(input)) : null,
      text,
      salience: salienceScore(input.type, input.payload, text),
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : now,
    });
  });
  if (firstDenial) throw new AppError('forbidden', firstDenial.message, errorsFound);
  return prepared;
}
