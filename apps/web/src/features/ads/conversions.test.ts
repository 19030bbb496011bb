import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_CLICK_ID_MAX_AGE_SECONDS, storeAdClickIds } from './conversions';

describe('ad click id cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps fbclid (as _fbc) and rdt_cid for 30 days', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
    storeAdClickIds({ search: '?fbclid=AbC123&rdt_cid=r-42' } as Location, 1_763_900_000_000);
    expect(AD_CLICK_ID_MAX_AGE_SECONDS).toBe(2_592_000);
    expect(written).toEqual([
      '_fbc=fb.1.1763900000000.AbC123; max-age=2592000; path=/; samesite=lax',
      'rdt_cid=r-42; max-age=2592000; path=/; samesite=lax',
    ]);
  });

  it('writes nothing without a click id', () => {
    const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    storeAdClickIds({ search: '?utm_source=x' } as Location);
    expect(setter).not.toHaveBeenCalled();
  });
});
