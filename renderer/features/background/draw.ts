import { FIELD_HEIGHT, FIELD_WIDTH, LAYER_COUNT, LINK_DISTANCE, writePositions } from './network';
import type { Network } from './network';
import { DARK_PALETTE, LIGHT_PALETTE, rgba } from './palette';
import { GLOW_SCALE, createGlowSprite, paintSprite } from './sprite';

export const MAX_PIXEL_RATIO = 1.5;
export const MAX_BACKING_PIXELS = 2_100_000;

/** Links split into a close and a far distance band so shorter links read stronger. */
const BAND_COUNT = 2;
const BAND_BOOST = [0.75, 1.35] as const;
/** How far (relative to length) a long link bows, so long hops read as arcs over the mesh. */
const LONG_LINK_BOW = 0.12;
const LINE_WIDTH_CSS = 1;

export interface BackgroundRenderer {
  /** Returns true when the backing store changed (the canvas was cleared). */
  resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): boolean;
  setPalette(dark: boolean): void;
  draw(timeMs: number): void;
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

/**
 * Draws the network onto `canvas`, or returns null when no 2D context exists (jsdom, GPU-less
 * edge cases). Everything per-frame works on preallocated typed arrays and cached styles.
 */
export function createBackgroundRenderer(
  canvas: HTMLCanvasElement,
  network: Network,
): BackgroundRenderer | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const { nodes, links } = network;
  const count = nodes.length;
  const xs = new Float32Array(count);
  const ys = new Float32Array(count);
  const glowSize = Float32Array.from(nodes, (n) => n.radius * GLOW_SCALE * 2);
  const spriteOf = Uint8Array.from(nodes, (n) => n.layer * 2 + n.tone);
  // Far layers first so nearer glows paint over them.
  const order = Uint16Array.from(
    nodes.map((_, i) => i).sort((i, j) => (nodes[i]?.layer ?? 0) - (nodes[j]?.layer ?? 0)),
  );

  const grouped: number[][] = Array.from({ length: LAYER_COUNT * BAND_COUNT }, () => []);
  const longPairs: number[] = [];
  for (const link of links) {
    const a = nodes[link.a];
    const b = nodes[link.b];
    if (!a || !b) continue;
    if (link.long) {
      longPairs.push(link.a, link.b);
      continue;
    }
    const close = Math.hypot(a.x - b.x, a.y - b.y) < LINK_DISTANCE / 2 ? 1 : 0;
    grouped[Math.min(a.layer, b.layer) * BAND_COUNT + close]?.push(link.a, link.b);
  }
  const buckets = grouped.map((pairs) => Uint16Array.from(pairs));
  const longLinks = Uint16Array.from(longPairs);

  const doc = canvas.ownerDocument;
  const sprites = Array.from({ length: LAYER_COUNT * 2 }, () => createGlowSprite(doc));
  const bucketStyles: string[] = [];
  let longStyle = '';
  let dark: boolean | null = null;

  let width = 0;
  let height = 0;
  let scale = 1;
  let offsetX = 0;
  let offsetY = 0;
  let lineWidth = 1;
  // Visible part of the field, widened by the largest glow, to skip off-screen sprites.
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;

  function setPalette(next: boolean): void {
    if (dark === next) return;
    dark = next;
    const palette = next ? DARK_PALETTE : LIGHT_PALETTE;
    sprites.forEach((sprite, i) => {
      const layer = Math.floor(i / 2);
      paintSprite(sprite, palette.tones[i % 2 === 0 ? 0 : 1], palette.nodeAlpha[layer] ?? 0);
    });
    bucketStyles.length = 0;
    for (let i = 0; i < LAYER_COUNT * BAND_COUNT; i++) {
      const alpha = palette.linkAlpha[Math.floor(i / BAND_COUNT)] ?? 0;
      bucketStyles.push(rgba(palette.tones[0], alpha * (BAND_BOOST[i % BAND_COUNT] ?? 1)));
    }
    longStyle = rgba(palette.tones[1], palette.longLinkAlpha);
  }

  function resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): boolean {
    const size = backingSize(cssWidth, cssHeight, devicePixelRatio);
    // "Cover": fill the viewport, crop the overflow evenly on both sides.
    scale = Math.max(size.width / FIELD_WIDTH, size.height / FIELD_HEIGHT);
    offsetX = (size.width - FIELD_WIDTH * scale) / 2;
    offsetY = (size.height - FIELD_HEIGHT * scale) / 2;
    lineWidth = (LINE_WIDTH_CSS * Math.max(1, size.ratio)) / (scale || 1);
    const pad = Math.max(...glowSize, 0);
    minX = -offsetX / (scale || 1) - pad;
    maxX = (size.width - offsetX) / (scale || 1) + pad;
    minY = -offsetY / (scale || 1) - pad;
    maxY = (size.height - offsetY) / (scale || 1) + pad;
    if (size.width === width && size.height === height) return false;
    // Assigning width/height clears the canvas even when unchanged, so only touch it on change.
    width = size.width;
    height = size.height;
    canvas.width = width;
    canvas.height = height;
    return true;
  }

  function draw(timeMs: number): void {
    if (width === 0 || height === 0 || !ctx) return;
    if (dark === null) setPalette(false);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.setTransform(scale, 0, 0, scale, offsetX, offsetY);
    writePositions(nodes, timeMs, xs, ys);

    ctx.lineWidth = lineWidth;
    for (let b = 0; b < buckets.length; b++) {
      const pairs = buckets[b];
      if (!pairs || pairs.length === 0) continue;
      ctx.beginPath();
      for (let k = 0; k < pairs.length; k += 2) {
        const i = pairs[k] ?? 0;
        const j = pairs[k + 1] ?? 0;
        ctx.moveTo(xs[i] ?? 0, ys[i] ?? 0);
        ctx.lineTo(xs[j] ?? 0, ys[j] ?? 0);
      }
      ctx.strokeStyle = bucketStyles[b] ?? '';
      ctx.stroke();
    }
    if (longLinks.length > 0) {
      ctx.beginPath();
      for (let k = 0; k < longLinks.length; k += 2) {
        const i = longLinks[k] ?? 0;
        const j = longLinks[k + 1] ?? 0;
        const x1 = xs[i] ?? 0;
        const y1 = ys[i] ?? 0;
        const x2 = xs[j] ?? 0;
        const y2 = ys[j] ?? 0;
        // Control point pushed off the midpoint along the normal: a gentle arc.
        const cx = (x1 + x2) / 2 - (y2 - y1) * LONG_LINK_BOW;
        const cy = (y1 + y2) / 2 + (x2 - x1) * LONG_LINK_BOW;
        ctx.moveTo(x1, y1);
        ctx.quadraticCurveTo(cx, cy, x2, y2);
      }
      ctx.strokeStyle = longStyle;
      ctx.stroke();
    }

    for (let k = 0; k < order.length; k++) {
      const i = order[k] ?? 0;
      const x = xs[i] ?? 0;
      const y = ys[i] ?? 0;
      if (x < minX || x > maxX || y < minY || y > maxY) continue;
      const sprite = sprites[spriteOf[i] ?? 0];
      const size = glowSize[i] ?? 0;
      if (sprite) ctx.drawImage(sprite, x - size / 2, y - size / 2, size, size);
    }
  }

  return { resize, setPalette, draw };
}
