// Entry of the back office (apps/admin), served by the server at /admin.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client.ts';
import { session } from './app/session.ts';
import { startI18n } from './i18n/i18n.ts';
import { App } from './App.tsx';
import './styles/admin.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A refused or invalid call will not succeed on its own; only network trouble and 5xx are retried.
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500),
      refetchOnWindowFocus: true,
    },
  },
});

// Another admin's data must never show after a sign-out.
session.subscribe(() => {
  if (!session.get()) queryClient.clear();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The operator's language first, so the first paint is in it.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
