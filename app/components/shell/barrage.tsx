import { useEffect, useRef } from "react";
import { BARRAGE_LANES, BARRAGE_MS } from "~/lib/barrage";
import type { BarrageRun } from "./barrage-run";
import "./barrage.css";

/**
 * The emoji barrage of spec §4: ~20 items fly right to left in lanes across the viewport for
 * 6100 ms; a double-click anywhere stops it at once. It takes no clicks (pointer-events: none)
 * and is hidden from assistive technology: decoration, the comment itself is the news.
 */
export function Barrage({ run, onEnd }: { run: BarrageRun; onEnd: (id: number) => void }) {
  const end = useRef(onEnd);
  useEffect(() => {
    end.current = onEnd;
  });

  useEffect(() => {
    const stop = () => end.current(run.id);
    const timer = setTimeout(stop, BARRAGE_MS);
    document.addEventListener("dblclick", stop);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("dblclick", stop);
    };
  }, [run.id]);

  return (
    <div className="barrage" aria-hidden="true" data-type={run.type}>
      {run.items.map((item, i) => (
        <span
          key={i}
          className="barrage-item"
          style={{
            top: `${((item.lane + 0.5) / BARRAGE_LANES) * 100}%`,
            animationDelay: `${item.delay}ms`,
            animationDuration: `${item.duration}ms`,
          }}
        >
          {run.type === "up" ? <ThumbsUp /> : run.type}
        </span>
      ))}
    </div>
  );
}

// Drawn, not 👍: the emoji glyph needs a color emoji font the reader may not have.
function ThumbsUp() {
  return (
    <svg className="barrage-thumb" viewBox="0 0 16 16" width="40" height="40">
      <path
        fill="currentColor"
        d="M5.2 14.5H2.6c-.6 0-1.1-.5-1.1-1.1V7.2c0-.6.5-1.1 1.1-1.1h2.6v8.4zm1.3 0V6l2.7-4.1c.3-.5.9-.6 1.4-.4.8.4 1.2 1.3 1 2.2L11 6.1h2.4c.9 0 1.6.9 1.4 1.8l-1.2 5.5c-.2.7-.8 1.1-1.5 1.1H6.5z"
      />
    </svg>
  );
}
