/**
 * Closes BullMQ queues and workers without leaking rejections. BullMQ closes a connection that is
 * still connecting with `disconnect()`, which rejects the commands of its own fire-and-forget init
 * (CLIENT SETNAME, INFO) as unhandled "Connection is closed" errors (seen when a server starts and
 * stops at once). Waiting until they are ready first makes BullMQ take the clean QUIT path; the wait
 * is bounded so that a dead Redis does not stall shutdown.
 */
export interface BullmqClosable {
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

export const READY_BEFORE_CLOSE_MS = 2000;

export async function closeBullmq(
  closables: Array<BullmqClosable | undefined>,
  readyWithinMs = READY_BEFORE_CLOSE_MS,
): Promise<void> {
  const present = closables.filter((c): c is BullmqClosable => c !== undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(present.map((c) => c.waitUntilReady())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, readyWithinMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  // In order: a worker before the queue it consumes.
  for (const c of present) await c.close();
}
