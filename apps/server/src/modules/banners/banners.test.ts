import type { Banner } from '@casino/contracts/banners';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { signedInClient } from '../../test/signed-in.js';

type BannerPage = { data: { rows: Banner[]; count: number } };

describe('GET /details/banners', () => {
  it('shows visitors the banners of visibility 0 and players those of visibility 1', async () => {
    const visitor = await (await newClient()).get<BannerPage>('details/banners');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.count).toBeGreaterThan(0);
    expect(visitor.body.data.rows.every((banner) => banner.visibility === 0)).toBe(true);

    const player = await signedInClient('ban');
    const signedIn = await player.client.get<BannerPage>('details/banners');
    expect(signedIn.body.data.count).toBeGreaterThan(0);
    expect(signedIn.body.data.rows.every((banner) => banner.visibility === 1)).toBe(true);
    const visitorIds = new Set(visitor.body.data.rows.map((banner) => banner.bannerId));
    expect(signedIn.body.data.rows.some((banner) => visitorIds.has(banner.bannerId))).toBe(false);
  });

  it('fills the lobby carousel for both, and filters by page name', async () => {
    const client = await newClient();
    const slider = await client.get<BannerPage>('details/banners', { pageName: 'lobbySlider' });
    expect(slider.body.data.count).toBeGreaterThanOrEqual(6);
    expect(slider.body.data.rows.every((banner) => banner.pageName === 'lobbySlider')).toBe(true);
    const orders = slider.body.data.rows.map((banner) => banner.orderId);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const player = await signedInClient('ban');
    expect((await player.client.get<BannerPage>('details/banners', { pageName: 'lobbySlider' })).body.data.count).toBeGreaterThanOrEqual(6);
    expect((await client.get('details/banners', { pageName: 'noSuchPage' })).status).toBe(400);
  });

  it('serves each banner its generated artwork as 600x400 WebP pixels, its drawing as SVG, and 404 for an unknown one', async () => {
    const client = await newClient();
    const { rows } = (await client.get<BannerPage>('details/banners')).body.data;
    expect(rows[0]!.desktopImageUrl).toMatch(/^\/api\/v1\/details\/banners\/[a-z0-9-]+\.webp(\?v=\d+)?$/);
    const pixels = await client.getBytes(rows[0]!.desktopImageUrl);
    expect(pixels.status).toBe(200);
    expect(pixels.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(pixels.body).metadata()).toMatchObject({ format: 'webp', width: 600, height: 400 });
    const art = await client.get<string>(rows[0]!.desktopImageUrl.replace(/\.webp/, '.svg'));
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toContain('image/svg+xml');
    expect(art.body).toContain('<svg');
    expect(art.body).toContain(rows[0]!.title.replace('&', '&#38;'));
    expect((await client.get('/api/v1/details/banners/no-such-banner.webp')).status).toBe(404);
    expect((await client.get('/api/v1/details/banners/no-such-banner.svg')).status).toBe(404);
  });
});
