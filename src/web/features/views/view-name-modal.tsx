// Saving the links list as a view, or renaming one, in a modal: the name (the API's errors under the field), and
// for a new view the query it keeps. A refusal of the query itself shows above the buttons.
import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { VIEW_NAME_MAX, type View } from '../../../shared/view.schema';
import { ApiError } from '../../lib/api-client';
import { capitalised, mapApiErrors } from '../../lib/field-errors';
import { notify } from '../../components/resource-list/notify';
import { viewQueries } from './views.queries';

/** A new view of `query` (the list shown, normalised), or `view` to rename. */
export type NameTarget = { query: string; view?: undefined } | { view: View; query?: undefined };

export function ViewNameModal({ target, onClose }: { target: NameTarget; onClose: () => void }) {
  const { view } = target;
  const [name, setName] = useState(view?.name ?? '');
  const create = viewQueries.useCreate();
  const update = viewQueries.useUpdate();
  const save = view ? update : create;
  const mapped = save.error instanceof ApiError && save.error.status === 422 ? mapApiErrors(save.error.errors, { fields: ['name', 'query'] }) : null;
  const errorOf = (field: 'name' | 'query') => {
    const found = mapped?.fields.find((f) => f.path === field);
    return found && capitalised(found.message);
  };
  const nameError = errorOf('name');
  const queryError = errorOf('query');
  const other = save.error && !nameError && !queryError ? save.error.message : null;

  const submit = () => {
    const done = {
      onSuccess: (saved: View) => {
        notify.success(view ? `View renamed to “${saved.name}”.` : `View “${saved.name}” saved.`);
        onClose();
      },
    };
    if (view) update.mutate({ id: view.id, body: { name } }, done);
    else create.mutate({ name, query: target.query ?? '' }, done);
  };

  return (
    <Modal opened onClose={onClose} title={view ? `Rename view ${view.name}` : 'Save view'} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {!view && (
            <Text size="sm">
              Keeps this list as it is filtered and sorted now{target.query ? ': ' : ' (all links, newest first).'}
              {target.query && <Code style={{ wordBreak: 'break-all' }}>{target.query}</Code>}
            </Text>
          )}
          <TextInput
            label="Name"
            description={view ? undefined : 'For example “Expired in Launch”.'}
            required
            data-autofocus
            maxLength={VIEW_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError ?? other}
          />
          {queryError && (
            <Alert color="red" variant="light" role="alert" title="This list cannot be saved">
              {queryError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {view ? 'Rename' : 'Save view'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
