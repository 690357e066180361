import { vi } from 'vitest';

/**
 * requestAnimationFrame and cancelAnimationFrame replaced by a queue the test runs frame by
 * frame, so that what a component does per frame can be counted. vi.unstubAllGlobals() undoes it.
 */
export function stubAnimationFrames(): {
  /** The callbacks asked for and not yet run, by request id. */
  frames: Map<number, FrameRequestCallback>;
  /** The browser's next frame: runs the callbacks asked for so far, at `time`. */
  nextFrame: (time?: number) => void;
} {
  const frames = new Map<number, FrameRequestCallback>();
  let lastId = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    lastId += 1;
    frames.set(lastId, callback);
    return lastId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames.delete(id);
  });
  const nextFrame = (time = performance.now()) => {
    const waiting = [...frames.values()];
    frames.clear();
    for (const callback of waiting) callback(time);
  };
  return { frames, nextFrame };
}
