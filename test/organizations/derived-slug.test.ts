/**
 * An organization created without a slug gets one derived from its name, unique within the tenant
 * (-2, -3 ... when taken); a slug given that is taken still answers 409. Through the SDK, as a user.
 */
import { Hx, HxError } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { slugOf } from '../../server/src/services/enterprise/organizations.js';
import { useTestServer, registerUser } from '../helpers/index.js';

const server = useTestServer();
beforeAll(async () => {}, 600_000);

describe('organization slugs derived from the name', () => {
  it('slugOf: ASCII letters and digits joined by hyphens, "org" when nothing is left', () => {
    expect(slugOf('No Slug Org')).toBe('no-slug-org');
    expect(slugOf('  Café Zürich GmbH!! ')).toBe('cafe-zurich-gmbh');
    expect(slugOf('東京')).toBe('org');
    expect(slugOf('x'.repeat(200)).length).toBeLessThanOrEqual(55);
  });

  it('derives, suffixes when taken, and keeps 409 for a slug given that is taken', async () => {
    const user = await registerUser(server, 'slug');
    const hx = new Hx({ baseUrl: server.url, accessToken: user.accessToken, maxRetries: 0 });
    const first = await hx.organizations.create({ name: 'No Slug Org' });
    expect(first.slug).toBe('no-slug-org');
    const second = await hx.organizations.create({ name: 'No Slug Org' });
    expect(second.slug).toBe('no-slug-org-2');
    const third = await hx.organizations.create({ name: 'no slug org!' });
    expect(third.slug).toBe('no-slug-org-3');
    const given = await hx.organizations.create({ name: 'Other', slug: 'custom-one' });
    expect(given.slug).toBe('custom-one');
    const taken = await hx.organizations.create({ name: 'Again', slug: 'no-slug-org' }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(HxError);
    expect((taken as HxError).status).toBe(409);

    // Another tenant derives the same slug: unique per tenant only.
    const other = await registerUser(server, 'slug-other');
    const theirs = await new Hx({
      baseUrl: server.url,
      accessToken: other.accessToken,
      maxRetries: 0,
    }).organizations.create({
      name: 'No Slug Org',
    });
    expect(theirs.slug).toBe('no-slug-org');
  });
});
