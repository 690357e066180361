import { useEffect, useRef } from 'react';
import { createBackgroundRenderer } from './draw';
import { createNetwork } from './network';
import type { Network } from './network';
import { mulberry32 } from './random';
import './background.css';

/** Fixed seed: the constellation looks the same on every visit. */
export const BACKGROUND_SEED = 0x0b1ade1a;
/** Longest step the clock takes between frames, so a stalled tab resumes without a jump. */
const MAX_FRAME_STEP_MS = 100;
/**
 * How long the background holds still after the reader's last keystroke. Every frame it
 * draws is copied to the compositor on the main thread; on a slowed-down phone CPU that copy
 * (about 4 ms a frame) tipped more of the frames of a search that filters a list over 50 ms.
 */
export const STILL_AFTER_TYPING_MS = 1000;

let sharedNetwork: Network | null = null;
export function backgroundNetwork(): Network {
  sharedNetwork ??= createNetwork(mulberry32(BACKGROUND_SEED));
  return sharedNetwork;
}

interface Controller {
  setDark(dark: boolean): void;
}

function viewportSize(): { width: number; height: number } {
  // clientWidth excludes a classic scrollbar, matching what a fixed inset-0 box covers.
  const root = document.documentElement;
  return {
    width: root.clientWidth || window.innerWidth,
    height: root.clientHeight || window.innerHeight,
  };
}

/** The drifting network drawn behind every page; purely decorative. */
export function AnimatedBackground({ dark }: { dark: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<Controller | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const renderer = createBackgroundRenderer(canvas, backgroundNetwork());
    if (!renderer) return;

    const reducedMotion =
      typeof window.matchMedia === 'function'
        ? window.matchMedia('(prefers-reduced-motion: reduce)')
        : null;
    let clock = 0;
    let lastFrame: number | null = null;
    let loopId = 0;
    let stillId = 0;
    let stillDirty = true;
    let typing = false;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;

    const tick = (now: number) => {
      if (lastFrame !== null) clock += Math.min(Math.max(now - lastFrame, 0), MAX_FRAME_STEP_MS);
      lastFrame = now;
      renderer.draw(clock);
      // What the canvas shows is current: holding still needs no frame of its own.
      stillDirty = false;
      loopId = requestAnimationFrame(tick);
    };
    const stopLoop = () => {
      if (loopId !== 0) cancelAnimationFrame(loopId);
      loopId = 0;
      lastFrame = null;
    };
    const drawStill = () => {
      stillId = 0;
      if (document.hidden) return;
      stillDirty = false;
      renderer.draw(clock);
    };
    // Still frames also go through rAF so several changes in one tick cost a single draw.
    const sync = () => {
      if (document.hidden || reducedMotion?.matches === true || typing) {
        stopLoop();
        if (!document.hidden && stillDirty && stillId === 0) {
          stillId = requestAnimationFrame(drawStill);
        }
      } else if (loopId === 0) {
        loopId = requestAnimationFrame(tick);
      }
    };
    const onTyping = () => {
      typing = true;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => {
        typing = false;
        sync();
      }, STILL_AFTER_TYPING_MS);
      sync();
    };
    const invalidate = () => {
      stillDirty = true;
      sync();
    };
    // Size is read only here, never per frame.
    const onResize = () => {
      const { width, height } = viewportSize();
      if (renderer.resize(width, height, window.devicePixelRatio || 1)) invalidate();
    };

    controllerRef.current = {
      setDark(next) {
        renderer.setPalette(next);
        invalidate();
      },
    };
    onResize();
    sync();
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', sync);
    reducedMotion?.addEventListener('change', sync);
    // Keys for the keyboard, input for what arrives otherwise (dictation, paste, an IME).
    const typingEvents = ['keydown', 'input'] as const;
    for (const type of typingEvents) {
      document.addEventListener(type, onTyping, { capture: true, passive: true });
    }

    return () => {
      controllerRef.current = null;
      stopLoop();
      if (stillId !== 0) cancelAnimationFrame(stillId);
      clearTimeout(typingTimer);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', sync);
      reducedMotion?.removeEventListener('change', sync);
      for (const type of typingEvents) {
        document.removeEventListener(type, onTyping, { capture: true });
      }
    };
  }, []);

  // Declared after the setup effect, so on mount it runs once the renderer exists.
  useEffect(() => {
    controllerRef.current?.setDark(dark);
  }, [dark]);

  return <canvas ref={canvasRef} className="animated-background" aria-hidden="true" />;
}
