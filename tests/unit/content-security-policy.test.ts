import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../shared/contentSecurityPolicy';

// One policy for the web build (header and <meta>) and the desktop app.

const DEV_SERVER = 'http://localhost:5173/';
const SUPABASE = 'https://abcd.supabase.co';

/** Parses a policy into directive → sources, so tests compare whole directives. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('builds the strict production policy with the Supabase origin', () => {
    const policy = directives(contentSecurityPolicy('https://abcd.supabase.co/rest/v1/'));
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://abcd.supabase.co'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
      'worker-src': ["'self'", 'blob:'],
    });
  });

  it('uses the local Supabase origin as given, port included', () => {
    const policy = directives(contentSecurityPolicy('http://127.0.0.1:54321'));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321',
    ]);
  });

  it('fails closed when the Supabase URL is not an http(s) URL', () => {
    for (const url of ['', 'not a url', 'javascript:alert(1)']) {
      const policy = directives(contentSecurityPolicy(url));
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('allows inline scripts only for the dev server page', () => {
    expect(directives(contentSecurityPolicy(SUPABASE)).get('script-src')).toEqual(["'self'"]);
    const dev = directives(contentSecurityPolicy(SUPABASE, { devServerUrl: DEV_SERVER }));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('leaves frame-ancestors to the header in its <meta> copy, and nothing else', () => {
    const header = directives(contentSecurityPolicy(SUPABASE));
    const meta = directives(contentSecurityPolicy(SUPABASE, { meta: true }));
    expect(meta.has('frame-ancestors')).toBe(false);
    header.delete('frame-ancestors');
    expect(meta).toEqual(header);
  });
});
