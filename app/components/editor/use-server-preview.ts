import { useEffect, useRef, useState } from "react";
import type { TocItem } from "../../../shared/api-types";
import { api } from "~/lib/api";

export interface Preview {
  html: string;
  toc: TocItem[];
}

/** Spec §9 has no number for this; 400 ms keeps the preview live without a request per keystroke. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The live preview, rendered by the server (POST /api/markdown/preview) so it passes the same
 * sanitizer as the published page. Debounced; an answer for older text than the latest is dropped.
 */
export function useServerPreview(content: string, initial: Preview) {
  const [preview, setPreview] = useState<Preview>(initial);
  const [failed, setFailed] = useState(false);
  const renderedFor = useRef(content);
  const sequence = useRef(0);

  useEffect(() => {
    if (content === renderedFor.current) return;
    const ticket = ++sequence.current;
    const timer = setTimeout(() => {
      api
        .post<Preview>("/api/markdown/preview", { content })
        .then((next) => {
          if (ticket !== sequence.current) return;
          renderedFor.current = content;
          setPreview(next);
          setFailed(false);
        })
        .catch(() => {
          if (ticket === sequence.current) setFailed(true);
        });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content]);

  return { preview, failed };
}
