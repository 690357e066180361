import type { NetworkNode } from './network';
import type { LayerPlan } from './plan';
import { GLOW_SCALE } from './sprite';

/** How far (relative to length) a long link bows, so long hops read as arcs over the mesh. */
const LONG_LINK_BOW = 0.12;

/** What painting needs besides the plan; the renderer owns and updates it. */
export interface PaintState {
  /** Node positions this frame, in field units. */
  xs: Float32Array;
  ys: Float32Array;
  /** Field-to-backing transform. */
  scale: number;
  offsetX: number;
  offsetY: number;
  /** In field units. */
  lineWidth: number;
  /** Visible part of the field, widened by the largest glow, to skip off-screen work. */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  linkStyles: readonly string[];
  longStyle: string;
  /** Glow diameter per node, in field units, and the sprite each node uses. */
  glowSize: Float32Array;
  spriteOf: Uint8Array;
  sprites: readonly HTMLCanvasElement[];
}

/** Fresh state for `nodes`; the renderer fills in the geometry and styles before painting. */
export function createPaintState(
  nodes: readonly NetworkNode[],
  sprites: readonly HTMLCanvasElement[],
): PaintState {
  return {
    xs: new Float32Array(nodes.length),
    ys: new Float32Array(nodes.length),
    scale: 1,
    offsetX: 0,
    offsetY: 0,
    lineWidth: 1,
    minX: 0,
    maxX: 0,
    minY: 0,
    maxY: 0,
    linkStyles: [],
    longStyle: '',
    glowSize: Float32Array.from(nodes, (n) => n.radius * GLOW_SCALE * 2),
    // Sprites come per layer (its alpha) and tone: index layer * 2 + tone.
    spriteOf: Uint8Array.from(nodes, (n) => n.layer * 2 + n.tone),
    sprites,
  };
}

/** Adds one straight link to the path unless both ends lie beyond the same visible edge. */
function segment(c: CanvasRenderingContext2D, s: PaintState, i: number, j: number): void {
  const x1 = s.xs[i] ?? 0;
  const y1 = s.ys[i] ?? 0;
  const x2 = s.xs[j] ?? 0;
  const y2 = s.ys[j] ?? 0;
  if ((x1 < s.minX && x2 < s.minX) || (x1 > s.maxX && x2 > s.maxX)) return;
  if ((y1 < s.minY && y2 < s.minY) || (y1 > s.maxY && y2 > s.maxY)) return;
  c.moveTo(x1, y1);
  c.lineTo(x2, y2);
}

/** Paints one layer onto `c` (already cleared): its links, then its glows. */
export function paintLayer(c: CanvasRenderingContext2D, plan: LayerPlan, s: PaintState): void {
  const { xs, ys } = s;
  c.setTransform(s.scale, 0, 0, s.scale, s.offsetX, s.offsetY);
  c.lineWidth = s.lineWidth;
  // One path per style: a stroke call per link would cost far more than the lines themselves.
  for (const { style, pairs } of plan.links) {
    c.beginPath();
    for (let k = 0; k < pairs.length; k += 2) segment(c, s, pairs[k] ?? 0, pairs[k + 1] ?? 0);
    c.strokeStyle = s.linkStyles[style] ?? '';
    c.stroke();
  }
  const long = plan.longLinks;
  if (long.length > 0) {
    c.beginPath();
    for (let k = 0; k < long.length; k += 2) {
      const x1 = xs[long[k] ?? 0] ?? 0;
      const y1 = ys[long[k] ?? 0] ?? 0;
      const x2 = xs[long[k + 1] ?? 0] ?? 0;
      const y2 = ys[long[k + 1] ?? 0] ?? 0;
      c.moveTo(x1, y1);
      // Control point pushed off the midpoint along the normal: a gentle arc.
      c.quadraticCurveTo(
        (x1 + x2) / 2 - (y2 - y1) * LONG_LINK_BOW,
        (y1 + y2) / 2 + (x2 - x1) * LONG_LINK_BOW,
        x2,
        y2,
      );
    }
    c.strokeStyle = s.longStyle;
    c.stroke();
  }
  for (const i of plan.nodes) {
    const x = xs[i] ?? 0;
    const y = ys[i] ?? 0;
    if (x < s.minX || x > s.maxX || y < s.minY || y > s.maxY) continue;
    const sprite = s.sprites[s.spriteOf[i] ?? 0];
    const size = s.glowSize[i] ?? 0;
    if (sprite) c.drawImage(sprite, x - size / 2, y - size / 2, size, size);
  }
}
