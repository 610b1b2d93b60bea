// Examples of the API document's bulk update; typed, so they stay true to the schemas.
import type { z } from 'zod';
import type { BulkUpdateBody } from '../../shared/bulk.schema';
import type { bulkUpdateResultObject } from '../../shared/objects/bulk.object';

export const bulkUpdateExample: Partial<BulkUpdateBody> = {
  ids: [42, 43, 44],
  set: { space_id: 5, add_tags: ['spring'], active_period_end_at: '2026-12-31T23:59:00.000Z' },
};

export const bulkUpdateResultExample: { data: z.output<typeof bulkUpdateResultObject>; status: 200 } = {
  data: {
    count: 3,
    operation: {
      id: 12,
      type: 'update',
      object: 'link',
      object_id: null,
      label: null,
      summary: 'Changed 3 links',
      count: 3,
      selection: { ids: [42, 43, 44] },
      changes: { space_id: 5, add_tags: ['spring'], active_period_end_at: '2026-12-31T23:59:00.000Z' },
      created_at: '2026-11-20T09:30:00.000Z',
      undo_until: '2026-11-21T09:30:00.000Z',
      undone_at: null,
      undoable: true,
      state: 'done',
      progress: { done: 3, total: 3 },
      job: null,
    },
    skipped: 0,
  },
  status: 200,
};
