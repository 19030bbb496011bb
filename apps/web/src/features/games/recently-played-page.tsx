import { PlayerGamesPage } from './player-games-page';

/** /recently-played (private): the games the player played, last played first (seed 000 section 2). */
export function Component() {
  return <PlayerGamesPage list="recently-played" title="Recently Played" emptyHint="The games you play appear here." />;
}
