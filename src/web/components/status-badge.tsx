// Link status badge: Active, Scheduled (active, start ahead), Expired, Disabled (shared linkStatusLabel).
import { Badge } from '@mantine/core';
import { DeferredTooltip } from './deferred-tooltip';
import { linkStatusLabel, type LinkStatusLabel, type StatusInput } from '../../shared/link-status';
import { LightBadge, type LightVars } from './light-controls';
import classes from './status-badge.module.css';

const COLORS: Record<LinkStatusLabel, string> = { Active: 'green', Scheduled: 'blue', Expired: 'orange', Disabled: 'gray' };

/**
 * `vars`: in long tables, a light badge with the same markup (components/light-controls.tsx).
 * The badge never shrinks (status-badge.module.css): a long title beside it, or long cells in its row,
 * cannot cut its word off.
 */
export function StatusBadge({ link, vars }: { link: StatusInput; vars?: LightVars }) {
  const label = linkStatusLabel(link);
  const badge = vars ? (
    <LightBadge color={COLORS[label]} variant="light" data-status={label} vars={vars} className={classes.badge}>
      {label}
    </LightBadge>
  ) : (
    <Badge color={COLORS[label]} variant="light" data-status={label} className={classes.badge}>
      {label}
    </Badge>
  );
  if (label !== 'Scheduled' || !link.active_period_start_at) return badge;
  return <DeferredTooltip describes label={`Starts ${new Date(link.active_period_start_at).toLocaleString()}`}>{badge}</DeferredTooltip>;
}

/** A generic coloured badge for other resources (e.g. roles, pixel types). */
export function LabelBadge({ label, color = 'gray' }: { label: string; color?: string }) {
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
