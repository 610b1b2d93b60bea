// The role of a user as a two-way choice, for the user forms (create and edit).
import { Input, SegmentedControl } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export function RoleField<T extends FieldValues>({ control, name, error }: { control: Control<T>; name: Path<T>; error?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input.Wrapper label="Role" labelElement="div" error={error}>
          <SegmentedControl
            display="flex"
            mt={4}
            aria-label="Role"
            value={field.value ?? 'user'}
            onChange={field.onChange}
            data={[
              { value: 'user', label: 'User' },
              { value: 'admin', label: 'Admin' },
            ]}
          />
        </Input.Wrapper>
      )}
    />
  );
}
