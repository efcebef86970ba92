/**
 * The sandbox's only source of chance: a hash of the identifier, then cheap integer mixing. One
 * string hash per call (FNV-1a, no allocation); every further draw mixes that seed with a salt, so
 * a device gets the same answers in every process and on every run, and a draw never depends on
 * the order others were made in.
 */

/** FNV-1a (32 bits) over the string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform value in [0, 1) from a seed and a salt (murmur3's finaliser over their mix). */
export function draw(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 0x632be5ab, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Successive draws from one seed: the device profile takes them in a fixed order. */
export class DrawStream {
  private readonly seed: number;
  private salt = 0;
  constructor(seed: number) {
    this.seed = seed;
  }

  /** A uniform value in [0, 1). */
  next(): number {
    return draw(this.seed, this.salt++);
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(list: ArrayLike<T>): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }

  /** One element by weight (weights need not sum to 1; the list must not be empty). */
  weighted<T>(list: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of list) total += weight;
    let x = this.next() * total;
    for (const [value, weight] of list) {
      x -= weight;
      if (x < 0) return value;
    }
    return (list[list.length - 1] as readonly [T, number])[0];
  }
}
