import type { Game, SubCategory } from '@casino/contracts/games';

/** A catalogue game as GET /casino-games answers it: Game {id}, by Crown Studios, with its art. */
export function testGame(id: number, name = `Game ${id}`): Game {
  return {
    masterCasinoGameId: id,
    name,
    identifier: `game-${id}`,
    brand: 'Crown Studios',
    masterCasinoProviderId: 1,
    imageUrl: `/rgs/art/game-${id}.svg`,
    gameType: 'slot',
    FavoriteGames: false,
  };
}

/** A sub-category row as GET /casino-games/sub-category answers it, featured unless told. */
export function testRow(id: number, name: string, games: Game[], isFeatured = true): SubCategory {
  return {
    masterGameSubCategoryId: id,
    name: { EN: name },
    imageUrl: '/icon.svg',
    isFeatured,
    gamesCount: games.length,
    subCategoryGames: games,
  };
}
