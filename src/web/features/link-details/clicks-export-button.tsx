// "Download clicks (CSV)" on a link's details page: the link's raw clicks in the period the page shows.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFromApi } from '../../lib/download';
import { notify } from '../../components/resource-list/notify';

export function ClicksExportButton({ linkId, from, to }: { linkId: number; from: string; to: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFromApi('/stats/export', { link_id: linkId, from, to }, `linkdeck-clicks-${linkId}.csv`);
    } catch (e) {
      notify.failure('Download failed', e instanceof Error ? e.message : 'The clicks could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={() => void run()} leftSection={<IconDownload size={16} aria-hidden />}>
      Download clicks (CSV)
    </Button>
  );
}
