// Link status badge: Active, Scheduled (active, start ahead), Expired, Disabled.
import { Badge, Tooltip } from '@mantine/core';
import type { StatusInput } from '../../shared/link-status';
import { statusLabel, type StatusLabel } from '../lib/status-label';
import { LightBadge, type LightVars } from './light-controls';

const COLORS: Record<StatusLabel, string> = { Active: 'green', Scheduled: 'blue', Expired: 'orange', Disabled: 'gray' };

/** `vars`: in long tables, a light badge with the same markup (components/light-controls.tsx). */
export function StatusBadge({ link, vars }: { link: StatusInput; vars?: LightVars }) {
  const label = statusLabel(link);
  const badge = vars ? (
    <LightBadge color={COLORS[label]} variant="light" data-status={label} vars={vars}>
      {label}
    </LightBadge>
  ) : (
    <Badge color={COLORS[label]} variant="light" data-status={label}>
      {label}
    </Badge>
  );
  if (label !== 'Scheduled' || !link.active_period_start_at) return badge;
  return <Tooltip label={`Starts ${new Date(link.active_period_start_at).toLocaleString()}`}>{badge}</Tooltip>;
}

/** A generic coloured badge for other resources (e.g. roles, pixel types). */
export function LabelBadge({ label, color = 'gray' }: { label: string; color?: string }) {
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
