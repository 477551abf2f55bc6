// Initial JS of the home page, gzipped: the chunks index.html loads (entry + modulepreloads), the home route
// chunk with its static imports, and the English catalogue. Fails above the 150 KB budget (issue 8; it was
// 170 KB in issue 3). Run after `vite build`: `npm run size -w apps/web`; CI runs it after the e2e build.
import { join } from 'node:path';
import { addWithImports, checkBudget, htmlScripts, readManifest } from '../../../scripts/js-budget.ts';

// Another build folder may be named: `npm run size -w apps/web -- /tmp/web-dist`.
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const manifest = readManifest(dist);
const files = htmlScripts(dist, '/');
addWithImports(manifest, 'src/screens/Home.tsx', files);
addWithImports(manifest, '../../packages/i18n/locales/en/web.json', files);
checkBudget(dist, files, 150_000, 'home route initial JS');
