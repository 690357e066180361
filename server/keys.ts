import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JWTs with node:crypto only: the shared secret signs the API keys, the access tokens
// auth issues and storage's signed URLs, and every service verifies with the same secret, as
// Supabase does with its legacy JWT secret.

export type JwtClaims = Record<string, unknown>;

export class JwtError extends Error {
  /** PGRST301 for a token that is not a valid JWT, PGRST303 for bad claims (expired). */
  readonly code: 'PGRST301' | 'PGRST303';

  constructor(message: string, code: 'PGRST301' | 'PGRST303') {
    super(message);
    this.code = code;
  }
}

/** PostgREST tolerates this much clock skew when it checks exp, nbf and iat. */
const CLOCK_SKEW_SECONDS = 30;

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const data = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${data}.${hmac(secret, data).toString('base64url')}`;
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The claims of a token signed with secret, or a JwtError saying why not. */
export function verifyJwt(token: string, secret: string, now = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'PGRST301');
  }
  const [header, payload, signature] = parts as [string, string, string];
  const head = parseSegment(header);
  // Only HS256: accepting `none` or an asymmetric alg with the secret as key is the classic hole.
  if (!isObject(head) || head.alg !== 'HS256') {
    throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
  }
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
  }
  const claims = parseSegment(payload);
  if (!isObject(claims)) throw new JwtError('JWT claims are not an object', 'PGRST303');
  const numeric = (name: string): number | undefined => {
    const value = claims[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'number') throw new JwtError(`JWT ${name} is not a number`, 'PGRST303');
    return value;
  };
  const exp = numeric('exp');
  if (exp !== undefined && now > exp + CLOCK_SKEW_SECONDS) {
    throw new JwtError('JWT expired', 'PGRST303');
  }
  const nbf = numeric('nbf');
  if (nbf !== undefined && now < nbf - CLOCK_SKEW_SECONDS) {
    throw new JwtError('JWT not yet valid', 'PGRST303');
  }
  const iat = numeric('iat');
  if (iat !== undefined && now < iat - CLOCK_SKEW_SECONDS) {
    throw new JwtError('JWT issued at future', 'PGRST303');
  }
  return claims;
}

export interface ApiKeys {
  anonKey: string;
  serviceKey: string;
}

/** Ten years: legacy API keys are long-lived JWTs, rotated only with the secret. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;
/** A fixed issue time (2023-11-14) so that every start derives the same keys. */
const API_KEY_ISSUED_AT = 1_700_000_000;

/**
 * The anon and service_role keys of a secret, in the hosted form `{iss, role, iat, exp}` without
 * `sub`. Deterministic, so that keys handed to clients survive restarts.
 */
export function deriveApiKeys(secret: string): ApiKeys {
  const claims = (role: string): JwtClaims => ({
    iss: 'supabase',
    role,
    iat: API_KEY_ISSUED_AT,
    exp: API_KEY_ISSUED_AT + API_KEY_LIFETIME_SECONDS,
  });
  return {
    anonKey: signJwt(claims('anon'), secret),
    serviceKey: signJwt(claims('service_role'), secret),
  };
}
