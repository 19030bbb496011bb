// @vitest-environment node
// As the server runs it: in Node, with no window, document or storage.
import type { Banner } from '@casino/contracts/banners';
import { describe, expect, it } from 'vitest';
import { renderLobbyFirstScreen } from './first-screen-server';
import { testGame as game, testRow as row } from './test/catalogue';

const banner: Banner = {
  bannerId: 1,
  pageName: 'lobbySlider',
  visibility: 0,
  title: 'Join Lucky Crown',
  subtitle: 'Free Gold Coins and Sweeps Coins when you sign up',
  redirectUrl: '/register',
  desktopImageUrl: '/api/v1/details/banners/join-now.svg',
  mobileImageUrl: '/api/v1/details/banners/join-now.svg',
  orderId: 1,
};

const popular = Array.from({ length: 16 }, (_, index) => game(index + 1));
const subCategories = {
  count: 3,
  rows: [
    row(7, 'Not Featured', [game(90, 'Hidden Gem')], false),
    row(1, 'Popular', [...popular.slice(0, 15), game(16, 'Sneaky </script><script>alert(1)</script>')]),
    row(2, 'New Releases', [game(40, 'Fresh Title')]),
  ],
};

describe("the lobby's first screen as the server draws it", () => {
  const html = renderLobbyFirstScreen({ subCategories, banners: [banner] });
  const [screen = '', stateScript = ''] = html.split('<script type="application/json" id="first-screen-state">');

  it('shows the banners and the first featured row, as many tiles as a wide screen shows, the first two with their art', () => {
    // In the layout's main column, where a visitor's lobby sits (no sidebar).
    expect(screen).toMatch(/^(<link[^>]+>)*<div class="mx-auto flex w-full max-w-\[1600px\] flex-1"><main id="main"/);
    expect(screen).toContain('alt="Join Lucky Crown: Free Gold Coins and Sweeps Coins when you sign up"');
    expect(screen).toContain('>Popular</h2>');
    expect(screen).toContain('View All <span class="text-ink-faint">(16)</span>');
    const tiles = [...screen.matchAll(/data-testid="game-tile" aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(tiles).toEqual(popular.slice(0, 10).map((one) => one.name));
    const art = [...screen.matchAll(/<img src="(\/rgs\/art\/[^"]+)"/g)].map((match) => match[1]);
    expect(art).toEqual(['/rgs/art/game-1.svg', '/rgs/art/game-2.svg']);
    // The rows below come with the app; a row that is not featured is not a lobby row at all.
    expect(screen).not.toContain('New Releases');
    expect(screen).not.toContain('Hidden Gem');
    // A visitor's screen: no favourite hearts, Play Now opens the login dialog.
    expect(screen).not.toContain('Favourite:');
  });

  it('sends the whole of both reads after it, for the app to start from, with no way out of its script element', () => {
    expect(stateScript.endsWith('</script>')).toBe(true);
    const json = stateScript.slice(0, -'</script>'.length);
    expect(json).not.toContain('<');
    const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };
    const byKey = new Map(state.queries.map((query) => [JSON.stringify(query.queryKey), query.state]));
    expect(byKey.get(JSON.stringify(['games', 'sub-categories', {}]))).toEqual(
      expect.objectContaining({ data: subCategories, status: 'success' }),
    );
    expect(byKey.get(JSON.stringify(['banners', 'lobbySlider', false]))).toEqual(
      expect.objectContaining({ data: [banner], status: 'success' }),
    );
  });
});
