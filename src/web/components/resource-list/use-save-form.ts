// Submitting an editor form: validate on the client, send, then put a 422's field errors on their fields
// (focusing the first) and anything else in the alert above the form.
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './form-errors';

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
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess: onSaved,
      onError: (e) => setFormError(applyServerErrors(e, fields, form.setError)),
    });
  });
  return { onSubmit, formError };
}
