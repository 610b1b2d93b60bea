// The Analytics page's controls: the period (presets, or any range in the calendar, which has the presets
// too), the interval of the series, comparison with the previous period and unique visitors.
import '@mantine/dates/styles.css';
import { Group, Select, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type AnalyticsInterval, type AnalyticsQuery } from '../../../shared/analytics.schema';
import { ANALYTICS_INTERVALS } from '../../../shared/enums';
import { PRESETS, presetOf, presetRange, type Preset } from './analytics-url';

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = { hour: 'Hourly', day: 'Daily', week: 'Weekly', month: 'Monthly' };
const CUSTOM = 'custom';

export interface ControlsProps {
  from: string;
  to: string;
  interval: AnalyticsInterval;
  compare: boolean;
  unique: boolean;
  now: number;
  tz: string;
  onChange: (patch: Partial<AnalyticsQuery>) => void;
}

export function AnalyticsControls({ from, to, interval, compare, unique, now, tz, onChange }: ControlsProps) {
  const preset = presetOf(from, to, now, tz);
  const presets = PRESETS.map((p) => {
    const r = presetRange(p.value, now, tz);
    return { value: [r.from, r.to] as [string, string], label: p.label };
  });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Period"
        w={170}
        allowDeselect={false}
        data={[...PRESETS.map((p) => ({ value: p.value, label: p.label })), { value: CUSTOM, label: 'Custom range', disabled: true }]}
        value={preset ?? CUSTOM}
        onChange={(v) => {
          if (!v || v === CUSTOM) return;
          const r = presetRange(v as Preset, now, tz);
          onChange({ from: r.from, to: r.to, interval: r.interval });
        }}
      />
      <DatePickerInput
        type="range"
        label="Dates"
        miw={230}
        valueFormat="MMM D, YYYY"
        allowSingleDateInRange
        presets={presets}
        maxDate={presetRange('today', now, tz).to}
        nextLabel="Next month"
        previousLabel="Previous month"
        value={[from, to]}
        onChange={([f, t]) => {
          if (f && t) onChange({ from: f.slice(0, 10), to: t.slice(0, 10) });
        }}
      />
      <Select
        label="Interval"
        w={130}
        allowDeselect={false}
        data={ANALYTICS_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))}
        value={interval}
        onChange={(v) => v && onChange({ interval: v as AnalyticsInterval })}
      />
      <Group gap="md" pb={8}>
        <Switch label="Compare with previous period" checked={compare} onChange={(e) => onChange({ compare: e.currentTarget.checked ? 'previous' : undefined })} />
        <Switch label="Unique visitors" checked={unique} onChange={(e) => onChange({ unique: e.currentTarget.checked ? 1 : undefined })} />
      </Group>
    </Group>
  );
}
