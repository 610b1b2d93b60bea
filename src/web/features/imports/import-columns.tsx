// "What comes across", before anything is written: each column of the file and the field it becomes (kept),
// the columns left out with the reason (not imported), what the file has no column for that its format can
// carry (a Bitly export without click counts: every link starts at 0), and what the import does differently
// from the source (a password-protected link comes in disabled), counted over the whole file.
import { useId, useState, type ReactNode } from 'react';
import { Button, Code, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ImportDryRun } from '../../../shared/import.schema';
import { droppedReason, importFieldLabel, noteSummary } from './import-text';
import classes from './imports.module.css';

type Column = ImportDryRun['columns'][number];

/** Long lists (Linkdeck's own export has 30 columns) show this many until asked for all. */
const FOLDED = 12;

function ColumnList({ columns, label, testId, item }: { columns: Column[]; label: string; testId: string; item: (c: Column) => ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? columns : columns.slice(0, FOLDED);
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {label}{' '}
        <Text span c="dimmed" inherit fw={400}>
          ({columns.length})
        </Text>
      </Title>
      {columns.length === 0 ? (
        <Text size="sm" c="dimmed">None.</Text>
      ) : (
        <List listStyleType="none" aria-label={label} data-testid={testId} className={classes.columns}>
          {shown.map((c, i) => (
            <List.Item key={`${c.column}-${i}`} data-testid={`${testId}-item`} data-column={c.column} className={classes.wrap}>
              {item(c)}
            </List.Item>
          ))}
        </List>
      )}
      {columns.length > FOLDED && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${columns.length}`}
        </Button>
      )}
    </Stack>
  );
}

function Kept({ column }: { column: Column }) {
  return (
    <>
      <Text size="sm">
        <Code>{column.column}</Code>{' '}
        <span aria-hidden>→</span>
        <VisuallyHidden>becomes</VisuallyHidden> <strong>{importFieldLabel(column.field ?? '')}</strong>
      </Text>
      {column.note && (
        <Text size="xs" c="dimmed">
          {column.note}
        </Text>
      )}
    </>
  );
}

function Dropped({ column }: { column: Column }) {
  return (
    <Text size="sm">
      <Code>{column.column}</Code>{' '}
      <Text span size="sm" c="dimmed">
        {droppedReason(column.note)}
      </Text>
    </Text>
  );
}

export function ImportColumns({ dry }: { dry: ImportDryRun }) {
  const kept = dry.columns.filter((c) => c.field !== null);
  const dropped = dry.columns.filter((c) => c.field === null);
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId} data-testid="import-columns">
      <Stack gap="sm">
        <Title order={2} size="h5" id={titleId}>
          What comes across
        </Title>
        <ColumnList columns={kept} label="Kept" testId="kept-column" item={(c) => <Kept column={c} />} />
        <ColumnList columns={dropped} label="Not imported" testId="dropped-column" item={(c) => <Dropped column={c} />} />
        {dry.absent.length > 0 && (
          <TitledList title="Not in this file" testId="absent-fields">
            {dry.absent.map((a) => (
              <List.Item key={a.field} data-testid="absent-field" data-field={a.field} className={classes.wrap}>
                <Text size="sm">
                  <strong>{importFieldLabel(a.field)}</strong>{' '}
                  <Text span size="sm" c="dimmed">
                    {a.note}
                  </Text>
                </Text>
              </List.Item>
            ))}
          </TitledList>
        )}
        {dry.notes.length > 0 && (
          <TitledList title="Changed on the way" testId="import-notes">
            {dry.notes.map((n) => (
              <List.Item key={`${n.field}-${n.message}`} data-testid="import-note" className={classes.wrap}>
                <Text size="sm" className={classes.note}>
                  <IconInfoCircle size={16} aria-hidden className={classes.noteIcon} />
                  {noteSummary(n, dry.layout)}
                </Text>
              </List.Item>
            ))}
          </TitledList>
        )}
      </Stack>
    </Paper>
  );
}

/** A small heading and the unmarked list it names (the preview's "Not in this file" and "Changed on the way"). */
function TitledList({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {title}
      </Title>
      <List spacing={4} listStyleType="none" aria-label={title} data-testid={testId}>
        {children}
      </List>
    </Stack>
  );
}
