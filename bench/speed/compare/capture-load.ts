/**
 * A steady capture load for `bench:compare` (single events at a fixed rate, each a new one), in a
 * process of its own so it does not share the event loop of the client timing synthesize.
 * Argv: url apiKey requestsPerSecond; runs until the parent disconnects or sends 'stop', then reports.
 */
import autocannon from 'autocannon';

const [url, apiKey, rate] = process.argv.slice(2) as [string, string, string];
let n = 0;
const instance = autocannon(
  {
    url: `${url}/v1/capture`,
    connections: 4,
    overallRate: Number(rate),
    duration: 3600,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            type: 'message',
            sessionId: `load-${n % 50}`,
            namespace: 'load',
            payload: { role: 'user', content: `load event ${process.pid}-${n++} about the deployment` },
          }),
        }),
      },
    ],
  },
  (_err, result) => {
    process.send?.({ cmd: 'done', ok: result['2xx'], other: result.non2xx + result.errors, seconds: result.duration });
    process.exit(0);
  },
);
const stop = () => instance.stop();
process.on('message', (msg: { cmd: string }) => msg.cmd === 'stop' && stop());
process.on('disconnect', stop);
process.send?.({ cmd: 'ready' });
