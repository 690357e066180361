import { describe, expect, it } from 'vitest';
import { deriveApiKeys, JwtError, signJwt, verifyJwt } from '../../server/keys.ts';

// HS256 signing and verification, and the API keys derived from the secret.

const secret = 'a-test-secret-of-at-least-thirty-two-chars';
const decode = (token: string): unknown =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe('keys', () => {
  it('round-trips claims and rejects tampering, other secrets and other algorithms', () => {
    const token = signJwt({ sub: 'u', role: 'authenticated' }, secret);
    expect(verifyJwt(token, secret)).toEqual({ sub: 'u', role: 'authenticated' });
    const [header, , signature] = token.split('.');
    const forged = `${header ?? ''}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.${signature ?? ''}`;
    expect(() => verifyJwt(forged, secret)).toThrow(JwtError);
    expect(() => verifyJwt(token, `${secret}!`)).toThrow('JWT cryptographic operation failed');
    const hs512 = `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.${token.split('.')[1] ?? ''}.${signature ?? ''}`;
    expect(() => verifyJwt(hs512, secret)).toThrow(JwtError);
    expect(() => verifyJwt('a.b', secret)).toThrow('Expected 3 parts in JWT; got 2');
  });

  it('checks exp with 30 s of clock skew', () => {
    const now = 1_800_000_000;
    const token = signJwt({ exp: now - 20 }, secret);
    expect(verifyJwt(token, secret, now)).toEqual({ exp: now - 20 });
    expect(() => verifyJwt(token, secret, now + 20)).toThrow('JWT expired');
  });

  it('derives stable anon and service_role keys without sub', () => {
    const keys = deriveApiKeys(secret);
    expect(deriveApiKeys(secret)).toEqual(keys);
    expect(decode(keys.anonKey)).toMatchObject({ iss: 'supabase', role: 'anon' });
    expect(decode(keys.serviceKey)).toMatchObject({ iss: 'supabase', role: 'service_role' });
    expect(decode(keys.anonKey)).not.toHaveProperty('sub');
    const claims = verifyJwt(keys.anonKey, secret);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 5 * 365 * 24 * 3600);
  });
});
