/** Account routes: registration, login, token refresh and logout. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { type RouteMeta, envelope, errors, IsoDateTime } from '../common.js';

const c = initContract();

export const Email = z.string().trim().toLowerCase().email().max(320);
export const Password = z.string().min(8, 'must be at least 8 characters').max(256);

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tenantId: z.string(),
  createdAt: IsoDateTime,
});
export type User = z.infer<typeof UserSchema>;

export const TokensSchema = z.object({
  accessToken: z.string().describe('JWT for the Authorization: Bearer header'),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  refreshToken: z.string().describe('Opaque, single use: exchange it at /v1/auth/refresh'),
  refreshExpiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof TokensSchema>;

const SessionSchema = envelope(z.object({ user: UserSchema, tokens: TokensSchema }));

export const authContract = c.router({
  register: {
    method: 'POST',
    path: '/auth/register',
    summary: 'Register an account',
    description:
      'Creates a user and its tenant (the user owns it), or, with an inviteToken, joins the inviting tenant. Answers the user and a token pair.',
    body: z.object({
      email: Email,
      password: Password,
      name: z.string().trim().min(1).max(200).optional(),
      inviteToken: z.string().max(512).optional(),
    }),
    responses: {
      201: SessionSchema,
      ...errors(
        'validation_error',
        'conflict',
        'not_found',
        'payload_too_large',
        'rate_limited',
        'internal_error',
        'service_unavailable',
      ),
    },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in',
    description:
      'Exchanges e-mail and password for an access JWT and a refresh token. Consecutive failures are throttled per e-mail and per IP (429 with Retry-After).',
    body: z.object({ email: Email, password: z.string().min(1).max(256) }),
    responses: {
      200: SessionSchema,
      ...errors(
        'validation_error',
        'unauthorized',
        'payload_too_large',
        'rate_limited',
        'internal_error',
        'service_unavailable',
      ),
    },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Rotate a refresh token',
    description:
      'Answers a new token pair; the old refresh token stops working. Presenting an already used refresh token revokes its whole family.',
    body: z.object({ refreshToken: z.string().min(1).max(512) }),
    responses: {
      200: SessionSchema,
      ...errors(
        'validation_error',
        'unauthorized',
        'payload_too_large',
        'rate_limited',
        'internal_error',
        'service_unavailable',
      ),
    },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'Log out',
    description: 'Revokes the refresh token family of the given refresh token.',
    body: z.object({ refreshToken: z.string().min(1).max(512) }),
    responses: {
      200: envelope(z.object({ loggedOut: z.literal(true) })),
      ...errors(
        'validation_error',
        'unauthorized',
        'payload_too_large',
        'rate_limited',
        'internal_error',
        'service_unavailable',
      ),
    },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
  me: {
    method: 'GET',
    path: '/auth/me',
    summary: 'The authenticated user',
    responses: {
      200: envelope(z.object({ user: UserSchema, plan: z.string() })),
      ...errors('unauthorized', 'payload_too_large', 'rate_limited', 'internal_error', 'service_unavailable'),
    },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  },
});
