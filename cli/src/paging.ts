/** Lists: walk the SDK's cursor pages until `limit` items, so `--limit` means items, not pages. */
export const PAGE_MAX = 100;

export async function collect<T>(pages: AsyncIterable<T>, limit: number): Promise<T[]> {
  const items: T[] = [];
  if (limit <= 0) return items;
  for await (const item of pages) {
    items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}

/** The page size to ask for when `limit` items are wanted. */
export const pageSize = (limit: number): number => Math.max(1, Math.min(limit, PAGE_MAX));
