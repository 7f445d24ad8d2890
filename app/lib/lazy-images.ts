/**
 * The observer behind `LazyImage` (app/components/ui/lazy-image.tsx), loaded after hydration: an
 * image whose `data-src` comes within 300 px of the viewport gets its `src`, once the list has been
 * still for 100 ms (spec §9) — a fling past a page of thumbnails fetches none of them. Images added
 * later (another page, 加载更多) are found by a MutationObserver; one whose `data-src` React changes
 * is watched afresh.
 */

/** Spec §9: lazy images preload margin. */
export const LAZY_MARGIN_PX = 300;
/** Spec §9: lazy images debounce. */
export const LAZY_DEBOUNCE_MS = 100;

const SELECTOR = "img[data-src]";

const pending = (img: HTMLImageElement) => !!img.dataset.src && img.getAttribute("src") !== img.dataset.src;

function imagesIn(node: Node): HTMLImageElement[] {
  if (!(node instanceof Element)) return [];
  const found = [...node.querySelectorAll<HTMLImageElement>(SELECTOR)];
  return node.matches(SELECTOR) ? [node as HTMLImageElement, ...found] : found;
}

let started = false;

/** Starts watching the document; once per page (later calls do nothing). */
export function startLazyImages(): void {
  if (started) return;
  started = true;
  const near = new Set<HTMLImageElement>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reveal = () => {
    timer = undefined;
    for (const img of near) {
      observer.unobserve(img);
      if (pending(img)) img.src = img.dataset.src!;
    }
    near.clear();
  };
  const observer = new IntersectionObserver(
    (records) => {
      for (const record of records) {
        const img = record.target as HTMLImageElement;
        if (record.isIntersecting) near.add(img);
        else near.delete(img);
      }
      clearTimeout(timer);
      timer = setTimeout(reveal, LAZY_DEBOUNCE_MS);
    },
    { rootMargin: `${LAZY_MARGIN_PX}px 0px` },
  );
  const watch = (img: HTMLImageElement) => {
    if (pending(img)) observer.observe(img);
  };
  imagesIn(document.body).forEach(watch);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") {
        const img = record.target as HTMLImageElement;
        // Another image in the same element: drop the old picture and wait for the new one's turn.
        img.removeAttribute("src");
        observer.unobserve(img);
        near.delete(img);
        watch(img);
        continue;
      }
      for (const node of record.removedNodes) {
        for (const img of imagesIn(node)) {
          observer.unobserve(img);
          near.delete(img);
        }
      }
      record.addedNodes.forEach((node) => imagesIn(node).forEach(watch));
    }
  }).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-src"],
  });
}
