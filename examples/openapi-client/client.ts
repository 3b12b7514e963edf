/**
 * A third-party client generated from the OpenAPI document, without the Hx SDK: types from
 * docs/openapi.json by openapi-typescript (./schema.d.ts, regenerate with
 * `npx tsx examples/scripts/generate-openapi-types.ts`) and requests by openapi-fetch. The same
 * steps work from any language with an OpenAPI generator.
 * Run: `HX_BASE_URL=... HX_API_KEY=... npx tsx examples/openapi-client/client.ts`.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export function hxClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** Capture, learn and synthesize through the generated client; every answer is the `{ ok, data }` envelope. */
export async function openapiRoundTrip(baseUrl: string, apiKey: string) {
  const client = hxClient(baseUrl, apiKey);
  const captured = await client.POST('/v1/capture', {
    body: {
      type: 'message',
      sessionId: 'openapi-fetch',
      payload: { role: 'user', content: 'I always deploy on Tuesdays with the blue-green script.' },
    },
    headers: { 'Idempotency-Key': 'openapi-example-1' },
  });
  if (captured.error) throw new Error(`capture: ${captured.error.error.code} ${captured.error.error.message}`);

  const learned = await client.POST('/v1/learn', { body: { wait: true } });
  if (learned.error) throw new Error(`learn: ${learned.error.error.message}`);

  const synthesized = await client.POST('/v1/synthesize', {
    body: { query: 'When do I deploy?', options: { maxTokens: 500 } },
  });
  if (synthesized.error) throw new Error(`synthesize: ${synthesized.error.error.message}`);

  // An error answer is typed too: here a 404 with the error envelope.
  const missing = await client.GET('/v1/artifacts/{id}', { params: { path: { id: 'art_missing' } } });

  return {
    eventId: captured.data.data.eventId,
    job: learned.data.data,
    context: synthesized.data.data.context,
    missing: { status: missing.response.status, code: missing.error?.error.code },
  };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const baseUrl = process.env.HX_BASE_URL ?? 'http://localhost:8080';
  openapiRoundTrip(baseUrl, process.env.HX_API_KEY ?? '').then(
    (r) => console.log(`event ${r.eventId}; learn ${r.job.status}\ncontext:\n${r.context}`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
