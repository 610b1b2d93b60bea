// Link history: every change to a link, through any path, is one revision. The API answers
// revisions with this schema; the dashboard's History tab reads the same type.
import { z } from 'zod';
import { pageOf, rowId, timestamp } from './common.object';

/** The ways a link is written; each revision names the one that made it. */
export const REVISION_SOURCES = ['api', 'bulk_create', 'bulk_edit', 'bulk_delete', 'import', 'undo', 'restore'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export const REVISION_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** Fields whose values never leave the server: a revision only says that they changed. */
export const SECRET_LINK_FIELDS = ['password', 'redirect_password'] as const;

export const revisionChangeObject = z
  .object({
    field: z.string().meta({ examples: ['url'] }),
    old: z.unknown().meta({ description: 'The value before (null for a new link or a secret field).' }),
    new: z.unknown().meta({ description: 'The value after (null for a deleted link or a secret field).' }),
    redacted: z.boolean().meta({ description: 'True for passwords: the values are not shown, only that they changed.' }),
  })
  .meta({ id: 'LinkRevisionChange', description: 'One field of a link, before and after a change.' });

export const revisionObject = z
  .object({
    id: rowId(),
    link_id: rowId(),
    action: z.enum(REVISION_ACTIONS).meta({ description: 'create, update, delete, or restore (a revision brought back).' }),
    source: z.enum(REVISION_SOURCES).meta({ description: 'The path that made the change: the API, a bulk create, edit or delete, an import, an undo, or a restore.' }),
    actor: z.object({ id: rowId(), name: z.string() }).nullable().meta({ description: 'Who made it (null once that user is deleted).' }),
    changes: z.array(revisionChangeObject).meta({ description: 'Only the fields that changed, in the order of the link object.' }),
    restored_from: rowId().nullable().meta({ description: 'For a restore: the revision whose state was brought back.' }),
    created_at: timestamp(),
  })
  .meta({ id: 'LinkRevision', description: "One change to a link. A link's revisions are kept while it exists and for HISTORY_DAYS after it is deleted." });

export const revisionPageObject = pageOf(revisionObject, 'LinkRevisionPage', 'link revision');

export type LinkRevision = z.output<typeof revisionObject>;
export type LinkRevisionChange = z.output<typeof revisionChangeObject>;
