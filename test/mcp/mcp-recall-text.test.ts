/**
 * The MCP recall tool's text says what synthesize left out and why (budget.omitted: repeats of an entry
 * shown, superseded facts, entries over the budget), through Streamable HTTP against a real server.
 */
import { describe, expect, it } from 'vitest';
import { newTenant, useTestServer } from '../helpers/index.js';
import { callOk, connectHttp } from './mcp-client.js';

const server = useTestServer();

describe('MCP recall: what was left out', () => {
  it("says why entries were left out of recall's answer (budget.omitted), not that the budget took them all", async () => {
    const { apiKey } = await newTenant(server, 'mcp-omit');
    const client = await connectHttp(server, apiKey);
    await callOk(client, 'remember', { text: 'I live in Porto and I love sailing.', subjectId: 'ana' });
    await callOk(client, 'learn', { subjectId: 'ana' });
    const text = await callOk(client, 'recall', { query: 'Where does ana live?', subjectId: 'ana' });
    expect(text).toContain('Porto');
    expect(text).not.toMatch(/left out for the budget/);
    // The raw event was learned into the memory shown: a repeat, not a budget cut.
    expect(text).toMatch(/Sources \(\d+ entr(y|ies), \d+\/\d+ tokens, left out: \d+ repeats? of an entry shown\)/);
    await client.close();
  });
});
