// The audit log's filters: the action (the API document's write operations, read when this filter is first used),
// what it acted on and its id, through what (the dashboard or an API key), the days, and the order. A person and a
// key are chosen in the list (their names there are buttons) and shown here as removable chips. On a phone the
// controls fold into one "Filters" button with the number of filters on.
import '@mantine/dates/styles.css';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Collapse, Group, Pill, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { auditLogQuerySchema, type AuditEntry, type AuditLogQuery } from '../../../shared/audit.schema';
import { AUDIT_OBJECTS, type AuditObject } from '../../../shared/objects/audit.object';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { auditActionsQueryOptions } from './audit.queries';
import { actionOptions, keyName, objectWord, personName } from './audit-text';
import { auditFilterCount, datesPatch, localDayOf, throughPatch, withoutFilters } from './audit-url';

type OnChange = (patch: Partial<AuditLogQuery>) => void;

/** A control's size: its width in a row (wide screens), or a cell of the phone's two columns (`whole`: both). */
interface Layout {
  w?: number;
  style?: CSSProperties;
}
const layoutOf = (phone: boolean, width: number, whole = false): Layout => (phone ? { style: whole ? { gridColumn: '1 / -1' } : undefined } : { w: width });

const OBJECT_OPTIONS = AUDIT_OBJECTS.map((o) => ({ value: o, label: objectWord(o) }));
const THROUGH_OPTIONS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'api', label: 'API key' },
];
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];

function ActionFilter({ value, onChange, layout }: { value: string | undefined; onChange: OnChange; layout: Layout }) {
  const [wanted, setWanted] = useState(false);
  const actions = useQuery({ ...auditActionsQueryOptions(), enabled: wanted || value !== undefined });
  return (
    <Select
      label="Action"
      placeholder="Any action"
      {...layout}
      searchable
      clearable
      data={actionOptions(actions.data ?? [], value)}
      value={value ?? null}
      onChange={(v) => onChange({ action: v ?? undefined })}
      onFocus={() => setWanted(true)}
      onPointerEnter={() => setWanted(true)}
      nothingFoundMessage={actions.isError ? 'The actions could not be loaded' : actions.isPending ? 'Loading the actions…' : 'No such action'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const objectIdField = auditLogQuerySchema.shape.object_id;

/** The object's id: applied on Enter or when the field is left; the shared schema says what is wrong. */
function ObjectIdFilter({ value, onChange, layout }: { value: number | undefined; onChange: OnChange; layout: Layout }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const parsed = objectIdField.safeParse(text.trim());
    if (!parsed.success) return setError(`The id ${parsed.error.issues[0]?.message ?? 'is invalid.'}`);
    setError(null);
    setText(null);
    if (parsed.data !== value) onChange({ object_id: parsed.data });
  };
  return (
    <TextInput
      label="Id"
      placeholder="Any"
      {...layout}
      inputMode="numeric"
      value={text ?? (value === undefined ? '' : String(value))}
      error={error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
    />
  );
}

function Controls({ query, onChange, phone }: { query: AuditLogQuery; onChange: OnChange; phone: boolean }) {
  return (
    <>
      <ActionFilter value={query.action} onChange={onChange} layout={layoutOf(phone, 230, true)} />
      <Select label="Object" placeholder="Anything" {...layoutOf(phone, 170)} clearable data={OBJECT_OPTIONS} value={query.object ?? null} onChange={(v) => onChange({ object: (v as AuditObject | null) ?? undefined })} />
      <ObjectIdFilter key={query.object_id ?? 'none'} value={query.object_id} onChange={onChange} layout={layoutOf(phone, 110)} />
      <Select label="Through" placeholder="Dashboard or API" {...layoutOf(phone, 170)} clearable data={THROUGH_OPTIONS} value={query.via ?? null} onChange={(v) => onChange(throughPatch(v as AuditLogQuery['via'] | null))} />
      <DatePickerInput
        type="range"
        label="Days"
        placeholder="Any day"
        {...layoutOf(phone, 230, true)}
        clearable
        allowSingleDateInRange
        valueFormat="MMM D, YYYY"
        maxDate={new Date()}
        nextLabel="Next month"
        previousLabel="Previous month"
        value={[query.from ? localDayOf(query.from) : null, query.to ? localDayOf(query.to) : null]}
        onChange={(range) => {
          const patch = datesPatch(range);
          if (patch) onChange(patch);
        }}
      />
      <Select label="Order" {...layoutOf(phone, 150)} allowDeselect={false} data={ORDER_OPTIONS} value={query.sort} onChange={(v) => v && onChange({ sort: v as AuditLogQuery['sort'] })} />
    </>
  );
}

function Chip({ label, onRemove, testId }: { label: string; onRemove: () => void; testId: string }) {
  return (
    <Pill size="md" withRemoveButton onRemove={onRemove} removeButtonProps={{ 'aria-label': `Remove filter ${label}`, 'aria-hidden': false, tabIndex: 0 }} data-testid={testId} maw={320}>
      {label}
    </Pill>
  );
}

export interface AuditFiltersProps {
  query: AuditLogQuery;
  /** The entries shown, which name the person and the key filtered by. */
  rows: readonly AuditEntry[];
  onChange: OnChange;
}

export function AuditFilters({ query, rows, onChange }: AuditFiltersProps) {
  const phone = usePhoneWidth();
  const [open, { toggle }] = useDisclosure(false);
  const count = auditFilterCount(query);
  const chips: ReactNode[] = [];
  if (query.actor_user_id !== undefined) chips.push(<Chip key="who" testId="audit-filter-who" label={`Who: ${personName(rows, query.actor_user_id)}`} onRemove={() => onChange({ actor_user_id: undefined })} />);
  if (query.key_id !== undefined) chips.push(<Chip key="key" testId="audit-filter-key" label={`API key: ${keyName(rows, query.key_id)}`} onRemove={() => onChange({ key_id: undefined })} />);
  const controls = phone ? (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mb="xs">
      <Controls query={query} onChange={onChange} phone />
    </SimpleGrid>
  ) : (
    <Group gap="sm" align="flex-start" wrap="wrap" mb="xs">
      <Controls query={query} onChange={onChange} phone={false} />
    </Group>
  );
  return (
    <div role="search" aria-label="Filter the audit log">
      {phone ? (
        <>
          <Button variant="default" mb="sm" leftSection={<IconFilter size={16} aria-hidden />} aria-expanded={open} aria-controls="audit-filter-panel" onClick={toggle}>
            {count ? `Filters (${count})` : 'Filters'}
          </Button>
          <Collapse expanded={open} id="audit-filter-panel">
            {controls}
          </Collapse>
        </>
      ) : (
        controls
      )}
      <Group gap="xs" mih={28} role="group" aria-label="Filters">
        {chips}
        {count > 0 ? (
          <Button size="compact-sm" variant="subtle" onClick={() => onChange(withoutFilters())}>
            Clear filters
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            Choose a person, a key or an object in the list to see only their changes.
          </Text>
        )}
      </Group>
    </div>
  );
}
