import { type LucideIcon, X } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant, SubmitButton } from './button';
import { cx } from './cx';

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside, makes the page behind inert and
 * closes on Escape. Focus goes to the first field (or the dialog) on open and back to the opener on close.
 * The content is mounted only while open, so every opening starts fresh.
 */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  size = 'md',
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('input, select, textarea');
    (first ?? dialog).focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      opener?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={cx(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-[rgb(0_0_0/0.6)]',
        size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4 sm:px-6">
        <div>
          <h2 id={titleId} className="font-display text-xl font-bold">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-1 text-sm text-muted">
              {description}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 grid size-10 shrink-0 place-items-center rounded-xl text-muted hover:bg-surface-muted hover:text-fg"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </dialog>
  );
}

/** The foot of a dialog's form: Cancel, then the action (stacked with the action on top on phones). */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </div>
  );
}

/** The foot of a dialog's form: Cancel, then its submit button (with its icon) that says what is happening while it runs. */
export function DialogSubmitActions({
  onCancel,
  icon: Icon,
  children,
  ...submit
}: ComponentProps<typeof SubmitButton> & { onCancel: () => void; icon?: LucideIcon }) {
  return (
    <DialogActions onCancel={onCancel}>
      <SubmitButton {...submit}>
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {children}
      </SubmitButton>
    </DialogActions>
  );
}

/** The foot of a confirmation dialog: Cancel, then the action, which keeps its icon and says what is happening while it runs. */
export function DialogConfirmActions({
  onCancel,
  onConfirm,
  isPending,
  pendingLabel,
  icon: Icon,
  variant,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  isPending: boolean;
  pendingLabel: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <DialogActions onCancel={onCancel}>
      <Button variant={variant} onClick={onConfirm} disabled={isPending}>
        <Icon aria-hidden="true" className="size-4" />
        {isPending ? pendingLabel : children}
      </Button>
    </DialogActions>
  );
}
