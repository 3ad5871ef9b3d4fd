/** Deterministic randomness and ids of the demo data: seeded PRNGs and UUID-shaped ids unique by construction. */

/** The fixed seed of the demo; changing it changes every id and text. */
export const DEMO_SEED = 0x5eed_b10c;

/** mulberry32: a tiny, fast 32-bit PRNG, good enough for demo content. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over a seeded PRNG. */
export class DemoRandom {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `weighted([[5, 55], [4, 30]])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  hex8(): string {
    return Math.floor(this.next() * 4294967296)
      .toString(16)
      .padStart(8, "0");
  }
}

const MASK_48 = (1n << 48n) - 1n;

/** A bijection on 48-bit integers (odd multipliers and xor-shifts), so distinct inputs never collide. */
function mix48(value: bigint): bigint {
  let x = value & MASK_48;
  x = (x * 0xd6e8feb86659fn) & MASK_48;
  x ^= x >> 21n;
  x = (x * 0x5f356495f2b5n) & MASK_48;
  x ^= x >> 27n;
  return x;
}

/**
 * A UUID-shaped (version 4 layout) id. The last 12 hex digits are a bijection of
 * (namespace, index), which makes ids unique by construction even across a million bulk rows,
 * where 32-bit PRNG streams could overlap; the other digits come from the PRNG for variety.
 */
export function deterministicUuid(namespace: number, index: number, random: DemoRandom): string {
  const high = random.hex8() + random.hex8() + random.hex8();
  const variant = "89ab"[parseInt(high[18], 16) & 3];
  const low = mix48((BigInt(namespace) << 40n) | BigInt(index))
    .toString(16)
    .padStart(12, "0");
  return `${high.slice(0, 8)}-${high.slice(8, 12)}-4${high.slice(12, 15)}-${variant}${high.slice(15, 18)}-${low}`;
}

/** Id namespaces: one per table, so the ids of one table do not shift when another grows. */
export const ID_NAMESPACES = {
  user: 1,
  userRole: 2,
  practitioner: 3,
  client: 4,
  booking: 5,
  review: 6,
  tier: 7,
  wallet: 8,
  seedsTransaction: 9,
  gardenContent: 10,
  surveyResponse: 11,
  favorite: 12,
  gardenInteraction: 13,
  mediaFile: 14,
  bulkUser: 101,
  bulkUserRole: 102,
  bulkPractitioner: 103,
} as const;

type IdKind = keyof typeof ID_NAMESPACES;

/** Hands out ids per table, each from its own counter and PRNG stream. */
export class IdSource {
  private readonly counters = new Map<IdKind, { index: number; random: DemoRandom }>();

  next(kind: IdKind): string {
    let counter = this.counters.get(kind);
    if (!counter) {
      counter = { index: 0, random: new DemoRandom(DEMO_SEED ^ (ID_NAMESPACES[kind] * 0x9e3779b1)) };
      this.counters.set(kind, counter);
    }
    counter.index += 1;
    return deterministicUuid(ID_NAMESPACES[kind], counter.index, counter.random);
  }
}
