import type { AdminBanner } from '@casino/contracts/admin-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BannersPage from './banners-page';

const banner: AdminBanner = {
  bannerId: 7,
  slug: 'spring-sale',
  pageName: 'lobbySlider',
  visibility: 0,
  title: 'Spring Sale',
  subtitle: 'Twice the coins',
  redirectUrl: '/store',
  theme: { from: '#112233', to: '#445566', accent: '#ffcc00', emblem: 'VIP' },
  orderId: 1,
  isActive: true,
  version: 2,
  imageUrl: '/api/v1/details/banners/spring-sale.svg?v=2',
  customImageUrl: null,
  updatedAt: '2026-11-24T12:00:00.000Z',
};
const uploadedUrl = `/api/v1/content-images/${'ab'.repeat(32)}.png`;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const invalidType = 'Invalid file type! Please upload a JPEG, JPG or PNG image.';

afterEach(() => vi.unstubAllGlobals());

async function openEditor() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BannersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await user.click(await screen.findByRole('button', { name: 'Edit Spring Sale' }));
  return { user, dialog: screen.getByRole('dialog') };
}

describe('the banners desk: image upload', () => {
  it('fills the image field with the uploaded image, previews it, and saves its address', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/content/images') {
        expect(init?.body).toBeInstanceOf(FormData);
        return json({
          data: { url: uploadedUrl, contentType: 'image/png', width: 1200, height: 400, bytes: 5000 },
          message: 'Image uploaded.',
        });
      }
      if (init?.method === 'PUT') return json({ data: { ...banner, version: 3 }, message: 'Banner saved.' });
      return json({ data: { rows: [banner], count: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user, dialog } = await openEditor();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'art.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(/^Image file for/), file);
    const field = within(dialog).getByLabelText('Image (optional; replaces the artwork)');
    await waitFor(() => expect(field).toHaveValue(uploadedUrl));
    expect(within(dialog).getByRole('img', { name: /preview/i })).toHaveAttribute('src', uploadedUrl);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'New artwork DS-4');
    await user.click(within(dialog).getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'PUT')!;
    expect(JSON.parse(init!.body as string)).toMatchObject({ customImageUrl: uploadedUrl, version: 2 });
  });

  it("shows the server's reason for a refused file, and refuses a file above 5 MB without sending it", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/admin/content/images') {
        return json({ errors: [{ errorCode: 3000, name: 'RequestInputValidation', description: invalidType }] }, 400);
      }
      return json({ data: { rows: [banner], count: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user, dialog } = await openEditor();
    const fileInput = within(dialog).getByLabelText(/^Image file for/);

    await user.upload(fileInput, new File(['not an image'], 'notes.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(invalidType)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image (optional; replaces the artwork)')).toHaveValue('');

    const uploads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/content/images').length;
    expect(uploads()).toBe(1);
    await user.upload(fileInput, new File([new Uint8Array(5_000_001)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText('The image is too large. Please upload an image of at most 5 MB.')).toBeInTheDocument();
    expect(uploads()).toBe(1);
  });
});
