import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { garbageCollectorFlags } from './gc-tuning.js';
import { startServer } from './server.js';

describe('garbage collector tuning', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns allocation-site pretenuring off unless V8_ALLOCATION_SITE_PRETENURING=true', () => {
    expect(garbageCollectorFlags(loadConfig({}))).toEqual(['--no-allocation-site-pretenuring']);
    expect(garbageCollectorFlags(loadConfig({ V8_ALLOCATION_SITE_PRETENURING: 'false' }))).toEqual([
      '--no-allocation-site-pretenuring',
    ]);
    expect(garbageCollectorFlags(loadConfig({ V8_ALLOCATION_SITE_PRETENURING: 'true' }))).toEqual([]);
    expect(() => loadConfig({ V8_ALLOCATION_SITE_PRETENURING: 'yes' })).toThrow(
      /V8_ALLOCATION_SITE_PRETENURING: must be true or false/,
    );
  });

  it('is applied to the process when a server starts', async () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const running = await startServer({ DATA_DIR: 'memory://', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    try {
      expect(setFlags).toHaveBeenCalledWith('--no-allocation-site-pretenuring');
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('leaves V8 alone when the operator asks for pretenuring', async () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const running = await startServer({
      DATA_DIR: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      V8_ALLOCATION_SITE_PRETENURING: 'true',
    });
    try {
      expect(setFlags).not.toHaveBeenCalled();
    } finally {
      await running.close();
    }
  });
});
