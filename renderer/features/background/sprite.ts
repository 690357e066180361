import { rgba } from './palette';
import type { Rgb } from './palette';

/** Glow radius as a multiple of the core radius. */
export const GLOW_SCALE = 4;
/** Below this a glow is a dot; the sprite keeps enough texels for a smooth falloff anyway. */
const MIN_SPRITE_SIZE = 4;

/** Offscreen canvas holding one pre-rendered glow; drawImage of it replaces per-node shadowBlur. */
export function createGlowSprite(doc: Document): HTMLCanvasElement {
  return doc.createElement('canvas');
}

/**
 * Paints the glow at `size` backing pixels: the largest size it is drawn at, so drawImage only
 * ever shrinks it a little (radii within a layer differ by at most 5:3) instead of resampling a
 * big texture down to a few pixels, which costs more and shimmers as the node drifts.
 */
export function paintSprite(
  sprite: HTMLCanvasElement,
  size: number,
  rgb: Rgb,
  alpha: number,
): void {
  const side = Math.max(MIN_SPRITE_SIZE, Math.ceil(size));
  // Assigning width/height also clears; skip it when unchanged (palette switch).
  if (sprite.width !== side) sprite.width = side;
  if (sprite.height !== side) sprite.height = side;
  const ctx = sprite.getContext('2d');
  if (!ctx) return;
  const c = side / 2;
  const gradient = ctx.createRadialGradient(c, c, 0, c, c, c);
  gradient.addColorStop(0, rgba(rgb, alpha));
  gradient.addColorStop(0.6 / GLOW_SCALE, rgba(rgb, alpha * 0.9));
  gradient.addColorStop(1 / GLOW_SCALE, rgba(rgb, alpha * 0.4));
  gradient.addColorStop(0.5, rgba(rgb, alpha * 0.1));
  gradient.addColorStop(1, rgba(rgb, 0));
  ctx.clearRect(0, 0, side, side);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, side, side);
}
