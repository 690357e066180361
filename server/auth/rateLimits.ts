import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';

// Two limits: a per-user frequency on each kind of mail, read from the user's
// `*_sent_at` column, and per-IP request budgets kept in memory (fixed windows, lost on restart).
// Both figures come from supabase/config.toml (`max_frequency`, `[auth.rate_limit]`).

export type IpBucket = 'token' | 'verify' | 'otp';

export interface IpLimit {
  max: number;
  windowSeconds: number;
}

export type IpLimits = Record<IpBucket, IpLimit>;

export type IpLimiter = (bucket: IpBucket, ip: string) => void;

export function createIpLimiter(limits: IpLimits | false, now: () => Date): IpLimiter {
  if (limits === false) return () => undefined;
  const windows = new Map<string, { start: number; count: number }>();
  return (bucket, ip) => {
    const { max, windowSeconds } = limits[bucket];
    const key = `${bucket} ${ip}`;
    const time = now().getTime();
    let window = windows.get(key);
    if (window === undefined || time - window.start >= windowSeconds * 1000) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > max) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  };
}

/** 429 when a mail of this kind went to this user less than the frequency ago. */
export function checkMailFrequency(ctx: AuthContext, lastSentAt: Date | null): void {
  if (lastSentAt === null) return;
  const elapsed = (ctx.now().getTime() - new Date(lastSentAt).getTime()) / 1000;
  const wait = Math.ceil(ctx.mailFrequencySeconds - elapsed);
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}
