/**
 * Inputs valid as JSON that the storage or the services cannot take, answered 400 validation_error
 * naming the field instead of a 500 (no input may produce a 500):
 * - the NUL character U+0000 in a body string or key, a query value or a path segment (PostgreSQL
 *   stores it neither in text nor in jsonb);
 * - a lone UTF-16 surrogate (`"\ud800"`), which is not Unicode and which jsonb refuses;
 * - a body nested deeper than MAX_BODY_DEPTH levels (recursive code overflows the stack long before
 *   any real payload gets there).
 *
 * JSON carries NUL and surrogates only as `\u` escapes (raw bytes are malformed JSON or decode to
 * U+FFFD), so strings are scanned only when the raw body holds such an escape (or is not UTF-8); the
 * depth check walks the parsed structure without reading the strings.
 */
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { invalid } from '../errors.js';

export const MAX_BODY_DEPTH = 256;

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
const SUSPECT_ESCAPES = ['\\u0000', '\\ud', '\\uD'].map((s) => Buffer.from(s));
const SCAN_STRINGS = Symbol('hx.scanStrings');

type Flagged = IncomingMessage & { [SCAN_STRINGS]?: boolean };

/** `verify` hook of express.json: flags bodies whose strings may hold a NUL or a surrogate escape. */
export function flagSuspectBody(req: IncomingMessage, _res: unknown, buf: Buffer, encoding: string) {
  if (!/^utf-?8$/i.test(encoding) || SUSPECT_ESCAPES.some((e) => buf.includes(e)))
    (req as Flagged)[SCAN_STRINGS] = true;
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const SURROGATE_MESSAGE = 'must be valid Unicode (it holds a lone UTF-16 surrogate)';
const DEPTH_MESSAGE = `is nested more than ${MAX_BODY_DEPTH} levels deep`;

function badString(s: string): string | undefined {
  if (s.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(s)) return SURROGATE_MESSAGE;
  return undefined;
}

/** Prints a key into a field path without the characters that made it invalid. */
const printable = (k: string) => k.replace(LONE_SURROGATES, '\uFFFD').replaceAll(NUL, '\\u0000');

/** A node of the walk; its field path is only spelled out when it is the one reported. */
interface Node {
  value: unknown;
  parent: Node | undefined;
  key: string | number;
  depth: number;
}

function pathOf(node: Node, root: string): string {
  const parts: (string | number)[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) parts.push(n.key);
  let path = root;
  for (const k of parts.reverse()) {
    path = typeof k === 'number' ? `${path}[${k}]` : path ? `${path}.${printable(k)}` : printable(k);
  }
  return path.length > 160 ? `${path.slice(0, 160)}…` : path;
}

/**
 * The first problem in a parsed JSON value: its field path (`payload.content`, `events[2].metadata.k`)
 * and what is wrong. Iterative, so a deep value cannot overflow the call stack here.
 */
export function findBadValue(
  value: unknown,
  { root = '', scanStrings = true, maxDepth = MAX_BODY_DEPTH } = {},
): { field: string; message: string } | undefined {
  const stack: Node[] = [{ value, parent: undefined, key: '', depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const v = node.value;
    if (typeof v === 'string') {
      const message = scanStrings ? badString(v) : undefined;
      if (message) return { field: pathOf(node, root), message };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (node.depth >= maxDepth) return { field: pathOf(node, root), message: DEPTH_MESSAGE };
    const depth = node.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: node, key: i, depth });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const child: Node = { value: (v as Record<string, unknown>)[key], parent: node, key, depth };
      const message = scanStrings ? badString(key) : undefined;
      if (message) return { field: pathOf(child, root), message };
      stack.push(child);
    }
  }
  return undefined;
}

export function guardRequest(req: Request, _res: Response, next: NextFunction) {
  // Express decodes path segments itself; %00 is the only way a NUL gets into one.
  if (req.path.includes('%00')) return next(invalid('params', NUL_MESSAGE));
  const inQuery = findBadValue(req.query, { root: 'query' });
  if (inQuery) return next(invalid(inQuery.field, inQuery.message));
  if (req.body !== null && typeof req.body === 'object') {
    const inBody = findBadValue(req.body, { scanStrings: (req as Flagged)[SCAN_STRINGS] === true });
    if (inBody) return next(invalid(inBody.field || 'body', inBody.message));
  }
  next();
}
