// Submitting an editor form: validate on the client, send, then put a 422's field errors on their fields
// (focusing the first) and anything else in the alert above the form. Guards the edits: leaving while the form
// is dirty asks first (render `leaveGuard`), except right after a successful save.
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './form-errors';
import { useUnsavedChangesGuard } from '../unsaved-changes-guard';

/** The part of a react-query mutation that saving needs. */
export interface SaveMutation<V, R> {
  mutate: (values: V, options: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void;
}

export function useSaveForm<TFieldValues extends FieldValues, TContext, TTransformed, R>(
  form: UseFormReturn<TFieldValues, TContext, TTransformed>,
  mutation: SaveMutation<NoInfer<TTransformed>, R>,
  /** The fields a server error may be shown on. */
  fields: readonly FieldPath<TFieldValues>[],
  onSaved: (result: R) => void,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  /** Sends already validated values (e.g. after a confirmation of its own). */
  const save = (values: TTransformed) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        guard.release();
        onSaved(result);
      },
      onError: (e) => setFormError(applyServerErrors(e, fields, form.setError)),
    });
  };
  const onSubmit = form.handleSubmit(save);
  return { onSubmit, save, formError, leaveGuard: guard.dialog };
}
