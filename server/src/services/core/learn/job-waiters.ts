/** Local waiters for `wait: true`: woken when this process finishes the job (start-job.ts polls too). */

export interface JobWaiters {
  /** Wakes the local waiters of a job this process finished. */
  notify(jobId: string): void;
  /** Resolves when `notify(jobId)` is called or after `ms`. */
  sleep(jobId: string, ms: number): Promise<void>;
}

export function createJobWaiters(): JobWaiters {
  const finished = new Map<string, Set<() => void>>();
  return {
    notify(jobId) {
      const waiters = finished.get(jobId);
      if (!waiters) return;
      finished.delete(jobId);
      for (const w of waiters) w();
    },
    sleep(jobId, ms) {
      return new Promise<void>((resolve) => {
        const waiters = finished.get(jobId) ?? new Set();
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        finished.set(jobId, waiters);
      });
    },
  };
}
