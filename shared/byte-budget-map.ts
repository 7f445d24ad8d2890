/**
 * A Map bounded by the bytes its entries say they hold: past the budget the oldest entries go
 * first. "Oldest" is insertion order; `get` moves a key to the newest end (least recently used
 * first out), `peek` does not (first in, first out). One entry larger than the budget is kept alone
 * rather than nothing. What one entry holds is the caller's estimate (a key in V8 is UTF-16).
 *
 * The stores that keep things in the process use it: the anonymous page cache's in-process store
 * (server/lib/page-cache.ts), the signed-in readers' remembered answers
 * (server/plugins/page-cache-overlay.ts) and the server's rendered page parts
 * (app/lib/fragment-cache.server.ts).
 */
export class ByteBudgetMap<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  constructor(private readonly budget: number) {}

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, where it stands. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Puts the value in as the newest, replacing the key's old one, and makes room. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    this.evict();
  }

  /** The key's entry holds `by` more bytes than it said (a copy added to it later). */
  grow(key: string, by: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += by;
    this.held += by;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.held <= this.budget || this.entries.size === 1) break;
      this.entries.delete(key);
      this.held -= entry.bytes;
    }
  }
}
