// Vite build of the back office, served by the server at /admin; in development /admin/api goes to the local server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-size.ts find the initial chunks (the JS budget, issue 13).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the screens: a separate, cacheable file. Only those on the entry's
        // static path ($initial) go there: one that a lazy chunk alone uses (the dashboard's charts, the content
        // editor) stays in that chunk instead of loading with the app. Each language's catalogue is a chunk of
        // its own (packages/i18n/src/admin.ts), fetched when chosen.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules/, tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/admin/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
