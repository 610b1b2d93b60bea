// A select that is not part of its page's first load: until it is used, a stand-in with the select's input (the
// same InputBase, chevron and clear button: select-input.tsx, without Combobox, Popover and floating-ui) shows the
// same value; the first click or key loads the real select (deferred-select-real.tsx, a shared lazy chunk), which
// takes the stand-in's place, the focus and the pending interaction (the click that opens it, the keys that open it
// or move in it, the text typed into a searchable one). Pointing at it preloads it. deferred-select.test.tsx checks
// that the stand-in renders what the real select renders, closed.
import { useState, type KeyboardEvent } from 'react';
import { InputBase } from '@mantine/core';
import { deferredModule, useDeferred, type Handover } from './handover';
import { labelOf, selectInputProps, type DeferredSelectProps } from './select-input';
import type * as RealModule from './deferred-select-real';

const realSelect = deferredModule(() => import('./deferred-select-real'));

/** Keys a select's input handles when closed: arrows open it, Enter and Space open a non-searchable one. */
function opensOn(e: KeyboardEvent, searchable: boolean): boolean {
  if (e.nativeEvent.isComposing) return false;
  if (e.code === 'ArrowDown' || e.code === 'ArrowUp') return true;
  return !searchable && (e.code === 'Enter' || e.code === 'NumpadEnter' || e.code === 'Space');
}

type Replay = (el: HTMLInputElement) => void;

function SelectStandIn({ handover, onWant, ...props }: DeferredSelectProps & { handover: Handover<HTMLInputElement>; onWant: (replay: Replay, later?: boolean) => void }) {
  const searchable = props.searchable ?? false;
  // Text typed into a searchable stand-in (null: it shows the value's label, as the real one does).
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <InputBase
      {...selectInputProps(props, () => {
        setTyped(null);
        props.onChange(null);
      })}
      // What Combobox.Target gives the real input while closed.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      value={typed ?? labelOf(props.data, props.value)}
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
  );
}

/** A select (the props the dashboard's filters use) that loads when first used. */
export function DeferredSelect(props: DeferredSelectProps) {
  const { real, handover, want } = useDeferred<typeof RealModule, HTMLInputElement>(realSelect);
  if (real) return <real.RealSelect {...props} handover={handover} />;
  return <SelectStandIn {...props} handover={handover} onWant={want} />;
}
