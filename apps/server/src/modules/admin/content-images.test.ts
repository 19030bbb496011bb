import { randomInt } from 'node:crypto';
import type { AdminBanner, ContentImage } from '@casino/contracts/admin-content';
import type { Banner } from '@casino/contracts/banners';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { banners, contentImages, operatorAuditLog } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { signedInClient } from '../../test/signed-in.js';
import { signedInOperator } from './test-support.js';

/**
 * Content images: uploaded with the avatar's checks (type by content, decoded,
 * re-encoded without metadata, size capped), served from our origin by content hash.
 */
type ErrorItem = { errorCode: number; description: string; details?: { issues?: { field: string; message: string }[] } };

const createdImages = new Set<string>();
const createdBanners: number[] = [];
afterAll(async () => {
  const { database } = await testServer();
  if (createdBanners.length > 0) await database.db.delete(banners).where(inArray(banners.id, createdBanners));
  if (createdImages.size > 0) await database.db.delete(contentImages).where(inArray(contentImages.id, [...createdImages]));
});

async function upload(client: TestClient, bytes: Buffer, filename: string, type: string) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${baseUrl}/api/admin/content/images`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: client.cookieHeader() },
    body: form,
  });
  const body = (await response.json()) as { data?: ContentImage; message?: string; errors?: ErrorItem[] };
  const url = body.data?.url;
  if (url) createdImages.add(/([0-9a-f]{64})\./.exec(url)![1]!);
  return { status: response.status, body };
}

async function fetchImage(path: string) {
  const { baseUrl } = await testServer();
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A wide photo carrying EXIF (camera, a private note) as phones write them. */
function wideJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2600, height: 1300, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: 'Operator home address', Make: 'PhoneMaker' } })
    .toBuffer();
}

const uniquePng = () =>
  sharp({
    create: { width: 320, height: 120, channels: 4, background: { r: randomInt(256), g: 200, b: 10, alpha: 1 } },
  })
    .png()
    .toBuffer();

describe('POST /api/admin/content/images', () => {
  it('stores a PNG by its hash and serves it from our origin as image/png, nosniff, cached for a year', async () => {
    const { client } = await signedInOperator(['content']);
    const response = await upload(client, await uniquePng(), 'banner.png', 'image/png');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('Image uploaded.');
    expect(response.body.data).toMatchObject({ contentType: 'image/png', width: 320, height: 120 });
    expect(response.body.data!.url).toMatch(/^\/api\/v1\/content-images\/[0-9a-f]{64}\.png$/);

    const served = await fetchImage(response.body.data!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.bytes).metadata()).format).toBe('png');
  });

  it('re-encodes a JPEG without its EXIF, at most 1920 px wide, and records the upload in the audit trail', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['content']);
    const photo = await wideJpegWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(client, photo, 'photo.jpg', 'image/jpeg');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const url = response.body.data!.url;
    expect(url).toMatch(/^\/api\/v1\/content-images\/[0-9a-f]{64}\.jpg$/);

    const served = await fetchImage(url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1920, height: 960 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('home address'))).toBe(false);

    const id = /([0-9a-f]{64})\.jpg$/.exec(url)![1]!;
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.image.upload'), eq(operatorAuditLog.targetId, id)));
    expect(audit.at(-1)).toMatchObject({
      operatorId: operator.operatorId,
      targetType: 'content_image',
      after: expect.objectContaining({ url }),
    });
  });

  it('an uploaded image set on a banner is what the lobby shows', async () => {
    const { client } = await signedInOperator(['content']);
    const { url } = (await upload(client, await uniquePng(), 'b.png', 'image/png')).body.data!;
    const created = await client.post('/api/admin/content/banners', {
      slug: uniqueName('img')
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '-'),
      pageName: 'promotionPage',
      visibility: 0,
      title: 'Uploaded art',
      subtitle: '',
      redirectUrl: null,
      theme: { from: '#112233', to: '#445566', accent: '#ffcc00', emblem: 'VIP' },
      orderId: 950,
      isActive: true,
      customImageUrl: url,
      reason: 'Artwork from the design team',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const banner = (created.body as { data: AdminBanner }).data;
    createdBanners.push(banner.bannerId);
    expect(banner).toMatchObject({ imageUrl: url, customImageUrl: url });
    const lobby = ((await (await newClient()).get('details/banners', { pageName: 'promotionPage' })).body as { data: { rows: Banner[] } })
      .data.rows;
    expect(lobby.find((row) => row.bannerId === banner.bannerId)?.desktopImageUrl).toBe(url);

    const elsewhere = await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
      ...banner,
      customImageUrl: 'https://evil.example/x.png',
      reason: 'try another site',
    });
    expect(elsewhere.status).toBe(400);
  });

  it.each([
    ['a text file named .png', Buffer.from('<script>alert(1)</script> not an image at all'), 'evil.png', 'image/png'],
    [
      'a PNG header over garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'broken.png',
      'image/png',
    ],
  ])('refuses %s with the file-type message', async (_label, bytes, name, type) => {
    const { client } = await signedInOperator(['content']);
    const response = await upload(client, bytes, name, type);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({
      errorCode: 3000,
      description: 'Invalid file type! Please upload a JPEG, JPG or PNG image.',
      details: { issues: [{ field: 'image', message: 'Invalid file type! Please upload a JPEG, JPG or PNG image.' }] },
    });
  });

  it('refuses a file above 5 MB with the size message', async () => {
    const { client } = await signedInOperator(['content']);
    const big = Buffer.concat([await uniquePng(), Buffer.alloc(5_000_001)]);
    const response = await upload(client, big, 'big.png', 'image/png');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({
      errorCode: 3000,
      description: 'The image is too large. Please upload an image of at most 5 MB.',
    });
  });

  it('refuses a player and an operator without the content role', async () => {
    const png = await uniquePng();
    const { client: player } = await signedInClient('imgp');
    const asPlayer = await upload(player, png, 'a.png', 'image/png');
    expect(asPlayer.status).toBe(401);
    expect(asPlayer.body.errors?.[0]?.errorCode).toBe(3002);

    const { client: support } = await signedInOperator(['support']);
    const asSupport = await upload(support, png, 'a.png', 'image/png');
    expect(asSupport.status).toBe(403);
    expect(asSupport.body.errors?.[0]?.errorCode).toBe(3003);
    expect(asSupport.body.data).toBeUndefined();
  });

  it('answers 404 for an address that names no stored image', async () => {
    expect((await fetchImage(`/api/v1/content-images/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetchImage('/api/v1/content-images/..%2F..%2Fetc.png')).status).toBe(404);
  });
});
