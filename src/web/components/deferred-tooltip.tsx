// A Mantine Tooltip that is not part of its page's first load (Tooltip brings floating-ui): the element is
// rendered as it is, and the first time a mouse points at it the tooltip loads (a shared lazy chunk) and is
// attached to it (Tooltip's `target`), open at once while the pointer is still there. Touch, as with Mantine's
// default events, shows none.
import { cloneElement, useState, type PointerEvent, type ReactElement, type Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { deferredModule, useDeferred } from './handover';
import type * as RealModule from './deferred-tooltip-real';

const realTooltip = deferredModule(() => import('./deferred-tooltip-real'));

interface ChildProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
}

export interface DeferredTooltipProps {
  label: string;
  /** One element that takes a ref and pointer handlers (an ActionIcon, a badge…), as with Tooltip. */
  children: ReactElement<ChildProps>;
}

export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const { real, want } = useDeferred<typeof RealModule, HTMLElement>(realTooltip);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const ref = useMergedRef(children.props.ref, setElement);
  const target = cloneElement(children, {
    ref,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(e);
      if (e.pointerType !== 'touch') want();
    },
  });
  return (
    <>
      {target}
      {real && element && <real.RealTooltip label={label} target={element} />}
    </>
  );
}
