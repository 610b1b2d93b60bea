// errorComponent of a route: a 404 says so; a bad URL query says which parameter and offers a reset;
// anything else can be retried.
import { Button, List, Stack } from '@mantine/core';
import { SearchParamError, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../lib/api-client';
import { ErrorState, NotFoundState } from './states';
import { searchIssues } from '../lib/search-issues';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
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
  return (
    <ErrorState
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
