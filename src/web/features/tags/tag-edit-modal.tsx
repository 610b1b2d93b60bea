// Creating, renaming and recolouring a tag in a modal on the tags page (a tag has only a name and a colour).
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { TAG_NAME_MAX, type Tag } from '../../../shared/tag.schema';
import { ApiError } from '../../lib/api-client';
import { fieldMessage } from '../../components/resource-list/form-errors';
import { notify } from '../../components/resource-list/notify';
import { SpaceColorPicker } from '../spaces/space-color';
import { useSaveTag } from './tags.queries';

/** `tag`: the one to edit; null: a new one. */
export function TagEditModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? 1);
  const save = useSaveTag(tag?.id ?? null);
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const other = save.error && !errors.name && !errors.color ? (save.error as Error).message : null;
  const submit = () =>
    save.mutate(
      { name, color },
      {
        onSuccess: (saved) => {
          notify.success(tag ? `Tag “${saved.name}” saved.` : `Tag “${saved.name}” created.`);
          onClose();
        },
      },
    );
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
            error={errors.name?.[0] ? fieldMessage(errors.name[0], 'name') : other}
          />
          <SpaceColorPicker value={color} onChange={setColor} error={errors.color?.[0] && fieldMessage(errors.color[0], 'color')} />
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
