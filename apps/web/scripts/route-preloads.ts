// Vite plugin: which files each screen needs beyond what index.html already loads, written to
// dist/.vite/preloads.json for the server, which names them in the page it sends for that path
// (`<link rel="modulepreload">`). Without it a screen's chunk and the language catalogue are only asked
// for after the entry script has run: one more round trip before the first render, on every first visit.
import path from 'node:path';
// Relative, not `@tradewind/i18n`: Vite loads its config's workspace packages as plain Node, without TypeScript.
import { defaultLocale, webNamespaces, type WebNamespace } from '../../../packages/i18n/src/locales.ts';
import { homeNamespaces } from '../src/i18n/namespaces.ts';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export type Preloads = {
  /**
   * Per screen path (React Router syntax, `/nfts/:id`), its chunk and their imports, CSS included; for a
   * screen other than home, also the default language's namespaces that home does not load.
   */
  routes: { path: string; files: string[] }[];
  /** For every path: the default language's namespaces that a first visit loads (home's). */
  always: string[];
};

/** `{ path: '/market', …, Component: lazyScreen(() => import('../screens/market/MarketList.tsx')) }` */
const screenEntry = /path:\s*['"]([^'"]+)['"][^}]*?import\(\s*['"]([^'"]+)['"]\s*\)/g;

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** A chunk's file, its static imports' files, and the CSS of all of them. */
function filesOf(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) filesOf(bundle, imported, seen);
  return seen;
}

export function routePreloads({ screensModule }: { screensModule: string }): Plugin {
  return {
    name: 'tradewind:route-preloads',
    apply: 'build',
    // After Vite's own hooks: its CSS plugin deletes the chunks that only imported CSS (a `trade-….js`
    // beside `trade-….css`) in its generateBundle, so a list made before then names files never written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const entry = chunks.find((c) => c.isEntry);
        const screens = this.getModuleInfo(screensModule);
        if (!entry || !screens?.code)
          throw new Error(`route-preloads: no entry chunk or no ${screensModule}`);
        // What index.html loads already (the entry and its static imports) is not named again.
        const initial = filesOf(bundle, entry.fileName);
        const extra = (fileName: string) => [...filesOf(bundle, fileName)].filter((f) => !initial.has(f));
        const chunkFor = (moduleId: string) => chunks.find((c) => c.facadeModuleId === moduleId);

        const catalogueOf = (namespaces: readonly WebNamespace[]) => {
          const names = new RegExp(
            `[\\\\/]locales[\\\\/]${defaultLocale}[\\\\/](?:${namespaces.join('|')})\\.json$`,
          );
          return chunks
            .filter((c) => c.facadeModuleId !== null && names.test(c.facadeModuleId))
            .flatMap((c) => extra(c.fileName));
        };
        const always = catalogueOf(homeNamespaces);
        const home = new Set<string>(homeNamespaces);
        const rest = catalogueOf(webNamespaces.filter((ns) => !home.has(ns)));
        if (always.length < homeNamespaces.length || rest.length === 0)
          throw new Error(`route-preloads: no ${defaultLocale} catalogue chunks`);

        const routes: Preloads['routes'] = [];
        for (const [, routePath, specifier] of screens.code.matchAll(screenEntry)) {
          if (!routePath || !specifier) continue;
          const moduleId = path.resolve(path.dirname(screensModule), specifier);
          const chunk = chunkFor(moduleId);
          // A format change in screens.ts must fail the build, not silently drop the preloads.
          if (!chunk) throw new Error(`route-preloads: no chunk for ${routePath} (${moduleId})`);
          // app/screens.ts: home renders with its own namespaces, every other screen waits for the rest.
          const texts = routePath === '/' ? [] : rest;
          routes.push({ path: routePath, files: [...extra(chunk.fileName), ...texts] });
        }
        if (routes.length === 0) throw new Error('route-preloads: no screen found in screens.ts');

        const missing = [...always, ...routes.flatMap((r) => r.files)].filter((f) => !(f in bundle));
        if (missing.length > 0)
          throw new Error(`route-preloads: not in the build: ${[...new Set(missing)].join(', ')}`);

        this.emitFile({
          type: 'asset',
          fileName: '.vite/preloads.json',
          source: `${JSON.stringify({ routes, always } satisfies Preloads, null, 2)}\n`,
        });
      },
    },
  };
}
