// POST /test/clock {advanceMs}: moves the test clock forward (platform/clock.ts offsetClock). Registered by
// main.ts only when TEST_CLOCK=1 was accepted (config.ts testClockRequested refuses it in production), so
// no production server has the route. Answers the clock's new time and its total offset; GET /test/clock
// answers the same without moving it (the browser tests' authenticator keeps to the server's time with it).
import type { FastifyInstance } from 'fastify';
import type { offsetClock } from './clock.ts';

export function registerTestClockRoutes(app: FastifyInstance, clock: ReturnType<typeof offsetClock>): void {
  app.get('/test/clock', async () => ({ nowMs: clock.now(), offsetMs: clock.offsetMs() }));
  app.post('/test/clock', async (req, reply) => {
    const body = req.body as { advanceMs?: unknown } | undefined;
    const ms = body?.advanceMs;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > 31 * 86_400_000) {
      return reply.code(400).send({ error: 'advanceMs: a whole number of milliseconds, 0 to 31 days' });
    }
    clock.advance(ms);
    return { nowMs: clock.now(), offsetMs: clock.offsetMs() };
  });
}
