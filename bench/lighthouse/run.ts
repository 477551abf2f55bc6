// lighthouse: the four Lighthouse category scores and the page vitals of the production build, for the home
// page, the market list and a currency detail, as a phone (Lighthouse's default: Moto G Power, slow 4G, 4×
// CPU slowdown, all simulated) and as a desktop, in Debian's Chromium.
//   npm run bench:lighthouse                   (builds first)
//   npx tsx bench/lighthouse/run.ts [--port 3205] [--runs 3] [--baseline] [--first-visit] [--pages home,market]
//     [--forms mobile] [--save DIR]
// It starts the server itself (NODE_ENV=production, a fresh DATA_DIR) on a loopback port, and stops it.
// Pages are loaded as by a returning visitor (onboarding seen); --first-visit: as by a new one, whose phone
// shows the onboarding screen whatever the URL.
// --runs N: each page and form factor N times, the run with the median performance score kept.
// --baseline: the same pages once more with `Accept-Encoding: identity`, i.e. served uncompressed as before
// issue 8, so the compression's share of the figures shows in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}

const port = arg('port', 3205);
const runs = arg('runs', 1);
const withBaseline = process.argv.includes('--baseline');
const firstVisit = process.argv.includes('--first-visit');
/** `--save DIR`: every report's JSON there, to read the audits behind a score. */
const saveDir = process.argv.includes('--save')
  ? process.argv[process.argv.indexOf('--save') + 1]
  : undefined;
const origin = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const allPages = [
  { name: 'home', path: '/' },
  { name: 'market', path: '/market' },
  { name: 'currency', path: '/cruuency?code=BTCUSDT' },
] as const;
/** `--pages home,market` measures only those. */
const pagesArg = process.argv[process.argv.indexOf('--pages') + 1];
const pages = process.argv.includes('--pages')
  ? allPages.filter((p) => pagesArg?.split(',').includes(p.name))
  : allPages;
const formArg = process.argv[process.argv.indexOf('--forms') + 1];
const allFormFactors = ['mobile', 'desktop'] as const;
type FormFactor = (typeof allFormFactors)[number];
/** `--forms mobile` measures only that form factor. */
const formFactors = process.argv.includes('--forms')
  ? allFormFactors.filter((f) => formArg?.split(',').includes(f))
  : allFormFactors;

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const vitals = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

/** The same flags as the Playwright tests: Debian's Chromium in a container without a GPU or a sandbox. */
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  server.kill('SIGTERM');
  throw new Error('server not ready after 120 s');
}

type Row = {
  page: string;
  formFactor: FormFactor;
  encoding: 'compressed' | 'identity';
  scores: Record<(typeof categories)[number], number>;
  vitals: Record<(typeof vitals)[number][0], number>;
  /** Accessibility audits that failed, by id, for the report under the table. */
  failing: string[];
};

function rowOf(lhr: Result, page: string, formFactor: FormFactor, encoding: Row['encoding']): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    page,
    formFactor,
    encoding,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    vitals: Object.fromEntries(vitals.map(([label, id]) => [label, audit(id)])) as Row['vitals'],
    failing: a11yRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
  };
}

async function measure(
  browser: Browser,
  page: (typeof allPages)[number],
  formFactor: FormFactor,
  encoding: Row['encoding'],
): Promise<Row> {
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    ...(encoding === 'identity' ? { extraHeaders: { 'Accept-Encoding': 'identity' } } : {}),
  };
  const results: Row[] = [];
  let failures = 0;
  while (results.length < runs) {
    const tab = await browser.newPage();
    // A returning visitor: a phone's first visit shows the onboarding instead of the page (--first-visit
    // measures that). Set at document start, after Lighthouse has cleared the origin's storage.
    // The key is apps/web/src/app/storage.ts's `storageKeys.introSeen`.
    if (!firstVisit) await tab.evaluateOnNewDocument(() => localStorage.setItem('introSeen', 'true'));
    const result = await lighthouse(
      `${origin}${page.path}`,
      flags,
      formFactor === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    await tab.close();
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const error = result.lhr.runtimeError;
    if (error) {
      // On a loaded machine the trace sometimes misses the navigation (NO_NAVSTART): Lighthouse itself says
      // to run again. A page that fails three times is reported as failing.
      process.stderr.write(`${page.name} ${formFactor}: ${error.code}, running again\n`);
      if (++failures === 3) throw new Error(`${page.path}: ${error.message}`);
      continue;
    }
    results.push(rowOf(result.lhr, page.name, formFactor, encoding));
    if (saveDir) {
      const name = `${page.name}-${formFactor}-${encoding}-${results.length}.json`;
      await writeFile(path.join(saveDir, name), JSON.stringify(result.lhr));
    }
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error('no run');
  return median;
}

function print(rows: Row[]): void {
  const ms = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : '—');
  const header = [
    'page',
    'form',
    'encoding',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
  ];
  const lines = rows.map((r) => [
    r.page,
    r.formFactor,
    r.encoding,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    String(r.scores.seo),
    ms(r.vitals.FCP),
    ms(r.vitals.LCP),
    `${Math.round(r.vitals.TBT)} ms`,
    r.vitals.CLS.toFixed(3),
    ms(r.vitals.SI),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  process.stdout.write(`${fmt(header)}\n${lines.map(fmt).join('\n')}\n`);
  for (const r of rows) {
    if (r.failing.length > 0) {
      process.stdout.write(`\n${r.page} ${r.formFactor} ${r.encoding}: accessibility audits failing\n`);
      for (const f of r.failing) process.stdout.write(`  - ${f}\n`);
    }
  }
  if (withBaseline) {
    process.stdout.write('\nratio compressed/identity (performance score, LCP):\n');
    for (const r of rows.filter((row) => row.encoding === 'compressed')) {
      const base = rows.find(
        (b) => b.encoding === 'identity' && b.page === r.page && b.formFactor === r.formFactor,
      );
      if (!base) continue;
      process.stdout.write(
        `  ${r.page} ${r.formFactor}: ${(r.scores.performance / base.scores.performance).toFixed(2)}×, ${(r.vitals.LCP / base.vitals.LCP).toFixed(2)}×\n`,
      );
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('no production build: run `npm run build` first (or `npm run bench:lighthouse`)');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-lighthouse-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const encodings: Row['encoding'][] = withBaseline ? ['compressed', 'identity'] : ['compressed'];
    process.stdout.write(
      `lighthouse ${runs === 1 ? '1 run' : `median of ${runs} runs`} per page, ${origin}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    const rows: Row[] = [];
    for (const encoding of encodings) {
      for (const formFactor of formFactors) {
        for (const page of pages) rows.push(await measure(browser, page, formFactor, encoding));
      }
    }
    print(rows);
  } finally {
    await browser.disconnect();
    chrome.kill();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `lighthouse bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
