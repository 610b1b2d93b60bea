// The choices sent with the file: its format (the detected one, or named), what a taken alias does, how numeric
// dates are read (with a hint when the dry run failed rows on a date that reads either way), whether the valid
// rows go in when others fail, and the domain every row goes on.
import type { ReactNode } from 'react';
import { Alert, Input, SegmentedControl, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ImportSource, type OnConflict } from '../../../shared/import.schema';
import { IMPORT_SOURCES } from '../../../shared/enums';
import { domainQueries } from '../domains/domains.queries';
import type { ImportOptions } from './imports.queries';
import type { ImportDateFormat } from '../../../shared/import-dates';
import { plural } from '../../components/resource-list/format';
import { SOURCE_NAMES } from './import-text';

const CONFLICT_HELP: Record<OnConflict, string> = {
  fail: 'A row whose alias is taken fails.',
  skip: 'A row whose alias is taken is left out; the existing link stays as it is.',
  rename: 'A row whose alias is taken comes in as alias-2, alias-3, …',
};

const DATE_HELP: Record<ImportDateFormat, string> = {
  auto: 'A date such as 02/03/2025 fails its row: only dates that cannot be mistaken are read.',
  dmy: '02/03/2025 is read as 2 March 2025.',
  mdy: '02/03/2025 is read as February 3, 2025.',
};

/** One of the import's choices: a labelled segmented control, what the chosen value does below it, and `children`. */
function Choice(props: { label: string; help: string; value: string; onChange: (v: string) => void; data: { value: string; label: string }[]; children?: ReactNode }) {
  return (
    <Input.Wrapper label={props.label} labelElement="div" description={props.help}>
      <SegmentedControl mt={6} display="flex" aria-label={props.label} value={props.value} onChange={props.onChange} data={props.data} />
      {props.children}
    </Input.Wrapper>
  );
}

/** Why rows failed on their dates, beside the option that settles it. */
function dateHint(rows: number, format: ImportDateFormat): string {
  const which = `${plural(rows, 'row')} ${rows === 1 ? 'fails' : 'fail'}`;
  return format === 'auto'
    ? `${which} on dates that read either way. Choose Day first or Month first: the order the file uses.`
    : `${which} on dates that are not dates when read ${format === 'dmy' ? 'day' : 'month'} first. Try the other order.`;
}

export function ImportOptionsForm({
  options,
  onChange,
  detected,
  dateRows,
}: {
  options: ImportOptions;
  onChange: (patch: Partial<ImportOptions>) => void;
  /** The format the header row looks like (before or without the server's answer). */
  detected: ImportSource | null;
  /** Rows the last dry run failed on the order of day and month (0: none). */
  dateRows: number;
}) {
  const domains = useQuery(domainQueries.lookup());
  const guess = detected ? `Detected: ${SOURCE_NAMES[detected]}` : 'Not recognized';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Format"
          description={`The export the file comes from. ${guess}.`}
          data={[{ value: 'auto', label: detected ? `Detect (${SOURCE_NAMES[detected]})` : 'Detect' }, ...IMPORT_SOURCES.map((s) => ({ value: s, label: SOURCE_NAMES[s] }))]}
          value={options.source}
          allowDeselect={false}
          onChange={(v) => v && onChange({ source: v as ImportOptions['source'] })}
        />
        <Select
          label="Domain"
          description="Every row goes on this domain; by default, the domain each row names, else the default one."
          placeholder="The rows' own domain"
          clearable
          searchable
          data={(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={options.domain_id === null ? null : String(options.domain_id)}
          onChange={(v) => onChange({ domain_id: v === null ? null : Number(v) })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice
          label="When an alias is taken"
          help={CONFLICT_HELP[options.on_conflict]}
          value={options.on_conflict}
          onChange={(v) => onChange({ on_conflict: v as OnConflict })}
          data={[
            { value: 'fail', label: 'Fail' },
            { value: 'skip', label: 'Skip' },
            { value: 'rename', label: 'Rename' },
          ]}
        />
        <Choice
          label="Numeric dates"
          help={DATE_HELP[options.date_format]}
          value={options.date_format}
          onChange={(v) => onChange({ date_format: v as ImportDateFormat })}
          data={[
            { value: 'auto', label: 'Auto' },
            { value: 'dmy', label: 'Day first' },
            { value: 'mdy', label: 'Month first' },
          ]}
        >
          {dateRows > 0 && (
            <Alert mt={6} p="xs" color="orange" icon={<IconCalendarQuestion size={18} aria-hidden />} data-testid="date-format-hint">
              {dateHint(dateRows, options.date_format)}
            </Alert>
          )}
        </Choice>
      </SimpleGrid>
      <Switch
        label="Import the valid rows even when some fail"
        description="Otherwise a single failing row stops the whole import and nothing is written."
        checked={options.partial}
        onChange={(e) => onChange({ partial: e.currentTarget.checked })}
      />
    </Stack>
  );
}
