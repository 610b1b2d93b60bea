// A failed row's reason as the page shows it (line, field, message), and the list of them for a whole file.
import { Code, List, Text } from '@mantine/core';
import type { ImportFailure } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { fieldName } from './import-text';
import classes from './imports.module.css';

export function Problem({ failure }: { failure: ImportFailure }) {
  return (
    <Text size="sm" className={classes.problem} data-testid="row-problem" data-line={failure.line}>
      <Text span fw={600} inherit>
        Line {failure.line}
      </Text>{' '}
      · <Code>{fieldName(failure.field)}</Code> · {failure.message}
    </Text>
  );
}

/** The failures, the first `shown` of them, and how many more the job or dry run counted. */
export function ProblemList({ failures, failed, shown = 50, label }: { failures: ImportFailure[]; failed: number; shown?: number; label: string }) {
  const more = failed - Math.min(failures.length, shown);
  return (
    <div>
      <List spacing={4} listStyleType="none" aria-label={label} data-testid="problem-list">
        {failures.slice(0, shown).map((f) => (
          <List.Item key={`${f.line}-${f.field ?? ''}`}>
            <Problem failure={f} />
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
