import { FIELD_HEIGHT, FIELD_WIDTH, LAYERS, LAYER_COUNT, writePositions } from './network';
import type { Network } from './network';
import { createPaintState, paintLayer } from './paint';
import { DARK_PALETTE, LIGHT_PALETTE, rgba } from './palette';
import { BAND_BOOST, BAND_COUNT, STYLE_COUNT, planLayers } from './plan';
import { GLOW_SCALE, createGlowSprite, paintSprite } from './sprite';

/**
 * Never more than one backing pixel per CSS pixel: without a GPU the canvas is rasterised on the
 * main thread, per pixel, and a line is only cheap (a hairline) while it is at most one backing
 * pixel wide; at 1.5 px a frame costs several times more.
 */
export const MAX_PIXEL_RATIO = 1;
/**
 * Half a megapixel: 1440x900 renders at ~0.62x (894x559) and CSS scales it up. The picture is
 * soft glows and faint lines, which only get a little softer; the per-pixel work shrinks 2.6x.
 */
export const MAX_BACKING_PIXELS = 500_000;
/**
 * Order in which the layers (0 far, 2 near) are repainted, one every other frame. Nearer layers
 * drift faster (at 1440x900 up to 4.6 CSS px/s, far ones 1.1), so they come round twice as often:
 * near 15 times a second, the others 7.5; no layer moves over ~1/3 CSS px between two repaints.
 */
export const LAYER_SCHEDULE: readonly number[] = [2, 1, 2, 0];

export interface BackgroundRenderer {
  /** Returns true when the backing store changed (the canvas was cleared). */
  resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): boolean;
  setPalette(dark: boolean): void;
  /** Advances the picture to `timeMs`; the visible canvas itself changes every other call. */
  draw(timeMs: number): void;
}

/**
 * Line width in backing pixels for a backing/CSS ratio. At a reduced ratio r a one-backing-pixel
 * line is 1/r CSS px wide once scaled up (heavier than the design) and an r px one half as bright
 * (fainter); sqrt(r) stays close to the design's 1 CSS px look, and never exceeds one backing
 * pixel, so Skia keeps drawing it as a cheap hairline.
 */
export function backingLineWidth(ratio: number): number {
  return Math.sqrt(Math.min(1, Math.max(0, ratio)));
}

/** Backing-store size: DPR capped, then scaled down until the total pixel count fits the cap. */
export function backingSize(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
): { width: number; height: number; ratio: number } {
  const w = Math.max(0, cssWidth);
  const h = Math.max(0, cssHeight);
  let ratio = Math.min(devicePixelRatio > 0 ? devicePixelRatio : 1, MAX_PIXEL_RATIO);
  const pixels = w * h * ratio * ratio;
  if (pixels > MAX_BACKING_PIXELS) ratio *= Math.sqrt(MAX_BACKING_PIXELS / pixels);
  return { width: Math.floor(w * ratio), height: Math.floor(h * ratio), ratio };
}

interface Buffer {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
}

/**
 * Draws the network onto `canvas`, or returns null when no 2D context exists (jsdom, GPU-less
 * edge cases). Each depth layer lives in its own offscreen canvas. Repainting everything every
 * frame cost ~6 ms of main thread at 1440x900 (software raster); instead frames alternate between
 * repainting one layer off screen and stacking the three layers onto `canvas`, and no frame does
 * both, so every frame does a small share of the work rather than some frames all of it.
 */
export function createBackgroundRenderer(
  canvas: HTMLCanvasElement,
  network: Network,
): BackgroundRenderer | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  // Function declarations are hoisted, so TypeScript does not carry the null check into them.
  const view = ctx;
  const doc = canvas.ownerDocument;
  // Repainting a layer shows nothing until the next stacking: `canvas` keeps its own pixels.
  const layers: Buffer[] = [];
  for (let i = 0; i < LAYER_COUNT; i++) {
    const buffer = doc.createElement('canvas');
    const bufferCtx = buffer.getContext('2d');
    if (!bufferCtx) return null;
    layers.push({ canvas: buffer, ctx: bufferCtx });
  }
  const { nodes } = network;
  const plans = planLayers(network);
  const sprites = Array.from({ length: LAYER_COUNT * 2 }, () => createGlowSprite(doc));
  const state = createPaintState(nodes, sprites);
  let dark: boolean | null = null;
  let width = 0;
  let height = 0;
  /** Every layer must be repainted at once (first frame, new size or palette). */
  let stale = true;
  let cursor = 0;
  /** Whether the next frame stacks the layers (else it repaints the next scheduled layer). */
  let stackNext = false;

  function paintSprites(): void {
    const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;
    sprites.forEach((sprite, i) => {
      const layer = Math.floor(i / 2);
      const size = (LAYERS[layer]?.maxRadius ?? 0) * GLOW_SCALE * 2 * state.scale;
      const tone = palette.tones[i % 2 === 0 ? 0 : 1];
      paintSprite(sprite, size, tone, palette.nodeAlpha[layer] ?? 0);
    });
  }

  function setPalette(next: boolean): void {
    if (dark === next) return;
    dark = next;
    const palette = next ? DARK_PALETTE : LIGHT_PALETTE;
    state.linkStyles = Array.from({ length: STYLE_COUNT }, (_, i) => {
      const alpha = palette.linkAlpha[Math.floor(i / BAND_COUNT)] ?? 0;
      return rgba(palette.tones[0], alpha * (BAND_BOOST[i % BAND_COUNT] ?? 1));
    });
    state.longStyle = rgba(palette.tones[1], palette.longLinkAlpha);
    paintSprites();
    stale = true;
  }

  function resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): boolean {
    const size = backingSize(cssWidth, cssHeight, devicePixelRatio);
    // "Cover": fill the viewport, crop the overflow evenly on both sides.
    const scale = Math.max(size.width / FIELD_WIDTH, size.height / FIELD_HEIGHT) || 1;
    state.scale = scale;
    state.offsetX = (size.width - FIELD_WIDTH * scale) / 2;
    state.offsetY = (size.height - FIELD_HEIGHT * scale) / 2;
    state.lineWidth = backingLineWidth(size.ratio) / scale;
    const pad = Math.max(...state.glowSize, 0);
    state.minX = -state.offsetX / scale - pad;
    state.maxX = (size.width - state.offsetX) / scale + pad;
    state.minY = -state.offsetY / scale - pad;
    state.maxY = (size.height - state.offsetY) / scale + pad;
    if (size.width === width && size.height === height) return false;
    // Assigning width/height clears a canvas even when unchanged, so only touch them on change.
    width = size.width;
    height = size.height;
    for (const target of [canvas, ...layers.map((layer) => layer.canvas)]) {
      target.width = width;
      target.height = height;
    }
    if (dark !== null) paintSprites();
    stale = true;
    return true;
  }

  function repaint(layer: number): void {
    const buffer = layers[layer];
    const plan = plans[layer];
    if (!buffer || !plan) return;
    buffer.ctx.setTransform(1, 0, 0, 1, 0, 0);
    buffer.ctx.clearRect(0, 0, width, height);
    paintLayer(buffer.ctx, plan, state);
  }

  function stack(): void {
    layers.forEach((buffer, i) => {
      // Far to near; "copy" lets the far layer replace the old frame, which saves a clear.
      view.globalCompositeOperation = i === 0 ? 'copy' : 'source-over';
      view.drawImage(buffer.canvas, 0, 0);
    });
  }

  function draw(timeMs: number): void {
    if (width === 0 || height === 0) return;
    if (dark === null) setPalette(false);
    if (stackNext && !stale) {
      stack();
      stackNext = false;
      return;
    }
    writePositions(nodes, timeMs, state.xs, state.ys);
    if (stale) {
      for (let layer = 0; layer < LAYER_COUNT; layer++) repaint(layer);
      stack();
      stale = false;
      return;
    }
    repaint(LAYER_SCHEDULE[cursor] ?? 0);
    cursor = (cursor + 1) % LAYER_SCHEDULE.length;
    stackNext = true;
  }

  return { resize, setPalette, draw };
}
