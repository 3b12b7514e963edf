/**
 * The filter form of every list page: text fields and selects from a description, a draft kept
 * until "Apply filters", then handed to the page, which writes it to the URL. "Clear" applies none.
 * Render it with `key={JSON.stringify(search)}` so a URL change (back, a link) resets the draft.
 */
import { type FormEvent, useState } from 'react';
import { Field } from './kit';

export interface FilterField<K extends string> {
  key: K;
  label: string;
  /** A select of these values (plus "any"); a text field without. */
  options?: readonly string[];
  placeholder?: string;
}

export type FilterValues<K extends string> = { [Q in K]?: string };

export function FilterForm<K extends string>({
  label,
  fields,
  search,
  onApply,
}: {
  label: string;
  fields: readonly FilterField<K>[];
  search: FilterValues<K>;
  onApply: (values: FilterValues<K>) => void;
}) {
  const pick = (from: FilterValues<K>) =>
    Object.fromEntries(fields.map((f) => [f.key, from[f.key]])) as FilterValues<K>;
  const [draft, setDraft] = useState<FilterValues<K>>(pick(search));
  const set = (k: K) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.key, draft[f.key]?.trim() || undefined]));
    onApply(values as FilterValues<K>);
  };
  return (
    <form onSubmit={apply} className="card grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={label}>
      {fields.map((f) => (
        <Field key={f.key} label={f.label}>
          {(id) =>
            f.options ? (
              <select id={id} className="input" value={draft[f.key] ?? ''} onChange={set(f.key)}>
                <option value="">any</option>
                {f.options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="input"
                value={draft[f.key] ?? ''}
                placeholder={f.placeholder}
                onChange={set(f.key)}
              />
            )
          }
        </Field>
      ))}
      <div className="col-span-2 flex items-end gap-2 md:col-span-4">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        <button type="button" className="btn" onClick={() => onApply(pick({}))}>
          Clear
        </button>
      </div>
    </form>
  );
}
