/**
 * The console's repeated actions, written once: a one-field create form and a delete behind a
 * confirmation, each refreshing the list it changed.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Confirm, ErrorNote, Modal, TextField } from './kit';

/** A mutation that runs `done` on success, then refreshes the list it changed (`invalidate`). */
function useListMutation(run: () => PromiseLike<unknown>, invalidate: QueryKey, done: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => await run(),
    onSuccess: async () => {
      done();
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}

/** A form with one text field (a name) and a submit button; `create` gets the trimmed value. */
export function CreateByName({
  label,
  action,
  create,
  invalidate,
}: {
  label: string;
  action: string;
  create: (name: string) => PromiseLike<unknown>;
  invalidate: QueryKey;
}) {
  const [name, setName] = useState('');
  const mutation = useListMutation(
    () => create(name.trim()),
    invalidate,
    () => setName(''),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={action}>
      <div className="flex items-end gap-2">
        <TextField label={label} value={name} onChange={setName} required />
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {action}
        </button>
      </div>
      <ErrorNote error={mutation.error} />
    </form>
  );
}

/** A delete button that asks first; `name` is read out to screen readers with the button. */
export function DeleteAction({
  name,
  title,
  children,
  remove,
  invalidate,
}: {
  name: string;
  title: string;
  children: ReactNode;
  remove: () => PromiseLike<unknown>;
  invalidate: QueryKey;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useListMutation(remove, invalidate, () => setOpen(false));
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Delete<span className="sr-only"> {name}</span>
      </button>
      <Confirm
        open={open}
        title={title}
        action="Delete"
        busy={mutation.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => mutation.mutate()}
      >
        {children}
        <ErrorNote error={mutation.error} />
      </Confirm>
    </>
  );
}

/**
 * An "Edit" button per row opening a form in a dialog; `save` gets nothing (the form's fields are the
 * caller's state) and the list is refreshed after. The dialog closes on success and keeps the error
 * otherwise; Esc or Close cancels.
 */
export function EditAction({
  name,
  title,
  children,
  save,
  invalidate,
  onOpen,
}: {
  name: string;
  title: string;
  children: ReactNode;
  save: () => PromiseLike<unknown>;
  invalidate: QueryKey;
  /** Sets the form's fields from the row, each time the dialog opens. */
  onOpen?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useListMutation(save, invalidate, () => setOpen(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => {
          mutation.reset();
          onOpen?.();
          setOpen(true);
        }}
      >
        Edit<span className="sr-only"> {name}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <form onSubmit={submit} className="space-y-3" aria-label={title}>
          {children}
          <ErrorNote error={mutation.error} />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={mutation.isPending}>
              Save
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
