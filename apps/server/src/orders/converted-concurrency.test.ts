// Contracts priced in neither USDT nor USD (USDJPY: the answer shows the conversion tick) opened and closed by
// many customers at once (bench/cluster found it): the answer is read in the request's own transaction, so a
// request never waits for a second pool connection while it holds one and the locks the others wait on. With
// the answer read through the pool, 12 at once on PostgreSQL (pool of 10) locked the node up for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestApp } from '../test/harness.ts';
import { buy, closeOption, quoteBody, startMidweekApp } from './testing.ts';

/** More requests at once than the PostgreSQL pool has connections (10). */
const atOnce = 12;
/** Far above what 12 opens take on a busy machine; a locked pool never answers, and the test fails here. */
const answerWithinMs = 30_000;

let t: TestApp;
beforeAll(async () => {
  // USDJPY and its conversion pair trade then.
  t = await startMidweekApp();
}, 120_000);
afterAll(async () => t.close());

/** `work`, or a failure naming `what` once `ms` have passed: a locked-up pool fails the test, not the run. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('contracts with a conversion tick, many at once', () => {
  it(`${atOnce} customers opening USDJPY at once, then closing at once, are all answered 200 with the conversion shown`, async () => {
    const people = await Promise.all(Array.from({ length: atOnce }, () => registerUser(t)));
    const body = await quoteBody(t, 'USDJPY', { termId: '86400' });

    const opened = await within(
      answerWithinMs,
      `${atOnce} opens`,
      Promise.all(people.map(async (p) => ({ token: p.token, answer: await buy(t, p.token, body) }))),
    );
    for (const { answer: a } of opened) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.result.conversion?.code).toBeDefined();
    }

    const closed = await within(
      answerWithinMs,
      `${atOnce} closes`,
      Promise.all(opened.map((o) => closeOption(t, o.token, o.answer.body.result.id))),
    );
    for (const a of closed) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.result.status).toBe('closed');
      expect(a.body.result.conversion?.code).toBeDefined();
    }
  }, 120_000);
});
