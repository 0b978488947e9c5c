export interface TokenBucketOptions {
  capacity: number;
  refillPerSecond: number;
  now?: () => number; // milliseconds
}

export class TokenBucket {
  private tokens: number;
  private lastRefill: number;
  private readonly capacity: number;
  private readonly refillPerMs: number;
  private readonly now: () => number;

  constructor({ capacity, refillPerSecond, now = Date.now }: TokenBucketOptions) {
    if (capacity <= 0 || refillPerSecond <= 0) {
      throw new RangeError('capacity and refillPerSecond must be positive');
    }
    this.capacity = capacity;
    this.refillPerMs = refillPerSecond / 1000;
    this.now = now;
    this.tokens = capacity;
    this.lastRefill = now();
  }

  private refill(): void {
    const current = this.now();
    const elapsed = current - this.lastRefill;
    if (elapsed > 0) {
      this.tokens = this.tokens + elapsed * this.refillPerMs;
      this.lastRefill = current;
    }
  }

  tryTake(count = 1): boolean {
    this.refill();
    if (this.tokens >= count) {
      this.tokens -= count;
      return true;
    }
    return false;
  }

  /** Milliseconds until `count` tokens will be available (0 if they are now). */
  msUntilAvailable(count = 1): number {
    if (count > this.capacity) return Infinity;
    this.refill();
    const missing = count - this.tokens;
    return missing <= 0 ? 0 : Math.ceil(missing / this.refillPerMs);
  }

  get available(): number {
    this.refill();
    return Math.floor(this.tokens);
  }
}
