// "Export" on the links list: every link matching the list's current filters (not only this page), as CSV or
// JSON, saved under the server's file name. Failures show as a notification. Loaded when the stand-in
// (export-menu.tsx) is first used; it takes over from it once mounted (the focus, then the click that opens it).
import { useEffect, useRef, useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { downloadFromApi } from '../../lib/download';
import { notify } from '../../components/resource-list/notify';
import { exportQuery, type ExportFormat } from './export-query';
import type { Handover } from '../../components/handover';
import type { ExportMenuProps } from './export-menu';

export function RealExportMenu({ query, filtered, handover }: ExportMenuProps & { handover: Handover<HTMLButtonElement> }) {
  const [busy, setBusy] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => handover.takeOver(target.current), [handover]);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadFromApi('/links/export', exportQuery(query, format), `linkdeck-links.${format}`);
    } catch (e) {
      notify.failure('Export failed', e instanceof Error ? e.message : 'The export could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  const scope = filtered ? 'links matching the filters' : 'all links';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button ref={target} variant="default" loading={busy} leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Download {scope}</Menu.Label>
        <Menu.Item onClick={() => void run('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => void run('json')}>JSON</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
