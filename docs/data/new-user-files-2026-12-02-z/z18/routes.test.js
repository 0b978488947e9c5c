import { describe, expect, it } from 'vitest';
import { reachable, shortestPath } from './routes.js';

const city = {
  depot: { market: 4, station: 2 },
  station: { market: 1, harbor: 7 },
  market: { harbor: 3 },
  harbor: {},
  island: { harbor: 1 },
};

describe('shortestPath', () => {
  it('follows a single edge', () => {
    expect(shortestPath({ a: { b: 5 } }, 'a', 'b')).toEqual({ path: ['a', 'b'], cost: 5 });
  });

  it('start equals goal', () => {
    expect(shortestPath(city, 'market', 'market')).toEqual({ path: ['market'], cost: 0 });
  });

  it('prefers a cheaper detour over a direct edge', () => {
    expect(shortestPath(city, 'depot', 'market')).toEqual({
      path: ['depot', 'station', 'market'],
      cost: 3,
    });
  });

  it('finds the cheapest multi-hop route', () => {
    expect(shortestPath(city, 'depot', 'harbor')).toEqual({
      path: ['depot', 'station', 'market', 'harbor'],
      cost: 6,
    });
  });

  it('returns null when the goal is unreachable', () => {
    expect(shortestPath(city, 'depot', 'island')).toBeNull();
  });

  it('rejects negative weights', () => {
    expect(() => shortestPath({ a: { b: -1 } }, 'a', 'b')).toThrow(RangeError);
  });
});

describe('reachable', () => {
  it('lists nodes breadth-first', () => {
    expect(reachable(city, 'depot')).toEqual(['depot', 'market', 'station', 'harbor']);
  });

  it('a sink only reaches itself', () => {
    expect(reachable(city, 'harbor')).toEqual(['harbor']);
  });
});
