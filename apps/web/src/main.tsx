// Entry: layout, theme and language first (so the first paint is right), then the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes } from './app/routes.tsx';
import { preloadScreen } from './app/screens.ts';
import { queryClient } from './app/queryClient.ts';
import { applyLayoutToDocument } from './app/device.ts';
import { startTheme } from './app/theme.ts';
import { startI18n } from './i18n/i18n.ts';
import { startLivePrices } from './live/socket.ts';
import { watchInstallPrompt } from './app/install-prompt.ts';
import './styles/app.css';

async function start(): Promise<void> {
  applyLayoutToDocument();
  startTheme();
  // Before anything awaits: the browser may offer the install prompt as soon as the page loads.
  watchInstallPrompt();
  // The screen's chunk loads while the catalogue does, not after it.
  preloadScreen(window.location.pathname);
  await startI18n();
  // spec.md §4: app start opens the live market data connection.
  startLivePrices();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener(
      'load',
      () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
    );
  }
}

void start();
