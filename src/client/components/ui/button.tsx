import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'on-band' | 'danger';
export type ButtonSize = 'md' | 'lg' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover shadow-sm',
  accent: 'bg-accent text-on-accent hover:brightness-105 shadow-md shadow-black/20',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-muted',
  ghost: 'text-fg hover:bg-surface-muted',
  'on-band': 'border border-white/40 bg-white/10 text-on-band hover:bg-white/20 backdrop-blur-sm',
  danger: 'border border-loss/40 bg-loss-bg text-loss hover:brightness-95',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cx(base, variants[variant], sizes[size], extra);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A form's submit button that says what is happening while the request runs, and cannot be pressed twice. */
export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { isPending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={isPending || disabled} {...props}>
      {isPending ? pendingLabel : children}
    </Button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(variant, size, typeof className === 'string' ? className : '')}
      {...props}
    />
  );
}
