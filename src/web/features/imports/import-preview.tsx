// The dry run's answer: what the import would do with the file (counts, and why nothing would be written),
// its first rows mapped to Linkdeck's fields with each row's outcome and problems on the row, and the
// failures further down the file. A table on wide screens, cards on a phone.
import { Fragment } from 'react';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportDryRun, ImportPreviewRow } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { CardsOrTable } from '../../components/cards-or-table';
import { OUTCOME_LABELS, SOURCE_NAMES } from './import-text';
import { Problem, ProblemList } from './import-problems';
import classes from './imports.module.css';

function Outcome({ row }: { row: ImportPreviewRow }) {
  const o = OUTCOME_LABELS[row.outcome];
  return (
    <Badge color={o.color} variant="light" data-testid="row-outcome">
      {o.label}
    </Badge>
  );
}

function AliasCell({ row }: { row: ImportPreviewRow }) {
  if (!row.alias) return <Text size="sm" c="dimmed">picked by Linkdeck</Text>;
  return (
    <Text size="sm" fw={600} className={classes.wrap}>
      {row.alias}
      {row.new_alias && <Text span size="sm" c="dimmed" inherit> → {row.new_alias}</Text>}
    </Text>
  );
}

const dash = (v: string | null) => v ?? '—';

function PreviewRows({ rows }: { rows: ImportPreviewRow[] }) {
  return (
    <CardsOrTable
      items={rows}
      label="First rows of the file"
      keyOf={(row) => row.line}
      itemProps={(row) => ({ 'data-testid': 'preview-row', 'data-line': row.line })}
      minWidth={680}
      tableProps={{ layout: 'fixed', verticalSpacing: 'xs' }}
      card={(row) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed">
              Line {row.line}
            </Text>
            <Outcome row={row} />
          </Group>
          <AliasCell row={row} />
          <Text size="sm" className={classes.wrap}>
            {dash(row.url)}
          </Text>
          {row.title && (
            <Text size="sm" c="dimmed" className={classes.wrap}>
              {row.title}
            </Text>
          )}
          {row.problems.map((p) => (
            <Problem key={p.message} failure={p} />
          ))}
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Line</Table.Th>
            <Table.Th w="20%">Alias</Table.Th>
            <Table.Th>Destination URL</Table.Th>
            <Table.Th w="24%">Title</Table.Th>
            <Table.Th w={112}>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(row) => (
        <Fragment key={row.line}>
          <Table.Tr data-testid="preview-row" data-line={row.line} className={row.problems.length ? classes.failedRow : undefined}>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {row.line}
              </Text>
            </Table.Td>
            <Table.Td>
              <AliasCell row={row} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" className={classes.wrap}>
                {dash(row.url)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className={classes.wrap}>
                {dash(row.title)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Outcome row={row} />
            </Table.Td>
          </Table.Tr>
          {row.problems.length > 0 && (
            <Table.Tr className={classes.problemRow}>
              <Table.Td />
              <Table.Td colSpan={4}>
                {row.problems.map((p) => (
                  <Problem key={p.message} failure={p} />
                ))}
              </Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      )}
    />
  );
}

/** "12 rows · 10 new links · 1 skipped · 1 fails". */
function summary(dry: ImportDryRun): string {
  const parts = [plural(dry.rows_total, 'row')];
  if (!dry.error) parts.push(plural(dry.created, 'new link'));
  if (dry.skipped) parts.push(`${dry.skipped.toLocaleString('en')} skipped (alias taken)`);
  if (dry.failed) parts.push(`${dry.failed.toLocaleString('en')} failing`);
  return parts.join(' · ');
}

export function ImportPreview({ dry }: { dry: ImportDryRun }) {
  const shownLines = new Set(dry.preview.map((r) => r.line));
  const further = dry.failures.filter((f) => !shownLines.has(f.line));
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" size="lg" data-testid="detected-format">
          {SOURCE_NAMES[dry.source]} format
        </Badge>
        <Text size="sm" data-testid="dry-run-summary">{summary(dry)}</Text>
      </Group>
      {dry.error && (
        <Alert color="orange" title="Nothing would be imported" data-testid="dry-run-error">
          {dry.error.replace(/send partial=1/, 'turn on “Import the valid rows”')}
        </Alert>
      )}
      <Title order={2} size="h5">
        {dry.preview.length < dry.rows_total ? `The first ${dry.preview.length} rows` : 'The rows'}, as Linkdeck reads them
      </Title>
      <PreviewRows rows={dry.preview} />
      {further.length > 0 && (
        <>
          <Title order={2} size="h5">Failing rows further down</Title>
          <ProblemList failures={further} failed={dry.failed - (dry.failures.length - further.length)} label="Failing rows further down" />
        </>
      )}
    </Stack>
  );
}
