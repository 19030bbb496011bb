/**
 * Thrown when a stake is not one of the title's bet steps. Callers map it to a
 * 4xx; it is a typed class (not a string match) so the API layer can tell it
 * apart from a programming error inside an engine.
 */
export class InvalidBetError extends Error {
  readonly code = 'INVALID_BET' as const;
  readonly bet: number;
  readonly allowed: readonly number[];

  constructor(bet: number, allowed: readonly number[]) {
    super(`bet ${bet} is not allowed; allowed bets (hundredths): ${allowed.join(', ')}`);
    this.name = 'InvalidBetError';
    this.bet = bet;
    this.allowed = allowed;
  }
}

/** Thrown at module load when a math profile is internally inconsistent. */
export class InvalidProfileError extends Error {
  readonly code = 'INVALID_PROFILE' as const;

  constructor(profileId: string, reason: string) {
    super(`math profile '${profileId}': ${reason}`);
    this.name = 'InvalidProfileError';
  }
}
