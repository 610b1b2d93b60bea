// Sign in with an API key. The key is checked against /api/v1/account before it is stored.
import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { rootRoute } from './root';
import { auth } from '../lib/api-client';
import { safeRedirect } from '../lib/redirect';
import { titleHead } from '../lib/page-title';

export const signInSearchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearchSchema,
  head: () => titleHead('Sign in'),
  // Already signed in (a key is stored): go where the user was headed.
  beforeLoad: ({ search }) => {
    if (auth.get()) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage'),
});
