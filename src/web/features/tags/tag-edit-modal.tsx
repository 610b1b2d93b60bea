// Creating, renaming and recolouring a tag in a modal on the tags page (a tag has only a name and a colour).
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { TAG_NAME_MAX, type Tag } from '../../../shared/tag.schema';
import { ApiError } from '../../lib/api-client';
import { capitalised, mapApiErrors } from '../../lib/field-errors';
import { notify } from '../../components/resource-list/notify';
import { SpaceColorPicker } from '../spaces/space-color';
import { tagQueries } from './tags.queries';

/** `tag`: the one to edit; null: a new one. */
export function TagEditModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? 1);
  const create = tagQueries.useCreate();
  const update = tagQueries.useUpdate();
  const save = tag ? update : create;
  const mapped = save.error instanceof ApiError && save.error.status === 422 ? mapApiErrors(save.error.errors, { fields: ['name', 'color'] }) : null;
  const errorOf = (field: 'name' | 'color') => {
    const found = mapped?.fields.find((f) => f.path === field);
    return found && capitalised(found.message);
  };
  const other = save.error && !errorOf('name') && !errorOf('color') ? save.error.message : null;
  const submit = () => {
    const done = {
      onSuccess: (saved: Tag) => {
        notify.success(tag ? `Tag “${saved.name}” saved.` : `Tag “${saved.name}” created.`);
        onClose();
      },
    };
    if (tag) update.mutate({ id: tag.id, body: { name, color } }, done);
    else create.mutate({ name, color }, done);
  };
  return (
    <Modal opened onClose={onClose} title={tag ? `Edit tag ${tag.name}` : 'New tag'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={TAG_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorOf('name') ?? other}
          />
          <SpaceColorPicker value={color} onChange={setColor} error={errorOf('color')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tag ? 'Save' : 'Create tag'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
