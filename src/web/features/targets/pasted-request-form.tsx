// "Paste a real request": a User-Agent, an IP address and an Accept-Language, resolved by the server with
// the redirect's own parser, geo database and bot list; the result fills the visitor pickers.
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { visitorPreviewQuerySchema, type ResolvedVisitor } from '../../../shared/visitor-preview.schema';
import { applyApiErrors } from '../../lib/field-errors';
import { useResolveVisitor } from './visitor.queries';

interface PastedRequest {
  user_agent: string;
  ip: string;
  accept_language: string;
}

const LABELS: Record<keyof PastedRequest, string> = { user_agent: 'User-Agent', ip: 'IP address', accept_language: 'Accept-Language' };
const FIELDS = Object.keys(LABELS) as (keyof PastedRequest)[];

/** A field's predicate ("must be…", the schema's or the API's: lib/field-errors.ts) in the form's words ("IP address must be…"). */
function inWords(field: keyof PastedRequest, message: string): string {
  return `${LABELS[field]} ${message === 'Invalid input' ? 'is not valid.' : message}`;
}

export function PastedRequestForm({ onResolved }: { onResolved: (v: ResolvedVisitor) => void }) {
  const resolve = useResolveVisitor();
  const form = useForm<PastedRequest>({
    defaultValues: { user_agent: '', ip: '', accept_language: '' },
    resolver: zodResolver(visitorPreviewQuerySchema as never) as never,
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      onResolved(await resolve.mutateAsync(values));
    } catch (err) {
      const { other } = applyApiErrors(err, { fields: FIELDS }, form.setError, (_path, predicate) => predicate);
      if (other.length) form.setError('root', { message: other.join(' ') });
    }
  });
  const message = (f: keyof PastedRequest) => (e[f]?.message ? inWords(f, e[f].message) : undefined);

  return (
    <form onSubmit={(ev) => void submit(ev)} noValidate aria-label="Paste a real request">
      <Stack gap="xs">
        <Textarea label={LABELS.user_agent} autosize minRows={2} maxRows={5} placeholder="Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) …" {...form.register('user_agent')} error={message('user_agent')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput label={LABELS.ip} placeholder="81.2.69.142 or 2a00:1450::1" {...form.register('ip')} error={message('ip')} />
          <TextInput label={LABELS.accept_language} placeholder="pt-BR,pt;q=0.9,en;q=0.8" {...form.register('accept_language')} error={message('accept_language')} />
        </SimpleGrid>
        {e.root?.message && (
          <Text size="sm" c="red" role="alert">
            {e.root.message}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Read with the redirect&apos;s own parser, geo database and bot list.
          </Text>
          <Button type="submit" size="xs" variant="light" loading={resolve.isPending}>
            Use this request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
