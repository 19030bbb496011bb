import { describe, expect, it } from 'vitest';
import { popups } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { createPopupService } from './service.js';

type Groups = Record<
  'lobby' | 'promotion' | 'store' | 'reward' | 'vip',
  { popupId: number; textOne: string; visibility: number; isOneTime: boolean }[]
>;

async function addPopup(values: Partial<typeof popups.$inferInsert> & { textOne: string; visibility: number; popupName: string }) {
  const { database } = await testServer();
  const [row] = await database.db
    .insert(popups)
    .values({ desktopImageUrl: '/x.svg', mobileImageUrl: '/x.svg', orderId: 100, ...values })
    .returning({ id: popups.id });
  return row!.id;
}

describe('GET /details/popups', () => {
  it('answers visitors the popups of visibility 0 and 2, and players those of 1 and 2, by group; never inactive ones', async () => {
    const visitorsOnly = await addPopup({ popupName: 'promotionPage', visibility: 0, textOne: 'For visitors' });
    const playersOnly = await addPopup({ popupName: 'promotionPage', visibility: 1, textOne: 'For players' });
    const everyone = await addPopup({ popupName: 'promotionPage', visibility: 2, textOne: 'For everyone' });
    const off = await addPopup({ popupName: 'promotionPage', visibility: 2, textOne: 'Switched off', isActive: false });

    const visitor = await (await newClient()).get('details/popups');
    expect(visitor.status).toBe(200);
    const visitorIds = (visitor.body.data!.groups as Groups).promotion.map((popup) => popup.popupId);
    expect(visitorIds).toEqual(expect.arrayContaining([visitorsOnly, everyone]));
    expect(visitorIds).not.toContain(playersOnly);
    expect(visitorIds).not.toContain(off);

    const { client } = await signedInPlayer();
    const player = await client.get('details/popups');
    const groups = player.body.data!.groups as Groups;
    const playerIds = groups.promotion.map((popup) => popup.popupId);
    expect(playerIds).toEqual(expect.arrayContaining([playersOnly, everyone]));
    expect(playerIds).not.toContain(visitorsOnly);
    expect(playerIds).not.toContain(off);
    // The demo popups: one-time, for the lobby, the rewards page and /vip (none for the store).
    expect(groups.lobby[0]).toMatchObject({ textOne: 'Spin And Win', visibility: 1, isOneTime: true });
    expect(groups.store).toEqual([]);
    expect(groups.reward[0]).toMatchObject({ textOne: 'VIP Club' });
    expect(groups.vip[0]).toMatchObject({ textOne: 'Daily Rakeback' });
    expect((visitor.body.data!.groups as Groups).lobby).toEqual([]);
  });

  it('keeps operator input to plain text and in-site buttons', async () => {
    const { database } = await testServer();
    const service = createPopupService(database.db);
    await expect(
      database.db.transaction((tx) =>
        service.create(tx, {
          popupName: 'lobbyPage',
          visibility: 1,
          textOne: 'Hi',
          btnRedirection: 'https://evil.example/',
          desktopImageUrl: '/x.svg',
          mobileImageUrl: '/x.svg',
        }),
      ),
    ).rejects.toThrow('The button must lead to a page of this site');
    const id = await database.db.transaction((tx) =>
      service.create(tx, {
        popupName: 'vipPage',
        visibility: 1,
        textOne: 'Fine',
        btnRedirection: '/vip',
        desktopImageUrl: '/x.svg',
        mobileImageUrl: '/x.svg',
      }),
    );
    await database.db.transaction((tx) => service.deactivate(tx, id));
    const { client } = await signedInPlayer();
    expect(((await client.get('details/popups')).body.data!.groups as Groups).vip.map((popup) => popup.popupId)).not.toContain(id);
  });
});
