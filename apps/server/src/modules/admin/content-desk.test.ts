import type { AdminBanner, ContentVersion } from '@casino/contracts/admin-content';
import type { Banner } from '@casino/contracts/banners';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentVersions, operatorAuditLog } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInOperator } from './test-support.js';

/**
 * The content desk (issue 18 point 4): banners changed by a content operator reach the lobby at
 * once, keep their old version, are audited with the reason, and a change that would break the
 * lobby (a link to another site, a colour that is not one) is refused in words.
 */
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: { issues: { field: string; message: string }[] } }[] })
    .errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

function fieldsOf(banner: AdminBanner) {
  const { pageName, visibility, title, subtitle, redirectUrl, theme, orderId, isActive } = banner;
  return { pageName, visibility, title, subtitle, redirectUrl, theme, orderId, isActive };
}

async function newBanner(client: Awaited<ReturnType<typeof signedInOperator>>['client'], overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/admin/content/banners', {
    slug: uniqueName('bn')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-'),
    pageName: 'promotionPage',
    visibility: 0,
    title: 'Spring Sale',
    subtitle: 'Twice the coins all week',
    redirectUrl: '/store',
    theme: { from: '#112233', to: '#445566', accent: '#ffcc00', emblem: '💎' },
    orderId: 900,
    isActive: true,
    reason: 'Campaign CMP-1 starts',
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return dataOf<AdminBanner>(response);
}

describe('banners in the back office', () => {
  it('a change reaches the lobby at once with a new image address, keeps the old version and is audited', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['content']);
    const banner = await newBanner(client);
    expect(banner.version).toBe(1);

    const saved = await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
      ...fieldsOf(banner),
      title: 'Summer Sale',
      version: 1,
      reason: 'Campaign CMP-1 renamed',
    });
    expect(saved.status).toBe(200);
    const changed = dataOf<AdminBanner>(saved);
    expect(changed).toMatchObject({ title: 'Summer Sale', version: 2 });
    expect(changed.imageUrl).toBe(`/api/v1/details/banners/${banner.slug}.svg?v=2`);

    // The lobby (a visitor, that page) shows the new title and the new artwork.
    const visitor = await newClient();
    const lobby = dataOf<{ rows: Banner[] }>(await visitor.get('details/banners', { pageName: 'promotionPage' })).rows;
    const shown = lobby.find((row) => row.bannerId === banner.bannerId)!;
    expect(shown.title).toBe('Summer Sale');
    expect(shown.desktopImageUrl).toBe(changed.imageUrl);
    expect((await visitor.get<string>(shown.desktopImageUrl)).body).toContain('Summer Sale');

    // Both versions are kept: the old title is the first change's before.
    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/banners/${banner.bannerId}/versions`)).rows;
    expect(versions.map((row) => row.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      before: expect.objectContaining({ title: 'Spring Sale' }),
      after: expect.objectContaining({ title: 'Summer Sale' }),
      operatorId: operator.operatorId,
      operatorEmail: operator.email,
      reason: 'Campaign CMP-1 renamed',
    });
    expect(versions[1]).toMatchObject({ before: null, after: expect.objectContaining({ title: 'Spring Sale' }) });

    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.banner.update'), eq(operatorAuditLog.targetId, String(banner.bannerId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: operator.operatorId,
      targetType: 'banner',
      reason: 'Campaign CMP-1 renamed',
      before: expect.objectContaining({ version: 1, title: 'Spring Sale' }),
      after: expect.objectContaining({ version: 2, title: 'Summer Sale' }),
    });

    // A kept version cannot be rewritten, even by the database's owner through the server's connection.
    await expect(
      database.db.execute(sql`update ${contentVersions} set reason = 'rewritten' where content_id = ${String(banner.bannerId)}`),
    ).rejects.toThrow();
  });

  it('refuses a change made on an old version (3851) and leaves the banner as it was', async () => {
    const { client } = await signedInOperator(['content']);
    const banner = await newBanner(client);
    expect(
      (
        await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
          ...fieldsOf(banner),
          title: 'First',
          version: 1,
          reason: 'first edit',
        })
      ).status,
    ).toBe(200);
    const stale = await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
      ...fieldsOf(banner),
      title: 'Second',
      version: 1,
      reason: 'edit from an old page',
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)?.errorCode).toBe(3851);
    const rows = dataOf<{ rows: AdminBanner[] }>(await client.get('/api/admin/content/banners')).rows;
    expect(rows.find((row) => row.bannerId === banner.bannerId)).toMatchObject({ title: 'First', version: 2 });
  });

  it('refuses input that would break the lobby, field by field, with the reason required', async () => {
    const { client } = await signedInOperator(['content']);
    const banner = await newBanner(client);
    const refused = await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
      ...fieldsOf(banner),
      title: '',
      redirectUrl: '//evil.example/phish',
      theme: { ...banner.theme, accent: 'red' },
      version: 1,
      reason: 'x',
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)?.errorCode).toBe(3000);
    const issues = Object.fromEntries(errorOf(refused)!.details!.issues.map((issue) => [issue.field, issue.message]));
    expect(issues).toMatchObject({
      'body.title': 'Please enter a title of 1 to 60 characters.',
      'body.redirectUrl': 'Enter a path inside the site starting with / (for example /store), or leave it empty.',
      'body.theme.accent': 'Enter a colour as #rrggbb.',
      'body.reason': 'Please give a reason (at least 5 characters).',
    });
    expect(
      (await client.put('/api/admin/content/banners/987654321', { ...fieldsOf(banner), version: 1, reason: 'no such one' })).status,
    ).toBe(404);
  });

  it('creates a banner once per name (3850), as version 1', async () => {
    const { client } = await signedInOperator(['admin']);
    const banner = await newBanner(client);
    const again = await client.post('/api/admin/content/banners', { ...fieldsOf(banner), slug: banner.slug, reason: 'a second one' });
    expect(again.status).toBe(409);
    expect(errorOf(again)?.errorCode).toBe(3850);
    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/banners/${banner.bannerId}/versions`)).rows;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, before: null, reason: 'Campaign CMP-1 starts' });
  });

  it('hides an inactive banner from the lobby', async () => {
    const { client } = await signedInOperator(['content']);
    const banner = await newBanner(client);
    await client.put(`/api/admin/content/banners/${banner.bannerId}`, {
      ...fieldsOf(banner),
      isActive: false,
      version: 1,
      reason: 'Campaign over',
    });
    const lobby = dataOf<{ rows: Banner[] }>(await (await newClient()).get('details/banners', { pageName: 'promotionPage' })).rows;
    expect(lobby.some((row) => row.bannerId === banner.bannerId)).toBe(false);
  });
});
