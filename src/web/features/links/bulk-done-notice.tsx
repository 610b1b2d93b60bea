// What a bulk action left aside, for its notification (operations/undo-notice.tsx, which offers the Undo): selected
// links gone meanwhile, and links a bulk edit left as they were.
import { Text } from '@mantine/core';
import { plural } from '../../components/resource-list/format';

/** `missing`: selected links gone meanwhile; `skipped`: links a bulk edit left as they were (they could not take the change). */
export function BulkNotes({ missing, skipped = 0, changed }: { missing: number; skipped?: number; changed: boolean }) {
  return (
    <>
      {missing > 0 && <Text size="sm">{plural(missing, 'selected link')} no longer existed.</Text>}
      {skipped > 0 && <Text size="sm">{plural(skipped, 'link')} left as {skipped === 1 ? 'it was' : 'they were'}: the change would have made {skipped === 1 ? 'it' : 'them'} invalid.</Text>}
      {!changed && <Text size="sm">Nothing changed.</Text>}
    </>
  );
}
