import type { BadgeTier } from './types';

/** The tier's colour as a small medal; decorative, since the tier is always written next to it. */
export function BadgeMedal({ tier }: { tier: BadgeTier }) {
  return <span className={`badge-medal badge-medal--${tier}`} aria-hidden="true" />;
}
