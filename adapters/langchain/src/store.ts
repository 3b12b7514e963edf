/**
 * A LangGraph store backed by Hx: `new HxStore()` wherever a `BaseStore` goes (`graph.compile({
 * store })`, `createAgent({ store })`), and every `put`, `get`, `search`, `delete` and
 * `listNamespaces` is one call of Hx's store API (`/v1/store`). A LangGraph namespace is the item's
 * path, a list of labels; the items live in one Hx namespace (the API key's, or `namespace`), so two
 * keys bound to two namespaces, or two tenants, never see each other's items.
 *
 * Semantics as LangGraph's own stores: `put` replaces the value (createdAt kept), `put(..., null)`
 * and `delete` remove it, `get` answers the item or null, `search` filters by the value's top-level
 * fields ($eq $ne $gt $gte $lt $lte $in $nin) under a path prefix, most recently updated first, and
 * with a `query` ranks by the share of its words found in the value (no embeddings: `index` is
 * accepted and ignored). In one `batch`, reads see the store as it was before the batch's writes,
 * and of two puts of one key the last wins, as in LangGraph's InMemoryStore.
 */
import { Hx, NotFoundError } from '@hx-memory/sdk';
import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchOperation,
} from '@langchain/langgraph';

export interface HxStoreOptions {
  /** An Hx client; else one is made from `baseUrl` and `apiKey` (HX_BASE_URL and HX_API_KEY by default). */
  client?: Hx;
  baseUrl?: string;
  apiKey?: string;
  /** The Hx namespace (id or name) holding the items; the API key's, else `default`, when absent. */
  namespace?: string;
  /** Milliseconds one store call may take (default 10 000). */
  timeout?: number;
}

type HxItem = {
  path: string[];
  key: string;
  value: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  score?: number | null;
};

const toItem = (i: HxItem): Item => ({
  namespace: i.path,
  key: i.key,
  value: i.value,
  createdAt: new Date(i.createdAt),
  updatedAt: new Date(i.updatedAt),
});

const isGet = (op: Operation): op is GetOperation => 'key' in op && !('value' in op);
const isPut = (op: Operation): op is PutOperation => 'value' in op;
const isSearch = (op: Operation): op is SearchOperation => 'namespacePrefix' in op;
const isList = (op: Operation): op is ListNamespacesOperation => 'limit' in op && !('namespacePrefix' in op);

export class HxStore extends BaseStore {
  readonly client: Hx;
  readonly #namespace: string | undefined;
  readonly #request: { timeout: number; maxRetries: number };

  constructor(options: HxStoreOptions = {}) {
    super();
    this.client = options.client ?? new Hx({ baseUrl: options.baseUrl, apiKey: options.apiKey });
    this.#namespace = options.namespace;
    this.#request = { timeout: options.timeout ?? 10_000, maxRetries: 2 };
  }

  #scope() {
    return this.#namespace === undefined ? {} : { namespace: this.#namespace };
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    // Reads first, all at once: they see the store as it was before the batch's writes.
    const results = await Promise.all(
      operations.map((op): Promise<unknown> => {
        if (isPut(op)) return Promise.resolve(undefined);
        if (isSearch(op)) return this.#search(op);
        if (isGet(op)) return this.#get(op);
        if (isList(op)) return this.#list(op);
        return Promise.reject(new Error(`unknown store operation: ${JSON.stringify(op)}`));
      }),
    );
    // Then the writes, in order; of two puts of one key the last wins.
    const puts = new Map<string, PutOperation>();
    for (const op of operations) if (isPut(op)) puts.set(JSON.stringify([op.namespace, op.key]), op);
    for (const op of puts.values()) await this.#put(op);
    return results as OperationResults<Op>;
  }

  async #get(op: GetOperation): Promise<Item | null> {
    try {
      const item = await this.client.store.get(
        { path: op.namespace.join('.'), key: op.key, ...this.#scope() },
        this.#request,
      );
      return toItem(item);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async #put(op: PutOperation): Promise<void> {
    if (op.value === null) {
      await this.client.store.delete({ path: op.namespace.join('.'), key: op.key, ...this.#scope() }, this.#request);
      return;
    }
    await this.client.store.put({ path: op.namespace, key: op.key, value: op.value, ...this.#scope() }, this.#request);
  }

  async #search(op: SearchOperation) {
    const { items } = await this.client.store.search(
      {
        pathPrefix: op.namespacePrefix,
        ...(op.filter ? { filter: op.filter } : {}),
        ...(op.query ? { query: op.query } : {}),
        limit: op.limit ?? 10,
        offset: op.offset ?? 0,
        ...this.#scope(),
      },
      this.#request,
    );
    return items.map((i) => ({ ...toItem(i), ...(i.score === null ? {} : { score: i.score }) }));
  }

  async #list(op: ListNamespacesOperation): Promise<string[][]> {
    const condition = (type: 'prefix' | 'suffix') =>
      op.matchConditions?.find((c) => c.matchType === type)?.path.join('.');
    const prefix = condition('prefix');
    const suffix = condition('suffix');
    const { paths } = await this.client.store.listPaths(
      {
        ...(prefix ? { prefix } : {}),
        ...(suffix ? { suffix } : {}),
        ...(op.maxDepth !== undefined ? { maxDepth: op.maxDepth } : {}),
        limit: op.limit,
        offset: op.offset,
        ...this.#scope(),
      },
      this.#request,
    );
    return paths;
  }
}
