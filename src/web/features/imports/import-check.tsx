// The check of the file (the dry run) as the page shows it: loading, the progress of a long check (a 202 followed
// every second: "Checking the file: n of m rows"), its error, or the preview with the hosts to place on a domain.
import { Progress, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DomainMapEntry, ImportDryRunJob } from '../../../shared/import.schema';
import { ErrorState, LoadingState } from '../../components/states';
import { checkingText, type DryRunState } from './dry-run-job';
import { ImportPreview } from './import-preview';
import { DomainMapPicker, type ImportHost } from './domain-map-picker';

export function ImportCheck(props: {
  state: DryRunState;
  /** The upload's error, or the poll's (a long check forgotten or failed to answer). */
  error: Error | null;
  onRetry: () => void;
  ready: boolean;
  hosts: ImportHost[];
  map: DomainMapEntry[];
  onMap: (map: DomainMapEntry[]) => void;
  /** Every row goes on one domain (domain_id=): the hosts need no place. */
  oneDomain: boolean;
}) {
  const { state } = props;
  if (props.error) return <ErrorState error={props.error} title="This file cannot be imported" onRetry={props.onRetry} />;
  if (state.kind === 'loading') return <LoadingState label="Checking the file…" />;
  if (state.kind === 'failed') return <ErrorState error={new Error(state.error)} title="This file cannot be imported" onRetry={props.onRetry} />;
  if (state.kind === 'checking') {
    const { label, percent } = checkingText(state.read, state.total);
    return (
      <Stack gap={6} data-testid="dry-run-progress">
        <Text size="sm" aria-live="polite">
          {label}
        </Text>
        <Progress value={percent} aria-label="Checking the file" animated />
      </Stack>
    );
  }
  const json = state.dry.layout === 'json';
  return (
    <div style={{ opacity: props.ready ? 1 : 0.6 }} aria-busy={!props.ready}>
      <Stack gap="lg">
        {!props.oneDomain && props.hosts.length > 0 && <DomainMapPicker hosts={props.hosts} map={props.map} onChange={props.onMap} json={json} />}
        <ImportPreview dry={state.dry} />
      </Stack>
    </div>
  );
}

/** The error to show from the upload and the poll of its job. */
export const checkError = (upload: UseQueryResult<unknown>, poll: UseQueryResult<ImportDryRunJob>): Error | null =>
  upload.error ?? poll.error ?? null;
