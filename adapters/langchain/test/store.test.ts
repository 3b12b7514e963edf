/**
 * HxStore, the LangGraph BaseStore backed by Hx, against a real Hx server on loopback: LangGraph's
 * store semantics through its own BaseStore methods (put, get, search, delete, listNamespaces,
 * batch) and inside a compiled StateGraph (a node reads and writes `config.store`). No network.
 */
import { Annotation, type BaseStore, type LangGraphRunnableConfig, StateGraph } from '@langchain/langgraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaceBoundKey, newTenant, recordingClient, startTestServer, type TestServer } from '../../core/testing.js';
import { HxStore } from '../src/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function newStore(tag: string) {
  const { apiKey, user } = await newTenant(server, tag);
  const rec = recordingClient(server.url, apiKey);
  return { store: new HxStore({ client: rec.client }), rec, apiKey, user };
}

describe('HxStore (LangGraph BaseStore)', () => {
  it('put then get, overwrite, delete (and put null), a missing key is null', async () => {
    const { store } = await newStore('lgs-crud');
    expect(await store.get(['users', 'u1'], 'prefs')).toBeNull();
    await store.put(['users', 'u1'], 'prefs', { theme: 'dark', font: 14 });
    const item = await store.get(['users', 'u1'], 'prefs');
    expect(item).toMatchObject({ namespace: ['users', 'u1'], key: 'prefs', value: { theme: 'dark', font: 14 } });
    expect(item?.createdAt).toBeInstanceOf(Date);

    await store.put(['users', 'u1'], 'prefs', { theme: 'light' });
    const overwritten = await store.get(['users', 'u1'], 'prefs');
    expect(overwritten?.value).toEqual({ theme: 'light' });
    expect(overwritten?.createdAt.getTime()).toBe(item?.createdAt.getTime());

    await store.delete(['users', 'u1'], 'prefs');
    expect(await store.get(['users', 'u1'], 'prefs')).toBeNull();
    await store.delete(['users', 'u1'], 'prefs'); // deleting twice is no error, as in LangGraph's stores

    await store.put(['users', 'u1'], 'tmp', { a: 1 });
    await store.batch([{ namespace: ['users', 'u1'], key: 'tmp', value: null }]);
    expect(await store.get(['users', 'u1'], 'tmp')).toBeNull();
    // LangGraph's own validation still applies (labels cannot hold periods).
    await expect(store.put(['a.b'], 'k', { v: 1 })).rejects.toThrow(/period/i);
  }, 60_000);

  it('search: under a namespace prefix, with a filter and with a query; limit and offset', async () => {
    const { store } = await newStore('lgs-search');
    await store.put(['memories', 'u1'], 'm1', { text: 'The user prefers the aisle seat', kind: 'preference', n: 3 });
    await store.put(['memories', 'u1'], 'm2', { text: 'The user is allergic to peanuts', kind: 'fact', n: 1 });
    await store.put(['memories', 'u2'], 'm3', {
      text: 'Another user who also likes the aisle seat',
      kind: 'preference',
      n: 5,
    });

    const u1 = await store.search(['memories', 'u1']);
    expect(u1.map((i) => i.key)).toEqual(['m2', 'm1']);
    expect(u1.every((i) => i.score === undefined)).toBe(true);
    expect((await store.search(['memories'], { filter: { kind: 'preference' } })).map((i) => i.key).sort()).toEqual([
      'm1',
      'm3',
    ]);
    expect((await store.search(['memories'], { filter: { n: { $gt: 2 } } })).map((i) => i.key).sort()).toEqual([
      'm1',
      'm3',
    ]);
    const ranked = await store.search(['memories', 'u1'], { query: 'which seat, aisle?' });
    expect(ranked[0]?.key).toBe('m1');
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 0);
    expect((await store.search(['memories'], { limit: 1, offset: 1 })).map((i) => i.key)).toEqual(['m2']);
  }, 60_000);

  it('listNamespaces: prefix and suffix (with *), maxDepth, limit and offset', async () => {
    const { store } = await newStore('lgs-list');
    for (const ns of [
      ['users', 'u1', 'prefs'],
      ['users', 'u2', 'prefs'],
      ['users', 'u2', 'notes'],
      ['docs', 'v1'],
    ]) {
      await store.put(ns, 'k', { v: 1 });
    }
    expect(await store.listNamespaces()).toEqual([
      ['docs', 'v1'],
      ['users', 'u1', 'prefs'],
      ['users', 'u2', 'notes'],
      ['users', 'u2', 'prefs'],
    ]);
    expect(await store.listNamespaces({ prefix: ['users', 'u2'] })).toEqual([
      ['users', 'u2', 'notes'],
      ['users', 'u2', 'prefs'],
    ]);
    expect(await store.listNamespaces({ prefix: ['users', '*', 'prefs'] })).toEqual([
      ['users', 'u1', 'prefs'],
      ['users', 'u2', 'prefs'],
    ]);
    expect(await store.listNamespaces({ suffix: ['notes'] })).toEqual([['users', 'u2', 'notes']]);
    expect(await store.listNamespaces({ prefix: ['users'], maxDepth: 2 })).toEqual([
      ['users', 'u1'],
      ['users', 'u2'],
    ]);
    expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual([
      ['users', 'u1', 'prefs'],
      ['users', 'u2', 'notes'],
    ]);
  }, 60_000);

  it('batch: results in order; reads see the store before the batch writes; the last put of a key wins', async () => {
    const { store } = await newStore('lgs-batch');
    await store.put(['b'], 'k', { v: 'before' });
    const [got, , found, , listed] = await store.batch([
      { namespace: ['b'], key: 'k' },
      { namespace: ['b'], key: 'k', value: { v: 'first' } },
      { namespacePrefix: ['b'], limit: 10, offset: 0 },
      { namespace: ['b'], key: 'k', value: { v: 'last' } },
      { limit: 10, offset: 0 },
    ] as const);
    expect((got as { value: unknown }).value).toEqual({ v: 'before' });
    expect((found as Array<{ value: unknown }>).map((i) => i.value)).toEqual([{ v: 'before' }]);
    expect(listed).toEqual([['b']]);
    expect((await store.get(['b'], 'k'))?.value).toEqual({ v: 'last' });
  }, 60_000);

  it('no leak between two scopes: two tenants, and two namespace-bound keys of one tenant', async () => {
    const a = await newStore('lgs-a');
    const b = await newStore('lgs-b');
    await a.store.put(['users', 'u1'], 'secret', { pin: '4711' });
    expect(await b.store.get(['users', 'u1'], 'secret')).toBeNull();
    expect(await b.store.search([])).toEqual([]);
    expect(await b.store.listNamespaces()).toEqual([]);
    await b.store.delete(['users', 'u1'], 'secret');
    expect((await a.store.get(['users', 'u1'], 'secret'))?.value).toEqual({ pin: '4711' });

    // Within one tenant, a store per Hx namespace (by name here).
    const one = await namespaceBoundKey(server, a.user);
    const two = await namespaceBoundKey(server, a.user);
    const s1 = new HxStore({ baseUrl: server.url, apiKey: one.key });
    const s2 = new HxStore({ baseUrl: server.url, apiKey: two.key });
    await s1.put(['users', 'u1'], 'secret', { pin: '1111' });
    expect(await s2.get(['users', 'u1'], 'secret')).toBeNull();
    expect((await s1.get(['users', 'u1'], 'secret'))?.value).toEqual({ pin: '1111' });
    const owner = new HxStore({ client: a.rec.client, namespace: one.name });
    expect((await owner.get(['users', 'u1'], 'secret'))?.value).toEqual({ pin: '1111' });
  }, 60_000);

  it('in a compiled StateGraph: a node writes config.store, a later node reads it', async () => {
    const { store, rec } = await newStore('lgs-graph');
    const State = Annotation.Root({ userId: Annotation<string>(), answer: Annotation<string>() });
    const remember = async (state: typeof State.State, config: LangGraphRunnableConfig) => {
      await (config.store as BaseStore).put(['users', state.userId], 'city', { city: 'Lisbon' });
      return {};
    };
    const recall = async (state: typeof State.State, config: LangGraphRunnableConfig) => {
      const item = await (config.store as BaseStore).get(['users', state.userId], 'city');
      return { answer: `You live in ${item?.value.city ?? 'an unknown place'}.` };
    };
    const graph = new StateGraph(State)
      .addNode('remember', remember)
      .addNode('recall', recall)
      .addEdge('__start__', 'remember')
      .addEdge('remember', 'recall')
      .compile({ store });
    const out = await graph.invoke({ userId: 'u-9' });
    expect(out.answer).toBe('You live in Lisbon.');
    // One put and one get crossed HTTP (the put has a body, the get none).
    expect(rec.requests.filter((r) => r.path === '/v1/store/item').map((r) => r.body !== undefined)).toEqual([
      true,
      false,
    ]);
    // A second run reads what the first stored, through the server.
    expect((await new HxStore({ client: rec.client }).get(['users', 'u-9'], 'city'))?.value).toEqual({
      city: 'Lisbon',
    });
  }, 60_000);
});
