// Scheduled backups on the admin page: the age of the last good one, a warning when the last one failed or
// none is recent. Reads GET /health (public, outside the API); shows nothing when backups are not scheduled.
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BackupHealth } from '../../../shared/backup-health';
import { backupStatusText } from './backup-status-text';

async function fetchHealth(): Promise<{ status: string; backup?: BackupHealth }> {
  const res = await fetch('/health', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /health: HTTP ${res.status}`);
  return (await res.json()) as { status: string; backup?: BackupHealth };
}

export function BackupStatus() {
  const health = useQuery({ queryKey: ['health'], queryFn: fetchHealth, refetchInterval: 60_000 });
  const backup = health.data?.backup;
  if (!backup) return null;
  const text = backupStatusText(backup);
  if (text.tone === 'ok') {
    return (
      <Text size="sm" c="dimmed" mb="sm" data-testid="backup-status">
        {text.title}. {text.detail}
      </Text>
    );
  }
  return (
    <Alert color={text.tone === 'failed' ? 'red' : 'yellow'} title={text.title} mb="sm" data-testid="backup-status">
      {text.detail}
    </Alert>
  );
}
