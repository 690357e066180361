/**
 * What an emailed link left in the address when it landed here without signing anyone in:
 * `error_code` when the stack refused the link (expired or used), or `code` when the link was
 * asked for from another browser or from the desktop app, whose PKCE verifier this browser
 * does not hold. (A link that did sign the person in leaves nothing: supabase-js removes its
 * code once exchanged.)
 */
export type LinkCallbackProblem = 'expired' | 'otherBrowser';

export function linkCallbackProblem(
  params: URLSearchParams,
  hash: string,
): LinkCallbackProblem | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.has('error_code') || fragment.has('error_code')) return 'expired';
  return params.has('code') ? 'otherBrowser' : null;
}
