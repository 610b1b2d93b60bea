// The scopes of a new key: a checkbox per scope, grouped by family, each with what it allows in words. Scopes your
// role lacks are disabled, and each says which role it needs (the server would refuse them). Shortcuts choose every
// read scope, everything you may give, or nothing.
import { Button, Checkbox, Code, Fieldset, Group, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApiScope } from '../../../shared/api-scopes';
import { ROLE_SCOPES } from '../../../shared/api-scopes';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspace-roles';
import { defaultScopes, scopeFamilies } from './api-key-scopes';

export interface ApiKeyScopesFieldProps {
  role: WorkspaceRole;
  value: readonly ApiScope[];
  onChange: (scopes: ApiScope[]) => void;
  error?: string;
}

export function ApiKeyScopesField({ role, value, onChange, error }: ApiKeyScopesFieldProps) {
  const families = scopeFamilies(role);
  const toggle = (scope: ApiScope, on: boolean) => onChange(on ? [...value, scope] : value.filter((s) => s !== scope));
  const lacking = families.flatMap((f) => f.scopes).filter((s) => !s.available).length;
  return (
    <Input.Wrapper
      label="Scopes"
      labelElement="div"
      withAsterisk
      error={error}
      description={
        lacking > 0
          ? `What the key may do. As ${WORKSPACE_ROLE_LABELS[role].toLowerCase()} you can give ${ROLE_SCOPES[role].length} of them; the others are disabled, each saying which role it needs.`
          : 'What the key may do: give it only what it needs.'
      }
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="sm" mt="xs">
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onChange(defaultScopes(role))}>
            Read only
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange([...ROLE_SCOPES[role]])}>
            Everything I may give
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange([])}>
            None
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {families.map((f) => (
            <Fieldset key={f.family} legend={f.title} p="sm" data-testid={`scope-family-${f.family}`}>
              <Stack gap="xs">
                {f.scopes.map((s) => (
                  <Checkbox
                    key={s.scope}
                    label={<Code>{s.scope}</Code>}
                    description={
                      s.reason ? (
                        <>
                          {s.label}.{' '}
                          <Text span size="xs" fw={600} c="var(--mantine-color-text)">
                            {s.reason}
                          </Text>
                        </>
                      ) : (
                        s.label
                      )
                    }
                    checked={value.includes(s.scope)}
                    disabled={!s.available}
                    onChange={(e) => toggle(s.scope, e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
      </Stack>
    </Input.Wrapper>
  );
}
