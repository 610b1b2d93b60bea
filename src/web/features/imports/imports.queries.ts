// Imports: the account's recent jobs (GET /api/v1/imports), one job followed while it runs
// (GET /imports/{id}, polled), a file checked without writing (POST /links/import?dry_run=1) and started.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DomainMapEntry, ImportDryRunJob, ImportJob, ImportSource, OnConflict } from '../../../shared/import.schema';
import type { ImportDateFormat } from '../../../shared/import-dates';
import { dryRunPollInterval, type DryRunAnswer } from './dry-run-job';

/** What the page sends with the file. */
export interface ImportOptions {
  source: ImportSource | 'auto';
  on_conflict: OnConflict;
  partial: boolean;
  /** The domain every row goes on; null: the rows' own domain_name, else the default domain. */
  domain_id: number | null;
  /** How numeric day/month dates (02/03/2025) are read: `auto` reads only those that cannot be mistaken. */
  date_format: ImportDateFormat;
  /** Hosts the file names that are none of the domains, each placed on a domain (null: the default one), for the whole file. */
  domain_map: DomainMapEntry[];
}

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => [...importKeys.all, 'list', page] as const,
  job: (id: number) => [...importKeys.all, 'job', id] as const,
  dryRunJob: (id: string) => [...importKeys.all, 'dry-run-job', id] as const,
  dryRun: (fileKey: number, options: ImportOptions) => [...importKeys.all, 'dry-run', fileKey, options] as const,
};

/** Still moving: polled until it is completed or failed. */
export const isRunning = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'validating' || job.status === 'importing';

const POLL_MS = 700;

export const importsListQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: importKeys.list(page),
    queryFn: () => api.list<ImportJob>('/imports', { page, per_page: 10 }),
    placeholderData: keepPreviousData,
    // A job in the list still running: the list follows it too.
    refetchInterval: (q) => (q.state.data?.data.some(isRunning) ? POLL_MS * 2 : false),
  });

export const importJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: () => api.get<ImportJob>(`/imports/${id}`),
    refetchInterval: (q) => (q.state.data && !isRunning(q.state.data) ? false : POLL_MS),
  });

const query = (o: ImportOptions) => ({
  source: o.source,
  on_conflict: o.on_conflict,
  partial: o.partial ? 1 : 0,
  domain_id: o.domain_id ?? undefined,
  date_format: o.date_format,
  domain_map: o.domain_map.map((m) => `${m.host}:${m.domain_id ?? 'default'}`),
});

/** The dry run of a file with these options: re-run when they change (the file is sent again). */
export const dryRunQueryOptions = (fileKey: number, file: File | null, options: ImportOptions) =>
  queryOptions({
    queryKey: importKeys.dryRun(fileKey, options),
    // 200: the ImportDryRun; 202 (a long file): the dry-run job to follow (dryRunJobQueryOptions).
    queryFn: () => api.upload<DryRunAnswer>('/links/import', file as File, file?.name ?? 'links.csv', { ...query(options), dry_run: 1 }),
    enabled: file !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    // While other options are checked, the same file's last answer stays (another file's does not).
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === fileKey ? prev : undefined),
  });

/** A long dry run (202), polled every second until it has ended. */
export const dryRunJobQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: importKeys.dryRunJob(id ?? ''),
    queryFn: () => api.get<ImportDryRunJob>(`/imports/dry-runs/${id}`),
    enabled: id !== null,
    retry: false,
    gcTime: 60_000,
    refetchInterval: (q) => dryRunPollInterval(q.state.data),
  });

/** Starts the import; the answer is the queued job. */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) => api.upload<ImportJob>('/links/import', file, file.name, query(options)),
    onSuccess: (job) => {
      qc.setQueryData(importKeys.job(job.id), job);
      return qc.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
    },
  });
}
