// What an audit entry acted on, linked to its page while it still exists: a link's details, a domain's, space's or
// pixel's editor, a webhook's page, the links with a tag, an import. Whether it exists is the answer of its detail
// query (the one its page reads, so following the link shows it at once); a 404 says it is gone. Objects without a
// page of their own (a saved view, a template, a member...) are named without a link.
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditObject } from '../../../shared/objects/audit.object';
import { ApiError } from '../../lib/api-client';
import { AnchorLink } from '../../components/router-links';
import { linkQueries } from '../links/links.queries';
import { domainQueries } from '../domains/domains.queries';
import { spaceQueries } from '../spaces/spaces.queries';
import { pixelQueries } from '../pixels/pixels.queries';
import { tagQueries } from '../tags/tags.queries';
import { webhookQueries } from '../webhooks/webhooks.queries';
import { importJobQueryOptions } from '../imports/imports.queries';
import { objectWord } from './audit-text';

interface Check {
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
}

const check = (o: { queryKey: readonly unknown[]; queryFn?: unknown }): Check => ({ queryKey: o.queryKey, queryFn: o.queryFn as () => Promise<unknown> });

/** The detail query of an object that has a page, or null. */
function checkOf(object: AuditObject, id: number): Check | null {
  switch (object) {
    case 'link':
      return check(linkQueries.detail(id));
    case 'domain':
      return check(domainQueries.detail(id));
    case 'space':
      return check(spaceQueries.detail(id));
    case 'pixel':
      return check(pixelQueries.detail(id));
    case 'tag':
      return check(tagQueries.detail(id));
    case 'webhook':
      return check(webhookQueries.detail(id));
    case 'import':
      return check(importJobQueryOptions(id));
    default:
      return null;
  }
}

const NONE: Check = { queryKey: ['audit-log', 'no-page'], queryFn: () => Promise.resolve(null) };

function Target({ object, id, label, data }: { object: AuditObject; id: number; label: string; data: unknown }) {
  const common = { size: 'xs', 'data-testid': 'audit-object-link' } as const;
  switch (object) {
    case 'link':
      return <AnchorLink {...common} to="/links/$linkId" params={{ linkId: id }}>{label}</AnchorLink>;
    case 'domain':
      return <AnchorLink {...common} to="/domains/$domainId/edit" params={{ domainId: id }}>{label}</AnchorLink>;
    case 'space':
      return <AnchorLink {...common} to="/spaces/$spaceId/edit" params={{ spaceId: id }}>{label}</AnchorLink>;
    case 'pixel':
      return <AnchorLink {...common} to="/pixels/$pixelId/edit" params={{ pixelId: id }}>{label}</AnchorLink>;
    case 'webhook':
      return <AnchorLink {...common} to="/webhooks/$webhookId" params={{ webhookId: id }}>{label}</AnchorLink>;
    case 'import':
      return <AnchorLink {...common} to="/links/import" search={{ job: id }}>{label}</AnchorLink>;
    case 'tag': {
      const name = (data as { name?: unknown } | null)?.name;
      return typeof name === 'string' ? (
        <AnchorLink {...common} to="/links" search={{ tag: name }}>{`${label}: its links`}</AnchorLink>
      ) : (
        <Text size="xs">{label}</Text>
      );
    }
    default:
      return <Text size="xs">{label}</Text>;
  }
}

/** "Link #12" as a link to its page, "Link #12 (deleted)" once it is gone, plain text while that is not known. */
export function AuditObjectLink({ object, id }: { object: AuditObject; id: number }) {
  const found = checkOf(object, id);
  const q = useQuery({ ...(found ?? NONE), enabled: found !== null, retry: false, refetchInterval: false });
  const label = `${objectWord(object)} #${id}`;
  if (found && q.isSuccess) return <Target object={object} id={id} label={label} data={q.data} />;
  const gone = q.error instanceof ApiError && q.error.status === 404;
  return (
    <Text size="xs" c="dimmed" data-testid="audit-object">
      {gone ? `${label} (deleted)` : label}
    </Text>
  );
}
