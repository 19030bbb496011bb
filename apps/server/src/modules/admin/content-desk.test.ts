import type {
  AdminBanner,
  AdminPackage,
  AdminPopup,
  AdminSiteConfig,
  AdminVipTier,
  AdminWheel,
  ContentVersion,
} from '@casino/contracts/admin-content';
import type { PopupList } from '@casino/contracts/popups';
import { signedInPlayer } from '../auth/test-players.js';
import type { SiteConfigResponse } from '@casino/contracts/site-config';
import type { Package } from '@casino/contracts/store';
import type { Banner } from '@casino/contracts/banners';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contentVersions, operatorAuditLog, packages, popups } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInOperator } from './test-support.js';

/**
 * The content desk: banners changed by a content operator reach the lobby at
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
    expect(changed.imageUrl).toBe(`/api/v1/details/banners/${banner.slug}.webp?v=2`);

    // The lobby (a visitor, that page) shows the new title and the new artwork.
    const visitor = await newClient();
    const lobby = dataOf<{ rows: Banner[] }>(await visitor.get('details/banners', { pageName: 'promotionPage' })).rows;
    const shown = lobby.find((row) => row.bannerId === banner.bannerId)!;
    expect(shown.title).toBe('Summer Sale');
    expect(shown.desktopImageUrl).toBe(changed.imageUrl);
    expect((await visitor.getBytes(shown.desktopImageUrl)).headers.get('content-type')).toBe('image/webp');
    expect((await visitor.get<string>(shown.desktopImageUrl.replace('.webp', '.svg'))).body).toContain('Summer Sale');

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

describe('store packages in the back office', () => {
  // Other test files share this database and count the seeded ladder: this file's packages leave the store when it ends.
  const created: number[] = [];
  afterAll(async () => {
    const { database } = await testServer();
    if (created.length > 0) await database.db.update(packages).set({ isActive: false }).where(inArray(packages.id, created));
  });

  /** A package of this test's own (a seeded one is bought by other tests at its price). */
  async function ownPackage() {
    const { database } = await testServer();
    const [row] = await database.db
      .insert(packages)
      .values({ slug: uniqueName('pk').toLowerCase(), amount: 1499, gcCoin: 15_000_00, scCoin: 15_00, orderId: 990 })
      .returning();
    created.push(row!.id);
    const { client } = await signedInOperator(['content']);
    const rows = dataOf<{ rows: AdminPackage[] }>(await client.get('/api/admin/content/packages')).rows;
    return { client, pkg: rows.find((item) => item.packageId === row!.id)! };
  }

  function changeOf(pkg: AdminPackage) {
    const { packageId: _id, slug: _slug, ...change } = pkg;
    return change;
  }

  it('a new price and coins reach the store at once, and the old version is kept', async () => {
    const { client, pkg } = await ownPackage();
    expect(pkg).toMatchObject({ amount: 14.99, gcCoin: 15_000, scCoin: 15, version: 1 });
    const saved = await client.put(`/api/admin/content/packages/${pkg.packageId}`, {
      ...changeOf(pkg),
      amount: 12.49,
      previousAmount: 14.99,
      scCoin: 16.5,
      packageType: 'Spring Deal',
      showPackageType: true,
      validTill: '2031-05-01T18:30',
      reason: 'Spring pricing, ticket PR-7',
    });
    expect(saved.status).toBe(200);
    expect(dataOf<AdminPackage>(saved)).toMatchObject({
      amount: 12.49,
      previousAmount: 14.99,
      scCoin: 16.5,
      validTill: '2031-05-01T18:30:00.000Z',
      version: 2,
    });

    const store = dataOf<{ rows: Package[] }>(await (await newClient()).get('details/packages')).rows;
    expect(store.find((row) => row.packageId === pkg.packageId)).toMatchObject({
      amount: 12.49,
      previousAmount: 14.99,
      scCoin: 16.5,
      packageType: 'Spring Deal',
    });

    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/packages/${pkg.packageId}/versions`)).rows;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: 2,
      before: expect.objectContaining({ amount: 14.99, scCoin: 15 }),
      after: expect.objectContaining({ amount: 12.49, scCoin: 16.5 }),
      reason: 'Spring pricing, ticket PR-7',
    });
    // A stale change is refused.
    const stale = await client.put(`/api/admin/content/packages/${pkg.packageId}`, { ...changeOf(pkg), reason: 'from an old page' });
    expect(errorOf(stale)?.errorCode).toBe(3851);
  });

  it('refuses a change that would break the store, each in words', async () => {
    const { client, pkg } = await ownPackage();
    const refused = async (change: Record<string, unknown>) => {
      const response = await client.put(`/api/admin/content/packages/${pkg.packageId}`, {
        ...changeOf(pkg),
        reason: 'testing rules',
        ...change,
      });
      expect(response.status).toBe(400);
      return Object.fromEntries(errorOf(response)!.details!.issues.map((issue) => [issue.field, issue.message]));
    };
    expect(await refused({ amount: 0 })).toMatchObject({
      'body.amount': 'The price must be more than $0 and at most $10,000, in whole cents.',
    });
    expect(await refused({ amount: -5 })).toMatchObject({
      'body.amount': 'The price must be more than $0 and at most $10,000, in whole cents.',
    });
    expect(await refused({ amount: 1.999 })).toMatchObject({
      'body.amount': 'The price must be more than $0 and at most $10,000, in whole cents.',
    });
    expect(await refused({ gcCoin: 0, scCoin: 0 })).toMatchObject({
      'body.gcCoin': 'A package must give some Gold Coins or Sweeps Coins.',
    });
    expect(await refused({ previousAmount: 9.99 })).toMatchObject({
      'body.previousAmount': 'The crossed-out price must be higher than the price, or left empty.',
    });
    expect(await refused({ welcomePurchaseBonusApplicable: true, welcomePurchaseBonusApplicableMinutes: null })).toMatchObject({
      'body.welcomePurchaseBonusApplicableMinutes': 'A welcome offer needs its window: 1 to 1440 minutes after sign-up.',
    });
    const rows = dataOf<{ rows: AdminPackage[] }>(await client.get('/api/admin/content/packages')).rows;
    expect(rows.find((row) => row.packageId === pkg.packageId)).toMatchObject({ amount: 14.99, version: 1 });
  });
});

describe('creating a store package in the back office', () => {
  // Other test files count the store's packages: the packages made here are deleted when the file ends.
  const created: number[] = [];
  afterAll(async () => {
    const { database } = await testServer();
    if (created.length > 0) await database.db.delete(packages).where(inArray(packages.id, created));
  });
  const newPackageBody = (overrides: Record<string, unknown> = {}) => ({
    slug: uniqueName('new-pk')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-'),
    packageType: 'Weekend Deal',
    showPackageType: true,
    amount: 7.49,
    previousAmount: null,
    gcCoin: 8000,
    scCoin: 7.5,
    isActive: true,
    isPromo: false,
    orderId: 995,
    firstPurchaseApplicable: false,
    welcomePurchaseBonusApplicable: false,
    welcomePurchaseBonusApplicableMinutes: null,
    oneTimePurchaseBonusApplicable: false,
    validTill: null,
    reason: 'Weekend campaign, ticket PR-12',
    ...overrides,
  });

  it('a new package is on sale in the store at once, as version 1, audited with its reason', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['content']);
    const body = newPackageBody();
    const response = await client.post('/api/admin/content/packages', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as { message: string }).message).toBe('Package created.');
    const pkg = dataOf<AdminPackage>(response);
    created.push(pkg.packageId);
    expect(pkg).toMatchObject({ slug: body.slug, amount: 7.49, gcCoin: 8000, scCoin: 7.5, packageType: 'Weekend Deal', version: 1 });

    const store = dataOf<{ rows: Package[] }>(await (await newClient()).get('details/packages')).rows;
    expect(store.find((row) => row.packageId === pkg.packageId)).toMatchObject({ amount: 7.49, gcCoin: 8000, scCoin: 7.5 });

    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/packages/${pkg.packageId}/versions`)).rows;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, before: null, after: expect.objectContaining({ amount: 7.49 }) });
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.package.create'), eq(operatorAuditLog.targetId, String(pkg.packageId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: operator.operatorId, reason: 'Weekend campaign, ticket PR-12' });
  });

  it('refuses a name another package has, and the rules of a change, in words; nothing reaches the store', async () => {
    const { client } = await signedInOperator(['content']);
    const taken = await client.post('/api/admin/content/packages', newPackageBody({ slug: 'starter-199', amount: 0.5 }));
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      errorCode: 3850,
      details: { issues: [{ field: 'body.slug', message: 'A package with this name already exists. Choose another name.' }] },
    });
    const body = newPackageBody({ amount: 0, gcCoin: 0, scCoin: 0 });
    const refused = await client.post('/api/admin/content/packages', body);
    expect(refused.status).toBe(400);
    expect(Object.fromEntries(errorOf(refused)!.details!.issues.map((issue) => [issue.field, issue.message]))).toMatchObject({
      'body.amount': 'The price must be more than $0 and at most $10,000, in whole cents.',
    });
    const store = dataOf<{ rows: Package[] }>(await (await newClient()).get('details/packages')).rows;
    expect(store.some((row) => row.amount === 0.5 || row.amount === 0)).toBe(false);
    const rows = dataOf<{ rows: AdminPackage[] }>(await client.get('/api/admin/content/packages')).rows;
    expect(rows.some((row) => row.slug === body.slug)).toBe(false);
  });

  it('is refused to an operator without the content role', async () => {
    const { client } = await signedInOperator(['payments']);
    const body = newPackageBody();
    const response = await client.post('/api/admin/content/packages', body);
    expect(response.status).toBe(403);
    expect(errorOf(response)?.errorCode).toBe(3003);
    const { client: content } = await signedInOperator(['content']);
    const rows = dataOf<{ rows: AdminPackage[] }>(await content.get('/api/admin/content/packages')).rows;
    expect(rows.some((row) => row.slug === body.slug)).toBe(false);
  });
});

describe('site configuration in the back office', () => {
  it('changes the blocked regions for the next location check, keeps the old version, and refuses unknown regions', async () => {
    const { client } = await signedInOperator(['content']);
    const before = dataOf<AdminSiteConfig>(await client.get('/api/admin/content/site-config'));
    expect(before.geolocationMode).toMatch(/^(enforce|monitor)$/);
    try {
      const saved = await client.put('/api/admin/content/site-config', {
        siteName: before.siteName,
        supportEmail: before.supportEmail,
        blockedRegions: ['TX', 'NV', 'TX'],
        version: before.version,
        reason: 'Legal review LR-12',
      });
      expect(saved.status).toBe(200);
      expect(dataOf<AdminSiteConfig>(saved)).toMatchObject({ blockedRegions: ['NV', 'TX'], version: before.version + 1 });
      // What the location check reads at each decision (modules/geolocation/service.ts), no cache between.
      const list = dataOf<SiteConfigResponse>(await (await newClient()).get('user/site-config')).list;
      expect(list.find((item) => item.key === 'BLOCKED_REGIONS')?.value).toBe('NV,TX');

      const versions = dataOf<{ rows: ContentVersion[] }>(await client.get('/api/admin/content/site-config/versions')).rows;
      expect(versions[0]).toMatchObject({
        version: before.version + 1,
        before: expect.objectContaining({ blockedRegions: before.blockedRegions }),
        after: expect.objectContaining({ blockedRegions: ['NV', 'TX'] }),
        reason: 'Legal review LR-12',
      });

      const stale = await client.put('/api/admin/content/site-config', { ...before, reason: 'from an old page' });
      expect(errorOf(stale)?.errorCode).toBe(3851);
      const unknown = await client.put('/api/admin/content/site-config', {
        ...before,
        blockedRegions: ['XX'],
        supportEmail: 'nope',
        version: before.version + 1,
        reason: 'typo test',
      });
      expect(unknown.status).toBe(400);
      expect(errorOf(unknown)!.details!.issues.map((issue) => issue.message)).toEqual(
        expect.arrayContaining(['Choose regions from the list of US states and territories.', 'Please enter a valid e-mail address.']),
      );
    } finally {
      // Other test files share this database and expect the seeded regions.
      const current = dataOf<AdminSiteConfig>(await client.get('/api/admin/content/site-config'));
      await client.put('/api/admin/content/site-config', {
        siteName: before.siteName,
        supportEmail: before.supportEmail,
        blockedRegions: before.blockedRegions,
        version: current.version,
        reason: 'Restore after the test',
      });
    }
  });
});

describe('spin-wheel weights in the back office', () => {
  it('the next spin draws by the new weights; the old weights are kept; a weight of 0 is refused', async () => {
    const { client } = await signedInOperator(['content']);
    const before = dataOf<AdminWheel>(await client.get('/api/admin/content/spin-wheel'));
    expect(before.segments.length).toBeGreaterThanOrEqual(2);
    const last = before.segments.length - 1;
    try {
      // Every segment but the last at 1, the last at 1,000,000: it wins 99.999% of spins.
      const weights = before.segments.map((_, index) => (index === last ? 1_000_000 : 1));
      const saved = await client.put('/api/admin/content/spin-wheel', { weights, version: before.version, reason: 'Jackpot week JW-3' });
      expect(saved.status).toBe(200);
      const wheel = dataOf<AdminWheel>(saved);
      expect(wheel.version).toBe(before.version + 1);
      expect(wheel.segments.map((segment) => segment.weight)).toEqual(weights);
      expect(wheel.segments.map(({ gcAmount, scAmount }) => ({ gcAmount, scAmount }))).toEqual(
        before.segments.map(({ gcAmount, scAmount }) => ({ gcAmount, scAmount })),
      );
      expect(wheel.segments[last]!.chance).toBeGreaterThan(0.9999);

      const player = await signedInPlayer();
      const spin = await player.client.get('spinWheelConfiguration/updateWallet');
      expect(spin.status).toBe(200);
      expect(dataOf<{ index: number }>(spin).index).toBe(last);

      const versions = dataOf<{ rows: ContentVersion[] }>(await client.get('/api/admin/content/spin-wheel/versions')).rows;
      expect(versions[0]).toMatchObject({
        version: before.version + 1,
        before: before.segments.map(({ position, weight }) => ({ position, weight })),
        reason: 'Jackpot week JW-3',
      });

      const zero = await client.put('/api/admin/content/spin-wheel', {
        weights: weights.map(() => 0),
        version: wheel.version,
        reason: 'sum of zero',
      });
      expect(zero.status).toBe(400);
      expect(errorOf(zero)!.details!.issues[0]!.message).toBe(
        'Every segment needs a whole-number weight from 1 to 1,000,000 (a weight of 0 would never win).',
      );
      const short = await client.put('/api/admin/content/spin-wheel', { weights: [1, 1], version: wheel.version, reason: 'too few' });
      expect(errorOf(short)?.description).toBe('Give one weight per segment of the wheel.');
    } finally {
      const current = dataOf<AdminWheel>(await client.get('/api/admin/content/spin-wheel'));
      await client.put('/api/admin/content/spin-wheel', {
        weights: before.segments.map((segment) => segment.weight),
        version: current.version,
        reason: 'Restore after the test',
      });
    }
  });
});

describe('VIP tier values in the back office', () => {
  it("a tier's new values show on the VIP page at once, the old ones are kept, and thresholds stay in tier order", async () => {
    const { client } = await signedInOperator(['content']);
    const tiers = dataOf<{ rows: AdminVipTier[] }>(await client.get('/api/admin/content/vip-tiers')).rows;
    expect(tiers.length).toBeGreaterThanOrEqual(3);
    const tier = tiers[1]!;
    const { vipTierId: _id, ...values } = tier;
    try {
      const saved = await client.put(`/api/admin/content/vip-tiers/${tier.vipTierId}`, {
        ...values,
        name: 'Silver Star',
        bonusGc: tier.bonusGc + 1234.5,
        rakebackPercent: 2.25,
        reason: 'VIP review VR-9',
      });
      expect(saved.status).toBe(200);
      expect(dataOf<AdminVipTier>(saved)).toMatchObject({ name: 'Silver Star', rakebackPercent: 2.25, version: tier.version + 1 });

      const player = await signedInPlayer();
      const page = dataOf<{ vipTiers: { vipTierId: number; name: string; bonusGc: number; rakeback: number }[] }>(
        await player.client.get('rewards/vip-tier'),
      );
      expect(page.vipTiers.find((row) => row.vipTierId === tier.vipTierId)).toMatchObject({
        name: 'Silver Star',
        bonusGc: tier.bonusGc + 1234.5,
        rakeback: 2.25,
      });
      const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/vip-tiers/${tier.vipTierId}/versions`)).rows;
      expect(versions[0]).toMatchObject({
        before: expect.objectContaining({ name: tier.name }),
        after: expect.objectContaining({ name: 'Silver Star' }),
      });

      const above = tiers[2]!;
      const outOfOrder = await client.put(`/api/admin/content/vip-tiers/${tier.vipTierId}`, {
        ...values,
        scRequiredPlay: above.scRequiredPlay + 1,
        version: tier.version + 1,
        reason: 'out of order',
      });
      expect(outOfOrder.status).toBe(400);
      expect(errorOf(outOfOrder)!.details!.issues).toEqual([
        {
          field: 'body.scRequiredPlay',
          message: `The SC play required must be between the tier below (${tiers[0]!.scRequiredPlay}) and the tier above (${above.scRequiredPlay}).`,
        },
      ]);
      const badPercent = await client.put(`/api/admin/content/vip-tiers/${tier.vipTierId}`, {
        ...values,
        boostPercent: 101,
        version: tier.version + 1,
        reason: 'bad percent',
      });
      expect(errorOf(badPercent)!.details!.issues[0]!.message).toBe(
        'Enter a percentage from 0 to 100, in hundredths of a percent at most.',
      );
    } finally {
      const current = dataOf<{ rows: AdminVipTier[] }>(await client.get('/api/admin/content/vip-tiers')).rows[1]!;
      await client.put(`/api/admin/content/vip-tiers/${tier.vipTierId}`, {
        ...values,
        version: current.version,
        reason: 'Restore after the test',
      });
    }
  });
});

describe('popups in the back office', () => {
  it('a changed popup reaches the lobby at once, keeps its images and old version; a link to another site is refused', async () => {
    const { database } = await testServer();
    const [row] = await database.db
      .insert(popups)
      .values({
        popupName: 'storePage',
        visibility: 0,
        textOne: uniqueName('Popup'),
        desktopImageUrl: '/x.svg',
        mobileImageUrl: '/y.svg',
        orderId: 990,
      })
      .returning();
    const { client } = await signedInOperator(['content']);
    const popup = dataOf<{ rows: AdminPopup[] }>(await client.get('/api/admin/content/popups')).rows.find(
      (item) => item.popupId === row!.id,
    )!;
    const { popupId: _id, desktopImageUrl: _image, ...fields } = popup;
    const saved = await client.put(`/api/admin/content/popups/${popup.popupId}`, {
      ...fields,
      textOne: 'Double coins <b>today</b>',
      btnText: 'Shop now',
      btnRedirection: '/store',
      reason: 'Store campaign SC-2',
    });
    expect(saved.status).toBe(200);
    expect(dataOf<AdminPopup>(saved)).toMatchObject({ textOne: 'Double coins <b>today</b>', version: 2, desktopImageUrl: '/x.svg' });

    const lobby = dataOf<PopupList>(await (await newClient()).get('details/popups')).groups.store;
    expect(lobby.find((item) => item.popupId === popup.popupId)).toMatchObject({
      textOne: 'Double coins <b>today</b>',
      btnRedirection: '/store',
      desktopImageUrl: '/x.svg',
      mobileImageUrl: '/y.svg',
    });
    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/popups/${popup.popupId}/versions`)).rows;
    expect(versions[0]).toMatchObject({ version: 2, before: expect.objectContaining({ textOne: popup.textOne }) });

    const refused = await client.put(`/api/admin/content/popups/${popup.popupId}`, {
      ...fields,
      btnRedirection: 'https://evil.example',
      version: 2,
      reason: 'bad link',
    });
    expect(errorOf(refused)!.details!.issues[0]).toEqual({
      field: 'body.btnRedirection',
      message: 'The button must lead to a page of this site (a path starting with /), or leave it empty.',
    });
  });
});
