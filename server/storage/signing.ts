import { JwtError, signJwt, verifyJwt, type JwtClaims } from '../keys.ts';
import { errors } from './errors.ts';
import type { StorageOptions } from './rows.ts';

// The tokens of signed URLs: JWTs signed with the stack's secret that name one object
// (`url: "<bucket>/<name>"`) and expire. A `scope` claim keeps the two kinds apart, so that an
// upload token never serves a download and a download token never accepts an upload.

export type TokenScope = 'download' | 'upload';

/** Signed upload URLs are valid for 2 hours, as on Supabase. */
export const UPLOAD_TOKEN_SECONDS = 2 * 60 * 60;

/** What signing needs: the stack's secret, and storage's clock (which tests move). */
type Signer = Pick<StorageOptions, 'jwtSecret' | 'now'>;

export function signObjectToken(
  { jwtSecret, now }: Signer,
  scope: TokenScope,
  path: string,
  seconds: number,
  extra: JwtClaims = {},
): string {
  const iat = Math.floor(now().getTime() / 1000);
  return signJwt({ ...extra, url: path, scope, iat, exp: iat + seconds }, jwtSecret);
}

/**
 * The claims of a token for exactly this object and scope; otherwise storage's InvalidJWT (bad
 * signature, expired) or InvalidSignature (another object, another scope). The token itself is
 * never echoed in an error.
 */
export function verifyObjectToken(
  { jwtSecret, now }: Signer,
  token: string | null,
  scope: TokenScope,
  bucket: string,
  name: string,
): JwtClaims {
  if (token === null || token === '') throw errors.invalidRequest('querystring must have token');
  const seconds = now().getTime() / 1000;
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, jwtSecret, seconds);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw errors.invalidJwt(error.message === 'JWT expired' ? 'jwt expired' : 'invalid signature');
  }
  // Signed URLs expire exactly when they say: no clock skew allowance here.
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) {
    throw errors.invalidJwt('jwt expired');
  }
  if (claims.url !== `${bucket}/${name}` || claims.scope !== scope) throw errors.invalidSignature();
  return claims;
}
