// A date and time picked in the browser's time zone (named under the label) and handed over as a UTC ISO
// string: the link editor's active period and the targeting preview's visit time.
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';

export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface LocalDateTimePickerProps {
  label: string;
  /** UTC ISO string, or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  placeholder: string;
  /** Accessible names of the clear and apply buttons (default: "Clear <label>", "Apply <label>"). */
  clearLabel?: string;
  applyLabel?: string;
  error?: string;
  id?: string;
  miw?: number;
}

export function LocalDateTimePicker({ label, value, onChange, placeholder, clearLabel, applyLabel, error, id, miw }: LocalDateTimePickerProps) {
  return (
    <DateTimePicker
      label={label}
      description={`Your time zone (${TIME_ZONE})`}
      placeholder={placeholder}
      clearable
      valueFormat="YYYY-MM-DD HH:mm"
      id={id}
      popoverProps={id ? { id } : undefined}
      hideOutsideDates
      weekendDays={[]}
      clearButtonProps={{ 'aria-label': clearLabel ?? `Clear ${label.toLowerCase()}` }}
      submitButtonProps={{ 'aria-label': applyLabel ?? `Apply ${label.toLowerCase()}` }}
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
      nextLabel="Next month"
      previousLabel="Previous month"
      value={value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null}
      onChange={(v) => onChange(v ? dayjs(v).toISOString() : null)}
      error={error}
      miw={miw}
    />
  );
}
