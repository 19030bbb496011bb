import { gunzipSync } from 'node:zlib';
import type { SubCategory } from '@casino/contracts/games';
import { describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.js';
import { lobbyArtPreloads } from './lobby-preloads.js';

type Row = Pick<SubCategory, 'isFeatured'> & { subCategoryGames: { imageUrl: string }[] };

function preloadsFor(rows: Row[]) {
  return lobbyArtPreloads({ subCategories: async () => ({ rows: rows as SubCategory[], count: rows.length }) });
}

describe("the lobby page's art preloads", () => {
  it("names the first featured row's first two pieces of art, for / and /lobby only", async () => {
    const preloads = preloadsFor([
      { isFeatured: false, subCategoryGames: [{ imageUrl: '/rgs/art/not-featured.svg' }] },
      { isFeatured: true, subCategoryGames: [] },
      { isFeatured: true, subCategoryGames: ['a', 'b', 'c'].map((name) => ({ imageUrl: `/rgs/art/${name}.svg` })) },
    ]);
    const expected = [
      '</rgs/art/a.svg>; rel=preload; as=image; fetchpriority=high',
      '</rgs/art/b.svg>; rel=preload; as=image; fetchpriority=high',
    ];
    expect(await preloads('/')).toEqual(expected);
    expect(await preloads('/lobby/')).toEqual(expected);
    expect(await preloads('/user/store')).toEqual([]);
  });

  it('names only art on our own origin, with nothing a Link header would read as syntax', async () => {
    const preloads = preloadsFor([
      {
        isFeatured: true,
        subCategoryGames: [{ imageUrl: 'https://cdn.example/a.png' }, { imageUrl: '/rgs/art/x.svg>; rel=stylesheet' }],
      },
    ]);
    expect(await preloads('/')).toEqual([]);
  });
});

describe('compressed answers', () => {
  it("sends the lobby's rows gzipped to a client that accepts it, and plain to one that doesn't", async () => {
    const { app } = await testServer();
    const plain = await app.inject({ method: 'GET', url: '/api/v1/casino-games/sub-category' });
    const zipped = await app.inject({
      method: 'GET',
      url: '/api/v1/casino-games/sub-category',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
