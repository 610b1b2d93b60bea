// Hosts that rows of the file name and that are none of the workspace's domains (a Shlink or Kutt export names
// its own short domain): each with its row count and where its rows go, for the whole file. Until a host is
// placed, its rows fail; a change runs the dry run again with the mapping, and the import sends the same.
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { IconWorldQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DomainMapEntry, ImportDryRun } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { domainQueries } from '../domains/domains.queries';

export type ImportHost = ImportDryRun['unknown_hosts'][number];

const DEFAULT = 'default';

export function DomainMapPicker({ hosts, map, onChange, json }: { hosts: ImportHost[]; map: DomainMapEntry[]; onChange: (map: DomainMapEntry[]) => void; json: boolean }) {
  const domains = useQuery(domainQueries.lookup());
  const data = [{ value: DEFAULT, label: 'Default domain' }, ...(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))];
  const place = (host: string, value: string | null) => {
    const rest = map.filter((m) => m.host !== host);
    onChange(value === null ? rest : [...rest, { host, domain_id: value === DEFAULT ? null : Number(value) }]);
  };
  return (
    <Alert color="orange" variant="light" icon={<IconWorldQuestion size={18} aria-hidden />} title="Short domains of the old shortener" data-testid="unknown-hosts">
      <Stack gap="sm">
        <Text size="sm">
          These hosts are not among your domains: their rows fail until you choose a domain for them. The choice applies to the whole file.
        </Text>
        {hosts.map((h) => {
          const entry = map.find((m) => m.host === h.host);
          const value = entry ? (entry.domain_id === null ? DEFAULT : String(entry.domain_id)) : null;
          return (
            <Group key={h.host} gap="sm" wrap="wrap" align="center" data-testid="unknown-host" data-host={h.host}>
              <Text size="sm" style={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
                {plural(h.rows, json ? 'item' : 'row')} name <b>{h.host}</b>, which is not one of your domains (first on {json ? 'item' : 'line'} {h.first_line}).
                Put them on:
              </Text>
              <Select
                aria-label={`Domain for the rows naming ${h.host}`}
                placeholder="Choose a domain"
                data={data}
                value={value}
                clearable
                searchable
                w={{ base: '100%', xs: 240 }}
                onChange={(v) => place(h.host, v)}
              />
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}

/** The hosts seen for this file so far: a mapped host leaves `unknown_hosts`, but keeps its place and count here. */
export function mergeHosts(seen: ImportHost[], found: ImportHost[]): ImportHost[] {
  const fresh = found.filter((f) => !seen.some((s) => s.host === f.host));
  return fresh.length ? [...seen, ...fresh] : seen;
}
