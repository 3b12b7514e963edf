/**
 * Cursor pagination: a list call answers a Page (its items, the pagination object, the next page),
 * and the call itself is an async iterable over every item of every page:
 * `for await (const artifact of hx.artifacts.list({ type: 'profile' })) { ... }`.
 */
import type { Pagination } from '../types.js';
import { APIPromise, type ResponseInfo } from './api-promise.js';
import type { RawResponse } from './fetcher.js';

type FetchPage = (cursor: string | undefined) => Promise<RawResponse>;

/** The list key of a page's data: the one array beside `pagination`. */
function itemsOf<Item>(data: Record<string, unknown>): Item[] {
  for (const [key, value] of Object.entries(data))
    if (key !== 'pagination' && Array.isArray(value)) return value as Item[];
  return [];
}

export class Page<Item, Data extends { pagination: Pagination } = { pagination: Pagination }> {
  readonly items: Item[];
  readonly pagination: Pagination;

  constructor(
    readonly data: Data,
    readonly response: ResponseInfo,
    private readonly fetchPage: FetchPage,
  ) {
    this.items = itemsOf<Item>(data as unknown as Record<string, unknown>);
    this.pagination = data.pagination;
  }

  /** Whether the server has more items after this page. */
  hasNextPage(): boolean {
    return this.pagination.hasMore && !!this.pagination.cursor;
  }

  /** The page after this one (same query, the cursor of this page); throws when there is none. */
  async getNextPage(): Promise<Page<Item, Data>> {
    if (!this.hasNextPage()) throw new Error('No next page: check hasNextPage() first.');
    const { data, response } = await new APIPromise<Data>(this.fetchPage(this.pagination.cursor)).withResponse();
    return new Page<Item, Data>(data, response, this.fetchPage);
  }

  /** Every item of this page and the pages after it. */
  async *iterAll(): AsyncGenerator<Item> {
    let page: Page<Item, Data> = this;
    for (;;) {
      yield* page.items;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }

  [Symbol.asyncIterator](): AsyncGenerator<Item> {
    return this.iterAll();
  }
}

/** Awaits to the first Page; iterates over every item of every page. */
export class PagePromise<Item, Data extends { pagination: Pagination } = { pagination: Pagination }>
  implements PromiseLike<Page<Item, Data>>, AsyncIterable<Item>
{
  readonly #page: Promise<Page<Item, Data>>;

  constructor(fetchPage: FetchPage, firstCursor?: string) {
    this.#page = new APIPromise<Data>(fetchPage(firstCursor))
      .withResponse()
      .then(({ data, response }) => new Page<Item, Data>(data, response, fetchPage));
  }

  /** Awaiting a list call gives its first Page. */
  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is meant to be awaited
  then<A = Page<Item, Data>, B = never>(
    onfulfilled?: ((value: Page<Item, Data>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#page.then(onfulfilled, onrejected);
  }

  /** The error of the first page's request (an HxError subclass). */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<Item, Data> | B> {
    return this.#page.catch(onrejected);
  }

  /** `for await (const item of hx.memories.list())`: every item of every page. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page = await this.#page;
    yield* page.iterAll();
  }
}
