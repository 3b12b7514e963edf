/**
 * Access tokens: HS256 JWTs issued with jose (sub, tenant, email, iat, exp, jti, iss, aud).
 * Verification pins the algorithm, so `alg: none` and algorithm confusion are rejected.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string;
  tenant: string;
  email: string;
}

export interface JwtIssuer {
  sign(claims: AccessClaims): Promise<string>;
  /** Answers the claims, or a reason the token is not valid. */
  verify(token: string): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: string }>;
  ttlSeconds: number;
}

export function createJwtIssuer(opts: {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}): JwtIssuer {
  return {
    ttlSeconds: opts.ttlSeconds,
    async sign(claims) {
      return new SignJWT({ tenant: claims.tenant, email: claims.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${opts.ttlSeconds}s`)
        .sign(opts.secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, opts.secret, {
          algorithms: ['HS256'],
          issuer: opts.issuer,
          audience: opts.audience,
        });
        if (typeof payload.sub !== 'string' || typeof payload.tenant !== 'string') {
          return { ok: false, reason: 'token is missing required claims' };
        }
        return { ok: true, claims: { sub: payload.sub, tenant: payload.tenant, email: String(payload.email ?? '') } };
      } catch (err) {
        return { ok: false, reason: describeJoseError(err) };
      }
    },
  };
}

export function describeJoseError(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'token has expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `token claim "${err.claim}" is invalid`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'token signature is invalid';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'token algorithm is not allowed';
  if (err instanceof joseErrors.JWKSNoMatchingKey) return 'token signing key is not one of the identity provider';
  if (err instanceof joseErrors.JWKSTimeout) return 'identity provider keys could not be fetched in time';
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) return 'token is malformed';
  return 'token is invalid';
}
