import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from './app-shell';

function shellAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
    </MemoryRouter>,
  );
}

describe('the app shell while the first page loads', () => {
  it('keeps a game page’s first screen: the frame saying Loading game… and the bar’s way back to the lobby', () => {
    shellAt('/game-play/12');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Loading game…')).toBeInTheDocument();
    const bar = within(main).getByRole('navigation', { name: 'Game' });
    expect(within(bar).getByRole('link', { name: 'Lucky Crown lobby' })).toHaveAttribute('href', '/');
  });

  it('shows only the header on pages without a first screen', () => {
    for (const path of ['/', '/lobby', '/user/store', '/game-play']) {
      const { unmount } = shellAt(path);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.queryByRole('main')).toBeNull();
      expect(screen.queryByText('Loading game…')).toBeNull();
      unmount();
    }
  });
});
