import { createElement } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as background from '../../renderer/features/background/AnimatedBackground';
import * as draw from '../../renderer/features/background/draw';
import * as net from '../../renderer/features/background/network';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../renderer/features/background/palette';
import { BAND_COUNT, planLayers } from '../../renderer/features/background/plan';
import { mulberry32 } from '../../renderer/features/background/random';
import { stubAnimationFrames } from './animationFrames';

const { AnimatedBackground, BACKGROUND_SEED } = background;
const { FIELD_HEIGHT, FIELD_WIDTH, LAYER_COUNT, LINK_DISTANCE } = net;
const SEEDS = [1, 42, 2024, 0xdeadbeef, BACKGROUND_SEED];
const build = (seed: number): net.Network => net.createNetwork(mulberry32(seed));
// prettier-ignore
const SCREENS = [[1440, 900, 1], [1280, 800, 2], [2560, 1440, 1], [3840, 2160, 2]] as const;
const element = (dark: boolean) => createElement(AnimatedBackground, { dark });
const inField = (p: { x: number; y: number }) =>
  p.x >= 0 && p.x <= FIELD_WIDTH && p.y >= 0 && p.y <= FIELD_HEIGHT;

describe('createNetwork', () => {
  it.each(SEEDS)('seed %i: nodes fill the field and every layer; links follow the rule', (seed) => {
    const { nodes, links } = build(seed);
    expect(nodes).toHaveLength(net.NODE_COUNT);
    expect(nodes.filter((n) => !inField(n))).toEqual([]);
    expect(new Set(nodes.map((n) => n.layer)).size).toBe(LAYER_COUNT);
    const keys = new Set(links.map((l) => Math.min(l.a, l.b) * 1e4 + Math.max(l.a, l.b)));
    expect(keys.size).toBe(links.length);
    for (const link of links) {
      expect(link.a).not.toBe(link.b);
      const [a, b] = [nodes[link.a], nodes[link.b]];
      const distance = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : NaN;
      if (link.long) expect(distance).toBeGreaterThanOrEqual(LINK_DISTANCE);
      else expect(distance).toBeLessThan(LINK_DISTANCE);
    }
    expect(links.filter((l) => l.long)).toHaveLength(net.LONG_LINK_COUNT);
    // Deterministic for a seed (mulberry32 too), different between seeds.
    expect(build(seed)).toEqual(build(seed));
    expect(build(seed).nodes[0]).not.toEqual(build(seed + 1).nodes[0]);
  });

  it('keeps about 35% of the candidate pairs', () => {
    const networks = SEEDS.map((seed) => build(seed));
    const short = (n: net.Network) => n.links.filter((l) => !l.long).length;
    for (const n of networks)
      expect(short(n) / n.candidatePairCount).toBeCloseTo(net.LINK_KEEP_RATIO, 1);
    const total = (f: (n: net.Network) => number) => networks.reduce((sum, n) => sum + f(n), 0);
    const ratio = total(short) / total((n) => n.candidatePairCount);
    expect(Math.abs(ratio - net.LINK_KEEP_RATIO)).toBeLessThan(0.05);
  });

  it('drifts nodes only a little around their anchor', () => {
    const out = { x: 0, y: 0 };
    for (const time of [0, 1234, 60_000, 3_600_000]) {
      for (const node of build(BACKGROUND_SEED).nodes) {
        expect(net.nodePositionAt(node, time, out)).toBe(out);
        expect(Math.abs(out.x - node.x)).toBeLessThanOrEqual(net.MAX_DRIFT);
        expect(Math.abs(out.y - node.y)).toBeLessThanOrEqual(net.MAX_DRIFT);
        expect(inField(out)).toBe(true);
      }
    }
  });
});

describe('renderer budget and palette', () => {
  it('caps the device pixel ratio at 1 and the backing pixel count', () => {
    expect(draw.MAX_PIXEL_RATIO).toBe(1);
    // Under the pixel cap only the ratio cap applies: a phone at DPR 3 renders at 1x.
    expect(draw.backingSize(390, 844, 3)).toMatchObject({ width: 390, height: 844, ratio: 1 });
    for (const [w, h, dpr] of SCREENS) {
      const size = draw.backingSize(w, h, dpr);
      expect(size.width * size.height).toBeLessThanOrEqual(draw.MAX_BACKING_PIXELS);
      expect(size.width * size.height).toBeGreaterThan(draw.MAX_BACKING_PIXELS * 0.99);
      expect(size.width / size.height).toBeCloseTo(w / h, 2);
      // Lines: at most one backing pixel (Skia's cheap hairline), at least one CSS pixel.
      const line = draw.backingLineWidth(size.ratio);
      expect([line <= 1, line >= size.ratio]).toEqual([true, true]);
    }
  });

  it('is dimmer in dark mode', () => {
    const alphas = (p: typeof LIGHT_PALETTE) => [...p.nodeAlpha, ...p.linkAlpha, p.longLinkAlpha];
    const light = alphas(LIGHT_PALETTE);
    for (const [i, alpha] of alphas(DARK_PALETTE).entries())
      expect(alpha).toBeLessThan(light[i] ?? 1);
  });

  it('plans each glow in its layer, each link once with its nearer end', () => {
    const network = build(BACKGROUND_SEED);
    const layerOf = (i: number) => network.nodes[i]?.layer ?? -1;
    const plans = planLayers(network);
    expect(plans.flatMap((plan) => [...plan.nodes])).toHaveLength(net.NODE_COUNT);
    const painted: string[] = [];
    plans.forEach((plan, layer) => {
      for (const i of plan.nodes) expect(layerOf(i)).toBe(layer);
      const links = painted.length;
      for (const { style, pairs } of [...plan.links, { style: -1, pairs: plan.longLinks }]) {
        for (let k = 0; k < pairs.length; k += 2) {
          const [a, b] = [pairs[k] ?? 0, pairs[k + 1] ?? 0];
          expect(Math.max(layerOf(a), layerOf(b))).toBe(layer);
          // Styled (alpha) by the farther end, as before.
          const farther = Math.min(layerOf(a), layerOf(b));
          if (style >= 0) expect(Math.floor(style / BAND_COUNT)).toBe(farther);
          painted.push(`${String(a)}-${String(b)}-${String(style < 0)}`);
        }
      }
      // The point of the rule: no single layer repaint carries most of the links.
      expect(painted.length - links).toBeLessThan(network.links.length / 2);
    });
    const expected = network.links.map((l) => `${String(l.a)}-${String(l.b)}-${String(l.long)}`);
    expect(painted.sort()).toEqual(expected.sort());
  });
});

/** A 2D context that accepts every call and counts it; property writes land on it. */
function countingContext() {
  const counts = new Map<string, number>();
  const gradient = { addColorStop: () => undefined };
  const tally = (key: string) => () => (counts.set(key, (counts.get(key) ?? 0) + 1), gradient);
  const target: Record<PropertyKey, unknown> = {};
  return { ctx: new Proxy(target, { get: (t, k) => t[k] ?? tally(String(k)) }), counts };
}

describe('AnimatedBackground', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders an aria-hidden canvas and survives a missing 2D context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    const { container, rerender, unmount } = render(element(false));
    const canvas = container.querySelector('canvas.animated-background');
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    rerender(element(true));
    unmount();
  });

  function harness(reduced: boolean) {
    // One context per canvas, so calls on the visible canvas can be told apart.
    const canvases = new Map<unknown, ReturnType<typeof countingContext>>();
    function getContext(this: unknown) {
      if (!canvases.has(this)) canvases.set(this, countingContext());
      return canvases.get(this)?.ctx;
    }
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(getContext as never);
    const sum = (key: string, list: ({ counts: Map<string, number> } | undefined)[]) =>
      list.reduce((n, entry) => n + (entry?.counts.get(key) ?? 0), 0);
    const { frames, nextFrame } = stubAnimationFrames();
    const on = { addEventListener: () => undefined, removeEventListener: () => undefined };
    const media = (query: string) => ({ ...on, matches: reduced && query.includes('reduce') });
    vi.stubGlobal('matchMedia', media);
    const runFrame = (time: number) => {
      nextFrame(time);
      // A layer repaint sets two transforms; the visible canvas only ever gets layers stacked.
      const visible = canvases.get(document.querySelector('canvas.animated-background'));
      return [
        sum('setTransform', [...canvases.values()]) / 2,
        sum('drawImage', [visible]) / LAYER_COUNT,
      ];
    };
    return { frames, runFrame };
  }

  it('draws one still frame under reduced motion and never starts a loop', () => {
    const { frames, runFrame } = harness(true);
    const { rerender, unmount } = render(element(false));
    rerender(element(true));
    expect(frames.size).toBe(1);
    expect(runFrame(16)).toEqual([LAYER_COUNT, 1]);
    expect(frames.size).toBe(0);
    unmount();
  });

  it('alternates a layer repaint and a stacking per frame, and pauses while hidden', () => {
    const { frames, runFrame } = harness(false);
    const { unmount } = render(element(false));
    // Cumulative [layer repaints, stackings]: all layers first, then one layer or one stacking.
    expect(runFrame(16)).toEqual([LAYER_COUNT, 1]);
    expect(runFrame(32)).toEqual([LAYER_COUNT + 1, 1]);
    expect(runFrame(48)).toEqual([LAYER_COUNT + 1, 2]);
    expect(runFrame(64)).toEqual([LAYER_COUNT + 2, 2]);
    // Every layer comes round; nearer ones, which drift faster, at least as often.
    const turns = [0, 1, 2].map((layer) => draw.LAYER_SCHEDULE.filter((l) => l === layer).length);
    expect(Math.min(...turns)).toBeGreaterThan(0);
    expect([...turns].sort((a, b) => a - b)).toEqual(turns);
    expect(frames.size).toBe(1);
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(frames.size).toBe(0);
    unmount();
  });

  it('holds still while the reader types and moves again a moment after the last key', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { frames, runFrame } = harness(false);
      const { unmount } = render(element(false));
      runFrame(16);
      expect(frames.size).toBe(1);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
      expect(frames.size).toBe(0);
      vi.advanceTimersByTime(background.STILL_AFTER_TYPING_MS - 1);
      // Text that arrives without a key (dictation, paste) holds it still as long.
      document.dispatchEvent(new Event('input'));
      vi.advanceTimersByTime(background.STILL_AFTER_TYPING_MS - 1);
      expect(frames.size).toBe(0);
      vi.advanceTimersByTime(1);
      expect(frames.size).toBe(1);
      unmount();
      expect(frames.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
