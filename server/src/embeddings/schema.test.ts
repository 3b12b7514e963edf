/** Start-up with embeddings configured on a PostgreSQL that has no pgvector: a message saying what to do. */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { endpointOf } from './client.js';
import { ensureEmbeddingsSchema } from './store.js';

describe('ensureEmbeddingsSchema', () => {
  it('refuses to start on a PostgreSQL without the vector extension, naming the package', async () => {
    const statements: string[] = [];
    const database = {
      driver: 'postgres',
      // pg_available_extensions has no 'vector' row.
      rows: async () => {
        statements.push('rows');
        return [];
      },
      db: {
        transaction: async () => {
          throw new Error('no table may be created');
        },
      },
    } as unknown as Database;
    await expect(ensureEmbeddingsSchema(database)).rejects.toThrow(/no pgvector extension.*postgresql-15-pgvector/);
    expect(statements).toEqual(['rows']);
  });
});

describe('endpointOf', () => {
  it('takes a base URL or the embeddings endpoint itself', () => {
    expect(endpointOf('http://localhost:11434/v1')).toBe('http://localhost:11434/v1/embeddings');
    expect(endpointOf('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1/embeddings');
    expect(endpointOf('https://api.openai.com/v1/embeddings')).toBe('https://api.openai.com/v1/embeddings');
  });
});
