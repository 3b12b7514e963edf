/** Small accessible building blocks: copy button, error note, native <dialog> (focus trap, Esc, focus return). */
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../api';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? 'Copied' : label}
      <span className="sr-only" aria-live="polite">
        {copied ? ' to the clipboard' : ''}
      </span>
    </button>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      {errorMessage(error)}
    </p>
  );
}

/**
 * A modal on the browser's own <dialog>: showModal() makes the rest of the page inert, moves focus in,
 * closes on Esc and gives focus back to what opened it; no script-injected styles (strict CSP).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  side = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  side?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={
        side
          ? 'fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-2xl overflow-y-auto bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100'
          : 'm-auto w-full max-w-lg rounded-lg bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100'
      }
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}

/** A confirmation for what cannot be undone: the action runs only from the dialog's own button. */
export function Confirm({
  open,
  title,
  children,
  action,
  onConfirm,
  onClose,
  busy,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div className="space-y-4">
        <div className="text-sm">{children}</div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
            {action}
          </button>
        </div>
      </div>
    </Modal>
  );
}

export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="muted text-xs">{hint}</p> : null}
    </div>
  );
}

/** A labelled text-like <input> (text, number, email...); other input attributes pass through. */
export function TextField({
  label,
  hint,
  value,
  onChange,
  className = 'input',
  ...input
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input id={id} className={className} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      )}
    </Field>
  );
}

/** A labelled <select> of fixed options ([value, label] pairs). */
export function SelectField<V extends string>({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint?: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold" tabIndex={-1} data-page-title>
        {children}
      </h1>
      {lead ? <p className="muted mt-1 text-sm">{lead}</p> : null}
    </header>
  );
}

/** Stored text is shown as text, never as HTML: React escapes it; whitespace is kept. */
export function Text({ children }: { children: string }) {
  return <span className="whitespace-pre-wrap break-words">{children}</span>;
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** Cursor paging: back to the first page, or on to the next (the cursor lives in the URL). */
export function Pager({
  cursor,
  next,
  go,
}: {
  cursor?: string;
  next?: { hasMore: boolean; cursor?: string };
  go: (cursor: string | undefined) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex gap-2">
      {cursor ? (
        <button type="button" className="btn" onClick={() => go(undefined)}>
          First page
        </button>
      ) : null}
      {next?.hasMore && next.cursor ? (
        <button type="button" className="btn" onClick={() => go(next.cursor)}>
          Next page
        </button>
      ) : null}
    </nav>
  );
}
