/**
 * The synthesize playground: a query, a budget and a namespace give the context exactly as an agent
 * gets it, each entry with its section, score and confidence, "why this" (its provenance: the
 * memories, artifacts and events it came from), and what was left out, by reason.
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { ErrorNote, PageTitle, Text, TextField } from '../ui/kit';

function Playground() {
  const [query, setQuery] = useState('');
  const [maxTokens, setMaxTokens] = useState(1000);
  const [namespace, setNamespace] = useState('');
  const run = useMutation({
    mutationFn: async () => await hx.synthesize(query, { maxTokens, ...(namespace ? { namespace } : {}) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run.mutate();
  };
  const result = run.data;
  return (
    <div className="space-y-6">
      <form
        onSubmit={submit}
        className="card grid gap-3 md:grid-cols-[1fr_10rem_12rem_auto] md:items-end"
        aria-label="Synthesize"
      >
        <TextField label="Query" value={query} onChange={setQuery} required />
        <TextField
          label="Token budget"
          type="number"
          min={16}
          max={128000}
          value={String(maxTokens)}
          onChange={(v) => setMaxTokens(Number(v))}
        />
        <TextField label="Namespace" value={namespace} onChange={setNamespace} placeholder="default" />
        <button type="submit" className="btn-primary" disabled={run.isPending}>
          Synthesize
        </button>
      </form>
      <ErrorNote error={run.error} />
      {result ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="context-title">
            <h2 id="context-title" className="mb-2 font-semibold">
              Context as the agent sees it
            </h2>
            <pre className="code whitespace-pre-wrap" data-testid="synth-context">
              {result.context || '(empty: nothing in this scope matched)'}
            </pre>
            <p className="muted mt-2 text-sm" data-testid="synth-budget">
              {result.budget.used} of {result.budget.limit} tokens · {result.budget.entriesIncluded} entries in,{' '}
              {result.budget.entriesDropped} left out ({result.budget.omitted.overBudget} over budget,{' '}
              {result.budget.omitted.duplicates} duplicates, {result.budget.omitted.superseded} superseded) ·{' '}
              {result.budget.truncated} shortened
            </p>
          </section>
          <section aria-labelledby="entries-title">
            <h2 id="entries-title" className="mb-2 font-semibold">
              Entries and why each is there
            </h2>
            <ol className="space-y-3" data-testid="synth-entries">
              {result.entries.map((entry) => (
                <li
                  key={`${entry.section}:${entry.provenance.map((p) => p.sourceId).join(',')}:${entry.content.slice(0, 48)}`}
                  className="card text-sm"
                >
                  <p className="muted text-xs">
                    {entry.section} · {entry.kind} · {entry.tokens} tokens · score {entry.score.toFixed(3)} · confidence{' '}
                    {entry.confidence.toFixed(2)}
                  </p>
                  <p className="mt-1">
                    <Text>{entry.content}</Text>
                  </p>
                  <p className="mt-2 text-xs font-medium">Why this:</p>
                  <ul className="text-xs" data-testid="synth-provenance">
                    {entry.provenance.map((p) => (
                      <li key={`${p.sourceType}:${p.sourceId}`}>
                        {p.sourceType}{' '}
                        {p.sourceType === 'memory' ? (
                          <Link to="/memories" search={{ id: p.sourceId }} className="font-mono underline">
                            {p.sourceId}
                          </Link>
                        ) : p.sourceType === 'artifact' ? (
                          <Link to="/artifacts" search={{ id: p.sourceId }} className="font-mono underline">
                            {p.sourceId}
                          </Link>
                        ) : (
                          <span className="font-mono">{p.sourceId}</span>
                        )}
                        {p.artifactType ? ` (${p.artifactType})` : ''}
                        {p.evidenceCount !== undefined ? ` · ${p.evidenceCount} evidence` : ''}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </div>
      ) : null}
    </div>
  );
}

export function PlaygroundPage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="Ask as your agent would, and see what it would be told and why.">
        Synthesize playground
      </PageTitle>
      <KeyGate>
        <Playground />
      </KeyGate>
    </div>
  );
}
