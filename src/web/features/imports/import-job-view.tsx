// One import job, followed while it runs (the query polls GET /imports/{id}): a progress bar of rows read,
// then what came of it (created, skipped, failed with lines and reasons), and the rejected rows as a CSV
// built from the file still in this browser.
import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ImportJob } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { ButtonLink } from '../../components/router-links';
import { isRunning } from './imports.queries';
import { SOURCE_NAMES, STATUS_LABELS, inPageWords, jobProgress } from './import-text';
import { ProblemList } from './import-problems';
import classes from './imports.module.css';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text size="xl" fw={700} data-testid={testId}>{value.toLocaleString('en')}</Text>
    </Paper>
  );
}

export function StatusBadge({ job }: { job: Pick<ImportJob, 'status'> }) {
  const s = STATUS_LABELS[job.status];
  return <Badge color={s.color} variant="light" data-testid="import-status">{s.label}</Badge>;
}

/** `unit`: what a row of the imported file is called ("Item" in a JSON file), when the page knows. */
export function ImportJobView({ job, onDownload, onAnother, unit }: { job: ImportJob; onDownload: (() => void) | null; onAnother: () => void; unit?: string }) {
  const running = isRunning(job);
  const progress = jobProgress(job);
  return (
    <Stack gap="md" data-testid="import-job" data-status={job.status}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={2} size="h4" className={classes.wrap}>{job.file_name ?? 'Uploaded file'}</Title>
          <Text size="sm" c="dimmed">
            {SOURCE_NAMES[job.source]} format · {plural(job.rows_total, 'row')} · aliases taken: {job.on_conflict}
            {job.partial ? ' · valid rows only' : ''}
          </Text>
        </Stack>
        <StatusBadge job={job} />
      </Group>
      <Stack gap={4}>
        <Progress.Root size="lg">
          <Progress.Section value={progress.percent} color={job.status === 'failed' ? 'red' : undefined} animated={running} aria-label={`Import progress: ${progress.label}`} />
        </Progress.Root>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-progress-label">{progress.label}</Text>
      </Stack>
      {!running && (
        <>
          <SimpleGrid cols={{ base: 3 }} spacing="xs">
            <Count label="Created" value={job.created} testId="import-created" />
            <Count label="Skipped" value={job.skipped} testId="import-skipped" />
            <Count label="Failed" value={job.failed} testId="import-failed" />
          </SimpleGrid>
          {job.error && (
            <Alert color="red" title="Nothing was imported" role="alert" className={classes.wrap}>
              {inPageWords(job.error)}
            </Alert>
          )}
          {job.failures.length > 0 && (
            <Stack gap={6}>
              <Title order={3} size="h5">Rows that failed</Title>
              <ProblemList failures={job.failures} failed={job.failed} label="Rows that failed" unit={unit} />
            </Stack>
          )}
          <Group gap="xs">
            {job.failed > 0 &&
              (onDownload ? (
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownload}>
                  Download rejected rows (CSV)
                </Button>
              ) : (
                <Text size="sm" c="dimmed">The rejected rows can be downloaded while the imported file is open on this page.</Text>
              ))}
            {job.created > 0 && (
              <ButtonLink to="/links" variant="light">
                See the links
              </ButtonLink>
            )}
            <Button variant="subtle" onClick={onAnother}>
              Import another file
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
