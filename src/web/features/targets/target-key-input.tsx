// The key picker of one targeting rule: a searchable list for the type, or a weight for rotations.
import type { Ref } from 'react';
import { NumberInput } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import type { TargetsType } from '../../../shared/enums';
import { ROTATION_WEIGHT } from '../../../shared/targets';
import { filterKeyOptions, keyOptions, keySearchTerms } from './target-keys';
import { countrySelectProps } from '../../components/country-flag';

const filterFor = (type: TargetsType): OptionsFilter => ({ options, search }) => filterKeyOptions(options as ComboboxItem[], search, keySearchTerms(type));
const FILTERS = { countries: filterFor('countries'), languages: filterFor('languages') };

export interface TargetKeyInputProps {
  type: TargetsType;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  /** The input element (react-hook-form focuses it: a new rule's picker, the first field in error). */
  inputRef?: Ref<HTMLInputElement>;
}

export function TargetKeyInput({ type, value, onChange, onBlur, label, error, inputRef }: TargetKeyInputProps) {
  if (type === 'rotations') {
    return (
      <NumberInput
        ref={inputRef}
        aria-label={label}
        placeholder={`${ROTATION_WEIGHT.min}–${ROTATION_WEIGHT.max}`}
        min={ROTATION_WEIGHT.min}
        max={ROTATION_WEIGHT.max}
        allowDecimal={false}
        allowNegative={false}
        // Never rewrite what was typed (strict clamping made 300 into 30): out of range is a field error instead.
        clampBehavior="none"
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
    <PickerSelect
      ref={inputRef}
      aria-label={label}
      placeholder={searchable ? 'Search name or code' : 'Choose'}
      data={keyOptions(type)}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      searchable={searchable}
      filter={searchable ? FILTERS[type] : undefined}
      nothingFoundMessage="No match"
      error={error}
      w={{ base: '100%', xs: 210 }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
      {...(type === 'countries' ? countrySelectProps(value) : {})}
    />
  );
}
