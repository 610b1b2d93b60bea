// The key picker of one targeting rule: a searchable list for the type, or a weight for rotations.
import { NumberInput, Select } from '@mantine/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import type { TargetsType } from '../../../shared/enums';
import { filterKeyOptions, keyOptions } from './target-keys';

const filter: OptionsFilter = ({ options, search }) => filterKeyOptions(options as ComboboxItem[], search);

export interface TargetKeyInputProps {
  type: TargetsType;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
}

export function TargetKeyInput({ type, value, onChange, onBlur, label, error }: TargetKeyInputProps) {
  if (type === 'rotations') {
    return (
      <NumberInput
        aria-label={label}
        placeholder="1"
        min={1}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={value === '' ? '' : Number(value)}
        onChange={(v) => onChange(v === '' ? '' : String(v))}
        onBlur={onBlur}
        error={error}
        w={110}
      />
    );
  }
  const searchable = type === 'countries' || type === 'languages';
  return (
    <Select
      aria-label={label}
      placeholder={searchable ? 'Search name or code' : 'Choose'}
      data={keyOptions(type)}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      searchable={searchable}
      filter={searchable ? filter : undefined}
      nothingFoundMessage="No match"
      error={error}
      w={{ base: '100%', xs: 210 }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
}
