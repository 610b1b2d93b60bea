// A Mantine Tooltip that is not part of its page's first load (Tooltip brings floating-ui): the element is
// rendered as it is, and the first time a mouse points at it the tooltip loads (a shared lazy chunk) and is
// attached to it (Tooltip's `target`), open at once while the pointer is still there. Touch, as with Mantine's
// default events, shows none. With `describes`, the label is also the element's accessible description from
// the start (a hidden element named by aria-describedby), so a screen reader or keyboard user gets what the
// mouse user hovers for; without it the label only repeats the element's name (an icon button's aria-label).
import { cloneElement, useId, useState, type PointerEvent, type ReactElement, type Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { deferredModule, useDeferred } from './handover';
import type * as RealModule from './deferred-tooltip-real';

const realTooltip = deferredModule(() => import('./deferred-tooltip-real'));

interface ChildProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
}

export interface DeferredTooltipProps {
  label: string;
  /** One element that takes a ref and pointer handlers (an ActionIcon, a badge…), as with Tooltip. */
  children: ReactElement<ChildProps>;
  /** The label says more than the element's name (a badge's date): it becomes its description. */
  describes?: boolean;
}

export function DeferredTooltip({ label, children, describes = false }: DeferredTooltipProps) {
  const { real, want } = useDeferred<typeof RealModule, HTMLElement>(realTooltip);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const ref = useMergedRef(children.props.ref, setElement);
  const id = useId();
  const target = cloneElement(children, {
    ref,
    ...(describes ? { 'aria-describedby': [children.props['aria-describedby'], id].filter(Boolean).join(' ') } : {}),
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(e);
      if (e.pointerType !== 'touch') want();
    },
  });
  return (
    <>
      {target}
      {describes && (
        <span id={id} hidden>
          {label}
        </span>
      )}
      {real && element && <real.RealTooltip label={label} target={element} />}
    </>
  );
}
