// The links list's Export button. The menu (Mantine's Menu, Popover and floating-ui) is not part of the list's
// first load: this stand-in, the same button, loads it when pressed (preloads it when pointed at), and the real
// menu (export-menu-real.tsx) takes its place, its focus and the click, so that it opens at once.
import { Button } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { deferredModule, useDeferred } from '../../components/handover';
import type * as RealModule from './export-menu-real';

export interface ExportMenuProps {
  query: LinkListQuery;
  /** The list is filtered: the menu says "links matching the filters" rather than "all links". */
  filtered: boolean;
}

const realMenu = deferredModule(() => import('./export-menu-real'));

export function ExportMenu(props: ExportMenuProps) {
  const { real, handover, want } = useDeferred<typeof RealModule, HTMLButtonElement>(realMenu);
  if (real) return <real.RealExportMenu {...props} handover={handover} />;
  return (
    <Button
      variant="default"
      aria-haspopup="menu"
      aria-expanded={false}
      leftSection={<IconDownload size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      onPointerEnter={realMenu.preload}
      onFocus={handover.onFocus}
      onBlur={handover.onBlur}
      onClick={() => want((el) => el.click(), true)}
    >
      Export
    </Button>
  );
}
