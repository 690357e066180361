// Pure, DOM-free geometry of the background network, in virtual field units.

export const FIELD_WIDTH = 3840;
export const FIELD_HEIGHT = 2160;
export const NODE_COUNT = 240;
export const LAYER_COUNT = 3;
export const LINK_DISTANCE = 672;
export const LINK_KEEP_RATIO = 0.35;
export const LONG_LINK_COUNT = 20;
/** Long hops stay regional: an edge-to-edge line reads as a scratch, not as a link. */
export const LONG_LINK_MAX_DISTANCE = 1800;

export type Layer = 0 | 1 | 2;

export interface NetworkNode {
  /** Anchor position; the node only drifts a few tens of units around it. */
  x: number;
  y: number;
  layer: Layer;
  /** Core radius in field units (the glow extends beyond it). */
  radius: number;
  /** Index into the palette tones: 0 indigo, 1 teal. */
  tone: 0 | 1;
  phase: number;
  driftX: number;
  driftY: number;
  /** Angular drift speed in radians per millisecond. */
  speed: number;
}

export interface NetworkLink {
  a: number;
  b: number;
  long: boolean;
}

export interface Network {
  nodes: NetworkNode[];
  links: NetworkLink[];
  /** Pairs whose anchors are closer than the link distance, before the random keep. */
  candidatePairCount: number;
}

export interface CreateNetworkOptions {
  nodeCount?: number;
  width?: number;
  height?: number;
  linkDistance?: number;
  keepRatio?: number;
  longLinkCount?: number;
}

export interface LayerSpec {
  /** Share of the nodes in this layer; far nodes are the most numerous, as in a real sky. */
  share: number;
  minRadius: number;
  maxRadius: number;
  drift: number;
  speed: number;
  /** Amplitude of the slow shared sway; growing with nearness gives the parallax. */
  sway: number;
}

export const LAYERS: readonly [LayerSpec, LayerSpec, LayerSpec] = [
  { share: 0.5, minRadius: 3, maxRadius: 5, drift: 14, speed: 0.00012, sway: 10 },
  { share: 0.3, minRadius: 5, maxRadius: 8, drift: 22, speed: 0.00017, sway: 22 },
  { share: 0.2, minRadius: 8, maxRadius: 12, drift: 30, speed: 0.00024, sway: 38 },
];

/** Largest distance a node can stray from its anchor; anchors keep this margin from the edges. */
export const MAX_DRIFT = Math.max(...LAYERS.map((l) => l.drift + l.sway));

const SWAY_SPEED = 0.000045;
const TWO_PI = Math.PI * 2;

function layerOf(index: number, count: number): Layer {
  const fraction = (index + 0.5) / count;
  if (fraction < LAYERS[0].share) return 0;
  if (fraction < LAYERS[0].share + LAYERS[1].share) return 1;
  return 2;
}

export function createNetwork(random: () => number, options: CreateNetworkOptions = {}): Network {
  const count = options.nodeCount ?? NODE_COUNT;
  const width = options.width ?? FIELD_WIDTH;
  const height = options.height ?? FIELD_HEIGHT;
  const linkDistance = options.linkDistance ?? LINK_DISTANCE;
  const keepRatio = options.keepRatio ?? LINK_KEEP_RATIO;
  const longLinkCount = options.longLinkCount ?? LONG_LINK_COUNT;
  const margin = Math.min(MAX_DRIFT, width / 4, height / 4);

  const nodes: NetworkNode[] = [];
  for (let i = 0; i < count; i++) {
    const layer = layerOf(i, count);
    const spec = LAYERS[layer];
    nodes.push({
      x: margin + random() * (width - 2 * margin),
      y: margin + random() * (height - 2 * margin),
      layer,
      radius: spec.minRadius + random() * (spec.maxRadius - spec.minRadius),
      tone: random() < 0.3 ? 1 : 0,
      phase: random() * TWO_PI,
      driftX: spec.drift * (0.6 + 0.4 * random()),
      driftY: spec.drift * (0.6 + 0.4 * random()),
      speed: spec.speed * (0.7 + 0.6 * random()),
    });
  }

  const links: NetworkLink[] = [];
  const limit = linkDistance * linkDistance;
  let candidatePairCount = 0;
  for (let a = 0; a < count; a++) {
    const na = nodes[a];
    if (!na) continue;
    for (let b = a + 1; b < count; b++) {
      const nb = nodes[b];
      if (!nb) continue;
      const dx = na.x - nb.x;
      const dy = na.y - nb.y;
      if (dx * dx + dy * dy >= limit) continue;
      candidatePairCount++;
      if (random() < keepRatio) links.push({ a, b, long: false });
    }
  }

  // Far pairs are never short links, so only long links can collide with each other.
  const longLimit = Math.max(LONG_LINK_MAX_DISTANCE, linkDistance * 2);
  const seen = new Set<number>();
  for (let attempt = 0; seen.size < longLinkCount && attempt < longLinkCount * 1000; attempt++) {
    const i = Math.floor(random() * count);
    const j = Math.floor(random() * count);
    const ni = nodes[i];
    const nj = nodes[j];
    if (i === j || !ni || !nj) continue;
    const distance = Math.hypot(ni.x - nj.x, ni.y - nj.y);
    if (distance < linkDistance || distance > longLimit) continue;
    const a = Math.min(i, j);
    const b = Math.max(i, j);
    if (seen.has(a * count + b)) continue;
    seen.add(a * count + b);
    links.push({ a, b, long: true });
  }

  return { nodes, links, candidatePairCount };
}

export interface Point {
  x: number;
  y: number;
}

/** Writes the drifted position of a node into `out` (no allocation, so safe in a frame loop). */
export function nodePositionAt(node: NetworkNode, timeMs: number, out: Point): Point {
  const t = timeMs * node.speed + node.phase;
  const sway = LAYERS[node.layer].sway;
  const swayT = timeMs * SWAY_SPEED;
  out.x = node.x + node.driftX * Math.sin(t) + sway * Math.sin(swayT);
  out.y =
    node.y +
    node.driftY * Math.cos(t * 0.83 + node.phase) +
    sway * 0.6 * Math.sin(swayT * 0.7 + 1.3);
  return out;
}

const scratch: Point = { x: 0, y: 0 };

/** Fills reusable typed arrays with every node's position at `timeMs`. */
export function writePositions(
  nodes: readonly NetworkNode[],
  timeMs: number,
  xs: Float32Array,
  ys: Float32Array,
): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!node) continue;
    nodePositionAt(node, timeMs, scratch);
    xs[i] = scratch.x;
    ys[i] = scratch.y;
  }
}
