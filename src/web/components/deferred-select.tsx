// A Mantine Select that is not part of its page's first load: until it is used, a stand-in with the Select's
// markup (an InputBase with its classes, chevron, clear button and combobox attributes, without Combobox,
// Popover and floating-ui) shows the same value; the first click or key loads the real Select (a shared lazy
// chunk), which takes the stand-in's place, the focus and the pending interaction (the click that opens it,
// the keys that open it or move in it, the text typed into a searchable one). Pointing at it preloads it.
// deferred-select.test.tsx checks the stand-in's markup against Mantine's Select.
import { useId, useState, type KeyboardEvent } from 'react';
import { ComboboxChevron, InputBase, InputClearButton, type SelectProps } from '@mantine/core';
import { deferredModule, useDeferred, type Handover } from './handover';
import type * as RealModule from './deferred-select-real';

const realSelect = deferredModule(() => import('./deferred-select-real'));

export interface DeferredSelectProps
  extends Pick<SelectProps, 'placeholder' | 'title' | 'style' | 'w' | 'size' | 'clearable' | 'searchable' | 'allowDeselect' | 'onOptionSubmit' | 'comboboxProps'> {
  'aria-label': string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Keys a Select's target handles when closed: arrows open it, Enter and Space open a non-searchable one. */
function opensOn(e: KeyboardEvent, searchable: boolean): boolean {
  if (e.nativeEvent.isComposing) return false;
  if (e.code === 'ArrowDown' || e.code === 'ArrowUp') return true;
  return !searchable && (e.code === 'Enter' || e.code === 'NumpadEnter' || e.code === 'Space');
}

type Replay = (el: HTMLInputElement) => void;

function SelectStandIn({ handover, onWant, ...props }: DeferredSelectProps & { handover: Handover<HTMLInputElement>; onWant: (replay: Replay, later?: boolean) => void }) {
  const { data, value, onChange, clearable, searchable = false, size, placeholder, title, style, w } = props;
  const id = useId();
  const label = data.find((o) => o.value === value)?.label ?? '';
  // Text typed into a searchable stand-in (null: it shows the value's label, as the Select does).
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <>
      <InputBase
        id={id}
        aria-label={props['aria-label']}
        placeholder={placeholder}
        title={title}
        style={style}
        w={w}
        size={size}
        __staticSelector="Select"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        readOnly={!searchable}
        pointer={!searchable}
        value={typed ?? label}
        rightSectionPointerEvents="none"
        __defaultRightSection={<ComboboxChevron size={size ?? 'sm'} error={null} />}
        __clearSection={
          <InputClearButton
            tabIndex={-1}
            aria-hidden
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setTyped(null);
              onChange(null);
            }}
          />
        }
        __clearable={!!clearable && value !== null}
        onPointerEnter={realSelect.preload}
        onFocus={handover.onFocus}
        onBlur={handover.onBlur}
        onClick={() => onWant((el) => el.click(), true)}
        onKeyDown={(e) => {
          if (!opensOn(e, searchable)) return;
          e.preventDefault();
          const { key, code } = e;
          onWant((el) => el.dispatchEvent(new window.KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true })), true);
        }}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setTyped(text);
          onWant((el) => {
            // The real input gets the same text as if typed there: its search filters the options and opens them.
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, text);
            el.dispatchEvent(new Event('input', { bubbles: true }));
          });
        }}
      />
      <input type="hidden" value={value ?? ''} />
    </>
  );
}

/** A Select (the props the dashboard's filters use) that loads when first used. */
export function DeferredSelect(props: DeferredSelectProps) {
  const { real, handover, want } = useDeferred<typeof RealModule, HTMLInputElement>(realSelect);
  if (real) return <real.RealSelect {...props} handover={handover} />;
  return <SelectStandIn {...props} handover={handover} onWant={want} />;
}
