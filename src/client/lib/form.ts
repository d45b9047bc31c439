import { useRef, useState } from 'react';
import type { z } from 'zod';
import { humanValidationMessage } from '../../contracts/validation-messages';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * Checks form values with a contract schema: the parsed data, or the first message per field (for the
 * field's own error line) — the same rules the server applies, in the same words for people where the schema
 * names none (src/contracts/validation-messages.ts; the server installs them for every schema in app.ts).
 */
export function validate<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = schema.safeParse(values, { error: humanValidationMessage });
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** Moves focus to the first field marked invalid in a form, after React has drawn the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A form's text fields by name ('' for a missing one). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)]));
}

/**
 * A form's field errors: `check` validates with a schema, shows each field's first error and moves focus to
 * the first invalid field; it returns the parsed data, or null when something needs fixing.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const check = <T>(schema: z.ZodType<T>, values: unknown): T | null => {
    const result = validate(schema, values);
    setErrors(result.errors ?? {});
    if (result.errors) focusFirstInvalid(formRef.current);
    return result.errors ? null : result.data;
  };
  /** Shows an error the server found (e.g. a taken username) under its field. */
  const showError = (field: string, message: string) => {
    setErrors({ [field]: message });
    focusFirstInvalid(formRef.current);
  };
  return { errors, formRef, check, showError };
}
