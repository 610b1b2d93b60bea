// The account page's list of UTM templates of the workspace: what each sets, and Delete for those who may change
// templates (templates are made in the link editor).
import { ActionIcon, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { UTM_KEYS } from '../../../shared/utm';
import { useDeleteUtmTemplate, utmTemplatesLookup } from './utm-templates.queries';
import { Can } from '../../components/can';

export function UtmTemplatesCard() {
  const templates = useQuery(utmTemplatesLookup());
  const remove = useDeleteUtmTemplate();
  const list = templates.data ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-label="UTM templates">
      <Stack>
        <Title order={2} size="h4">
          UTM templates
        </Title>
        <Text size="sm" c="dimmed">
          Sets of UTM parameters the link editor applies in one click. Save one from a link&apos;s UTM parameters with &quot;Save as template&quot;.
        </Text>
        {list.length === 0 ? (
          <Text size="sm">{templates.isLoading ? 'Loading…' : 'No templates yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" data-testid="utm-templates">
              <Table.Tbody>
                {list.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {t.name}
                      </Text>
                      <Group gap={4} mt={2}>
                        {UTM_KEYS.filter((k) => t[k]).map((k) => (
                          <Code key={k} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                            {k}={t[k]}
                          </Code>
                        ))}
                      </Group>
                    </Table.Td>
                    <Can scope="templates:write">
                      <Table.Td w={40}>
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete template ${t.name}`} onClick={() => remove.mutate(t.id)} loading={remove.isPending && remove.variables === t.id}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Can>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
