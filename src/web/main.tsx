// Entry of the dashboard SPA.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { cssVariablesResolver, theme } from './theme';
import { router } from './router';
import { queryClient } from './lib/query-client';
import { auth, setUnauthenticatedHandler } from './lib/api-client';

// A 401 anywhere: forget the key and go to sign-in, then back to where the user was. The session is gone, so
// an editor's unsaved-changes guard cannot keep the user (nothing could be saved).
setUnauthenticatedHandler(() => {
  auth.clear();
  queryClient.clear();
  const here = router.state.location;
  if (here.pathname === '/sign-in') return;
  void router.navigate({ to: '/sign-in', search: { redirect: here.href }, ignoreBlocker: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        {/* Inside the query client: a notification's Undo runs a mutation. */}
        <Notifications position="top-right" />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
