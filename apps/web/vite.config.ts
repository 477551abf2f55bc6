// Vite build of the customer app; in development /api (and its WebSocket) goes to the local server.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.ts';
import { routePreloads } from './scripts/route-preloads.ts';

// The Google return page lives under /api but is an SPA route (the server serves index.html for it).
const spaRoutesUnderApi = ['/api/loginCallback/'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    routePreloads({ screensModule: path.join(import.meta.dirname, 'src/app/screens.ts') }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest maps sources to the built files (kept for looking into a build; the JS budget is measured
    // in the browser, scripts/bundle-size.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page starts with change less often than the screens: one cacheable file.
            // Only those on the entry's static path ($initial): a library that one lazy screen uses (charts,
            // QR codes, the HTML sanitizer) stays in that screen's chunk instead of loading on every page.
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        changeOrigin: true,
        ws: true,
        bypass: (req) => (spaRoutesUnderApi.some((p) => req.url?.startsWith(p)) ? '/index.html' : undefined),
      },
    },
  },
});
