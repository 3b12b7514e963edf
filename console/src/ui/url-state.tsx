/** URL search params as the state of a list: set some of them, and the pager that moves `cursor`. */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Pager } from './kit';

/** Sets URL search params of the current page (undefined removes one). */
export function useSetSearch() {
  const navigate = useNavigate();
  return (patch: Record<string, string | undefined>) =>
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never });
}

/** Pager over the page's `cursor` search param: first page, or on to the next. */
export function UrlPager({ next }: { next?: { hasMore: boolean; cursor?: string } }) {
  const search = useSearch({ strict: false }) as { cursor?: string };
  const setSearch = useSetSearch();
  return <Pager cursor={search.cursor} next={next} go={(cursor) => setSearch({ cursor })} />;
}
