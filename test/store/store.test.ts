/**
 * The store (/v1/store): JSON documents put and read by path and key, through the typed client.
 * Put then get, overwrite, delete, search (prefix, filter operators, query ranking, paging), the
 * paths listing (prefix and suffix with `*`, maxDepth), refusals naming the field, and no item seen
 * across tenants or namespaces.
 */
import { describe, expect, it } from 'vitest';
import { expectStatus, namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('store items', () => {
  it('put then get, overwrite (createdAt kept), delete (twice is not an error), 404 after', async () => {
    const { apiKey } = await newTenant(server, 'store-crud');
    const store = server.api(apiKey).store;
    const first = expectStatus(
      await store.put({ body: { path: ['users', 'u1', 'settings'], key: 'theme', value: { mode: 'dark' } } }),
      200,
    ).body.data;
    expect(first).toMatchObject({ path: ['users', 'u1', 'settings'], key: 'theme', value: { mode: 'dark' } });
    expect(first.namespace).toBe('default');

    const got = await store.get({ query: { path: 'users.u1.settings', key: 'theme' } });
    expect(expectStatus(got, 200).body.data).toEqual(first);

    await new Promise((r) => setTimeout(r, 5));
    const second = expectStatus(
      await store.put({
        body: { path: ['users', 'u1', 'settings'], key: 'theme', value: { mode: 'light', contrast: 2 } },
      }),
      200,
    ).body.data;
    expect(second.value).toEqual({ mode: 'light', contrast: 2 });
    expect(second.createdAt).toBe(first.createdAt);
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    const again = await store.get({ query: { path: 'users.u1.settings', key: 'theme' } });
    expect(expectStatus(again, 200).body.data.value).toEqual({ mode: 'light', contrast: 2 });

    // A key with a slash, spaces and a question mark travels in the query string.
    await store.put({ body: { path: ['docs'], key: 'a/b c?&d', value: { n: 1 } } });
    const odd = await store.get({ query: { path: 'docs', key: 'a/b c?&d' } });
    expect(expectStatus(odd, 200).body.data.key).toBe('a/b c?&d');

    const removed = await store.delete({ query: { path: 'users.u1.settings', key: 'theme' } });
    expect(expectStatus(removed, 200).body.data).toEqual({
      path: ['users', 'u1', 'settings'],
      key: 'theme',
      deleted: true,
    });
    const twice = await store.delete({ query: { path: 'users.u1.settings', key: 'theme' } });
    expect(expectStatus(twice, 200).body.data.deleted).toBe(false);
    const gone = await store.get({ query: { path: 'users.u1.settings', key: 'theme' } });
    expect(expectStatus(gone, 404).body.error.code).toBe('not_found');
  });

  it('search: path prefix (whole labels), filter operators, query ranking, limit and offset', async () => {
    const { apiKey } = await newTenant(server, 'store-search');
    const store = server.api(apiKey).store;
    const put = (path: string[], key: string, value: Record<string, unknown>) =>
      store.put({ body: { path, key, value } }).then((r) => expectStatus(r, 200));
    await put(['users', 'u1', 'notes'], 'n1', {
      text: 'Prefers the aisle seat on long flights',
      stars: 5,
      tag: 'travel',
    });
    await put(['users', 'u1', 'notes'], 'n2', { text: 'Allergic to peanuts', stars: 3, tag: 'health' });
    await put(['users', 'u1', 'todo'], 't1', { text: 'Book a hotel in Reykjavik', stars: 4, tag: 'travel' });
    await put(['users', 'u10', 'notes'], 'x', { text: 'Another user with an aisle seat', stars: 5, tag: 'travel' });
    const search = async (body: NonNullable<Parameters<typeof store.search>[0]>['body']) =>
      expectStatus(await store.search({ body }), 200).body.data.items;

    // Newest first; `users.u1` does not match `users.u10`.
    const all = await search({ pathPrefix: ['users', 'u1'] });
    expect(all.map((i) => i.key)).toEqual(['t1', 'n2', 'n1']);
    expect(all.every((i) => i.score === null)).toBe(true);
    expect((await search({ pathPrefix: ['users', 'u1', 'notes'] })).map((i) => i.key)).toEqual(['n2', 'n1']);
    expect(await search({ pathPrefix: [] })).toHaveLength(4);

    expect((await search({ pathPrefix: ['users', 'u1'], filter: { tag: 'travel' } })).map((i) => i.key)).toEqual([
      't1',
      'n1',
    ]);
    expect(
      (await search({ pathPrefix: ['users', 'u1'], filter: { stars: { $gte: 4 }, tag: { $ne: 'health' } } })).map(
        (i) => i.key,
      ),
    ).toEqual(['t1', 'n1']);
    expect((await search({ pathPrefix: ['users'], filter: { stars: { $lt: 4 } } })).map((i) => i.key)).toEqual(['n2']);
    expect(
      (await search({ pathPrefix: ['users'], filter: { tag: { $in: ['health', 'none'] } } })).map((i) => i.key),
    ).toEqual(['n2']);
    expect(
      (await search({ pathPrefix: ['users', 'u1'], filter: { tag: { $nin: ['travel'] } } })).map((i) => i.key),
    ).toEqual(['n2']);
    expect(await search({ pathPrefix: ['users'], filter: { missing: 'x' } })).toEqual([]);

    const ranked = await search({ pathPrefix: ['users', 'u1'], query: 'aisle seat' });
    expect(ranked[0]?.key).toBe('n1');
    expect(ranked[0]?.score).toBe(1);
    expect(ranked.slice(1).every((i) => (i.score ?? 1) < 1)).toBe(true);

    const page = await search({ pathPrefix: ['users', 'u1'], limit: 1, offset: 1 });
    expect(page.map((i) => i.key)).toEqual(['n2']);
  });

  it('paths: distinct, sorted; prefix and suffix with *, maxDepth, limit and offset', async () => {
    const { apiKey } = await newTenant(server, 'store-paths');
    const store = server.api(apiKey).store;
    for (const path of [
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['a', 'x'],
      ['z', 'b', 'd'],
    ]) {
      expectStatus(await store.put({ body: { path, key: 'k', value: { v: 1 } } }), 200);
    }
    expectStatus(await store.put({ body: { path: ['a', 'x'], key: 'k2', value: { v: 2 } } }), 200);
    const list = async (query: NonNullable<Parameters<typeof store.listPaths>[0]>['query']) =>
      expectStatus(await store.listPaths({ query }), 200).body.data.paths;
    expect(await list({})).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['a', 'x'],
      ['z', 'b', 'd'],
    ]);
    expect(await list({ prefix: 'a.b' })).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
    ]);
    expect(await list({ prefix: '*.b' })).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['z', 'b', 'd'],
    ]);
    expect(await list({ suffix: 'd' })).toEqual([
      ['a', 'b', 'd'],
      ['z', 'b', 'd'],
    ]);
    expect(await list({ prefix: 'a', suffix: 'b.*' })).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
    ]);
    expect(await list({ maxDepth: 1 })).toEqual([['a'], ['z']]);
    expect(await list({ limit: 2, offset: 1 })).toEqual([
      ['a', 'b', 'd'],
      ['a', 'x'],
    ]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { apiKey } = await newTenant(server, 'store-bad');
    const store = server.api(apiKey).store;
    const dotted = await store.put({ body: { path: ['a.b'], key: 'k', value: {} } });
    expect(expectStatus(dotted, 400).body.error.details?.map((d) => d.field)).toContain('path[0]');
    const empty = await store.put({ body: { path: [], key: 'k', value: {} } });
    expect(expectStatus(empty, 400).body.error.details?.map((d) => d.field)).toContain('path');
    const notObject = await server
      .http()
      .put('/v1/store/item')
      .set('authorization', `Bearer ${apiKey}`)
      .send({ path: ['a'], key: 'k', value: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.details.map((d: { field: string }) => d.field)).toContain('value');
    const badOp = await server
      .http()
      .post('/v1/store/search')
      .set('authorization', `Bearer ${apiKey}`)
      .send({ pathPrefix: ['a'], filter: { n: { $regex: 'x' } } });
    expect(badOp.status).toBe(400);
    expect(badOp.body.error.code).toBe('validation_error');
    const badPath = await store.get({ query: { path: 'a..b', key: 'k' } });
    expect(expectStatus(badPath, 400).body.error.details?.map((d) => d.field)).toContain('query.path');
  });

  it('no item is seen across tenants or namespaces; a namespace-bound key stays in its namespace', async () => {
    const a = await newTenant(server, 'store-a');
    const b = await newTenant(server, 'store-b');
    const item = { path: ['users', 'u1'], key: 'profile', value: { name: 'Ada' } };
    expectStatus(await server.api(a.apiKey).store.put({ body: item }), 200);
    const other = server.api(b.apiKey).store;
    expectStatus(await other.get({ query: { path: 'users.u1', key: 'profile' } }), 404);
    expect(expectStatus(await other.search({ body: { pathPrefix: [] } }), 200).body.data.items).toEqual([]);
    expect(expectStatus(await other.listPaths({ query: {} }), 200).body.data.paths).toEqual([]);
    expect(
      expectStatus(await other.delete({ query: { path: 'users.u1', key: 'profile' } }), 200).body.data.deleted,
    ).toBe(false);
    expectStatus(await server.api(a.apiKey).store.get({ query: { path: 'users.u1', key: 'profile' } }), 200);

    // A key bound to a namespace puts and reads there; the owner's unbound key reads `default` by default.
    const bound = await namespaceBoundKey(server, a.user);
    const inNs = expectStatus(
      await server.api(bound.key).store.put({ body: { ...item, value: { name: 'Grace' } } }),
      200,
    ).body.data;
    expect(inNs.namespace).toBe(bound.namespaceId);
    const fromBound = await server.api(bound.key).store.get({ query: { path: 'users.u1', key: 'profile' } });
    expect(expectStatus(fromBound, 200).body.data.value).toEqual({ name: 'Grace' });
    const fromDefault = await server.api(a.apiKey).store.get({ query: { path: 'users.u1', key: 'profile' } });
    expect(expectStatus(fromDefault, 200).body.data.value).toEqual({ name: 'Ada' });
    const byName = await server
      .api(a.apiKey)
      .store.get({ query: { path: 'users.u1', key: 'profile', namespace: bound.name } });
    expect(expectStatus(byName, 200).body.data.value).toEqual({ name: 'Grace' });
    // The bound key cannot name another namespace.
    const outside = await server
      .api(bound.key)
      .store.get({ query: { path: 'users.u1', key: 'profile', namespace: 'default' } });
    expect(expectStatus(outside, 403).body.error.details?.map((d) => d.field)).toContain('namespace');
  });
});
