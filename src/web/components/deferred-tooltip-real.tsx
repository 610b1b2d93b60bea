// The Tooltip behind a DeferredTooltip (deferred-tooltip.tsx), loaded when one is first pointed at: attached to
// the element, open at once if the pointer is still over it.
import { Tooltip } from '@mantine/core';

export function RealTooltip({ label, target }: { label: string; target: HTMLElement }) {
  return <Tooltip label={label} target={target} defaultOpened={target.matches(':hover')} />;
}
