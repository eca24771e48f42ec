import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/http/api-error';

/** Shown above a form whose fields did not pass their contract. */
export const CORRECT_THE_FIELDS = 'Please correct the highlighted fields.';

/** The API's field errors (a 400's data: [{field, message}]) as one message per dotted field path. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.data as unknown[]) {
    if (typeof item === 'object' && item !== null) {
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string' && field) errors[field] ??= message;
    }
  }
  return errors;
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface ZodForm<S extends FormSchema> extends UseFormReturn<z.input<S>, unknown, z.output<S>> {
  /**
   * The form's onSubmit: checks the values with the schema (the call's contract), then hands the
   * parsed request to `send`; when a field is wrong nothing is sent and the fields say why.
   */
  submitWith(send: (body: z.output<S>) => unknown): (event?: BaseSyntheticEvent) => Promise<void>;
  /**
   * Shows a failed call: each field the server named gets its message, the whole message goes
   * above the form; what was typed stays. `fieldFor` maps the API's field names to the form's.
   */
  showServerError(error: unknown, fieldFor?: (apiField: string) => string): void;
  /** The message above the form: the server's, or the request to correct the fields; null when none. */
  formError: string | null;
}

/**
 * The portal's one way to build a form: react-hook-form with the zod resolver over a schema from
 * packages/domain (or a feature's form schema built from its fields), MUI fields bound through
 * `FormTextField` and friends.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const root = form.formState.errors.root;
  return {
    ...form,
    formError: root?.server?.message ?? root?.invalid?.message ?? null,
    submitWith: (send) =>
      form.handleSubmit(
        async (body) => {
          await send(body);
        },
        () => form.setError('root.invalid', { type: 'invalid', message: CORRECT_THE_FIELDS }),
      ),
    showServerError(error, fieldFor) {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        const name = (fieldFor ? fieldFor(field) : field) as FieldPath<z.input<S>>;
        form.setError(name, { type: 'server', message });
      }
      form.setError('root.server', { type: 'server', message: errorMessage(error) });
    },
  };
}
