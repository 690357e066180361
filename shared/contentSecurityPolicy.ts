/**
 * The Content-Security-Policy of Blockademia, the same for the web build and the desktop app:
 * scripts from our own origin only (no inline script, no eval), data from our origin and the
 * Supabase backend, nothing framed, nothing posted elsewhere.
 */

export interface PolicyOptions {
  /**
   * Only the Vite dev server's page needs an inline script (React refresh's preamble); the
   * desktop app allows it when it loads the renderer from there in development.
   */
  devServerUrl?: string | undefined;
  /**
   * A `<meta http-equiv>` copy of the policy, for static hosts that send no header: browsers
   * ignore `frame-ancestors` there (and log an error), so it is left to the header.
   */
  meta?: boolean;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(supabaseUrl: string, options: PolicyOptions = {}): string {
  // An unparsable Supabase URL fails closed: the app then talks to nobody but itself.
  const supabase = originOf(supabaseUrl);
  const supabaseSources = supabase === null ? [] : [supabase];
  // supabase-js realtime uses a WebSocket on the same host, which an https source does not cover.
  const supabaseSockets = supabase === null ? [] : [supabase.replace(/^http/, 'ws')];
  const devScripts = options.devServerUrl === undefined ? [] : ["'unsafe-inline'"];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...devScripts],
    // antd (CSS-in-JS) injects <style> tags at run time, so inline styles cannot be forbidden.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...supabaseSources],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...supabaseSources, ...supabaseSockets],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    ...(options.meta === true ? {} : { 'frame-ancestors': ["'none'"] }),
    'worker-src': ["'self'", 'blob:'],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
