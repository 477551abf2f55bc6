// Which database errors answer 503 (10157, the client tries again) rather than 500: the server out of reach
// or the connection cut — also when Drizzle wraps the driver's error — never a wrong query.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './db.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnreachable', () => {
  it('is true for a restart, a shutdown, a refused or cut connection, a database closed to connections, and no pool connection in time', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      pgError('55000', 'database "tw" is not currently accepting connections'),
      // pg.Pool: no connection came free within connectionTimeoutMillis (a starved pool).
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnreachable(err), err.message).toBe(true);
      expect(isDatabaseUnreachable(wrapped(err)), `wrapped ${err.message}`).toBe(true);
    }
  });

  it('is false for a wrong query, a constraint, a lock timeout or anything else', () => {
    for (const err of [
      pgError('42601', 'syntax error'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('55P03', 'canceling statement due to lock timeout'),
      pgError('55000', 'sequence is not yet defined in this session'),
      new Error('assertion failed'),
    ]) {
      expect(isDatabaseUnreachable(wrapped(err)), err.message).toBe(false);
    }
    expect(isDatabaseUnreachable('text')).toBe(false);
  });
});
