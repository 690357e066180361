import { rgba } from './palette';
import type { Rgb } from './palette';

export const SPRITE_SIZE = 64;
/** Glow radius as a multiple of the core radius. */
export const GLOW_SCALE = 4;

/** Offscreen canvas holding one pre-rendered glow; drawImage of it replaces per-node shadowBlur. */
export function createGlowSprite(doc: Document): HTMLCanvasElement {
  const sprite = doc.createElement('canvas');
  sprite.width = SPRITE_SIZE;
  sprite.height = SPRITE_SIZE;
  return sprite;
}

export function paintSprite(sprite: HTMLCanvasElement, rgb: Rgb, alpha: number): void {
  const ctx = sprite.getContext('2d');
  if (!ctx) return;
  const c = SPRITE_SIZE / 2;
  const gradient = ctx.createRadialGradient(c, c, 0, c, c, c);
  gradient.addColorStop(0, rgba(rgb, alpha));
  gradient.addColorStop(0.6 / GLOW_SCALE, rgba(rgb, alpha * 0.9));
  gradient.addColorStop(1 / GLOW_SCALE, rgba(rgb, alpha * 0.4));
  gradient.addColorStop(0.5, rgba(rgb, alpha * 0.1));
  gradient.addColorStop(1, rgba(rgb, 0));
  ctx.clearRect(0, 0, SPRITE_SIZE, SPRITE_SIZE);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, SPRITE_SIZE, SPRITE_SIZE);
}
