// The account's recent imports (GET /api/v1/imports, newest first) with their status and counts; a row
// opens that import's progress or result. A table on wide screens, cards on a phone.
import { Group, Stack, Table, Text } from '@mantine/core';
import type { ImportJob } from '../../../shared/import.schema';
import { AnchorLink } from '../../components/router-links';
import { CardsOrTable } from '../../components/cards-or-table';
import { formatDateTime as when } from '../../components/resource-list/format';
import { SOURCE_NAMES } from './import-text';
import { StatusBadge } from './import-job-view';
import classes from './imports.module.css';

function FileLink({ job }: { job: ImportJob }) {
  return (
    <AnchorLink to="/links/import" search={{ job: job.id }} size="sm" fw={600} className={classes.wrap}>
      {job.file_name ?? `Import ${job.id}`}
    </AnchorLink>
  );
}

const counts = (j: ImportJob) => `${j.created.toLocaleString('en')} created · ${j.skipped.toLocaleString('en')} skipped · ${j.failed.toLocaleString('en')} failed`;

export function ImportsList({ jobs, loading }: { jobs: ImportJob[]; loading: boolean }) {
  return (
    <CardsOrTable
      items={jobs}
      label="Recent imports"
      loading={loading}
      keyOf={(j) => j.id}
      itemProps={() => ({ 'data-testid': 'import-row' })}
      tableProps={{ layout: 'fixed', verticalSpacing: 'xs' }}
      card={(j) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <FileLink job={j} />
            <StatusBadge job={j} />
          </Group>
          <Text size="xs" c="dimmed">
            {when(j.created_at)} · {SOURCE_NAMES[j.source]} · {j.rows_total.toLocaleString('en')} rows
          </Text>
          <Text size="sm">{counts(j)}</Text>
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>When</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th w={90}>Format</Table.Th>
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th w={260}>Rows</Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(j) => (
        <Table.Tr key={j.id} data-testid="import-row">
          <Table.Td>
            <Text size="sm">{when(j.created_at)}</Text>
          </Table.Td>
          <Table.Td>
            <FileLink job={j} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{SOURCE_NAMES[j.source]}</Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge job={j} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{counts(j)}</Text>
            <Text size="xs" c="dimmed">
              of {j.rows_total.toLocaleString('en')} rows
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
