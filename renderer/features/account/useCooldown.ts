import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before an action may be repeated (a mail sent again), counting down once a
 * second while above zero.
 */
export function useCooldown(initialSeconds: number): {
  remaining: number;
  start: (seconds: number) => void;
} {
  const [remaining, setRemaining] = useState(initialSeconds);
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      setRemaining((seconds) => Math.max(0, seconds - 1));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [running]);
  const start = useCallback((seconds: number) => {
    setRemaining(seconds);
  }, []);
  return { remaining, start };
}
