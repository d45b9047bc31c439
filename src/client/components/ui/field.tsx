import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx';

export const controlClass =
  'min-h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3.5 text-base text-fg shadow-sm placeholder:text-muted focus:border-primary aria-invalid:border-loss disabled:opacity-60';

interface FieldProps {
  label: string;
  /** Shown under the control and tied to it with aria-describedby. */
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
}

/** Label, control, hint and error, wired together: the error is announced with the control. */
function Field({
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: (ids: { id: string; describedBy: string | undefined }) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(controlClass, 'read-only:bg-surface-muted read-only:text-muted')}
          {...input}
        />
      )}
    </Field>
  );
}

export function TextareaField({
  label,
  hint,
  error,
  className,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(controlClass, 'py-2.5')}
          rows={3}
          {...textarea}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...select}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/** A select of a closed list of choices, each shown by its label (e.g. a contract's `*_LABELS`). */
export function ChoiceField<T extends string>({
  choices,
  labels,
  value,
  onChange,
  ...field
}: FieldProps & {
  name?: string;
  value: T;
  choices: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <SelectField {...field} value={value} onChange={(event) => onChange(event.target.value as T)}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </SelectField>
  );
}

/** A checkbox drawn as a switch, with its label and an optional description beside it. */
export function SwitchField({
  label,
  description,
  className,
  ...input
}: { label: string; description?: string; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  const id = useId();
  return (
    <div className={cx('flex items-start justify-between gap-4', className)}>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="font-semibold text-fg">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={input.checked}
        aria-describedby={description ? `${id}-description` : undefined}
        className="peer relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-muted transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-primary checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-60"
        {...input}
      />
    </div>
  );
}

/** A labelled checkbox, for lists of options such as permissions. */
export function CheckboxField({
  label,
  className,
  ...input
}: { label: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={cx('flex min-h-9 cursor-pointer items-center gap-2.5 text-sm text-fg', className)}>
      <input type="checkbox" className="size-4 shrink-0 accent-(--c-primary)" {...input} />
      <span>{label}</span>
    </label>
  );
}
