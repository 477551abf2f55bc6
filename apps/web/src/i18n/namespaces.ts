// Which catalogue namespaces a first visit to home needs: the shell (top bar, footer, menus) and home use
// only these. Every other screen loads the rest with its chunk (app/screens.ts), and the build names them
// in that screen's page (scripts/route-preloads.ts). Plain data: the Vite config imports it as Node.
import type { WebNamespace } from '../../../../packages/i18n/src/locales.ts';

export const homeNamespaces = ['web', 'market'] as const satisfies readonly WebNamespace[];
