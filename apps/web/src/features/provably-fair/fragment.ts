/**
 * The verifier form's fields as the page's address carries them: a round's link from the game
 * page or the bet history puts its seeds in the fragment (`#game=…&clientSeed=…&nonce=…`,
 * provablyFairLink in the contracts), which the browser never sends to a server.
 */
export interface VerifyFields {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The round's bet as a decimal ('0.20'), or '' for the game's smallest bet. */
  bet: string;
  /** The server seed's hash the player was shown before the round, to compare. */
  hash: string;
}

export const emptyFields: VerifyFields = { game: '', serverSeed: '', clientSeed: '', nonce: '0', bet: '', hash: '' };

export function fieldsFromFragment(fragment: string): VerifyFields {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const value = (key: keyof VerifyFields) => params.get(key)?.trim() ?? emptyFields[key];
  return {
    game: value('game'),
    serverSeed: value('serverSeed'),
    clientSeed: value('clientSeed'),
    nonce: value('nonce'),
    bet: value('bet'),
    hash: value('hash'),
  };
}
