export type Rgb = readonly [number, number, number];

export interface BackgroundPalette {
  /** Node and link hues: [indigo, teal]. */
  tones: readonly [Rgb, Rgb];
  /** Peak glow alpha per layer (far, middle, near). */
  nodeAlpha: readonly [number, number, number];
  /** Link alpha keyed by the farther layer of its two endpoints. */
  linkAlpha: readonly [number, number, number];
  longLinkAlpha: number;
}

// Low alphas on purpose: the page text sits on top and must stay easy to read.
export const LIGHT_PALETTE: BackgroundPalette = {
  tones: [
    [79, 70, 229],
    [13, 148, 136],
  ],
  nodeAlpha: [0.28, 0.4, 0.52],
  linkAlpha: [0.06, 0.09, 0.12],
  longLinkAlpha: 0.1,
};

// Lighter tints of the same hues (the 600 shades vanish on near-black), but dimmer so the motion
// does not pull the eye in a dark room.
export const DARK_PALETTE: BackgroundPalette = {
  tones: [
    [129, 140, 248],
    [45, 212, 191],
  ],
  nodeAlpha: [0.18, 0.26, 0.34],
  linkAlpha: [0.04, 0.055, 0.075],
  longLinkAlpha: 0.065,
};

export function rgba(rgb: Rgb, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 1000) / 1000;
  return `rgba(${rgb[0]},${rgb[1]},${rgb[2]},${a})`;
}
