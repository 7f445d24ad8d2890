import { useEffect, type ImgHTMLAttributes } from "react";

/** A list's items whose images load with the page: about a first screen's worth at 900 px. */
export const FIRST_SCREEN_ITEMS = 4;

type LazyImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "loading"> & {
  src: string;
  /** Rendered with its address: the first items of a list, most likely on the first screen. */
  eager?: boolean;
};

/**
 * A list's image, loaded as the spec's lazy images are (§9: IntersectionObserver, 300 px preload
 * margin, 100 ms debounce; app/lib/lazy-images.ts). The server renders it as `data-src` with the
 * plain `<img src>` in a `<noscript>`: without scripts the browser shows that copy, with scripts it
 * ignores it and fetches nothing until the observer, loaded after hydration, sets `src` near the
 * viewport. The browser's own `loading="lazy"` starts far earlier (Chromium fetches images up to
 * 1,250–2,500 px below the screen), which is what the spec's margin avoids. The first items of a
 * list are `eager`: they are on the first screen, and waiting for scripts would leave them blank.
 * Both renders produce the same markup, so hydration matches; the observer only ever adds `src`,
 * which React never renders for these and so never takes away again.
 */
export function LazyImage({ src, eager, ...rest }: LazyImageProps) {
  if (eager) return <img src={src} loading="lazy" decoding="async" {...rest} />;
  return (
    <>
      <img data-src={src} decoding="async" {...rest} />
      <noscript>
        <img src={src} decoding="async" {...rest} />
      </noscript>
    </>
  );
}

/** Mounted once in the shell: loads the observer after hydration. */
export function useLazyImages(): void {
  useEffect(() => {
    import("~/lib/lazy-images")
      .then((m) => m.startLazyImages())
      // No observer (its code did not load, or an old browser): every image at once, rather than none.
      .catch(() =>
        document.querySelectorAll<HTMLImageElement>("img[data-src]").forEach((i) => (i.src = i.dataset.src!)),
      );
  }, []);
}
