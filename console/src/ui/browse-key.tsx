/**
 * The memory routes (memories, artifacts, synthesize, learn, usage) take an API key, not a user
 * token. The console asks the server to keep one in an HttpOnly cookie (X-Hx-Console-Key: remember,
 * accepted only if the key works); this gate shows the page once that cookie is there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { hx, isStatus } from '../api';
import { ErrorNote, Field } from './kit';

export const BROWSE_KEY = ['browse-key'] as const;

/** Checks `key` against the API and, if it works, has the server remember it in the session cookie. */
export async function rememberKey(key: string) {
  await hx.memories.list({ limit: 1 }, { headers: { authorization: `Bearer ${key}`, 'x-hx-console-key': 'remember' } });
}

export function useBrowseKey() {
  return useQuery({
    queryKey: BROWSE_KEY,
    queryFn: async () => {
      try {
        await hx.memories.list({ limit: 1 });
        return true;
      } catch (err) {
        if (isStatus(err, 401)) return false;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function KeyGate({ children }: { children: ReactNode }) {
  const browse = useBrowseKey();
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>();
  if (browse.isPending) return <p className="muted">Loading…</p>;
  if (browse.data) return <>{children}</>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await rememberKey(key.trim());
      setKey('');
      await queryClient.invalidateQueries({ queryKey: BROWSE_KEY });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className="card max-w-xl space-y-3" aria-labelledby="browse-key-title">
      <h2 id="browse-key-title" className="font-semibold">
        Choose an API key to browse with
      </h2>
      <p className="muted text-sm">
        Memories, artifacts and the playground are read with an API key, as your agents read them. The server keeps it
        in an HttpOnly cookie of this session; it is forgotten when you log out.{' '}
        <Link to="/keys" className="underline">
          Create a key
        </Link>{' '}
        if you have none.
      </p>
      <form onSubmit={submit} className="space-y-3">
        <Field label="API key">
          {(id) => (
            <input
              id={id}
              className="input font-mono"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              placeholder="hx_live_…"
              autoComplete="off"
              required
            />
          )}
        </Field>
        <ErrorNote error={error} />
        <button type="submit" className="btn-primary">
          Use this key
        </button>
      </form>
    </section>
  );
}
