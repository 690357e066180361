// Sorts the network's drawing work by depth layer, once, into typed arrays a frame just walks.
import { LAYER_COUNT, LINK_DISTANCE } from './network';
import type { Network } from './network';

/** Links split into a close and a far distance band so shorter links read stronger. */
export const BAND_COUNT = 2;
export const BAND_BOOST = [0.75, 1.35] as const;
/** Link styles: the farther endpoint's layer (its alpha) times the distance band. */
export const STYLE_COUNT = LAYER_COUNT * BAND_COUNT;

export interface LinkBucket {
  /** Index into the renderer's link styles. */
  style: number;
  /** Flat endpoint pairs: a0, b0, a1, b1, … */
  pairs: Uint16Array;
}

/** What one layer's offscreen canvas shows, in paint order: links, long links, then glows. */
export interface LayerPlan {
  links: LinkBucket[];
  longLinks: Uint16Array;
  /** Nodes whose glow to draw. */
  nodes: Uint16Array;
}

/**
 * A link is painted with the layer of its NEARER endpoint. Keyed by the farther one, the far
 * layer would hold 75% of the links (half the nodes are far) and repainting it would cost several
 * times more than the others; this way the three repaints cost about the same. The link keeps
 * the farther layer's alpha, as before.
 */
export function planLayers({ nodes, links }: Network): LayerPlan[] {
  const nodeLists: number[][] = Array.from({ length: LAYER_COUNT }, () => []);
  const linkLists: number[][][] = Array.from({ length: LAYER_COUNT }, () =>
    Array.from({ length: STYLE_COUNT }, () => []),
  );
  const longLists: number[][] = Array.from({ length: LAYER_COUNT }, () => []);
  nodes.forEach((node, i) => nodeLists[node.layer]?.push(i));
  for (const link of links) {
    const a = nodes[link.a];
    const b = nodes[link.b];
    if (!a || !b) continue;
    const layer = Math.max(a.layer, b.layer);
    if (link.long) {
      longLists[layer]?.push(link.a, link.b);
      continue;
    }
    const close = Math.hypot(a.x - b.x, a.y - b.y) < LINK_DISTANCE / 2 ? 1 : 0;
    linkLists[layer]?.[Math.min(a.layer, b.layer) * BAND_COUNT + close]?.push(link.a, link.b);
  }
  return nodeLists.map((members, layer) => ({
    links: (linkLists[layer] ?? [])
      .map((pairs, style) => ({ style, pairs: Uint16Array.from(pairs) }))
      .filter((bucket) => bucket.pairs.length > 0),
    longLinks: Uint16Array.from(longLists[layer] ?? []),
    nodes: Uint16Array.from(members),
  }));
}
