// The Import page: drop a file (CSV, TSV or JSON), see its detected format, what comes across and a dry run of
// its first rows (each with what the import would do and why a row fails), choose the options, start, watch the
// progress, and download the rejected rows. Below, the account's recent imports. `?job=` shows one import (it survives a reload).
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { IconUpload } from '@tabler/icons-react';
import { MAX_IMPORT_BYTES, type ImportSource } from '../../../shared/import.schema';
import { detectSource, headerRow } from '../../../shared/import-formats';
import { layoutOf } from '../../../shared/import-records';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { AnchorLink } from '../../components/router-links';
import { plural } from '../../components/resource-list/format';
import { saveBlob } from '../../lib/download';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { dryRunJobQueryOptions, dryRunQueryOptions, importJobQueryOptions, importsListQueryOptions, isRunning, useStartImport, type ImportOptions } from './imports.queries';
import { linkQueries } from '../links/links.queries';
import { FileDropZone } from './file-drop-zone';
import { ImportOptionsForm } from './import-options';
import { ImportCheck, checkError } from './import-check';
import { dryRunState, isDryRunJob } from './dry-run-job';
import { mergeHosts, type ImportHost } from './domain-map-picker';
import { ImportJobView } from './import-job-view';
import { ImportsList } from './imports-list';
import { useImportUndo } from './import-undo';
import { rejectedFileName, rejectedRowsCsv } from './rejected-rows';
import { dateOrderRows, rowWord } from './import-text';

const route = getRouteApi('/app/links/import');

/** The files of the imports started in this browser session, by job id (for the rejected rows). */
const startedFiles = new Map<number, { name: string; text: string }>();

const DEFAULTS: ImportOptions = { source: 'auto', on_conflict: 'fail', partial: false, domain_id: null, date_format: 'auto', domain_map: [] };

interface Picked {
  key: number;
  file: File;
  text: string;
  detected: ImportSource | null;
}

export function ImportPage() {
  const { job: jobId } = route.useSearch();
  const navigate = route.useNavigate();
  const qc = useQueryClient();
  // On a phone the steps keep their names only, so that the three fit on one line.
  const narrow = usePhoneWidth();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [options, setOptions] = useState<ImportOptions>(DEFAULTS);
  const dry = useQuery(dryRunQueryOptions(picked?.key ?? 0, picked?.file ?? null, options));
  // A long check answers 202 with a job, followed every second until it has the dry run's answer.
  const poll = useQuery(dryRunJobQueryOptions(dry.data && isDryRunJob(dry.data) ? dry.data.id : null));
  const check = dryRunState(dry.data, poll.data);
  const checked = check.kind === 'done' ? check.dry : undefined;
  // The file's unknown hosts stay listed (with their counts) once placed, when the dry run no longer names them.
  const [hosts, setHosts] = useState<{ key: number; seen: ImportHost[]; from?: object }>({ key: 0, seen: [] });
  if (picked && checked && hosts.from !== checked) {
    setHosts({ key: picked.key, seen: mergeHosts(hosts.key === picked.key ? hosts.seen : [], checked.unknown_hosts), from: checked });
  }
  const start = useStartImport();
  const job = useQuery({ ...importJobQueryOptions(jobId ?? 0), enabled: jobId !== undefined });
  const list = useQuery(importsListQueryOptions());

  // Finished: the links lists, and what an import changes with them (the tags it created, the counts), and the recent
  // imports are fetched again.
  const finished = job.data && !isRunning(job.data) ? job.data.status : null;
  useEffect(() => {
    if (!finished) return;
    void linkQueries.invalidate(qc);
    void qc.invalidateQueries({ queryKey: ['imports', 'list'] });
  }, [finished, qc]);

  const pick = async (file: File) => {
    setPickError(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setPickError(`${file.name} is too large: imports take files of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
      return;
    }
    const text = await file.text();
    const header = headerRow(text);
    setPicked({ key: Date.now(), file, text, detected: header ? (detectSource(header.headers, 'auto') ?? null) : null });
    setOptions((o) => ({ ...o, source: 'auto', domain_map: [] }));
    start.reset();
    if (jobId !== undefined) void navigate({ search: {} });
  };

  const begin = () => {
    if (!picked) return;
    start.mutate(
      { file: picked.file, options },
      {
        onSuccess: (j) => {
          startedFiles.set(j.id, { name: picked.file.name, text: picked.text });
          setPicked(null);
          void navigate({ search: { job: j.id } });
        },
      },
    );
  };

  const another = () => {
    setPicked(null);
    void navigate({ search: {} });
  };

  const shownJob = jobId !== undefined ? job.data : undefined;
  useImportUndo(shownJob);
  const stored = jobId !== undefined ? startedFiles.get(jobId) : undefined;
  const download = shownJob && stored ? () => downloadRejected(stored, shownJob.failures) : null;
  // A JSON file's rows are items: known from the file still here, else from its name.
  const jsonFile = stored ? layoutOf(stored.text) === 'json' : /\.json$/i.test(shownJob?.file_name ?? '');
  const unit = rowWord(jsonFile ? 'json' : null);
  // A completed import ticks its last step too.
  const active = jobId !== undefined ? (shownJob?.status === 'completed' ? 3 : 2) : picked ? 1 : 0;
  const ready = checked !== undefined && !dry.isPlaceholderData && !dry.isFetching;
  const canStart = ready && !checked.error && checked.created > 0;

  const result = job.isError ? (
    <ErrorState error={job.error} title="Could not load this import" onRetry={() => void job.refetch()} />
  ) : !shownJob ? (
    <LoadingState label="Loading the import…" />
  ) : (
    <ImportJobView job={shownJob} onDownload={download} onAnother={another} unit={unit} />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Import links"
        description={
          <>
            From Linkdeck&apos;s own export, or an export of Bitly, Shlink, Kutt or YOURLS: a CSV, TSV or JSON file (a list of links, or
            the tool&apos;s API answer), told apart by its content. Back to{' '}
            <AnchorLink to="/links" underline="always">
              links
            </AnchorLink>
            .
          </>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stepper active={active} size="sm" iconSize={narrow ? 28 : undefined} aria-label="Import steps">
          <Stepper.Step label="File" description={narrow ? undefined : 'Drop or choose'}>
            <FileDropZone file={null} onFile={(f) => void pick(f)} />
          </Stepper.Step>
          <Stepper.Step label="Check" description={narrow ? undefined : 'Preview, options'}>
            <Stack gap="lg">
              <FileDropZone file={picked?.file ?? null} onFile={(f) => void pick(f)} />
              <ImportOptionsForm
                options={options}
                onChange={(p) => setOptions((o) => ({ ...o, ...p }))}
                detected={picked?.detected ?? null}
                dateRows={checked ? dateOrderRows(checked.failures) : 0}
              />
              <ImportCheck
                state={check}
                error={checkError(dry, poll)}
                onRetry={() => void dry.refetch()}
                ready={ready}
                hosts={picked && hosts.key === picked.key ? hosts.seen : []}
                map={options.domain_map}
                onMap={(domain_map) => setOptions((o) => ({ ...o, domain_map }))}
                oneDomain={options.domain_id !== null}
              />
              {start.isError && <ErrorState error={start.error} title="The import could not start" />}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={another}>
                  Cancel
                </Button>
                <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!canStart} loading={start.isPending} onClick={begin}>
                  {ready ? `Import ${plural(checked.created, 'link')}` : 'Import'}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Import" description={narrow ? undefined : 'Progress, result'}>
            {result}
          </Stepper.Step>
          <Stepper.Completed>{result}</Stepper.Completed>
        </Stepper>
        {pickError && (
          <Alert color="red" mt="md" role="alert" title="This file cannot be imported" style={{ overflowWrap: 'anywhere' }}>
            {pickError}
          </Alert>
        )}
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recent imports
        </Title>
        {list.isError ? (
          <ErrorState error={list.error} title="Could not load the imports" onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <LoadingState label="Loading imports…" />
        ) : list.data.data.length === 0 ? (
          <EmptyState title="No imports yet" description="The files you import show up here, with what came of each." />
        ) : (
          <>
            {/* The job on show is polled faster than the list: its row shows the same. */}
            <ImportsList jobs={list.data.data.map((j) => (shownJob && j.id === shownJob.id ? shownJob : j))} loading={list.isPlaceholderData} />
            {list.data.meta.total > list.data.data.length && (
              <Text size="sm" c="dimmed">
                The last {list.data.data.length} of {plural(list.data.meta.total, 'import')}.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}

function downloadRejected(file: { name: string; text: string }, failures: Parameters<typeof rejectedRowsCsv>[1]) {
  const csv = rejectedRowsCsv(file.text, failures);
  if (csv) saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), rejectedFileName(file.name));
}
