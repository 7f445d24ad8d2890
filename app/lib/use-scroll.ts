import { useEffect, useRef } from "react";

/**
 * Calls `onScroll(y)` at most once per `wait` ms while the window scrolls, plus once at the end
 * of a burst so the last position is never lost.
 */
export function useThrottledScroll(onScroll: (y: number) => void, wait: number): void {
  const callback = useRef(onScroll);
  useEffect(() => {
    callback.current = onScroll;
  });

  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      last = Date.now();
      callback.current(window.scrollY);
    };
    const handler = () => {
      const remaining = wait - (Date.now() - last);
      clearTimeout(trailing);
      if (remaining <= 0) fire();
      else trailing = setTimeout(fire, remaining);
    };
    window.addEventListener("scroll", handler, { passive: true });
    fire();
    return () => {
      window.removeEventListener("scroll", handler);
      clearTimeout(trailing);
    };
  }, [wait]);
}
