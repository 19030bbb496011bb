import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerProfile } from '../../test/player-profile';
import { profileQueryKey, useAuthStore } from '../auth';
import { AccountSettingsTab } from './account-settings-tab';

/** A player who completed the profile before gender was asked: the column is still NULL. */
const saved = playerProfile({
  firstName: 'Jane',
  lastName: 'Player',
  dateOfBirth: '1990-04-12',
  addressLine_1: '1 Market Street',
  state: '5',
  city: 'San Francisco',
  zipCode: '94105',
  country: '199',
  gender: null,
});

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('the Account tab asks the gender (seed 001 section 5)', () => {
  const puts: unknown[] = [];
  beforeEach(() => {
    puts.length = 0;
    useAuthStore.setState({ isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/v1/details/state') return json({ data: { rows: [{ state_id: 5, name: 'California', stateCode: 'CA' }] } });
        if (path === '/api/v1/details/city') return json({ data: { rows: [{ name: 'San Francisco' }] } });
        if (path === '/api/v1/user/profile' && init?.method === 'PUT') {
          puts.push(JSON.parse(init.body as string));
          return json({ data: JSON.parse(init.body as string), message: 'Profile updated successfully.' });
        }
        if (path === '/api/v1/user/profile') return json({ data: saved });
        return json({ data: {} });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderTab() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(profileQueryKey, saved);
    render(
      <QueryClientProvider client={client}>
        <AccountSettingsTab />
      </QueryClientProvider>,
    );
  }

  it("offers male, female and other, refuses to save without one with 'Gender is required', then sends the chosen one", async () => {
    renderTab();
    const user = userEvent.setup();
    const gender = screen.getByLabelText('Gender');
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select gender', 'Male', 'Female', 'Other']);
    await waitFor(() => expect(screen.getByRole('option', { name: 'San Francisco' })).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gender is required')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.selectOptions(gender, 'Female');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ gender: 'female', firstName: 'Jane', zipCode: '94105' });
  });
});
