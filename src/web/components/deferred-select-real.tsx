// The real Select behind a DeferredSelect (deferred-select.tsx), loaded when one is first used: it takes over
// from the stand-in once mounted (the focus, then the click or keys that opened it).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Select } from '@mantine/core';
import type { Handover } from './handover';
import type { DeferredSelectProps } from './deferred-select';

export function RealSelect({ handover, ...props }: DeferredSelectProps & { handover: Handover<HTMLInputElement> }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => handover.takeFocus(input.current), [handover]);
  useEffect(() => handover.takeOver(input.current), [handover]);
  return <Select ref={input} {...props} />;
}
