import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { PASSWORD_MIN_LENGTH } from '../../shared/password.ts';
import type { IpLimits } from './rateLimits.ts';

// supabase/config.toml, the settings `supabase config push` gives a hosted project, read by the
// stack at start so that both enforce the same auth rules. The values the stack can vary are
// returned and applied; the values fixed in its code (or in shared/password.ts, which the forms
// use too) must say what the stack does, or it refuses to start. Every key read here is
// required: a key left out of the file takes the CLI's default, which `config push` would push.

const here = path.dirname(fileURLToPath(import.meta.url));
export const PROJECT_CONFIG_FILE = path.resolve(here, '../../supabase/config.toml');

/** The mail templates the stack sends, by their name in `[auth.email.template.<name>]`. */
export const MAIL_TEMPLATE_NAMES = [
  'confirmation',
  'invite',
  'magic_link',
  'recovery',
  'email_change',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATE_NAMES)[number];

export interface MailTemplateSource {
  /** A Go template, like the body. */
  subject: string;
  /** The body's file, absolute. */
  file: string;
}

export interface ProjectAuthConfig {
  /** `additional_redirect_urls`: prefixes allowed for `redirect_to` besides the site's origin. */
  redirectAllowList: string[];
  jwtExpirySeconds: number;
  refreshReuseSeconds: number;
  /** `[auth.rate_limit]`: per IP, per 5-minute window. */
  ipLimits: IpLimits;
  /** `max_frequency`: between two mails of one kind to one user. */
  mailFrequencySeconds: number;
  otpExpirySeconds: number;
  templates: Record<MailTemplateName, MailTemplateSource>;
}

export class ProjectConfigError extends Error {
  override name = 'ProjectConfigError';
}

/** GoTrue's per-IP windows, on hosted Supabase too. */
const RATE_LIMIT_WINDOW_SECONDS = 300;

/** What the stack does, for the keys it cannot vary, with where that is decided. */
const FIXED: readonly { key: string; value: unknown; why: string }[] = [
  { key: 'auth.site_url', value: 'env(SITE_URL)', why: 'the stack reads SITE_URL' },
  { key: 'auth.enable_signup', value: true, why: 'the stack always allows sign-ups' },
  {
    key: 'auth.enable_anonymous_sign_ins',
    value: false,
    why: 'the stack has no anonymous sign-in',
  },
  {
    key: 'auth.enable_refresh_token_rotation',
    value: true,
    why: 'the stack always rotates refresh tokens',
  },
  {
    key: 'auth.minimum_password_length',
    value: PASSWORD_MIN_LENGTH,
    why: 'the password rule is shared/password.ts',
  },
  {
    key: 'auth.password_requirements',
    value: 'lower_upper_letters_digits_symbols',
    why: 'the password rule is shared/password.ts',
  },
  { key: 'auth.email.enable_signup', value: true, why: 'the stack always allows sign-ups' },
  {
    key: 'auth.email.enable_confirmations',
    value: true,
    why: 'the stack confirms addresses by mail (AUTH_AUTOCONFIRM=true turns that off locally)',
  },
  {
    key: 'auth.email.double_confirm_changes',
    value: false,
    why: 'the stack confirms an email change from the new address only',
  },
  {
    key: 'auth.email.secure_password_change',
    value: false,
    why: 'the stack sends no reauthentication code',
  },
  { key: 'auth.email.otp_length', value: 6, why: 'the stack mails six-digit codes' },
];

/** Reads and checks the file; throws a ProjectConfigError listing every problem. */
export function readProjectConfig(file: string = PROJECT_CONFIG_FILE): ProjectAuthConfig {
  let root: Record<string, unknown>;
  try {
    root = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ProjectConfigError(
      `${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const problems: string[] = [];
  const get = (key: string): unknown => {
    let value: unknown = root;
    for (const part of key.split('.')) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    if (value === undefined) problems.push(`${key} is missing`);
    return value;
  };
  const count = (key: string, minimum: number): number => {
    const value = get(key);
    if (value === undefined) return 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
      problems.push(`${key} must be a whole number of at least ${minimum}`);
      return 0;
    }
    return value;
  };
  const text = (key: string): string => {
    const value = get(key);
    if (value === undefined) return '';
    if (typeof value !== 'string' || value === '') {
      problems.push(`${key} must be a non-empty string`);
      return '';
    }
    return value;
  };

  for (const { key, value, why } of FIXED) {
    const actual = get(key);
    if (actual !== undefined && actual !== value) {
      problems.push(`${key} must be ${JSON.stringify(value)}: ${why}`);
    }
  }

  const redirectAllowList: string[] = [];
  const urls = get('auth.additional_redirect_urls');
  if (urls !== undefined) {
    if (!Array.isArray(urls) || urls.some((url) => typeof url !== 'string')) {
      problems.push('auth.additional_redirect_urls must be a list of URLs');
    } else {
      for (const url of urls as string[]) {
        // Hosted reads these as glob patterns, the stack as prefixes: only plain URLs mean the
        // same to both.
        if (/[*?[\]{}]/.test(url)) {
          problems.push(`auth.additional_redirect_urls: the stack cannot match the pattern ${url}`);
        } else {
          redirectAllowList.push(url);
        }
      }
    }
  }

  const limit = (key: string) => ({
    max: count(`auth.rate_limit.${key}`, 1),
    windowSeconds: RATE_LIMIT_WINDOW_SECONDS,
  });
  const ipLimits: IpLimits = {
    token: limit('token_refresh'),
    verify: limit('token_verifications'),
    otp: limit('sign_in_sign_ups'),
  };

  let mailFrequencySeconds = 0;
  const frequency = get('auth.email.max_frequency');
  if (frequency !== undefined) {
    const seconds = typeof frequency === 'string' ? durationSeconds(frequency) : undefined;
    if (seconds === undefined) {
      problems.push('auth.email.max_frequency must be a duration such as "60s" or "1m"');
    } else {
      mailFrequencySeconds = seconds;
    }
  }

  // The CLI resolves a template's content_path from the folder that holds supabase/.
  const projectRoot = path.dirname(path.dirname(file));
  const templates = Object.fromEntries(
    MAIL_TEMPLATE_NAMES.map((name) => {
      const key = `auth.email.template.${name}`;
      const contentPath = text(`${key}.content_path`);
      return [
        name,
        { subject: text(`${key}.subject`), file: path.resolve(projectRoot, contentPath) },
      ];
    }),
  ) as Record<MailTemplateName, MailTemplateSource>;

  const config: ProjectAuthConfig = {
    redirectAllowList,
    jwtExpirySeconds: count('auth.jwt_expiry', 1),
    refreshReuseSeconds: count('auth.refresh_token_reuse_interval', 0),
    ipLimits,
    mailFrequencySeconds,
    otpExpirySeconds: count('auth.email.otp_expiry', 1),
    templates,
  };
  if (problems.length > 0) {
    throw new ProjectConfigError(`${file}:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}

/** A Go duration in whole hours, minutes and seconds ("60s", "1m", "1h30m"), in seconds. */
export function durationSeconds(duration: string): number | undefined {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (match === null || duration === '') return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}
