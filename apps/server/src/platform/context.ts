// What services need besides their parameters: the database, configuration, time, mail, sign-in and hooks.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Tx } from './db.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mail.ts';
import type { Authenticators } from './guards.ts';

export type Ctx = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How tokens become customers and operators, registered by auth and admin (platform/guards.ts). */
  authenticators: Authenticators;
  /** Runs in the sign-up transaction (the ledger opens the user's books here). */
  onUserCreated: Array<(tx: Tx, userId: number, now: Date) => Promise<void>>;
};
