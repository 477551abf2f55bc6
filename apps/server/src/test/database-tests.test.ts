// The PostgreSQL pass runs only the test files that touch the database (apps/server/src/test/database-tests.ts:
// those whose imports reach the harness). This file fails when a test file reaches a database by another
// road — PGlite, pg, openDatabase or TEST_DATABASE_URL in the file or in a test helper it imports — without
// being in that pass; the harness itself refuses to open a database for a file outside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allTestFiles,
  assertDatabaseTestFile,
  databaseTestFiles,
  harnessFile,
  importClosure,
  repoRoot,
} from './database-tests.ts';

// Code that opens or names a database by itself (not a comment that mentions one).
const opensDatabase =
  /\bnew PGlite\(|\bopenDatabase\(|\bnew pg\.(?:Client|Pool)\(|process\.env\.TEST_DATABASE_URL/;
const isTestCode = (f: string) => /\/test\/|testing\.tsx?$|\.test\.tsx?$/.test(f);

describe('the PostgreSQL pass', () => {
  const dbFiles = databaseTestFiles();

  it('holds every test file that opens a database, by itself or through a test helper', () => {
    const missing = allTestFiles().filter((file) => {
      if (dbFiles.includes(file)) return false;
      return [...importClosure(file)].some(
        (m) => isTestCode(m) && opensDatabase.test(readFileSync(path.join(repoRoot, m), 'utf8')),
      );
    });
    expect(missing, `import ${harnessFile} (or a helper that does) in these files`).toEqual([]);
  });

  it('follows imports through helpers and leaves pure files out', () => {
    expect(dbFiles).toContain('apps/server/src/orders/orders.test.ts');
    expect(dbFiles).toContain('apps/admin/src/screens/Channels.test.tsx'); // through test/back-office.tsx
    expect(dbFiles).not.toContain('packages/contract/src/ids.test.ts');
    expect(dbFiles).not.toContain('apps/server/src/test/database-tests.test.ts');
  });

  it('the harness refuses a database to a file outside the pass (this one), naming the rule', async () => {
    await expect(assertDatabaseTestFile()).rejects.toThrow(
      /database-tests\.test\.ts opens a database but is not in the PostgreSQL pass/,
    );
  });
});
