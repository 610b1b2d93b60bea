// The input of the dashboard's own select (a DeferredSelect): one InputBase, with the chevron, a clear button beside
// it while there is a value to clear, and a closed combobox's attributes. The stand-in (deferred-select.tsx) and the
// real select (deferred-select-real.tsx, Mantine's Combobox and useCombobox) both render it, so nothing moves when
// one takes the other's place. Only Mantine's public components and props: no Combobox here (it would bring
// Popover and floating-ui into the page's first load).
import type { CSSProperties } from 'react';
import { ComboboxChevron, ComboboxClearButton, type InputBaseProps, type MantineSize } from '@mantine/core';

export interface DeferredSelectProps {
  'aria-label': string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  title?: string;
  style?: CSSProperties;
  w?: number;
  size?: MantineSize;
  clearable?: boolean;
  searchable?: boolean;
  /** Picking the chosen option again clears the value (true by default, as in Mantine's Select). */
  allowDeselect?: boolean;
  /** Every pick, the current value too. */
  onOptionSubmit?: (value: string) => void;
  /** The dropdown's own options (e.g. withinPortal). */
  comboboxProps?: { withinPortal?: boolean };
}

/** The gap between a clear button and the chevron, by input size (px). */
const CLEAR_OFFSET: Record<MantineSize, number> = { xs: 7, sm: 8, md: 10, lg: 12, xl: 15 };

/** The label shown for a value ('' without one, or when the value is among no option). */
export const labelOf = (data: DeferredSelectProps['data'], value: string | null) => data.find((o) => o.value === value)?.label ?? '';

/** The InputBase props the select's look is made of; `onClear` empties the value. */
export function selectInputProps(
  props: DeferredSelectProps,
  onClear: () => void,
): InputBaseProps & Pick<DeferredSelectProps, 'aria-label' | 'placeholder' | 'title'> & { readOnly: boolean } {
  const { size = 'sm', clearable = false, searchable = false, value } = props;
  const chevron = <ComboboxChevron size={size} error={null} />;
  const clear = clearable && value !== null;
  return {
    'aria-label': props['aria-label'],
    placeholder: props.placeholder,
    title: props.title,
    style: props.style,
    w: props.w,
    size,
    readOnly: !searchable,
    pointer: !searchable,
    rightSectionPointerEvents: 'none',
    rightSection: clear ? (
      <div data-combined-clear-section style={{ display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: CLEAR_OFFSET[size] }}>
        <ComboboxClearButton onClear={onClear} />
        {chevron}
      </div>
    ) : (
      chevron
    ),
  };
}
