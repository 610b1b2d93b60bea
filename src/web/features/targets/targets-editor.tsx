// The targets editor: choose targets_type, then rows of key and destination URL (add, remove, reorder).
// Duplicate or invalid keys are flagged as you type, with the same checkTargets the server runs.
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { TargetsType } from '../../../shared/enums';
import { LIMITS } from '../../../shared/enums';
import { ROTATION_WEIGHT, checkTargets, rotationWeightIssue } from '../../../shared/targets';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { LinkFormValues } from '../links/link-form-values';
import { TargetKeyInput } from './target-key-input';
import { linkFieldMessage } from '../links/link-field-messages';
import { TARGETS_TYPE_LABELS, TARGETS_TYPE_OPTIONS, formatShare, typedRotationShares } from './target-keys';

/** Live problems per row (index -> message), from the shared rules. */
export function liveKeyIssues(type: TargetsType | null, targets: { key: string; value: string }[]): Map<number, string> {
  const out = new Map<number, string>();
  if (!type) return out;
  if (type === 'rotations') {
    // A weight out of range is flagged as typed; an empty one when saving (a new row starts empty).
    targets.forEach((t, i) => {
      const issue = t.key.trim() === '' ? null : rotationWeightIssue(t.key);
      if (issue) out.set(i, linkFieldMessage(`targets.${i}.key`, issue, { targetsType: type, targets }));
    });
    return out;
  }
  for (const iss of checkTargets(type, targets.map((t) => ({ ...t })))) {
    const [, index, field] = iss.path;
    if (field === 'key' && typeof index === 'number' && targets[index]?.key !== '') out.set(index, linkFieldMessage(`targets.${index}.key`, iss.message, { targetsType: type, targets }));
  }
  return out;
}

export function TargetsEditor() {
  const { control, setValue, formState } = useFormContext<LinkFormValues>();
  const type = useWatch({ control, name: 'targets_type' });
  const watched = useWatch({ control, name: 'targets' });
  const targets = useMemo(() => watched ?? [], [watched]);
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'targets' });
  const [pendingType, setPendingType] = useState<{ to: TargetsType | null } | null>(null);
  const issues = useMemo(() => liveKeyIssues(type, targets), [type, targets]);
  const shares = useMemo(() => (type === 'rotations' ? typedRotationShares(targets) : []), [type, targets]);
  const errors = formState.errors.targets;

  const changeType = (to: TargetsType | null) => {
    if (to === type) return;
    if (fields.length > 0) setPendingType({ to });
    else setValue('targets_type', to, { shouldDirty: true });
  };

  return (
    <Stack gap="sm" data-testid="targets-editor">
      <PickerSelect
        label="Targeting"
        description="Send visitors to another destination by where they are, what they use, or split traffic."
        placeholder="No targeting"
        data={TARGETS_TYPE_OPTIONS}
        value={type}
        onChange={(v) => changeType((v as TargetsType | null) ?? null)}
        clearable
        error={formState.errors.targets_type?.message}
        maw={340}
      />
      {type && (
        <>
          {type === 'rotations' && (
            <Text size="sm" c="dimmed" data-testid="rotation-hint">
              Each rule gets a share of the visits in proportion to its weight: a whole number from {ROTATION_WEIGHT.min} to {ROTATION_WEIGHT.max}.
            </Text>
          )}
          {fields.length === 0 && (
            <Text size="sm" c="dimmed">
              No rules yet. Visitors get the link&apos;s URL until you add one.
            </Text>
          )}
          {fields.map((field, i) => {
            const rowErr = errors?.[i];
            const keyError = rowErr?.key?.message ?? issues.get(i);
            return (
              <Group key={field.id} align="flex-start" gap="xs" wrap="wrap" data-testid="target-row">
                <Badge variant="light" mt={8} w={32} aria-hidden>
                  {i + 1}
                </Badge>
                <Controller
                  control={control}
                  name={`targets.${i}.key`}
                  render={({ field: f }) => (
                    <TargetKeyInput
                      type={type}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      label={type === 'rotations' ? `Rule ${i + 1} weight` : `Rule ${i + 1} key`}
                      error={keyError}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`targets.${i}.value`}
                  render={({ field: f }) => (
                    <TextInput
                      {...f}
                      aria-label={`Rule ${i + 1} destination URL`}
                      placeholder="https://"
                      error={rowErr?.value?.message}
                      style={{ flex: '1 1 180px' }}
                    />
                  )}
                />
                {type === 'rotations' && (
                  <Text
                    size="sm"
                    mt={8}
                    w={56}
                    ta="right"
                    c={shares[i] == null ? 'dimmed' : undefined}
                    data-testid="rotation-share"
                    aria-label={shares[i] == null ? `Rule ${i + 1} share: no valid weight` : `Rule ${i + 1} share`}
                    title={shares[i] == null ? 'No share until the weight is a whole number from 1 to 100' : undefined}
                  >
                    {shares[i] == null ? '—' : formatShare(shares[i])}
                  </Text>
                )}
                <Group gap={2} mt={4} wrap="nowrap">
                  <Tooltip label="Move up">
                    <ActionIcon variant="subtle" aria-label={`Move rule ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down">
                    <ActionIcon variant="subtle" aria-label={`Move rule ${i + 1} down`} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove rule ${i + 1}`} onClick={() => remove(i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
          <Group gap="sm">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              // The new rule's key picker takes the focus, so the keyboard carries on where the rule is.
              onClick={() => append({ key: '', value: '' }, { shouldFocus: true, focusName: `targets.${fields.length}.key` })}
              disabled={fields.length >= LIMITS.targetsMax}
            >
              Add rule
            </Button>
            {issues.size > 0 && (
              <Text size="sm" c="red" role="alert">
                Fix the highlighted {type === 'rotations' ? 'weights' : 'keys'} before saving.
              </Text>
            )}
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={pendingType !== null}
        title="Change the targeting type?"
        confirmLabel="Remove rules and change"
        onConfirm={() => {
          replace([]);
          setValue('targets_type', pendingType?.to ?? null, { shouldDirty: true });
          setPendingType(null);
        }}
        onClose={() => setPendingType(null)}
      >
        {`The ${fields.length} rule${fields.length === 1 ? '' : 's'} of ${type ? TARGETS_TYPE_LABELS[type] : 'this type'} will be removed${
          pendingType?.to ? `, and you start with ${TARGETS_TYPE_LABELS[pendingType.to]}` : ''
        }.`}
      </ConfirmDialog>
    </Stack>
  );
}
