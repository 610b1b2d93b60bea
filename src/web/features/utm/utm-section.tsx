// The link editor's UTM builder: the five parameters (written into the destination URL's query, read back from
// it), an account template applied in one click, "Save as template", and the final URL as visitors get it.
import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import { isHttpUrl, withDefaultScheme } from '../../../shared/fields';
import { UTM_KEYS, UTM_LABELS } from '../../../shared/utm';
import { UTM_TEMPLATE_NAME_MAX } from '../../../shared/utm-template.schema';
import { CopyButton } from '../../components/copy-button';
import { ApiError } from '../../lib/api-client';
import { useCreateUtmTemplate, utmTemplatesLookup } from './utm-templates.queries';
import { useUtmFields } from './use-utm-fields';
import { Can } from '../../components/can';

const PLACEHOLDERS = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring-sale', utm_term: 'running shoes', utm_content: 'hero-banner' };

function SaveTemplate({ values, onClose }: { values: Record<string, string>; onClose: () => void }) {
  const create = useCreateUtmTemplate();
  const [name, setName] = useState('');
  const error = create.error instanceof ApiError ? (create.error.errors.name?.[0] ?? create.error.message) : undefined;
  return (
    <Modal opened onClose={onClose} title="Save as UTM template" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          // The modal is in a portal, but React still bubbles its submit to the link editor's form.
          e.preventDefault();
          e.stopPropagation();
          create.mutate({ name, ...values }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput label="Template name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={UTM_TEMPLATE_NAME_MAX} required data-autofocus error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Save template
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function UtmSection() {
  const { control, setValue } = useFormContext<{ url: string }>();
  const url = useWatch({ control, name: 'url' }) ?? '';
  const fields = useUtmFields(url, (next) => setValue('url', next, { shouldDirty: true }));
  const templates = useQuery(utmTemplatesLookup());
  const [saving, setSaving] = useState(false);
  const ready = isHttpUrl(withDefaultScheme(url.trim()));
  const any = UTM_KEYS.some((k) => fields.inputs[k].trim());
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <PickerSelect
          label="Apply a template"
          placeholder={templates.data?.length ? 'Choose a template' : 'No templates yet'}
          data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={null}
          onChange={(id) => {
            const t = templates.data?.find((x) => String(x.id) === id);
            if (t) fields.apply(t);
          }}
          disabled={!ready || !templates.data?.length}
          searchable
          style={{ flex: '1 1 14rem' }}
        />
        <Can scope="templates:write">
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} disabled={!ready || !any} onClick={() => setSaving(true)}>
            Save as template
          </Button>
        </Can>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {UTM_KEYS.map((key) => (
          <TextInput
            key={key}
            label={`${UTM_LABELS[key]} (${key})`}
            placeholder={PLACEHOLDERS[key]}
            value={fields.inputs[key]}
            onChange={(e) => fields.set(key, e.currentTarget.value)}
            maxLength={LIMITS.utmMax}
            disabled={!ready}
          />
        ))}
      </SimpleGrid>
      {ready ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="utm-final-url-label">
            Final URL
          </Text>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} aria-labelledby="utm-final-url-label" data-testid="utm-final-url">
              {withDefaultScheme(url.trim())}
            </Text>
            <CopyButton value={withDefaultScheme(url.trim())} label="Copy the final URL" />
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Enter the destination URL first; the parameters are added to its query.
        </Text>
      )}
      {saving && <SaveTemplate values={fields.inputs} onClose={() => setSaving(false)} />}
    </Stack>
  );
}
