import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isStatus } from './api';
import { router } from './router';
import { applyTheme } from './theme';
import './styles.css';

applyTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 401/403/404 are answers, not hiccups: show them at once.
      retry: (count, err) => count < 1 && !isStatus(err, 401) && !isStatus(err, 403) && !isStatus(err, 404),
      refetchOnWindowFocus: false,
    },
  },
});

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} context={{ queryClient }} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
