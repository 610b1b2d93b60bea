// A failed row's reason as the page shows it ("Line 3 · The "Long URL" column must be …": the API's message
// names the file's column in words), and the list of them for a whole file (a row may have several).
import { List, Text } from '@mantine/core';
import type { ImportFailure } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { inPageWords } from './import-text';
import classes from './imports.module.css';

/** `unit`: what a row of the file is called, "Line" (CSV, TSV) or "Item" (JSON). */
export function Problem({ failure, unit = 'Line' }: { failure: ImportFailure; unit?: string }) {
  return (
    <Text size="sm" className={classes.problem} data-testid="row-problem" data-line={failure.line}>
      <Text span fw={600} inherit>
        {unit} {failure.line}
      </Text>{' '}
      · {inPageWords(failure.message)}
    </Text>
  );
}

/** The failures, the first `shown` of them, and how many more failing rows the job or dry run counted (`failed`). */
export function ProblemList({ failures, failed, shown = 50, label, unit }: { failures: ImportFailure[]; failed: number; shown?: number; label: string; unit?: string }) {
  const listed = failures.slice(0, shown);
  const more = failed - new Set(listed.map((f) => f.line)).size;
  return (
    <div>
      <List spacing={4} listStyleType="none" aria-label={label} data-testid="problem-list">
        {listed.map((f, i) => (
          <List.Item key={`${f.line}-${i}`}>
            <Problem failure={f} unit={unit} />
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          And {plural(more, 'more failing row')}.
        </Text>
      )}
    </div>
  );
}
