// The link editor's access section: redirect and statistics passwords (set, keep or remove), privacy
// and sensitive content. Reads the form through react-hook-form's context.
import { Checkbox, PasswordInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';

function PasswordWithRemove({ name, removeName, label, description, isSet }: {
  name: 'redirect_password' | 'password';
  removeName: 'remove_redirect_password' | 'remove_password';
  label: string;
  description: string;
  isSet: boolean;
}) {
  const { register, formState } = useFormContext<LinkFormValues>();
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        description={isSet ? 'A password is set. Type a new one to replace it.' : description}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        {...register(name)}
        error={formState.errors[name]?.message}
      />
      {isSet && <Checkbox size="xs" label="Remove the password" {...register(removeName)} />}
    </Stack>
  );
}

export function AccessSection({ hasRedirectPassword, hasStatsPassword }: { hasRedirectPassword: boolean; hasStatsPassword: boolean }) {
  const { control, register } = useFormContext<LinkFormValues>();
  const privacy = useWatch({ control, name: 'privacy' });
  return (
    <Stack gap="sm">
      <PasswordWithRemove
        name="redirect_password"
        removeName="remove_redirect_password"
        label="Redirect password"
        description="Visitors must enter it before they are redirected."
        isSet={hasRedirectPassword}
      />
      <Switch label="Sensitive content (visitors confirm before they continue)" {...register('sensitive_content')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="privacy-label">
          Statistics page
        </Text>
        <Controller
          control={control}
          name="privacy"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="privacy-label"
              data={[
                { value: '0', label: 'Public' },
                { value: '1', label: 'Private' },
                { value: '2', label: 'Password' },
              ]}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              w="fit-content"
            />
          )}
        />
      </Stack>
      {privacy === '2' && (
        <PasswordWithRemove
          name="password"
          removeName="remove_password"
          label="Statistics password"
          description="Needed to open the public statistics page."
          isSet={hasStatsPassword}
        />
      )}
    </Stack>
  );
}
