// The actions column of a resource table: its visually hidden header, and per row an edit link and a
// delete button, each with a tooltip and a label that names the row ("Edit links.example.com").
import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { ActionIconLink } from '../router-links';
import { DeferredTooltip } from '../deferred-tooltip';

export function ActionsTh() {
  return (
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}

export interface RowActionsProps<TOptions = unknown> {
  /** What the row is called, for the buttons' accessible names. */
  name: string;
  /** Where the edit link goes (typed like a router <Link>); no edit link without it. */
  edit?: ValidateLinkOptions<RegisteredRouter, TOptions>;
  onDelete: () => void;
}

// TanStack Router's recipe for a typed link prop: a generic signature for callers, a plain one for the body.
export function RowActions<TOptions>(props: RowActionsProps<TOptions>): ReactNode;
export function RowActions({ name, edit, onDelete }: RowActionsProps): ReactNode {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {edit && (
          <DeferredTooltip label="Edit">
            <ActionIconLink {...edit} variant="subtle" aria-label={`Edit ${name}`}>
              <IconEdit size={18} />
            </ActionIconLink>
          </DeferredTooltip>
        )}
        <DeferredTooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </DeferredTooltip>
      </Group>
    </Table.Td>
  );
}
