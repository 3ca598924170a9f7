import { describe, expect, it } from 'vitest';
import { evictCache, KEEP_ALIVE_MAX, retainCache, touchCache } from './keep-alive-cache.ts';

describe('keep-alive cache', () => {
  it('keeps at most 10 pages, dropping the least recently used', () => {
    let cache: string[] = [];
    for (let i = 0; i < 15; i++) cache = touchCache(cache, `/p/${i}`);
    expect(cache).toHaveLength(KEEP_ALIVE_MAX);
    expect(cache[0]).toBe('/p/5');
    expect(cache.at(-1)).toBe('/p/14');
  });

  it('a revisit moves the page to the most recent place', () => {
    let cache = ['/a', '/b', '/c'];
    cache = touchCache(cache, '/a');
    expect(cache).toEqual(['/b', '/c', '/a']);
    cache = touchCache(cache, '/d', 3);
    expect(cache).toEqual(['/c', '/a', '/d']);
  });

  it('a closed tab frees its page', () => {
    expect(retainCache(['/a', '/b', '/c'], ['/a', '/c'])).toEqual(['/a', '/c']);
    expect(evictCache(['/a', '/b'], '/a')).toEqual(['/b']);
  });
});
