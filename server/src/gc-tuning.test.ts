import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { garbageCollectorFlags } from './gc-tuning.js';
import { startServer } from './server.js';

describe('garbage collector tuning', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns allocation-site pretenuring off on the embedded database, keeps it on PostgreSQL, unless told', () => {
    const off = ['--no-allocation-site-pretenuring'];
    const pg = { DATABASE_URL: 'postgres://hx@db/hx', REDIS_URL: 'redis://cache:6379' };
    expect(garbageCollectorFlags(loadConfig({}))).toEqual(off);
    expect(garbageCollectorFlags(loadConfig(pg))).toEqual([]);
    expect(garbageCollectorFlags(loadConfig({ V8_ALLOCATION_SITE_PRETENURING: 'true' }))).toEqual([]);
    expect(garbageCollectorFlags(loadConfig({ ...pg, V8_ALLOCATION_SITE_PRETENURING: 'false' }))).toEqual(off);
    expect(() => loadConfig({ V8_ALLOCATION_SITE_PRETENURING: 'yes' })).toThrow(
      /V8_ALLOCATION_SITE_PRETENURING: must be true or false/,
    );
  });

  /** The V8 flags a server on the embedded database (whatever the suite runs against) sets as it starts. */
  async function flagsSetAtStart(env: Record<string, string> = {}): Promise<unknown[]> {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const running = await startServer({
      DATA_DIR: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    });
    try {
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
      return setFlags.mock.calls.map(([flag]) => flag);
    } finally {
      await running.close();
    }
  }

  it('is applied to the process when a server on the embedded database starts', async () => {
    expect(await flagsSetAtStart()).toEqual(['--no-allocation-site-pretenuring']);
  });

  it('leaves V8 alone when the operator asks for pretenuring', async () => {
    expect(await flagsSetAtStart({ V8_ALLOCATION_SITE_PRETENURING: 'true' })).toEqual([]);
  });
});
