// Submitting an editor form: validate on the client, send, then put a 422's field errors on their fields
// (focusing the first; lib/field-errors.ts) and anything else in the alert above the form. Guards the edits: leaving
// while the form is dirty asks first (render `leaveGuard`), except right after a successful save.
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyApiErrors, type FieldMap } from '../../lib/field-errors';
import { useUnsavedChangesGuard } from '../unsaved-changes-guard';

/** The part of a react-query mutation that saving needs. */
export interface SaveMutation<V, R> {
  mutate: (values: V, options: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/** An update (variables `{ id, body }`, as resourceQueries' useUpdate takes them) as a form of one row saves it. */
export function forId<V, R>(
  mutation: { mutate: (variables: { id: number; body: V }, options: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void; isPending: boolean },
  id: number,
): SaveMutation<V, R> {
  return { mutate: (body, options) => mutation.mutate({ id, body }, options), isPending: mutation.isPending };
}

export function useSaveForm<TFieldValues extends FieldValues, TContext, TTransformed, R>(
  form: UseFormReturn<TFieldValues, TContext, TTransformed>,
  mutation: SaveMutation<NoInfer<TTransformed>, R>,
  /** The fields a server error may be shown on, and how the API names them. */
  fields: readonly FieldPath<TFieldValues>[] | FieldMap<FieldPath<TFieldValues>>,
  onSaved: (result: R) => void,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const map: FieldMap<FieldPath<TFieldValues>> = 'fields' in fields ? fields : { fields };
  /** Sends already validated values (e.g. after a confirmation of its own). */
  const save = (values: TTransformed) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        guard.release();
        onSaved(result);
      },
      onError: (e) => {
        const { other } = applyApiErrors(e, map, form.setError);
        setFormError(other.length ? other.join(' ') : null);
      },
    });
  };
  const onSubmit = form.handleSubmit(save);
  return { onSubmit, save, formError, leaveGuard: guard.dialog };
}
