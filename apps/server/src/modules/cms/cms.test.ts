import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';

interface Page {
  slug: string;
  title: { EN: string };
  content?: { EN: string };
  category: number;
}

describe('CMS pages', () => {
  it('lists the seeded pages with slug, title.EN and category', async () => {
    const client = await newClient();
    const response = await client.get<{ data: { rows: Page[]; count: number } }>('details/cms');
    expect(response.status).toBe(200);
    const bySlug = new Map(response.body.data.rows.map((row) => [row.slug, row]));
    expect(bySlug.get('terms-and-conditions')).toMatchObject({ title: { EN: 'Terms and Conditions' }, category: 1 });
    expect(bySlug.get('privacy-policy')).toMatchObject({ title: { EN: 'Privacy Policy' }, category: 1 });
    expect(bySlug.get('contact_us')).toMatchObject({ title: { EN: 'Contact Us' } });
    expect(response.body.data.count).toBe(response.body.data.rows.length);
  });

  it('serves one page with its content by slug', async () => {
    const client = await newClient();
    const response = await client.get<{ data: Page }>('details/cms-detail', { slug: 'terms-and-conditions' });
    expect(response.status).toBe(200);
    expect(response.body.data.title.EN).toBe('Terms and Conditions');
    expect(response.body.data.content?.EN).toContain('at least 18 years old');
    expect(response.body.data.content?.EN).not.toMatch(/<script|on\w+=/i);
  });

  it('answers an unknown slug with 404 (3001) and a malformed one with 400', async () => {
    const client = await newClient();
    const unknown = await client.get('details/cms-detail', { slug: 'no-such-page' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.errorCode).toBe(3001);
    const malformed = await client.get('details/cms-detail', { slug: '../etc/passwd' });
    expect(malformed.status).toBe(400);
  });
});
