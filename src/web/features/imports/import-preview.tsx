// The dry run's answer: what the import would do with the file (counts, and why nothing would be written),
// what comes across (import-columns.tsx), its first rows mapped to Linkdeck's fields with each row's starting
// clicks, outcome, problems and notes on the row, and the failures further down the file. A table on wide
// screens, cards on a phone.
import { Fragment } from 'react';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ImportDryRun, ImportPreviewRow } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { CardsOrTable } from '../../components/cards-or-table';
import { LAYOUT_NAMES, OUTCOME_LABELS, SOURCE_NAMES, inPageWords, rowWord } from './import-text';
import { Problem, ProblemList } from './import-problems';
import { ImportColumns } from './import-columns';
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

const clicksText = (n: number | null) => (n === null ? '—' : n.toLocaleString('en'));

/** What the import does with the row differently from its source, and the row's problems. */
function RowRemarks({ row, unit }: { row: ImportPreviewRow; unit: string }) {
  return (
    <>
      {row.problems.map((p, i) => (
        <Problem key={i} failure={p} unit={unit} />
      ))}
      {row.notes.map((n, i) => (
        <Text key={i} size="sm" className={classes.note} data-testid="row-note" data-line={row.line}>
          <IconInfoCircle size={16} aria-hidden className={classes.noteIcon} />
          {n.message}
        </Text>
      ))}
    </>
  );
}

function PreviewRows({ rows, unit, withClicks }: { rows: ImportPreviewRow[]; unit: string; withClicks: boolean }) {
  return (
    <CardsOrTable
      items={rows}
      label="First rows of the file"
      keyOf={(row) => row.line}
      itemProps={(row) => ({ 'data-testid': 'preview-row', 'data-line': row.line })}
      minWidth={withClicks ? 760 : 680}
      tableProps={{ layout: 'fixed', verticalSpacing: 'xs' }}
      card={(row) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed">
              {unit} {row.line}
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
          {row.clicks !== null && (
            <Text size="sm" data-testid="row-clicks">
              {plural(row.clicks, 'click')}
            </Text>
          )}
          <RowRemarks row={row} unit={unit} />
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{unit}</Table.Th>
            <Table.Th w="20%">Alias</Table.Th>
            <Table.Th>Destination URL</Table.Th>
            <Table.Th w="22%">Title</Table.Th>
            {withClicks && (
              <Table.Th w={88} ta="right">
                Clicks
              </Table.Th>
            )}
            <Table.Th w={112}>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(row) => (
        <Fragment key={row.line}>
          <Table.Tr data-testid="preview-row" data-line={row.line} className={row.problems.length || row.notes.length ? classes.failedRow : undefined}>
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
            {withClicks && (
              <Table.Td ta="right">
                <Text size="sm" data-testid="row-clicks">
                  {clicksText(row.clicks)}
                </Text>
              </Table.Td>
            )}
            <Table.Td>
              <Outcome row={row} />
            </Table.Td>
          </Table.Tr>
          {(row.problems.length > 0 || row.notes.length > 0) && (
            <Table.Tr className={classes.problemRow}>
              <Table.Td />
              <Table.Td colSpan={withClicks ? 5 : 4}>
                <RowRemarks row={row} unit={unit} />
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
  const failedShown = new Set(dry.failures.filter((f) => shownLines.has(f.line)).map((f) => f.line)).size;
  const unit = rowWord(dry.layout);
  const withClicks = dry.columns.some((c) => c.field === 'clicks') || dry.preview.some((r) => r.clicks !== null);
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" size="lg" data-testid="detected-format">
          {SOURCE_NAMES[dry.source]} format
        </Badge>
        <Badge variant="default" size="lg" data-testid="detected-layout">
          {LAYOUT_NAMES[dry.layout]}
        </Badge>
        <Text size="sm" data-testid="dry-run-summary">{summary(dry)}</Text>
      </Group>
      {dry.error && (
        <Alert color="orange" title="Nothing would be imported" data-testid="dry-run-error">
          {inPageWords(dry.error)}
        </Alert>
      )}
      <ImportColumns dry={dry} />
      <Title order={2} size="h5">
        {dry.preview.length < dry.rows_total ? `The first ${dry.preview.length} rows` : 'The rows'}, as Linkdeck reads them
      </Title>
      <PreviewRows rows={dry.preview} unit={unit} withClicks={withClicks} />
      {further.length > 0 && (
        <>
          <Title order={2} size="h5">Failing rows further down</Title>
          <ProblemList failures={further} failed={dry.failed - failedShown} label="Failing rows further down" unit={unit} />
        </>
      )}
    </Stack>
  );
}
