/** Memories: list, get, delete; forget a subject. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const memoriesContract = c.router({});
