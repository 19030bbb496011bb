import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';
import { SOURCE_SCHEMA } from './schema-sources.js';

/**
 * Migration 0167 moves the addresses of the generated artwork that databases stored before it from
 * the drawings (.svg) to their pixels (.webp, docs/decisions/067), and leaves every other address
 * as it was. It runs again here on rows set back to the old addresses, in a transaction that is
 * rolled back, so the shared test database is left as it was.
 */
describe('migration 0167: the stored artwork addresses', () => {
  it('moves the generated tiles, banners and popups to .webp and keeps an operator’s own images', async () => {
    const { database } = await testServer();
    const migration = fs.readFileSync(path.join(SOURCE_SCHEMA.migrations, '0167_artwork_as_webp.sql'), 'utf8');
    const after = await database.withConnection(async (run) => {
      await run('begin');
      try {
        await run(`update casino_games set image_url = '/rgs/art/' || identifier || '.svg'
          where id in (select id from casino_games order by id limit 2)`);
        await run(`update casino_games set image_url = 'https://cdn.example/tiles/own.svg'
          where id = (select id from casino_games order by id offset 2 limit 1)`);
        await run(`update banners set image_url = '/api/v1/details/banners/' || slug || '.svg?v=3'
          where id = (select min(id) from banners)`);
        await run(`update popups set desktop_image_url = '/api/v1/details/banners/join-now.svg',
          mobile_image_url = '/uploads/popup-own.svg' where id = (select min(id) from popups)`);
        await run(migration);
        return {
          games: (await run('select identifier, image_url from casino_games order by id limit 3')) as {
            identifier: string;
            image_url: string;
          }[],
          banner: ((await run('select slug, image_url from banners order by id limit 1')) as { slug: string; image_url: string }[])[0]!,
          popup: (
            (await run('select desktop_image_url, mobile_image_url from popups order by id limit 1')) as Record<string, string>[]
          )[0]!,
        };
      } finally {
        await run('rollback');
      }
    });
    expect(after.games.map((game) => game.image_url)).toEqual([
      `/rgs/art/${after.games[0]!.identifier}.webp`,
      `/rgs/art/${after.games[1]!.identifier}.webp`,
      'https://cdn.example/tiles/own.svg',
    ]);
    expect(after.banner.image_url).toBe(`/api/v1/details/banners/${after.banner.slug}.webp?v=3`);
    expect(after.popup).toEqual({ desktop_image_url: '/api/v1/details/banners/join-now.webp', mobile_image_url: '/uploads/popup-own.svg' });
  });
});
