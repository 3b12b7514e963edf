/**
 * Windowed rendering for the long lists (events, memories, artifacts, access and audit logs): only the
 * rows in view, plus a few either side, are in the DOM (@tanstack/react-virtual), inside a scroll
 * region of their own. Keyboard use stays: the region is focusable (arrow keys and Page Up/Down
 * scroll it), Tab moves through the rendered rows and the browser scrolls each focused one into view,
 * which renders the next ones; the row holding focus is always rendered, so scrolling away never drops
 * focus to the page. Spacers keep the scrollbar true to the whole list; sizes are measured, not guessed.
 */
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type FocusEvent, type ReactNode, useCallback, useRef, useState } from 'react';

/** Rows rendered on either side of the focused one, whatever the scroll: Tab always finds the next. */
const AROUND_FOCUS = 3;

export function useWindow(count: number, estimate: number) {
  const scrollRef = useRef<HTMLElement>(null);
  // State, not a ref: a focus change renders the rows around it at once (a focus event's update is
  // flushed before the next key is handled), not only when the scroll it causes is seen, which on a
  // busy machine came after the next Tab had already left the last rendered row.
  const [focused, setFocused] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      if (focused !== null)
        for (let i = focused - AROUND_FOCUS; i <= focused + AROUND_FOCUS; i++)
          if (i >= 0 && i < range.count) indexes.add(i);
      return [...indexes].sort((a, b) => a - b);
    },
    [focused],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 6,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  // The rendered rows are contiguous but for the focused one, which may sit apart: a spacer between.
  const pieces: ({ spacer: number; key: string } | { index: number; key: string })[] = [];
  let at = 0;
  for (const item of items) {
    if (item.start > at) pieces.push({ spacer: item.start - at, key: `gap-${item.index}` });
    pieces.push({ index: item.index, key: String(item.key) });
    at = item.end;
  }
  const rest = virtualizer.getTotalSize() - at;
  if (rest > 0) pieces.push({ spacer: rest, key: 'gap-end' });
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    setFocused(row ? Number(row.dataset.index) : null);
  };
  return { scrollRef, pieces, measure: virtualizer.measureElement, onFocus };
}

/** The scroll region the rows live in: focusable and named, so it can be scrolled from the keyboard. */
export function ScrollRegion({
  label,
  win,
  children,
}: {
  label: string;
  win: ReturnType<typeof useWindow>;
  children: ReactNode;
}) {
  return (
    <section
      ref={win.scrollRef}
      className="max-h-[70vh] overflow-auto rounded-md"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label}
      onFocus={win.onFocus}
    >
      {children}
    </section>
  );
}

/** A list of buttons (memories, artifacts), each opening an item, windowed. */
export function VirtualButtonList<T>({
  label,
  items,
  itemKey,
  onOpen,
  children,
  testId,
}: {
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  onOpen: (item: T) => void;
  children: (item: T) => ReactNode;
  testId?: string;
}) {
  const win = useWindow(items.length, 64);
  return (
    <ScrollRegion label={label} win={win}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid={testId}>
        {win.pieces.map((p) => {
          if ('spacer' in p) return <li key={p.key} aria-hidden="true" style={{ height: p.spacer }} />;
          const item = items[p.index] as T;
          return (
            <li key={itemKey(item)} data-index={p.index} ref={win.measure} className="py-2">
              <button
                type="button"
                className="w-full rounded-md p-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                onClick={() => onOpen(item)}
              >
                {children(item)}
              </button>
            </li>
          );
        })}
      </ul>
    </ScrollRegion>
  );
}
