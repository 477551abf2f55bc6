// The browser runs' server (every playwright*.config.ts webServer): apps/server/src/main.ts, on a DATA_DIR
// whose PGlite starts from the test suite's migrated data dir (apps/server/src/test/pglite-template.ts) when
// it has none yet. initdb and the migrations on disk were about 3.4 s of each of the five starts of `npm run
// test:e2e`, one after the other before any test; the migrated data is the same either way, and what the
// runs prove starts after it: the first start's seeds, the first-start admin, the app. The migrations on a
// file data dir are still run by apps/server/src/platform/public-url-start.test.ts's start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from '../../apps/server/src/test/pglite-template.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set (see the playwright configs)');
const pgliteDir = path.join(dataDir, 'pglite');
if (!existsSync(pgliteDir)) {
  const seeded = new PGlite(pgliteDir, { loadDataDir: await pgliteTemplate() });
  await seeded.close();
}
await import('../../apps/server/src/main.ts');
