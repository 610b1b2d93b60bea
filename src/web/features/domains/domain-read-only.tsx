// Another workspace's domain that the instance admin shares with every workspace: links may use it, but
// only its own workspace changes it, so its page here says so and shows what it is, without a form.
import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Domain } from '../../../shared/domain.schema';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EditorFrame } from '../../components/resource-list/editor-frame';
import { plural } from '../../components/resource-list/format';
import { SHARED_READ_ONLY } from './domain-state';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

export function DomainReadOnly({ domain }: { domain: Domain }) {
  return (
    <EditorFrame crumb={<AnchorLink to="/domains">Domains</AnchorLink>} title={domain.name}>
      <Stack>
        <Alert color="grape" variant="light" icon={<IconLock size={18} aria-hidden />} title="Shared domain" data-testid="domain-read-only">
          {SHARED_READ_ONLY}
        </Alert>
        <Fact label="Short URLs" value={`${domain.url}/…`} />
        <Fact label="Homepage URL" value={domain.homepage_url ?? '—'} />
        <Fact label="404 URL" value={domain.not_found_url ?? '—'} />
        <Fact label="Your links on it" value={plural(domain.links_count, 'link')} />
        <ButtonLink to="/domains" variant="default" style={{ alignSelf: 'flex-end' }}>
          Back to domains
        </ButtonLink>
      </Stack>
    </EditorFrame>
  );
}
