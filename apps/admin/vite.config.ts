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
    rolldownOptions: {
      output: {
        // Libraries and the 11 catalogues change less often than the screens: separate, cacheable files.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/ },
            { name: 'locales', test: /packages[\\/]i18n[\\/]locales/ },
          ],
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
