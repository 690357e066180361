import { createElement } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnimatedBackground,
  BACKGROUND_SEED,
} from '../../renderer/features/background/AnimatedBackground';
import { MAX_BACKING_PIXELS, backingSize } from '../../renderer/features/background/draw';
import {
  FIELD_HEIGHT,
  FIELD_WIDTH,
  LAYER_COUNT,
  LINK_DISTANCE,
  LINK_KEEP_RATIO,
  LONG_LINK_COUNT,
  MAX_DRIFT,
  NODE_COUNT,
  createNetwork,
  nodePositionAt,
} from '../../renderer/features/background/network';
import type { Network } from '../../renderer/features/background/network';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../renderer/features/background/palette';
import type { BackgroundPalette } from '../../renderer/features/background/palette';
import { mulberry32 } from '../../renderer/features/background/random';

const SEEDS = [1, 42, 2024, 0xdeadbeef, BACKGROUND_SEED];
const build = (seed: number): Network => createNetwork(mulberry32(seed));

const inField = (p: { x: number; y: number }) =>
  p.x >= 0 && p.x <= FIELD_WIDTH && p.y >= 0 && p.y <= FIELD_HEIGHT;

function anchorDistance({ nodes }: Network, a: number, b: number): number {
  const [na, nb] = [nodes[a], nodes[b]];
  return na && nb ? Math.hypot(na.x - nb.x, na.y - nb.y) : NaN;
}

describe('createNetwork', () => {
  it.each(SEEDS)('seed %i: nodes fill the field across every layer', (seed) => {
    const { nodes } = build(seed);
    expect(nodes).toHaveLength(NODE_COUNT);
    expect(nodes.filter((n) => !inField(n))).toEqual([]);
    expect(new Set(nodes.map((n) => n.layer)).size).toBe(LAYER_COUNT);
  });

  it.each(SEEDS)('seed %i: short links are short, long links long, no repeats', (seed) => {
    const network = build(seed);
    const seen = new Set<string>();
    let longCount = 0;
    for (const link of network.links) {
      expect(link.a).not.toBe(link.b);
      const key = `${Math.min(link.a, link.b)}-${Math.max(link.a, link.b)}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      const distance = anchorDistance(network, link.a, link.b);
      if (link.long) {
        longCount++;
        expect(distance).toBeGreaterThanOrEqual(LINK_DISTANCE);
      } else {
        expect(distance).toBeLessThan(LINK_DISTANCE);
      }
    }
    expect(longCount).toBe(LONG_LINK_COUNT);
  });

  it('keeps about 35% of the candidate pairs', () => {
    let kept = 0;
    let candidates = 0;
    for (const seed of SEEDS) {
      const network = build(seed);
      const short = network.links.filter((l) => !l.long).length;
      expect(short / network.candidatePairCount).toBeCloseTo(LINK_KEEP_RATIO, 1);
      kept += short;
      candidates += network.candidatePairCount;
    }
    expect(Math.abs(kept / candidates - LINK_KEEP_RATIO)).toBeLessThan(0.05);
  });

  it('is deterministic for a seed (mulberry32 too) and differs between seeds', () => {
    expect(build(BACKGROUND_SEED)).toEqual(build(BACKGROUND_SEED));
    expect(build(1).nodes[0]).not.toEqual(build(2).nodes[0]);
  });

  it('drifts nodes only a little around their anchor', () => {
    const { nodes } = build(BACKGROUND_SEED);
    const out = { x: 0, y: 0 };
    for (const time of [0, 1234, 60_000, 3_600_000]) {
      for (const node of nodes) {
        expect(nodePositionAt(node, time, out)).toBe(out);
        expect(Math.abs(out.x - node.x)).toBeLessThanOrEqual(MAX_DRIFT);
        expect(Math.abs(out.y - node.y)).toBeLessThanOrEqual(MAX_DRIFT);
        expect(inField(out)).toBe(true);
      }
    }
  });
});

describe('renderer budget and palette', () => {
  it('caps the device pixel ratio and the backing pixel count', () => {
    expect(backingSize(800, 600, 3)).toMatchObject({ width: 1200, height: 900 });
    expect(backingSize(1920, 1080, 1)).toMatchObject({ width: 1920, height: 1080 });
    for (const [w, h, dpr] of [
      [1280, 800, 2],
      [2560, 1440, 1],
      [3840, 2160, 2],
    ] as const) {
      const size = backingSize(w, h, dpr);
      expect(size.width * size.height).toBeLessThanOrEqual(MAX_BACKING_PIXELS);
      expect(size.width * size.height).toBeGreaterThan(MAX_BACKING_PIXELS * 0.99);
      expect(size.width / size.height).toBeCloseTo(w / h, 2);
    }
  });

  it('is dimmer in dark mode', () => {
    const alphas = (p: BackgroundPalette) => [...p.nodeAlpha, ...p.linkAlpha, p.longLinkAlpha];
    const light = alphas(LIGHT_PALETTE);
    for (const [i, alpha] of alphas(DARK_PALETTE).entries())
      expect(alpha).toBeLessThan(light[i] ?? 1);
  });
});

/** A 2D context that accepts every call and counts it; property writes land on the target. */
function fakeContext(calls: Map<string, number>): CanvasRenderingContext2D {
  const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
  const props: Record<PropertyKey, unknown> = {};
  const proxy = new Proxy(props, {
    get: (target, key) =>
      key in target ? target[key] : () => (count(String(key)), { addColorStop: () => undefined }),
  });
  return proxy as unknown as CanvasRenderingContext2D;
}

describe('AnimatedBackground', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders an aria-hidden canvas and survives a missing 2D context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    const { container, rerender, unmount } = render(
      createElement(AnimatedBackground, { dark: false }),
    );
    const canvas = container.querySelector('canvas.animated-background');
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    rerender(createElement(AnimatedBackground, { dark: true }));
    unmount();
  });

  function harness(reduced: boolean) {
    const calls = new Map<string, number>();
    const ctx = fakeContext(calls);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx);
    const frames = new Map<number, FrameRequestCallback>();
    let nextId = 1;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frames.set(nextId, cb);
      return nextId++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduced && query.includes('reduce'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const runFrames = (time: number) => {
      const pending = [...frames.values()];
      frames.clear();
      for (const cb of pending) cb(time);
    };
    // Only a full draw resets the transform (twice); sprite painting never does.
    const drawCount = () => (calls.get('setTransform') ?? 0) / 2;
    return { calls, frames, runFrames, drawCount };
  }

  it('draws one still frame under reduced motion and never starts a loop', () => {
    const { calls, frames, runFrames, drawCount } = harness(true);
    const { rerender, unmount } = render(createElement(AnimatedBackground, { dark: false }));
    rerender(createElement(AnimatedBackground, { dark: true }));
    expect(frames.size).toBe(1);
    runFrames(16);
    expect(drawCount()).toBe(1);
    expect(calls.get('drawImage')).toBeGreaterThan(0);
    expect(frames.size).toBe(0);
    unmount();
  });

  it('animates, and stops requesting frames while the tab is hidden', () => {
    const { frames, runFrames, drawCount } = harness(false);
    const { unmount } = render(createElement(AnimatedBackground, { dark: false }));
    runFrames(16);
    runFrames(32);
    expect(drawCount()).toBe(2);
    expect(frames.size).toBe(1);
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(frames.size).toBe(0);
    unmount();
  });
});
