import { describe, expect, it } from 'vitest';
import { layoutFor } from './visibility';

describe('layout visibility (seed 000 section 2)', () => {
  it('hides the sidebar from visitors but keeps header and footer', () => {
    expect(layoutFor('/', false)).toEqual({ header: true, sidebar: false, footer: true });
  });

  it('shows everything to a signed-in player in the lobby', () => {
    expect(layoutFor('/lobby', true)).toEqual({ header: true, sidebar: true, footer: true });
  });

  it('hides sidebar and footer on game-play, coming-soon and not-found', () => {
    for (const path of ['/game-play/12', '/coming-soon', '/404']) {
      expect(layoutFor(path, true)).toEqual({ header: true, sidebar: false, footer: false });
    }
  });

  it('hides the header too on the not-available page', () => {
    expect(layoutFor('/not-available', true)).toEqual({ header: false, sidebar: false, footer: false });
  });
});
