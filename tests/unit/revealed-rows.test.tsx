import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROWS_PER_STEP, useRevealedRows } from '../../renderer/features/tokens/useRevealedRows';
import { stubAnimationFrames } from './animationFrames';

const items = Array.from({ length: 267 }, (_, index) => index);

describe('the rows of a long list put in the page', () => {
  let frames: Map<number, FrameRequestCallback>;
  let nextFrame: () => void;
  beforeEach(() => {
    ({ frames, nextFrame } = stubAnimationFrames());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const frameByFrame = (count: number) => {
    for (let frame = 0; frame < count; frame += 1) act(nextFrame);
  };
  const show = (resetKey: string) =>
    renderHook(({ key }) => useRevealedRows(items, key), { initialProps: { key: resetKey } });

  it('come ten a frame up to the rows opened, and more on request', () => {
    const { result } = show('');
    expect(result.current.rows).toHaveLength(10);
    expect(result.current.opened).toBe(ROWS_PER_STEP);
    frameByFrame(3);
    expect(result.current.rows).toHaveLength(ROWS_PER_STEP);
    frameByFrame(2);
    expect(result.current.rows).toHaveLength(ROWS_PER_STEP);
    expect(frames.size).toBe(0);

    act(() => {
      result.current.showAll();
    });
    expect(result.current.opened).toBe(267);
    frameByFrame(30);
    expect(result.current.rows).toHaveLength(267);
  });

  it('start again from the top at a new search, even one made while rows were on their way', () => {
    const { result, rerender } = show('');
    // A frame has asked for ten more rows when the reader types: the search's render comes
    // first and the ten rows' render after it. The list must still fill up to the rows opened
    // (it stopped at ten while saying forty were shown).
    act(() => {
      nextFrame();
      rerender({ key: 'a' });
    });
    expect(result.current.rows).toHaveLength(10);
    frameByFrame(5);
    expect(result.current.rows).toHaveLength(ROWS_PER_STEP);
    expect(result.current.opened).toBe(ROWS_PER_STEP);
  });
});
