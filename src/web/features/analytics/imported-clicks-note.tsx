// The note beside a counted total: "plus 1,234 clicks imported before Oct 1, 2026" (imported-clicks.ts);
// "including …" under a link's all-time clicks, which hold them.
import { Text } from '@mantine/core';
import type { ImportedClicks } from '../../../shared/analytics.schema';
import { importedText } from './imported-clicks';

/** Nothing when there are no imported clicks. `included`: the total above counts them (a link's `clicks`). */
export function ImportedClicksNote({ imported, included = false, testId = 'imported-clicks' }: { imported: ImportedClicks | undefined; included?: boolean; testId?: string }) {
  const text = importedText(imported);
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" fw={400} data-testid={testId}>
      {included ? 'including' : 'plus'} {text}
    </Text>
  );
}
