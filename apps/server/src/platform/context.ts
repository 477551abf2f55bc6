// What services need besides their parameters: the database, configuration, time, mail, sign-in and hooks.
import type { FastifyBaseLogger } from 'fastify';
import type { Book } from '@tradewind/contract';
import type { Config } from './config.ts';
import type { Db, Tx } from './db.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mail.ts';
import type { Authenticators } from './guards.ts';
import type { Secrets } from './secrets.ts';

export type Ctx = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Seals and fingerprints values at rest (a customer's TOTP secret and recovery codes, cards). */
  secrets: Secrets;
  /** How tokens become customers and operators, registered by auth and admin (platform/guards.ts). */
  authenticators: Authenticators;
  /** Runs in the sign-up transaction (the ledger opens the user's books here). */
  onUserCreated: Array<(tx: Tx, userId: number, now: Date) => Promise<void>>;
  /** Unrealized P&L of a customer's open positions in a book, USDT minor units (orders registers it). */
  unrealizedPnl: Array<(userId: number, book: Book) => Promise<bigint>>;
  /** Runs before a demo book is reset (orders closes the open demo positions first). */
  beforeDemoReset: Array<(userId: number) => Promise<void>>;
  /** In the reset's transaction, with the demo accounts locked: does the user still hold demo positions? */
  demoPositionsOpen: Array<(tx: Tx, userId: number) => Promise<boolean>>;
};
