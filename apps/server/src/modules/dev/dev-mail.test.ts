import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { newCredentials, signUpBody } from '../auth/test-players.js';

describe('the sandbox outbox', () => {
  it('lists mails newest first as JSON with to, subject, text, html and sentAt', async () => {
    const credentials = newCredentials('out');
    const client = await newClient();
    await client.post('user/sign-up', signUpBody(credentials));
    await client.post('user/forgetPassword', { email: credentials.email });

    const all = await client.get<{
      data: { rows: { to: string; subject: string; text: string; html: string; sentAt: string }[]; count: number };
    }>('dev/mail');
    expect(all.status).toBe(200);
    const times = all.body.data.rows.map((row) => Date.parse(row.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const mine = await client.get<{ data: { rows: { to: string; subject: string; text: string; html: string; sentAt: string }[] } }>(
      'dev/mail',
      {
        to: credentials.email.toUpperCase(),
      },
    );
    expect(mine.body.data.rows.map((row) => row.subject)).toEqual(['Reset your password', 'Verify your e-mail address']);
    const [reset] = mine.body.data.rows;
    expect(reset).toMatchObject({ to: credentials.email });
    expect(reset?.html).toMatch(/^<!doctype html>/);
    expect(reset?.html).toContain('/user/forgotPassword?token=');
    expect(new Date(reset!.sentAt).toISOString()).toBe(reset?.sentAt);
  });

  it('shows the outbox as a page at /dev/mail with the links clickable', async () => {
    const credentials = newCredentials('page');
    const client = await newClient();
    await client.post('user/sign-up', signUpBody(credentials));
    const { baseUrl, config } = await testServer();
    const response = await fetch(`${baseUrl}/dev/mail`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('Sandbox outbox');
    expect(page).toContain(credentials.email);
    expect(page).toMatch(new RegExp(`<a href="${config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/user/verifyEmail\\?token=`));
  });

  it('shows every mail template with sample data at /dev/mail/templates, and each one on its own', async () => {
    const { baseUrl } = await testServer();
    const response = await fetch(`${baseUrl}/dev/mail/templates`);
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const subject of [
      'Your receipt: Gold Package',
      'We received your redemption request',
      'Your redemption has been paid',
      'Your redemption could not be paid',
      'Your password was changed',
      'Your identity is verified',
      'We could not verify your identity',
      'Your time break has started',
      'Your self-exclusion is in place',
      'New sign-in to your account',
      'Verify your e-mail address',
      'Reset your password',
    ]) {
      expect(page).toContain(`<h2>${subject}</h2>`);
    }
    const one = await fetch(`${baseUrl}/dev/mail/templates/purchase-receipt`);
    expect(one.status).toBe(200);
    const html = await one.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('$19.99');
    expect((await fetch(`${baseUrl}/dev/mail/templates/no-such-mail`)).status).toBe(404);
  });
});
