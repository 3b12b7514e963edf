/**
 * The bounds every call keeps, checked on createHxMcpServer itself (in-memory MCP transport, real
 * API): a tool answers by its deadline even when the server never responds, and long text is cut
 * to the output budget with a note saying so.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { createHxMcpServer } from '@hx-memory/mcp';
import { Hx } from '@hx-memory/sdk';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, useTestServer } from '../helpers/index.js';
import { callError, callOk, newClient } from './mcp-client.js';

const server = useTestServer();
let silent: Server;
let silentUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Accepts connections and never answers: a hung upstream.
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address() as { port: number };
  silentUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
});

async function connect(hx: Hx, limits: { timeoutMs?: number; maxOutputChars?: number }) {
  const mcp = createHxMcpServer({ hx, limits });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const client = newClient();
  await client.connect(clientSide);
  return client;
}

describe('MCP call limits', () => {
  it('answers a timeout tool error by the deadline when the server never responds', async () => {
    const client = await connect(new Hx({ baseUrl: silentUrl, apiKey: 'hx_live_x' }), { timeoutMs: 1500 });
    for (const [name, args] of [
      ['recall', { query: 'anything' }],
      ['learn', { wait: true }],
    ] as const) {
      const started = Date.now();
      expect(await callError(client, name, args)).toMatch(/^Error timeout: Hx did not answer within 1500 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    await client.close();
  });

  it('cuts long answers to the output budget and says how much was left out', async () => {
    const { apiKey } = await newTenant(server, 'mcp-trim');
    const client = await connect(new Hx({ baseUrl: server.url, apiKey }), { maxOutputChars: 600 });
    const events = Array.from({ length: 20 }, (_, i) => ({ text: `Note ${i}: the blue folder holds invoice ${i}.` }));
    const text = await callOk(client, 'remember', { events });
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text).toMatch(/\[… \d+ more characters left out; narrow the request/);
    expect(text).toMatch(/^Remembered 20 of 20/);
    await client.close();
  });
});
