/**
 * API keys: create one (the key is shown once, with copy and ready-to-paste SDK, CLI, curl and MCP
 * snippets built from this server's own address), list and revoke them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { apiBase, hx } from '../api';
import { BROWSE_KEY, rememberKey, useBrowseKey } from '../ui/browse-key';
import { Confirm, CopyButton, ErrorNote, PageTitle, SelectField, TextField, when } from '../ui/kit';

type Snippet = 'sdk' | 'cli' | 'curl' | 'mcp';

export function snippets(base: string, key: string): Record<Snippet, string> {
  return {
    sdk: `// npm install @hx-memory/sdk
import { Hx } from '@hx-memory/sdk';

const hx = new Hx({ baseUrl: '${base}', apiKey: '${key}' });
await hx.capture({ type: 'message', sessionId: 'first-session', payload: { role: 'user', content: 'I prefer dark mode in every editor' } });
await hx.learn({ wait: true });
const { context } = await hx.synthesize('What does the user prefer?');
console.log(context);`,
    cli: `export HX_BASE_URL=${base}
export HX_API_KEY=${key}
hx capture --session first-session "I prefer dark mode in every editor"
hx learn --wait
hx synthesize "What does the user prefer?"`,
    curl: `curl -sS ${base}/v1/capture \\
  -H 'Authorization: Bearer ${key}' \\
  -H 'Content-Type: application/json' \\
  -d '{"type":"message","sessionId":"first-session","payload":{"role":"user","content":"I prefer dark mode in every editor"}}'`,
    mcp: JSON.stringify(
      { mcpServers: { hx: { type: 'http', url: `${base}/mcp`, headers: { Authorization: `Bearer ${key}` } } } },
      null,
      2,
    ),
  };
}

const TABS: [Snippet, string][] = [
  ['sdk', 'TypeScript SDK'],
  ['cli', 'CLI'],
  ['curl', 'curl'],
  ['mcp', 'MCP client'],
];

function NewKey({ created }: { created: { key: string; name: string; prefix: string } }) {
  const [tab, setTab] = useState<Snippet>('sdk');
  const all = snippets(apiBase, created.key);
  return (
    <section
      className="card space-y-4 border-amber-400 dark:border-amber-500"
      aria-labelledby="new-key-title"
      data-testid="new-key"
    >
      <h2 id="new-key-title" className="font-semibold">
        Your new key “{created.name}”
      </h2>
      <p className="text-sm">
        <strong>Copy it now: it is shown this once.</strong> Only its hash is stored; if you lose it, create another.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="code flex-1" data-testid="new-key-value">
          {created.key}
        </code>
        <CopyButton text={created.key} label="Copy key" />
      </div>
      <div>
        <div role="tablist" aria-label="Snippets" className="flex flex-wrap gap-1">
          {TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              className={tab === id ? 'btn-primary' : 'btn'}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-2 space-y-2">
          <pre className="code" data-testid={`snippet-${tab}`}>
            {all[tab]}
          </pre>
          <CopyButton text={all[tab]} label="Copy snippet" />
        </div>
      </div>
      <p className="muted text-sm">
        Run one of these, then open{' '}
        <Link to="/memories" className="underline">
          Memories
        </Link>
        : what your agent captured appears there (the console browses with this key).
      </p>
    </section>
  );
}

export function KeysPage() {
  const queryClient = useQueryClient();
  const browse = useBrowseKey();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: async () => (await hx.apiKeys.list({ limit: 100 })).items });
  const [name, setName] = useState('My first agent');
  const [environment, setEnvironment] = useState<'live' | 'test'>('live');
  const [created, setCreated] = useState<{ key: string; name: string; prefix: string }>();
  const [revoking, setRevoking] = useState<{ id: string; name: string }>();

  const create = useMutation({
    mutationFn: async () => await hx.apiKeys.create({ name, environment }),
    onSuccess: async (key) => {
      setCreated({ key: key.key, name: key.name, prefix: key.prefix });
      // The first key also becomes the console's key for the memory pages.
      if (!browse.data) {
        await rememberKey(key.key).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: BROWSE_KEY });
      }
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: async (id: string) => await hx.apiKeys.revoke({ id }),
    onSuccess: async () => {
      setRevoking(undefined);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      await queryClient.invalidateQueries({ queryKey: BROWSE_KEY });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <div className="max-w-4xl space-y-6">
      <PageTitle lead="Agents, the SDK, the CLI and MCP clients authenticate with an API key.">API keys</PageTitle>
      {created ? <NewKey created={created} /> : null}
      <form onSubmit={submit} className="card flex flex-wrap items-end gap-4" aria-label="Create an API key">
        <div className="min-w-60 flex-1">
          <TextField label="Key name" value={name} onChange={setName} required />
        </div>
        <SelectField
          label="Environment"
          value={environment}
          options={[
            ['live', 'live'],
            ['test', 'test'],
          ]}
          onChange={setEnvironment}
        />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Create key
        </button>
      </form>
      <ErrorNote error={create.error} />
      <section aria-labelledby="keys-title">
        <h2 id="keys-title" className="mb-2 font-semibold">
          Your keys
        </h2>
        <ErrorNote error={keys.error} />
        {keys.data?.length === 0 ? <p className="muted text-sm">No key yet: create one above.</p> : null}
        {keys.data?.length ? (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td className="font-mono text-xs">{k.prefix}…</td>
                  <td>{k.scopes.join(', ')}</td>
                  <td>{when(k.createdAt)}</td>
                  <td>{k.revoked ? 'revoked' : when(k.lastUsedAt)}</td>
                  <td>
                    {k.revoked ? null : (
                      <button type="button" className="btn" onClick={() => setRevoking({ id: k.id, name: k.name })}>
                        Revoke<span className="sr-only"> {k.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <Confirm
        open={revoking !== undefined}
        title="Revoke this key?"
        action="Revoke key"
        busy={revoke.isPending}
        onClose={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      >
        <p>
          “{revoking?.name}” stops working at once, on every server. Agents using it get 401 until they are given
          another key.
        </p>
        <ErrorNote error={revoke.error} />
      </Confirm>
    </div>
  );
}
