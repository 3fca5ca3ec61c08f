// A small seeded random generator, so the demo seed and the benchmark data are the same on every run.
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('[seed] pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One of the keys, with a chance proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    return this.weightedItem(Object.entries(weights) as [K, number][]);
  }
  weightedInt(weights: Record<number, number>): number {
    return Number(this.weighted(weights as Record<string, number>));
  }
  weightedItem<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
  /** 32 hex characters, like a UUID without dashes. */
  id(): string {
    let out = '';
    for (let i = 0; i < 4; i++)
      out += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return out;
  }
}
