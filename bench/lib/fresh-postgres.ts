/** A fresh PostgreSQL database for one benchmark run, created on the server of PG_URL and dropped after. */
import postgres from 'postgres';

export const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createFreshDatabase(tag: string): Promise<FreshDatabase> {
  const name = `hx_bench_${tag}_${Date.now().toString(36)}`;
  const admin = postgres(`${PG_URL}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  return {
    url: `${PG_URL}/${name}`,
    name,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
