/**
 * Entity names learned from a conversation end where the name ends: a capitalised run that goes on
 * through "and" into a pronoun ("Lisbon and I love it") is the place "Lisbon", not "Lisbon and I".
 * Through HTTP: capture, learn, then the entity memories learn wrote.
 */
import { describe, expect, it } from 'vitest';
import { captureAndLearn, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('entity names learned from a conversation', () => {
  it('leave out a conjunction and the pronoun after a name', async () => {
    const { apiKey } = await newTenant(server, 'entities');
    await captureAndLearn(server, apiKey, [
      { subjectId: 'dana', content: 'I moved to Lisbon and I love it there.' },
      { subjectId: 'dana', content: 'Last summer we drove to Porto and We stayed a week.' },
      { subjectId: 'dana', content: 'I had dinner with Marco and Me, You know how it goes.' },
    ]);
    const api = server.api(apiKey);
    const mems = expectStatus(await api.memories.list({ query: { limit: 100 } }), 200).body.data.memories;
    const entities = mems.filter((m) => m.kind === 'entity').map((m) => m.content);
    expect(entities).toContain('Lisbon (place)');
    expect(entities).toContain('Porto (place)');
    expect(entities.some((e) => /^Marco\b/.test(e))).toBe(true);
    // No name ends in a conjunction or a pronoun.
    expect(entities.filter((e) => /\b(?:and|&)\s+(?:I|We|Me|You)\b/.test(e))).toEqual([]);
  });

  it('take an acronym after "the" for a thing, not a place, though a place cue comes before it', async () => {
    const { apiKey } = await newTenant(server, 'acronyms');
    await captureAndLearn(server, apiKey, [
      { subjectId: 'dana', content: 'I call the memory API from the SDK in my agent.' },
      { subjectId: 'dana', content: 'Last year I moved to the UK for work.' },
    ]);
    const api = server.api(apiKey);
    const mems = expectStatus(await api.memories.list({ query: { limit: 100 } }), 200).body.data.memories;
    const entities = mems.filter((m) => m.kind === 'entity').map((m) => m.content);
    expect(entities).not.toContain('SDK (place)');
    expect(entities).toContain('SDK (product)');
    expect(entities).toContain('UK (place)');
  });
});
