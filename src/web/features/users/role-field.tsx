// The role of a user as a two-way choice, for the user forms (create and edit); the last admin's User choice is
// disabled, with the reason as the field's description.
import { Input, SegmentedControl } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LAST_ADMIN_REASON } from './role-select';

export function RoleField<T extends FieldValues>({ control, name, error, lastAdmin = false }: { control: Control<T>; name: Path<T>; error?: string; lastAdmin?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input.Wrapper label="Role" labelElement="div" error={error} description={lastAdmin ? LAST_ADMIN_REASON : undefined}>
          <SegmentedControl
            display="flex"
            mt={4}
            aria-label="Role"
            value={field.value ?? 'user'}
            onChange={field.onChange}
            data={[
              { value: 'user', label: 'User', disabled: lastAdmin },
              { value: 'admin', label: 'Admin' },
            ]}
          />
        </Input.Wrapper>
      )}
    />
  );
}
