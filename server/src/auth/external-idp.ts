/**
 * Access tokens of an external identity provider (OIDC_ISSUER + OIDC_AUDIENCE + OIDC_JWKS_URL):
 * verified against the provider's JWKS (asymmetric algorithms only, so a provider token can never be
 * forged with a shared secret), answering the subject and e-mail for mapping to an Hx user.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { describeJoseError } from './jwt.js';

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface ExternalIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
}

export interface ExternalIdp {
  issuer: string;
  verify(token: string): Promise<{ ok: true; identity: ExternalIdentity } | { ok: false; reason: string }>;
}

export function createExternalIdp(opts: { issuer: string; audience: string; jwksUrl: string }): ExternalIdp {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    issuer: opts.issuer,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: ASYMMETRIC,
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') {
          return { ok: false, reason: 'token is missing required claims' };
        }
        const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
        return {
          ok: true,
          identity: { subject: payload.sub, email, emailVerified: payload.email_verified !== false },
        };
      } catch (err) {
        return { ok: false, reason: describeJoseError(err) };
      }
    },
  };
}

/** The unverified `iss` claim, only to pick the verifier; undefined when the token is not a JWT. */
export function peekIssuer(token: string): string | undefined {
  try {
    const iss = decodeJwt(token).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}
