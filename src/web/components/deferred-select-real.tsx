// The real select behind a DeferredSelect (deferred-select.tsx), loaded when one is first used: Mantine's Combobox and
// useCombobox around the same input as the stand-in's (select-input.tsx), with the options of Mantine's Select (a
// check on the chosen one, filtered by the typed text in a searchable one, in a scroll area). It takes over from the
// stand-in once mounted: the focus, then the click or keys that opened it. When the typed text leaves one option,
// Enter picks it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CheckIcon, Combobox, InputBase, ScrollArea, defaultOptionsFilter, useCombobox, type ComboboxItem } from '@mantine/core';
import type { Handover } from './handover';
import { labelOf, selectInputProps, type DeferredSelectProps } from './select-input';

export function RealSelect({ handover, ...props }: DeferredSelectProps & { handover: Handover<HTMLInputElement> }) {
  const { data, value, onChange, searchable = false, allowDeselect = true, onOptionSubmit, comboboxProps, size = 'sm' } = props;
  const input = useRef<HTMLInputElement>(null);
  const label = labelOf(data, value);
  // The input's text: the value's label, or what is typed into a searchable select.
  const [search, setSearch] = useState(label);
  // The value changed from outside (the URL): its label again.
  const [labelShown, setLabelShown] = useState(label);
  if (labelShown !== label) {
    setLabelShown(label);
    setSearch(label);
  }

  const combobox = useCombobox({
    // Opening shows the chosen option (ArrowDown selects it); closing forgets the keyboard's place.
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active', { scrollIntoView: true }),
    onDropdownClose: () => window.setTimeout(combobox.resetSelectedOption, 0),
  });
  const type = (text: string) => {
    setSearch(text);
    combobox.resetSelectedOption();
  };

  useLayoutEffect(() => handover.takeFocus(input.current), [handover]);
  useEffect(() => handover.takeOver(input.current), [handover]);

  const filtering = searchable && search !== label;
  const options = defaultOptionsFilter({ options: data, search: filtering ? search : '', limit: Infinity }) as ComboboxItem[];
  // Typing that leaves one option marks it, so that Enter picks it (the combobox's Enter clicks the marked option).
  const onlyOne = filtering && options.length === 1 ? options[0]?.value : undefined;
  useEffect(() => {
    if (onlyOne !== undefined) combobox.selectFirstOption();
  }, [onlyOne, search, combobox]);

  const pick = (picked: string) => {
    onOptionSubmit?.(picked);
    const next = allowDeselect && picked === value ? null : picked;
    if (next !== value) onChange(next);
    type(labelOf(data, next));
    combobox.closeDropdown();
  };

  return (
    <Combobox
      store={combobox}
      size={size}
      onOptionSubmit={pick}
      {...comboboxProps}
    >
      <Combobox.Target targetType={searchable ? 'input' : 'button'} withExpandedAttribute autoComplete="off">
        <InputBase
          ref={input}
          {...selectInputProps(props, () => {
            onChange(null);
            type('');
          })}
          value={search}
          onChange={(e) => {
            type(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onKeyDown={(e) => {
            // The one option left, before the effect above marked it (the dropdown opening on this very keystroke).
            const enter = e.nativeEvent.code === 'Enter' || e.nativeEvent.code === 'NumpadEnter';
            if (enter && !e.nativeEvent.isComposing && onlyOne !== undefined && combobox.getSelectedOptionIndex() === -1) {
              e.preventDefault();
              pick(onlyOne);
            }
          }}
          onFocus={() => searchable && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            type(label);
          }}
          onClick={() => (searchable ? combobox.openDropdown() : combobox.toggleDropdown())}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0} data-composed>
        <Combobox.Options aria-label={props['aria-label']}>
          <ScrollArea.Autosize mah={220} type="scroll" scrollbarSize="var(--combobox-padding)" offsetScrollbars="y">
            {options.map((o) => {
              const checked = o.value === value;
              return (
                <Combobox.Option key={o.value} value={o.value} className={Combobox.classes.optionsDropdownOption} data-checked={checked || undefined} aria-selected={checked} active={checked}>
                  {checked && <CheckIcon className={Combobox.classes.optionsDropdownCheckIcon} />}
                  <span>{o.label}</span>
                </Combobox.Option>
              );
            })}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
