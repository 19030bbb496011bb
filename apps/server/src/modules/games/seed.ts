import { inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { casinoGames, casinoProviders, casinoSubCategories, casinoSubCategoryGames } from '../../db/schema/index.js';
import { artUrl } from '../../rgs/art.js';
import { getTitle, titles } from '../../rgs/math/index.js';
import { gameSeeds, IN_HOUSE_AGGREGATOR_ID, providerSeeds, subCategorySeeds } from './catalogue-data.js';
import { providerThumbnail, subCategoryIcon } from './thumbnails.js';

/**
 * The demo catalogue: studios, sub-categories, every in-house title as a game, and the games of
 * each sub-category. Idempotent: rows are found by their slug or identifier, and what an operator
 * changed since is left alone.
 */
async function seedGameCatalogue(db: DbExecutor): Promise<void> {
  await db
    .insert(casinoProviders)
    .values(
      providerSeeds.map((provider, index) => ({
        slug: provider.slug,
        name: provider.name,
        thumbnailUrl: providerThumbnail(provider.monogram, provider.colors),
        aggregatorId: IN_HOUSE_AGGREGATOR_ID,
        orderId: (index + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: casinoProviders.slug });
  const providers = await db
    .select({ id: casinoProviders.id, slug: casinoProviders.slug })
    .from(casinoProviders)
    .where(
      inArray(
        casinoProviders.slug,
        providerSeeds.map((provider) => provider.slug),
      ),
    );
  const providerId = new Map(providers.map((provider) => [provider.slug, provider.id]));

  const games = gameSeeds();
  await db
    .insert(casinoGames)
    .values(
      games.map((game) => {
        const id = providerId.get(game.providerSlug);
        if (id === undefined) throw new Error(`provider ${game.providerSlug} was not seeded`);
        return {
          identifier: game.identifier,
          name: game.name,
          providerId: id,
          gameType: game.gameType,
          imageUrl: artUrl(game.identifier),
          orderId: game.orderId,
        };
      }),
    )
    .onConflictDoNothing({ target: casinoGames.identifier });
  const gameRows = await db
    .select({ id: casinoGames.id, identifier: casinoGames.identifier })
    .from(casinoGames)
    .where(
      inArray(
        casinoGames.identifier,
        games.map((game) => game.identifier),
      ),
    );
  const gameId = new Map(gameRows.map((game) => [game.identifier, game.id]));

  await db
    .insert(casinoSubCategories)
    .values(
      subCategorySeeds.map((subCategory, index) => ({
        slug: subCategory.slug,
        name: subCategory.name,
        imageUrl: subCategoryIcon(subCategory.emblem, subCategory.colors),
        isFeatured: subCategory.isFeatured,
        orderId: (index + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: casinoSubCategories.slug });
  const subCategories = await db
    .select({ id: casinoSubCategories.id, slug: casinoSubCategories.slug })
    .from(casinoSubCategories)
    .where(
      inArray(
        casinoSubCategories.slug,
        subCategorySeeds.map((subCategory) => subCategory.slug),
      ),
    );
  const subCategoryId = new Map(subCategories.map((subCategory) => [subCategory.slug, subCategory.id]));

  const links = subCategorySeeds.flatMap((subCategory) => {
    const id = subCategoryId.get(subCategory.slug);
    if (id === undefined) return [];
    return subCategory.select(titles).flatMap((title, index) => {
      const game = gameId.get(title.id);
      return game === undefined || !getTitle(title.id) ? [] : [{ subCategoryId: id, gameId: game, orderId: (index + 1) * 10 }];
    });
  });
  if (links.length > 0) await db.insert(casinoSubCategoryGames).values(links).onConflictDoNothing();
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const gameCatalogueSeed: SeedStep = {
  name: 'game-catalogue',
  versions: [{ version: 1, description: 'studios, sub-categories and every in-house title as a game', apply: seedGameCatalogue }],
};
