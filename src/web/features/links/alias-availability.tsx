// The link editor's live alias check: "free" or "taken" on the chosen domain as the user types, asked of the
// server 300 ms after the last keystroke (GET /links/alias-availability, which runs a create's own rules). An
// alias the shared rule already refuses is not asked about (the short-URL preview says why); a saved link's own
// alias is free for it without asking.
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { aliasField } from '../../../shared/link.schema';
import type { AliasAvailability as Answer } from '../../../shared/alias-availability.schema';
import { api } from '../../lib/api-client';
import { domainQueries } from '../domains/domains.queries';
import type { LinkFormValues } from './link-form-values';
import { linkFieldMessage } from './link-field-messages';

/** How long typing must pause before the server is asked. */
const ALIAS_CHECK_DELAY_MS = 300;

const aliasAvailabilityQuery = (alias: string, domainId: string | null) => ({
  queryKey: ['alias-availability', domainId ?? '', alias] as const,
  queryFn: () => api.get<Answer>('/links/alias-availability', { alias, domain_id: domainId }),
  staleTime: 5_000,
  retry: false,
});

type State = { kind: 'none' } | { kind: 'checking' | 'free' | 'taken' | 'own' | 'unknown'; text: string };

function Line({ state }: { state: State }) {
  if (state.kind === 'none') return null;
  // The theme's text colours of a success and an error, readable (AA) in light and dark.
  const color = state.kind === 'taken' ? 'var(--mantine-color-error)' : state.kind === 'free' || state.kind === 'own' ? 'var(--mantine-color-teal-light-color)' : 'dimmed';
  return (
    // "Checking…" is shown, not announced: a screen reader hears the answer once, not every keystroke.
    <Group gap={4} wrap="nowrap" align="center" c={color} aria-hidden={state.kind === 'checking' || undefined}>
      {state.kind === 'checking' && <Loader size={12} color="gray" aria-hidden />}
      {state.kind === 'taken' && <IconCircleX size={14} aria-hidden style={{ flexShrink: 0 }} />}
      {(state.kind === 'free' || state.kind === 'own') && <IconCircleCheck size={14} aria-hidden style={{ flexShrink: 0 }} />}
      <Text size="xs" c={color}>
        {state.text}
      </Text>
    </Group>
  );
}

/** The check's line under the alias field; `creating`: a new link (an edit's own alias is free for it). */
export function AliasAvailability({ creating }: { creating: boolean }) {
  const { control, formState } = useFormContext<LinkFormValues>();
  const alias = useWatch({ control, name: 'alias' }).trim();
  const domainId = useWatch({ control, name: 'domain_id' });
  const domains = useQuery(domainQueries.lookup());
  const typed = `${domainId ?? ''}\n${alias}`;
  const [settled] = useDebouncedValue(typed, ALIAS_CHECK_DELAY_MS);
  const valid = alias !== '' && aliasField.safeParse(alias).success;
  const own = !creating && alias === (formState.defaultValues?.alias ?? '').trim();
  const ask = valid && !own && settled === typed;
  const answer = useQuery({ ...aliasAvailabilityQuery(alias, domainId), enabled: ask });
  const where = domainId ? (domains.data?.find((d) => String(d.id) === domainId)?.name ?? 'this domain') : 'the default domain';

  let state: State = { kind: 'none' };
  if (own) state = { kind: 'own', text: `Free: ${alias} is this link's own alias.` };
  else if (!valid) state = { kind: 'none' };
  else if (!ask || answer.isFetching) state = { kind: 'checking', text: `Checking ${alias} on ${where}…` };
  else if (answer.data?.available) state = { kind: 'free', text: `Free: ${alias} is available on ${where}.` };
  else if (answer.data?.reason === 'taken') state = { kind: 'taken', text: `Taken: another link on ${where} has ${alias}.` };
  else if (answer.data) state = { kind: 'taken', text: linkFieldMessage('alias', answer.data.message ?? 'is not available.', { targetsType: null, targets: [] }) };
  else if (answer.isError) state = { kind: 'unknown', text: 'Could not check the alias now; saving checks it again.' };

  return (
    <div aria-live="polite" data-testid="alias-availability" data-state={state.kind}>
      <Line state={state} />
    </div>
  );
}
