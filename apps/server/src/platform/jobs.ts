// Periodic in-process jobs. Each run is awaited before the next is scheduled; errors are logged, not fatal.
import type { FastifyBaseLogger } from 'fastify';

export type Job = { name: string; everyMs: number; run: () => Promise<void> };

export function startJobs(log: FastifyBaseLogger, jobs: Job[]): { stop: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  for (const job of jobs) {
    const schedule = () => {
      if (stopped) return;
      const timer = setTimeout(async () => {
        timers.delete(timer);
        try {
          await job.run();
        } catch (err) {
          log.error({ err, job: job.name }, 'job failed');
        }
        schedule();
      }, job.everyMs);
      timer.unref();
      timers.add(timer);
    };
    schedule();
  }
  return {
    stop: () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}
