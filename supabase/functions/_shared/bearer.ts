/** What a function reads from the Bearer token of its request. */
export interface BearerClaims {
  /** The token itself, to pass on to PostgREST (which checks it again). */
  token: string;
  role?: string;
  sub?: string;
}

/**
 * The role and subject of the request's Bearer token, or undefined when there is none or it is
 * not a JWT. The signature is not checked here: the functions host verifies the JWT before the
 * handler runs (verify_jwt, on by default; keep it on), and PostgREST checks it again on every
 * request a function makes with it. Shared by the functions (Supabase's `_shared` folder).
 */
export function bearerClaims(request: Request): BearerClaims | undefined {
  const match = /^Bearer\s+(([\w-]+)\.([\w-]+)\.([\w-]+))$/i.exec(
    request.headers.get('authorization') ?? '',
  );
  if (match?.[1] === undefined || match[3] === undefined) return undefined;
  try {
    const binary = atob(match[3].replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const { sub, role } = claims as Record<string, unknown>;
    return {
      token: match[1],
      ...(typeof sub === 'string' ? { sub } : {}),
      ...(typeof role === 'string' ? { role } : {}),
    };
  } catch {
    return undefined;
  }
}
