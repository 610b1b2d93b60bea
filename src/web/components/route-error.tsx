// errorComponent of a route: a 404 says so; a bad URL query says which parameter and offers a reset; a page whose
// code or data did not load because the server did not answer retries by itself (again and again, further apart,
// and at once when the browser is back online, the window gets the focus or any request gets an answer), so that
// it recovers when the server comes back; anything else can be retried.
import { useEffect, useRef } from 'react';
import { Button, List, Stack } from '@mantine/core';
import { SearchParamError, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../lib/api-client';
import { connection } from '../lib/connection';
import { PageLoadError } from '../lib/lazy-page';
import { retryDelay } from '../lib/query-client';
import { ErrorState, NotFoundState } from './states';
import { searchIssues } from '../lib/search-issues';

/** An error that goes once the server answers again: a page's code or data that did not load for want of it. */
export const recoverable = (error: unknown): boolean => error instanceof PageLoadError || (error instanceof ApiError && error.unreachable);

/** Failed tries in a row (a try that fails shows this component again): the next wait grows, as React Query's. */
let streak = { count: 0, at: 0 };
function nextAttempt(now = Date.now()): number {
  // A failure long after the last one starts a new series.
  if (now - streak.at > 60_000) streak = { count: 0, at: now };
  streak = { count: streak.count + 1, at: now };
  return streak.count - 1;
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (error instanceof ApiError && error.status === 404) return <NotFoundState what="item" />;
  if (error instanceof SearchParamError) {
    return (
      <Stack>
        <ErrorState
          error={new Error('The address has filters Linkdeck does not understand:')}
          title="This address has filters Linkdeck does not understand"
        />
        <List size="sm">
          {searchIssues(error.message).map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
        <Button variant="light" w="fit-content" onClick={() => void router.navigate({ href: router.state.location.pathname })}>
          Reset the filters
        </Button>
      </Stack>
    );
  }
  if (recoverable(error)) return <RetryingError error={error} retry={retry} />;
  return <ErrorState error={error} onRetry={retry} />;
}

/** Tries again after 1, 2, 4, then every 5 s, and at once on `online`, on focus, or when a request got an answer. */
function RetryingError({ error, retry }: { error: unknown; retry: () => void }) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  // Each failed try shows a new error: the next wait.
  useEffect(() => {
    const attempt = nextAttempt();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      latest.current();
    };
    const timer = window.setTimeout(once, retryDelay(attempt));
    const stop = connection.subscribe(() => connection.reachable() && once());
    window.addEventListener('online', once);
    window.addEventListener('focus', once);
    return () => {
      done = true;
      window.clearTimeout(timer);
      stop();
      window.removeEventListener('online', once);
      window.removeEventListener('focus', once);
    };
  }, [error]);
  return <ErrorState error={error} title="Cannot reach the server" onRetry={retry} />;
}
