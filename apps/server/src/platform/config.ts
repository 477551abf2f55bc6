// Configuration from environment variables, validated once at start (DESIGN.md §3).
import { z } from 'zod';
import path from 'node:path';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const base64Key = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)');

/**
 * Why a `MARKET_FEED` value is refused, or undefined. `sim` alone, or a comma-separated list of sources in
 * order of precedence (`replay:FILE`, `ccxt:EXCHANGE`, `pyth`): each instrument is priced by the first
 * listed source that covers it, and the walk prices what none covers, so `sim` never needs listing.
 */
export function marketFeedProblem(value: string): string | undefined {
  if (value === 'sim') return undefined;
  const seen = new Set<string>();
  for (const entry of value.split(',')) {
    if (entry === 'sim') return 'sim stands alone (the walk already prices what no listed source covers)';
    if (!/^(replay:.+|ccxt:[a-z0-9]+|pyth)$/.test(entry))
      return `"${entry}" is not a price source: use sim, or a comma-separated list of replay:FILE, ccxt:EXCHANGE and pyth`;
    // One file, and each exchange once: a second would cover nothing the first did not.
    const key = entry.startsWith('replay:') ? 'replay' : entry;
    if (seen.has(key)) return `${key} is listed twice`;
    seen.add(key);
  }
  return undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  MARKET_FEED: z
    .string()
    .default('sim')
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .join(','),
    )
    .superRefine((v, ctx) => {
      const problem = marketFeedProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  PYTH_HERMES_URL: z.url({ protocol: /^https?$/ }).default('https://hermes.pyth.network'),
  /** Sent as `Authorization: Bearer` when set: Pyth has announced keys for its public Hermes. */
  PYTH_API_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Tradewind <no-reply@tradewind.local>'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SECRET_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(base64Key.optional())
    .optional(),
  SECRET_KEY_PREVIOUS: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(base64Key.optional())
    .optional(),
  /** Bearer token Prometheus presents for /metrics; unset: /metrics is not served in production (L-7). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16).optional())
    .optional(),
  /** Price WebSockets one client address may hold open at once (L-12). */
  WS_PER_IP_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
});

export type RateLimitRule = { max: number; windowMs: number };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PGlite data location: a directory, or `memory://` for tests. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** `MARKET_FEED`: `sim`, or price sources in order of precedence (`ccxt:binance,pyth`). */
  marketFeed: string;
  /** Pyth's Hermes service (`PYTH_HERMES_URL`), without a trailing slash; the `pyth` source reads it. */
  pythHermesUrl: string;
  pythApiKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  uploadMaxBytes: number;
  logLevel: string;
  trustProxy: boolean;
  /** Key for fields encrypted at rest (base64, 32 bytes); unset: one generated into DATA_DIR/secret.key. */
  secretKey: string | undefined;
  /** During a key rotation: the key being replaced, still accepted for reading (npm run rotate-secrets). */
  secretKeyPrevious: string | undefined;
  /** Limits per IP and per account; tests may narrow them. */
  rateLimits: Record<
    'login' | 'sendCode' | 'register' | 'resetPassword' | 'recharge' | 'supportSend' | 'passwordCheck',
    { ip: RateLimitRule; account: RateLimitRule }
  > & {
    availability: { ip: RateLimitRule };
    /** Back-office sign-in failures (admin/signin-windows.ts): per address, per account, per both. */
    adminSignIn: { ip: RateLimitRule; account: RateLimitRule; accountIp: RateLimitRule };
  };
  metricsToken: string | undefined;
  wsPerIpMax: number;
  /** Session lifetime: idle timeout and absolute maximum. */
  session: { idleMs: number; absoluteMs: number };
};

export class ConfigError extends Error {}

const minute = 60_000;

export const defaultRateLimits: Config['rateLimits'] = {
  login: { ip: { max: 30, windowMs: minute }, account: { max: 10, windowMs: 15 * minute } },
  sendCode: { ip: { max: 10, windowMs: minute }, account: { max: 5, windowMs: 60 * minute } },
  register: { ip: { max: 10, windowMs: minute }, account: { max: 10, windowMs: 60 * minute } },
  resetPassword: { ip: { max: 10, windowMs: minute }, account: { max: 10, windowMs: 60 * minute } },
  // Deposit claims: one per on-chain transfer is the honest rate; this stops floods of proof images.
  recharge: { ip: { max: 20, windowMs: minute }, account: { max: 5, windowMs: 10 * minute } },
  // Support messages: a person types a few a minute; per address too, so fresh accounts cannot flood staff.
  supportSend: { ip: { max: 120, windowMs: minute }, account: { max: 10, windowMs: minute } },
  // A password asked behind a session (change password, a withdrawal, a payout method; M-2): every try
  // counts, so guesses racing in parallel are counted too; a customer types it a few times an hour. The
  // address window is login's order (30 a minute there): many customers share one address behind a
  // carrier's NAT, and each account keeps its own 10.
  passwordCheck: { ip: { max: 300, windowMs: 15 * minute }, account: { max: 10, windowMs: 15 * minute } },
  // checkUserNameOrPhone (M-4): a sign-up form asks a few times as the person types, not hundreds.
  availability: { ip: { max: 30, windowMs: minute } },
  // Failures only: a few typing mistakes are fine; more from one address, or for one account from many,
  // look like guessing. Never a lock: a right password with a right code passes (admin/signin.ts).
  adminSignIn: {
    ip: { max: 20, windowMs: 15 * minute },
    account: { max: 10, windowMs: 15 * minute },
    accountIp: { max: 5, windowMs: 15 * minute },
  },
};

/** Reads and validates the environment; throws ConfigError with a one-line reason on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? '?';
    throw new ConfigError(`invalid configuration: ${key}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const googleParts = [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET].filter((v) => v && v.length > 0);
  if (googleParts.length === 1) {
    throw new ConfigError(
      'invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (e.SECRET_KEY_PREVIOUS && !e.SECRET_KEY) {
    throw new ConfigError(
      'invalid configuration: SECRET_KEY_PREVIOUS is set without SECRET_KEY (the new key)',
    );
  }
  if (e.SECRET_KEY_PREVIOUS && e.SECRET_KEY_PREVIOUS === e.SECRET_KEY) {
    throw new ConfigError('invalid configuration: SECRET_KEY_PREVIOUS is the same key as SECRET_KEY');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    marketFeed: e.MARKET_FEED,
    pythHermesUrl: e.PYTH_HERMES_URL.replace(/\/+$/, ''),
    pythApiKey: e.PYTH_API_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    secretKey: e.SECRET_KEY,
    secretKeyPrevious: e.SECRET_KEY_PREVIOUS,
    rateLimits: defaultRateLimits,
    metricsToken: e.METRICS_TOKEN,
    wsPerIpMax: e.WS_PER_IP_MAX,
    session: { idleMs: 14 * 24 * 60 * minute, absoluteMs: 30 * 24 * 60 * minute },
  };
}

/**
 * What a serving node must have on top of a valid configuration (main.ts refuses to start otherwise; tests
 * that build apps directly are not nodes of a cluster). Scaled mode: every node seals secrets with the one
 * SECRET_KEY — a key generated per node would make one node's card numbers unreadable to the others.
 */
export function checkServingConfig(config: Pick<Config, 'databaseUrl' | 'secretKey'>): void {
  if (config.databaseUrl && !config.secretKey) {
    throw new ConfigError(
      'invalid configuration: SECRET_KEY is required when DATABASE_URL is set: every node must use the same key ' +
        '(generate one with `openssl rand -base64 32` and give it to every node)',
    );
  }
}

/**
 * Whether this start runs on the test clock (TEST_CLOCK=1: platform/clock.ts offsetClock, moved forward by
 * POST /test/clock, platform/test-clock-routes.ts) — the browser tests' way to let a contract term or an
 * auction run out without waiting for it. Test builds only: NODE_ENV=test or development, or the browser
 * tests' production build, which says so with E2E_BUILD=1 and runs on PGlite. Any other start with it set
 * stops here (main.ts prints the line and exits 78).
 */
export function testClockRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const asked = env.TEST_CLOCK;
  if (asked === undefined || asked === '' || asked === '0') return false;
  if (asked !== '1')
    throw new ConfigError(`invalid configuration: TEST_CLOCK must be 1 or unset, not ${asked}`);
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv === 'production' && (env.E2E_BUILD !== '1' || env.DATABASE_URL)) {
    throw new ConfigError(
      'invalid configuration: TEST_CLOCK is refused in production: the test clock lets a caller move time ' +
        "(only test builds: NODE_ENV=test, or the browser tests' build with E2E_BUILD=1 on PGlite)",
    );
  }
  return true;
}
