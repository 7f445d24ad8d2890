/**
 * A flush for an in-memory buffer written in batches (tracking events, counted views): writes run
 * one at a time and in order, and calls made while one waits share it, so "flush()" resolves once
 * everything buffered before the call has been handled. `drain` empties the buffer.
 */
export function serialFlush(drain: () => Promise<void>): () => Promise<void> {
  /** The last write. */
  let writing: Promise<void> = Promise.resolve();
  /** A flush queued behind `writing` that has not started: later calls share it. */
  let queued: Promise<void> | null = null;
  return () => {
    if (queued) return queued;
    const next = writing.then(() => {
      queued = null;
      return drain();
    });
    queued = next;
    writing = next;
    return next;
  };
}
