/** The start page: the steps from a new account to a first event and memory, with where each one is. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { hx } from '../api';
import { useBrowseKey } from '../ui/browse-key';
import { PageTitle } from '../ui/kit';

export function OverviewPage() {
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: async () => (await hx.apiKeys.list({ limit: 100 })).items });
  const browse = useBrowseKey();
  const memories = useQuery({
    queryKey: ['memories', 'count'],
    queryFn: async () => (await hx.memories.list({ limit: 1 })).items.length,
    enabled: browse.data === true,
    refetchInterval: 5000,
  });
  const events = useQuery({
    queryKey: ['events', 'count'],
    queryFn: async () => (await hx.capture.listEvents({ limit: 1 })).items.length,
    enabled: browse.data === true,
    refetchInterval: 5000,
  });
  const hasKey = (keys.data?.filter((k) => !k.revoked).length ?? 0) > 0;
  const hasEvent = (events.data ?? 0) > 0;
  const hasMemory = (memories.data ?? 0) > 0;
  const steps: [boolean, string, string, string][] = [
    [true, 'Create your account', '/', 'Done: you are logged in.'],
    [hasKey, 'Create an API key', '/keys', 'Your agents use it; it is shown once, with ready-to-paste snippets.'],
    [
      hasEvent,
      'Capture, and see the first event arrive',
      '/events',
      'Run a snippet: the event appears within seconds.',
    ],
    [hasMemory, 'Learn, and see the first memory', '/memories', 'Run a learn job: the memories compiled from it.'],
  ];
  return (
    <div className="max-w-3xl space-y-6">
      <PageTitle lead="Hx gives your agents a memory: capture what happens, learn from it, synthesize context.">
        Welcome to Hx
      </PageTitle>
      <ol className="space-y-3">
        {steps.map(([done, title, to, text], i) => (
          <li key={title} className="card flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${done ? 'bg-emerald-700 text-white' : 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100'}`}
            >
              {done ? '✓' : i + 1}
            </span>
            <div>
              <h2 className="font-semibold">
                {to === '/' ? (
                  title
                ) : (
                  <Link to={to} className="underline">
                    {title}
                  </Link>
                )}
                <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
              </h2>
              <p className="muted text-sm">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
