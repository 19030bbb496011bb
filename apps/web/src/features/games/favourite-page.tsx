import { PlayerGamesPage } from './player-games-page';

/** /favourite (private): the player's favourite games, newest first (seed 000 section 2). */
export function Component() {
  return <PlayerGamesPage list="favorite" title="Favorite Games" emptyHint="Tap the heart on any game to keep it here." />;
}
