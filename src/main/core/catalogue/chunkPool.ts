/** The size of a pooled chunk: the size zlib's chunks are inflated in (contentDecoding.ts). */
export const POOL_CHUNK = 1 << 20;

/**
 * Memory for the catalogue's bodies, used again from one catalogue version to the next.
 *
 * Why: a changed catalogue is 14 MB of freshly inflated chunks that core keeps, while the version
 * it replaces becomes garbage that only a full collection frees. V8 counts such memory outside its
 * heap and, every 64 MB or so of it, runs a full collection: in one opening of seven, 40 ms more
 * (docs/performance.md, The paint floor). Copied into chunks the previous version gave back, the
 * inflated chunks die young, and the memory outside the heap stops growing. The copy costs about
 * 2 ms for the whole catalogue.
 */
export class ChunkPool {
  private readonly spare: ArrayBuffer[] = [];
  /** The pooled memory a list holds: only that comes back, and only once. */
  private readonly lent = new WeakSet<ArrayBufferLike>();

  constructor(
    private readonly mostChunks = 24,
    /**
     * A smaller piece (a search's short answer, a body's last bytes) gets memory of its own size:
     * a pooled chunk would keep a whole MiB for it.
     */
    private readonly smallest = POOL_CHUNK / 4,
  ) {}

  /** A copy of `piece` (at most POOL_CHUNK bytes) in a pooled chunk. */
  copy(piece: Buffer): Buffer {
    if (piece.length > POOL_CHUNK) throw new RangeError('A pooled chunk holds at most 1 MiB.');
    if (piece.length < this.smallest) return Buffer.from(piece);
    const memory = this.spare.pop() ?? Buffer.allocUnsafeSlow(POOL_CHUNK).buffer;
    this.lent.add(memory);
    const chunk = Buffer.from(memory, 0, piece.length);
    piece.copy(chunk);
    return chunk;
  }

  /**
   * Copies of a body's pieces as they arrive (a streamed answer comes in pieces of tens of KiB),
   * packed one after another into pooled chunks: `append` gives the views a piece now fills, in
   * order (two when it spans the end of a chunk). Until the body reaches `smallest` bytes its pieces
   * get memory of their own size, as copy does.
   */
  filler(): { append(piece: Buffer): Buffer[] } {
    let memory: ArrayBuffer | null = null;
    let used = 0;
    let total = 0;
    return {
      append: (piece) => {
        total += piece.length;
        if (memory === null && total < this.smallest) return [Buffer.from(piece)];
        const views: Buffer[] = [];
        for (let at = 0; at < piece.length;) {
          if (memory === null || used === POOL_CHUNK) {
            memory = this.spare.pop() ?? Buffer.allocUnsafeSlow(POOL_CHUNK).buffer;
            this.lent.add(memory);
            used = 0;
          }
          const count = Math.min(POOL_CHUNK - used, piece.length - at);
          const view = Buffer.from(memory, used, count);
          piece.copy(view, 0, at, at + count);
          views.push(view);
          used += count;
          at += count;
        }
        return views;
      },
    };
  }

  /**
   * Chunks no list reads any more, given back (each a view returned by copy or a filler; a chunk
   * a filler shared among several views comes back once).
   */
  release(chunks: readonly Buffer[]): void {
    for (const chunk of chunks) {
      if (!this.lent.delete(chunk.buffer)) continue;
      if (this.spare.length < this.mostChunks) this.spare.push(chunk.buffer as ArrayBuffer);
    }
  }

  /** How many chunks wait to be used again (tests). */
  size(): number {
    return this.spare.length;
  }
}
