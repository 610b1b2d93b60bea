// The `https` choice of a domain: a switch, what its short URLs will look like, and (on a domain that already has
// links) what changing it does to them.
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { domainUrl } from '../../../shared/domain.schema';
import { plural } from '../../components/resource-list/format';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  /** The domain's name, or what has been typed so far. */
  host: string;
  /** On the edit page: the saved choice and how many links use the domain. */
  saved?: { https: boolean; linksCount: number };
}

export function SchemeSwitch({ checked, onChange, onBlur, host, saved }: Props) {
  const changed = saved !== undefined && saved.https !== checked && saved.linksCount > 0;
  return (
    <Stack gap={4}>
      <Switch
        label="Use https for short URLs"
        description="Short URLs and QR codes of this domain start with https://. Turn it off only if the domain has no TLS certificate yet; browsers warn about plain http."
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        onBlur={onBlur}
      />
      <Text size="sm" c="dimmed" data-testid="domain-url-example" style={{ overflowWrap: 'anywhere' }}>
        Short URLs look like {domainUrl(host || 'your.domain', checked ? 1 : 0)}/summer-sale
      </Text>
      {changed && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="domain-scheme-change">
          The short URLs and QR codes of its {plural(saved.linksCount, 'link')} will start with {checked ? 'https' : 'http'}:// once saved. QR codes already
          printed keep the old address.
        </Alert>
      )}
    </Stack>
  );
}
