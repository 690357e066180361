import type { Service } from '../http/router.ts';
import { send } from '../http/respond.ts';
import { verifyJwt } from '../keys.ts';
import { type AuthOptions, authContext, unixSeconds } from './context.ts';
import { AuthError, OAuthError, sendAuthError, versionHeaders } from './errors.ts';
import { adminRoute } from './handlers/admin.ts';
import { invite } from './handlers/invite.ts';
import { otp } from './handlers/otp.ts';
import { recover, resend } from './handlers/recover.ts';
import { signup } from './handlers/signup.ts';
import { logout, token } from './handlers/token.ts';
import { getUser, updateUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { isEmailTaken } from './emailTaken.ts';
import { type AuthRequest, authBase, clientIp, sendJson } from './http.ts';
import { refuseNulInQuery } from './nul.ts';
import { createIpLimiter } from './rateLimits.ts';

// GoTrue under `/auth/v1`: the route table, the apikey gate and the error boundary.
// Tokens and passwords are never logged; no handler logs at all.

type Handler = (request: AuthRequest) => Promise<void>;

const settings = (autoconfirm: boolean) => ({
  external: { anonymous_users: false, email: true, phone: false },
  disable_signup: false,
  mailer_autoconfirm: autoconfirm,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  saml_private_key_next_configured: false,
  passkeys_enabled: false,
});

const HEALTH = {
  version: 'blockademia-local',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};

/** Email links are opened by a browser without headers: they need no apikey, nor does /health. */
const OPEN_PATHS = new Set(['/verify', '/health']);

export function authService(options: AuthOptions): Service {
  const ctx = authContext(options);
  const limiter = createIpLimiter(ctx.ipLimits, ctx.now);
  const routes: Record<string, Handler> = {
    'POST /signup': signup,
    'POST /token': token,
    'POST /logout': logout,
    'GET /user': getUser,
    'PUT /user': updateUser,
    'GET /verify': verifyGet,
    'POST /verify': verifyPost,
    'POST /recover': recover,
    'POST /resend': resend,
    'POST /otp': otp,
    'POST /invite': invite,
    'GET /settings': ({ req, res }) => {
      sendJson(req, res, 200, settings(ctx.autoconfirm));
      return Promise.resolve();
    },
    'GET /health': ({ req, res }) => {
      sendJson(req, res, 200, HEALTH);
      return Promise.resolve();
    },
  };

  return async ({ req, res, path, url }) => {
    const request: AuthRequest = {
      req,
      res,
      url,
      ctx,
      base: authBase(req, ctx),
      limit: (bucket) => {
        limiter(bucket, clientIp(req));
      },
    };
    try {
      if (!OPEN_PATHS.has(path)) checkApiKey(request);
      refuseNulInQuery(url.searchParams);
      const handler = path.startsWith('/admin/')
        ? adminRoute(req.method ?? 'GET', path)
        : routes[`${req.method ?? 'GET'} ${path}`];
      if (handler === undefined) throw new AuthError(404, 'not_found', 'Not Found');
      await handler(request);
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError) {
        if (!res.headersSent) sendAuthError(req, res, error);
        return;
      }
      // Only the class of the failure reaches the client; the message may hold SQL details.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const failure = isEmailTaken(error)
        ? new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        : new AuthError(500, 'unexpected_failure', 'Unexpected failure');
      sendAuthError(req, res, failure);
    }
  };
}

/** On hosted Supabase, the API gateway in front of GoTrue refuses requests without a valid key. */
function checkApiKey({ req, res, url, ctx }: AuthRequest): void {
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
  const refuse = (message: string, hint: string): never => {
    send(res, 401, JSON.stringify({ message, hint }), versionHeaders(req));
    throw new AuthError(401, 'no_api_key', message);
  };
  if (key === null || key === '') {
    refuse('No API key found in request', 'No `apikey` request header or url param was found.');
    return;
  }
  try {
    verifyJwt(key, ctx.jwtSecret, unixSeconds(ctx.now()));
  } catch {
    refuse('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  }
}
