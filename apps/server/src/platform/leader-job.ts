// A periodic job that runs on the feed's leader only (one per cluster; in-process when embedded): a first run
// at start (catching up after downtime), then every `everyMs`; a timer tick while a run is still going is
// skipped rather than queued; runs of one instance take turns, including on-demand runs (`run`), and what a
// run does must be safe when two instances race (each domain's rule in the database decides that).
import type { Ctx } from './context.ts';

export type Leadership = { isLeader(): boolean };

export class LeaderJob<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private ticking = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly leadership: Leadership,
    private readonly job: { name: string; everyMs: number; run: (nowMs: number) => Promise<R> },
  ) {}

  start(): void {
    const tick = () => {
      if (this.ticking || !this.leadership.isLeader()) return;
      this.ticking = true;
      this.run(this.ctx.clock.now())
        .catch((err: unknown) =>
          this.ctx.log.error({ err, job: this.job.name }, 'job failed; the next run catches up'),
        )
        .finally(() => (this.ticking = false));
    };
    tick();
    this.timer = setInterval(tick, this.job.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One run at `nowMs`, after any run of this instance still going. */
  run(nowMs: number): Promise<R> {
    const run = this.running.then(() => this.job.run(nowMs));
    this.running = run.catch(() => undefined);
    return run;
  }
}
