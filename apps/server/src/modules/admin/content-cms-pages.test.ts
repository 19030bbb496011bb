import type { AdminCmsPage, ContentVersion } from '@casino/contracts/admin-content';
import type { CmsPage } from '@casino/contracts/cms';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cmsPages, operatorAuditLog } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { sanitiseCmsHtml } from './cms-sanitise.js';
import { signedInOperator } from './test-support.js';

/**
 * CMS pages in the back office: the HTML is sanitised on save, the player site
 * serves what was stored, the old version is kept, the change is audited, and a change made on an
 * old version is refused.
 */
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; details?: { issues: { field: string; message: string }[] } }[] }).errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

async function newPage() {
  const { database } = await testServer();
  const slug = uniqueName('cms')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
  await database.db.insert(cmsPages).values({ slug, title: { EN: 'House rules' }, content: { EN: '<p>Old rules</p>' }, category: 2 });
  return { database, slug };
}

const hostile = [
  '<h2>Rules</h2><p onclick="steal()">Play <strong>fair</strong>.<script>alert(1)</script></p>',
  '<img src="x" onerror="alert(2)"><img src="https://cdn.example/ok.png" alt="ok">',
  '<a href="javascript:alert(3)">bad</a> <a href="https://example.com/help">help</a> <a href="mailto:help@example.com">mail</a>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><div style="color:red">styled</div>',
].join('');

describe('the CMS sanitiser', () => {
  it('keeps content tags and drops scripts, handlers, styles, frames and other schemes', () => {
    const clean = sanitiseCmsHtml(hostile);
    expect(clean).toContain('<h2>Rules</h2>');
    expect(clean).toContain('<strong>fair</strong>');
    expect(clean).toContain('<img src="https://cdn.example/ok.png" alt="ok" />');
    expect(clean).toContain('<a href="https://example.com/help">help</a>');
    expect(clean).toContain('<a href="mailto:help@example.com">mail</a>');
    expect(clean).toContain('<div>styled</div>');
    for (const gone of [
      'script',
      'alert',
      'onclick',
      'onerror',
      'javascript:',
      'iframe',
      'evil.example',
      'style=',
      '<style',
      'display:none',
    ]) {
      expect(clean).not.toContain(gone);
    }
    expect(sanitiseCmsHtml('<img src="/assets/a.png"><img src="data:image/png;base64,AAAA"><a href="//evil.example">x</a>')).toBe(
      '<img src="/assets/a.png" /><a>x</a>',
    );
    expect(sanitiseCmsHtml('<table><tr><td colspan="2">cell</td></tr></table>')).toContain('<td colspan="2">cell</td>');
  });
});

describe('CMS pages in the back office', () => {
  it('sanitises the HTML on save; the player page serves it; the old version is kept and the change audited', async () => {
    const { database, slug } = await newPage();
    const { operator, client } = await signedInOperator(['content']);

    const listed = dataOf<{ rows: AdminCmsPage[] }>(await client.get('/api/admin/content/cms-pages')).rows;
    expect(listed.find((row) => row.slug === slug)).toMatchObject({ title: 'House rules', content: '<p>Old rules</p>', version: 1 });

    const saved = await client.put(`/api/admin/content/cms-pages/${slug}`, {
      title: 'House rules (new)',
      content: hostile,
      version: 1,
      reason: 'Ticket CMS-7: rules rewritten',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = dataOf<AdminCmsPage>(saved);
    expect(page).toMatchObject({ title: 'House rules (new)', version: 2, content: sanitiseCmsHtml(hostile) });
    expect(page.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/);
    expect(dataOf<AdminCmsPage>(await client.get(`/api/admin/content/cms-pages/${slug}`))).toMatchObject({ version: 2 });

    // The player site serves the stored, sanitised HTML.
    const visitor = await newClient();
    const shown = dataOf<CmsPage>(await visitor.get('details/cms-detail', { slug }));
    expect(shown.title.EN).toBe('House rules (new)');
    expect(shown.content.EN).toBe(page.content);
    expect(shown.content.EN).not.toContain('<script');

    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/cms-pages/${slug}/versions`)).rows;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: 2,
      before: { title: 'House rules', content: '<p>Old rules</p>' },
      after: { title: 'House rules (new)', content: page.content },
      operatorId: operator.operatorId,
      reason: 'Ticket CMS-7: rules rewritten',
    });

    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.cms_page.update'), eq(operatorAuditLog.targetId, slug)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: operator.operatorId,
      targetType: 'cms_page',
      reason: 'Ticket CMS-7: rules rewritten',
      before: expect.objectContaining({ version: 1, title: 'House rules' }),
      after: expect.objectContaining({ version: 2, title: 'House rules (new)' }),
    });
  });

  it('refuses a change made on an old version (3851), and input without a title, too large or without a reason', async () => {
    const { slug } = await newPage();
    const { client } = await signedInOperator(['content']);
    const first = await client.put(`/api/admin/content/cms-pages/${slug}`, {
      title: 'First',
      content: '<p>1</p>',
      version: 1,
      reason: 'first edit',
    });
    expect(first.status).toBe(200);
    const stale = await client.put(`/api/admin/content/cms-pages/${slug}`, {
      title: 'Second',
      content: '<p>2</p>',
      version: 1,
      reason: 'edit from an old page',
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)?.errorCode).toBe(3851);
    expect(dataOf<AdminCmsPage>(await client.get(`/api/admin/content/cms-pages/${slug}`))).toMatchObject({ title: 'First', version: 2 });

    const refused = await client.put(`/api/admin/content/cms-pages/${slug}`, {
      title: ' ',
      content: 'x'.repeat(200_001),
      version: 2,
      reason: 'x',
    });
    expect(refused.status).toBe(400);
    const issues = Object.fromEntries(errorOf(refused)!.details!.issues.map((issue) => [issue.field, issue.message]));
    expect(issues).toMatchObject({
      'body.title': 'Please enter a title of 1 to 200 characters.',
      'body.content': 'The page content must be at most 200,000 characters (about 200 KB).',
      'body.reason': 'Please give a reason (at least 5 characters).',
    });
    expect((await client.get('/api/admin/content/cms-pages/no-such-page')).status).toBe(404);
  });
});

describe('creating a CMS page in the back office', () => {
  const created: string[] = [];
  afterAll(async () => {
    const { database } = await testServer();
    if (created.length > 0) await database.db.delete(cmsPages).where(inArray(cmsPages.slug, created));
  });
  const freshSlug = () => {
    const slug = uniqueName('new-page')
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '-');
    created.push(slug);
    return slug;
  };

  it('a new page, its HTML sanitised, is served to players at its address and listed in its category, as version 1, audited', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['content']);
    const slug = freshSlug();
    const response = await client.post('/api/admin/content/cms-pages', {
      slug,
      title: 'Responsible play',
      content: hostile,
      category: 2,
      isActive: true,
      reason: 'New page, ticket CMS-9',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as { message: string }).message).toBe('Page created.');
    const page = dataOf<AdminCmsPage>(response);
    expect(page).toMatchObject({ slug, title: 'Responsible play', category: 2, isActive: true, version: 1 });
    expect(page.content).toBe(sanitiseCmsHtml(hostile));

    const player = await newClient();
    const served = dataOf<CmsPage>(await player.get('details/cms-detail', { slug }));
    expect(served.title).toMatchObject({ EN: 'Responsible play' });
    expect(JSON.stringify(served.content)).not.toMatch(/script|onerror|javascript:/);
    const listed = dataOf<{ rows: { slug: string; category: number }[] }>(await player.get('details/cms')).rows;
    expect(listed.find((row) => row.slug === slug)).toMatchObject({ category: 2 });

    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get(`/api/admin/content/cms-pages/${slug}/versions`)).rows;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, before: null, reason: 'New page, ticket CMS-9', operatorId: operator.operatorId });
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.cms_page.create'), eq(operatorAuditLog.targetId, slug)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: operator.operatorId, reason: 'New page, ticket CMS-9' });

    // The next change is made on version 1.
    const changed = await client.put(`/api/admin/content/cms-pages/${slug}`, {
      title: 'Responsible play',
      content: '<p>Take breaks.</p>',
      version: 1,
      reason: 'Shorter text, CMS-10',
    });
    expect(dataOf<AdminCmsPage>(changed)).toMatchObject({ version: 2, content: '<p>Take breaks.</p>' });
  });

  it('refuses an address another page has, a malformed address, and a page without a reason, in words', async () => {
    const { client } = await signedInOperator(['content']);
    const body = { title: 'Terms again', content: '<p>x</p>', category: 1, isActive: false, reason: 'Duplicate check' };
    const taken = await client.post('/api/admin/content/cms-pages', { ...body, slug: 'terms-and-conditions' });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      errorCode: 3850,
      details: { issues: [{ field: 'body.slug', message: 'A page with this address already exists. Choose another address.' }] },
    });
    const terms = dataOf<CmsPage>(await (await newClient()).get('details/cms-detail', { slug: 'terms-and-conditions' }));
    expect(terms.title).toMatchObject({ EN: 'Terms and Conditions' });

    const malformed = await client.post('/api/admin/content/cms-pages', { ...body, slug: '../Etc' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed)?.details?.issues[0]).toMatchObject({
      field: 'body.slug',
      message: 'Use 2 to 100 lowercase letters, digits, hyphens and underscores for the address.',
    });
    const slug = freshSlug();
    const noReason = await client.post('/api/admin/content/cms-pages', { ...body, slug, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await (await newClient()).get('details/cms-detail', { slug })).status).toBe(404);
  });

  it('is refused to an operator without the content role', async () => {
    const { client } = await signedInOperator(['support']);
    const slug = freshSlug();
    const response = await client.post('/api/admin/content/cms-pages', {
      slug,
      title: 'Nope',
      content: '<p>x</p>',
      category: 1,
      isActive: true,
      reason: 'Not mine to do',
    });
    expect(response.status).toBe(403);
    expect(errorOf(response)?.errorCode).toBe(3003);
    expect((await (await newClient()).get('details/cms-detail', { slug })).status).toBe(404);
  });
});
