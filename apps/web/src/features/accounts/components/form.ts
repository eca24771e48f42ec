import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/http/api-error';

export type FieldErrors = Record<string, string>;

/** zod issues as one message per field path ('company.name'). The first issue of a field wins. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The API's field errors (a 400's data: [{field, message}]) as one message per field. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return {};
  const errors: FieldErrors = {};
  for (const item of error.data as unknown[]) {
    if (typeof item === 'object' && item !== null) {
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string' && field) errors[field] ??= message;
    }
  }
  return errors;
}

/**
 * A form's values, validated with the call's contract before sending; what the user typed is kept
 * whatever happens. Server errors land on their fields when they name one, else in `formError`.
 */
export function useContractForm<S extends z.ZodType>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** The parsed request, or null after showing what is wrong. */
  function validate(): z.output<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      setFormError(null);
      return parsed.data;
    }
    setErrors(fieldErrorsOf(parsed.error));
    setFormError('Please correct the highlighted fields.');
    return null;
  }

  return {
    values,
    errors,
    formError,
    setValues,
    /** Sets one field and clears its error. */
    set<K extends keyof z.input<S> & string>(key: K, value: z.input<S>[K]) {
      setValues((v) => ({ ...(v as object), [key]: value }) as z.input<S>);
      setErrors((e) => {
        const { [key]: _cleared, ...rest } = e;
        return rest;
      });
    },
    /** Clears the errors of these field paths (nested fields: 'company.name'). */
    clearErrors(...paths: string[]) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !paths.includes(key))));
    },
    validate,
    /** An onSubmit handler: validates, then hands the parsed request to `send` (nothing is sent when invalid). */
    onSubmit(send: (body: z.output<S>) => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        const body = validate();
        if (body) send(body);
      };
    },
    /** Shows a failed call: on its fields when the server named them, else as one sentence. */
    showError(error: unknown, fieldFor?: (apiField: string) => string) {
      const byField = apiFieldErrors(error);
      const mapped: FieldErrors = {};
      for (const [field, message] of Object.entries(byField))
        mapped[fieldFor ? fieldFor(field) : field] = message;
      setErrors(mapped);
      setFormError(errorMessage(error));
    },
  };
}
