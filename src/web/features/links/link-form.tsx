// The link editor form (create and edit): react-hook-form validated by the shared zod schemas; server 422s
// land on their fields. Leaving with unsaved edits asks first (the shared unsaved-changes guard).
import { useState, type ReactNode } from 'react';
import '@mantine/dates/styles.css';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, get, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { linkCreateSchema, linkUpdateSchema } from '../../../shared/link.schema';
import { checkRotationWeights } from '../../../shared/targets';
import { withDefaultScheme } from '../../../shared/fields';
import { applyApiErrors, type AppliedErrors } from '../../lib/field-errors';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { TargetsEditor } from '../targets/targets-editor';
import { LINK_FIELD_MAP, isUrlField, toPayload, type EditorMode, type LinkFormValues } from './link-form-values';
import { DestinationSection, OrganiseSection, ShortUrlSection } from './link-form-sections';
import { AccessSection } from './link-form-access';
import { linkFieldLabel, linkFieldMessage, linkOtherMessage, rewriteErrorMessages } from './link-field-messages';
import classes from './link-form.module.css';
import { LimitsSection } from './link-form-limits';
import { UtmSection } from '../utm/utm-section';
import { SocialPreviewSection } from '../previews/social-preview-section';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export interface LinkFormProps<R = unknown> {
  mode: EditorMode;
  defaultValues: LinkFormValues;
  /** Base of short URLs on the default domain (for the preview). */
  defaultBase: string;
  /** The saved link's short URL (edit): a changed alias warns that it stops working. */
  savedShortUrl?: string;
  hasRedirectPassword?: boolean;
  hasStatsPassword?: boolean;
  submitLabel: string;
  /** Sends the body; a rejection is shown on the form. */
  onSubmit: (body: Record<string, unknown>) => Promise<R>;
  /** After a successful save (e.g. go to the new link): navigating from here does not ask about unsaved changes. */
  onSaved?: (result: R) => void;
  /** Cancel, a deliberate leave: navigate with `ignoreBlocker`. */
  onCancel?: () => void;
  /** Shown beside the form from 1024 px up (below it on narrower screens), inside the form's context: the targeting preview. */
  aside?: ReactNode;
}

function makeResolver(mode: EditorMode, hasStatsPassword: boolean): Resolver<LinkFormValues> {
  // The schemas preprocess `unknown` input, which the resolver's types cannot express: cast once here.
  const schema = (mode === 'create' ? linkCreateSchema : linkUpdateSchema) as unknown as Parameters<typeof zodResolver>[0];
  const schemaResolver = zodResolver(schema) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const res = await schemaResolver(toPayload(values, mode), context, options as never);
    const errors = { ...(res.errors as FieldErrors<LinkFormValues>) };
    if (mode === 'edit' && values.privacy === '2' && !values.password && (!hasStatsPassword || values.remove_password)) {
      errors.password = { type: 'required', message: 'is required when privacy is 2 (password).' };
    }
    // Every rotation weight typed, whole and in range (the API would count an empty one as 1).
    if (values.targets_type === 'rotations') {
      for (const iss of checkRotationWeights(values.targets)) {
        const rows = (errors.targets ??= []) as unknown as Record<number, Record<string, unknown> | undefined>;
        const i = iss.path[1] as number;
        rows[i] = { ...rows[i], key: { type: 'weight', message: iss.message } };
      }
    }
    // Every message in the user's words ("End must be after Start.", "Country is required.").
    rewriteErrorMessages(errors, { targetsType: values.targets_type, targets: values.targets });
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** A refused save: messages that belong to no field, and the fields the server refused (shown on the fields). */
type SaveError = AppliedErrors;

/**
 * "Not saved", above the form: what the server refused that belongs to no field, and the fields it refused for as
 * long as they still have an error (fixing the last one makes the banner go).
 */
function SaveErrorBanner({ error, errors, type }: { error: SaveError | null; errors: FieldErrors<LinkFormValues>; type: LinkFormValues['targets_type'] }) {
  const open = error?.fields.filter((path) => get(errors, path)) ?? [];
  if (!error || (error.other.length === 0 && open.length === 0)) return null;
  return (
    <Alert color="red" title="Not saved" role="alert" data-testid="form-error">
      {error.other.map((m) => linkOtherMessage(m, type)).join(' ')}
      {open.length > 0 && ` Fix ${open.map((p) => linkFieldLabel(p, type, true)).join(', ')}, then save again.`}
    </Alert>
  );
}

export function LinkForm<R>(props: LinkFormProps<R>) {
  const { mode, defaultValues, defaultBase, savedShortUrl, hasRedirectPassword = false, hasStatsPassword = false, submitLabel, onSubmit, onSaved, onCancel, aside } = props;
  const [resolver] = useState(() => makeResolver(mode, hasStatsPassword));
  const form = useForm<LinkFormValues>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [formError, setFormError] = useState<SaveError | null>(null);
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  // A web address typed without a scheme gets https:// in the field itself, on leaving it or on saving.
  const addScheme = (name: string) => {
    if (!isUrlField(name)) return;
    const typed = form.getValues(name);
    const fixed = withDefaultScheme(typed);
    if (fixed !== typed) form.setValue(name, fixed, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const addSchemes = () => {
    for (const name of ['url', 'expiration_url', 'og_image', ...form.getValues('targets').map((_, i) => `targets.${i}.value`)]) addScheme(name);
  };

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await onSubmit(toPayload(values, mode));
      form.reset(values);
      guard.release();
      onSaved?.(result);
    } catch (err) {
      // On their fields in the editor's words ("Alias has already been taken.", "Rule 1 destination …").
      const ctx = { targetsType: values.targets_type, targets: values.targets };
      setFormError(applyApiErrors(err, LINK_FIELD_MAP, form.setError, (path, predicate) => linkFieldMessage(path, predicate, ctx)));
    }
  });

  const editor = (
      <form
        onSubmit={(e) => {
          addSchemes();
          return save(e);
        }}
        onBlur={(e) => {
          if (e.target instanceof HTMLInputElement) addScheme(e.target.name);
        }}
        noValidate
        aria-label={mode === 'create' ? 'New link' : 'Edit link'}
      >
        <Stack gap="md">
          <SaveErrorBanner error={formError} errors={form.formState.errors} type={form.getValues('targets_type')} />
          <Section title="Destination">
            <DestinationSection />
          </Section>
          <Section title="UTM parameters">
            <UtmSection />
          </Section>
          <Section title="Short URL">
            <ShortUrlSection creating={mode === 'create'} defaultBase={defaultBase} savedShortUrl={savedShortUrl} />
          </Section>
          <Section title="Social preview">
            <SocialPreviewSection shortUrlBase={defaultBase} />
          </Section>
          <Section title="Space and pixels">
            <OrganiseSection />
          </Section>
          <Section title="Targeting">
            <TargetsEditor />
          </Section>
          <Section title="Access and privacy">
            <AccessSection hasRedirectPassword={hasRedirectPassword} hasStatsPassword={hasStatsPassword} />
          </Section>
          <Section title="Schedule and limits">
            <LimitsSection />
          </Section>
          <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
  );

  return (
    <FormProvider {...form}>
      {aside ? (
        <div className={classes.layout}>
          {editor}
          {/* Beside the form from 1024 px up, sticky, scrolling on its own when taller than the window; below it on narrower screens. */}
          <Stack className={classes.aside} data-testid="editor-aside">
            {aside}
          </Stack>
        </div>
      ) : (
        editor
      )}
      {guard.dialog}
    </FormProvider>
  );
}
