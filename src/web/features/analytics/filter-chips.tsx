// The active filters as removable chips; links (by short URL and title), spaces and domains are named (from the
// lists already loaded).
import { Button, Group, Pill, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DIMENSION_LABELS, linkText, valueLabel, type ActiveFilter, type FilterKey } from './analytics-url';
import { spaceQueries } from '../spaces/spaces.queries';
import { domainQueries } from '../domains/domains.queries';
import { linkQueries } from '../links/links.queries';

function useName(f: ActiveFilter): string {
  const id = Number(f.value);
  const spaces = useQuery({ ...spaceQueries.lookup(), enabled: f.key === 'space_id' && id > 0 });
  const domains = useQuery({ ...domainQueries.lookup(), enabled: f.key === 'domain_id' && id > 0 });
  const link = useQuery({ ...linkQueries.detail(id), enabled: f.key === 'link_id' && id > 0 });
  if (f.key === 'space_id') return spaces.data?.find((s) => s.id === id)?.name ?? valueLabel('space', f.value);
  if (f.key === 'domain_id') return domains.data?.find((d) => d.id === id)?.name ?? valueLabel('domain', f.value);
  if (f.key === 'link_id') return linkText(f.value, link.data);
  return valueLabel(f.dimension, f.value);
}

function Chip({ filter, onRemove }: { filter: ActiveFilter; onRemove: () => void }) {
  const name = useName(filter);
  const label = `${DIMENSION_LABELS[filter.dimension]}: ${name}`;
  return (
    <Pill size="md" withRemoveButton onRemove={onRemove} removeButtonProps={{ 'aria-label': `Remove filter ${label}`, 'aria-hidden': false, tabIndex: 0 }} data-testid={`filter-${filter.key}`} maw={320}>
      {label}
    </Pill>
  );
}

export function FilterChips({ filters, onRemove, onClear }: { filters: ActiveFilter[]; onRemove: (key: FilterKey) => void; onClear: () => void }) {
  if (!filters.length) {
    return (
      <Text size="xs" c="dimmed">
        Click a row to filter by its value, or a bar to look into its period.
      </Text>
    );
  }
  return (
    <Group gap="xs" aria-label="Filters" role="group">
      {filters.map((f) => (
        <Chip key={f.key} filter={f} onRemove={() => onRemove(f.key)} />
      ))}
      {filters.length > 1 && (
        <Button size="compact-xs" variant="subtle" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
