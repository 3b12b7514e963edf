/**
 * The HTTP server of the Express app, whose requests and responses are born with the app's own
 * prototypes (`app.request`, `app.response`) instead of being given them by Express on every request.
 *
 * Why: Express's init middleware calls `Object.setPrototypeOf(req, app.request)` (and the same for
 * `res`) on each request. On a Node request that costs far more than the call: in a bare Node server
 * doing only that, throughput fell from ~39,000 to ~15,500 requests a second, and every request's
 * objects survived the young-generation collections that followed (8-10 MB promoted per scavenge, as
 * much as in Hx under load), so the old generation filled and was marked again and again. On an
 * object that already has the prototype the call returns at once, so Express's call becomes a no-op
 * and nothing else about a request changes (docs/decisions/speed.md, "Express's prototype swap").
 */
import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Express } from 'express';

/** Whether `base` is a class: a class constructor cannot be called on an object made beforehand. */
const isClass = (base: unknown) => /^class\b/.test(Function.prototype.toString.call(base));

/**
 * A constructor whose instances are built by `base` (a constructor function, as Node 20's are) but
 * have `prototype` as their prototype. Not Reflect.construct with a new target: measured in a bare
 * server, V8 built such objects about four times slower, and many of them still survived scavenges.
 */
function bornWith<T extends object>(base: new (...args: never[]) => T, prototype: object) {
  // Node passes at most two arguments (a socket; a request and its options): named, so that no
  // arguments array is made for every request.
  function Born(this: T, first: unknown, second: unknown) {
    (base as unknown as (this: T, first: unknown, second: unknown) => void).call(this, first, second);
  }
  Born.prototype = prototype;
  return Born as unknown as new (
    ...args: never[]
  ) => T;
}

export function createExpressServer(app: Express): Server {
  // Should Node make them classes, the server is built as Express builds it.
  if (isClass(IncomingMessage) || isClass(ServerResponse)) return createServer(app);
  const Request = bornWith(IncomingMessage, app.request) as unknown as typeof IncomingMessage;
  const Response = bornWith(ServerResponse, app.response) as unknown as typeof ServerResponse;
  return createServer<typeof IncomingMessage, typeof ServerResponse>(
    { IncomingMessage: Request, ServerResponse: Response },
    app,
  );
}
