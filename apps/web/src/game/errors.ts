import { errorCodes } from '@casino/contracts/errors';
import { rgsTexts } from '@casino/contracts/rgs-constants';
import { INSUFFICIENT_BALANCE_MESSAGE } from '@casino/contracts/wallet-events';
import { GameApiError } from './api';

/** What the player reads when a round is refused or fails. */
export function explainError(error: unknown): string {
  if (error instanceof GameApiError) {
    if (error.code === errorCodes.InsufficientBalance.code) return INSUFFICIENT_BALANCE_MESSAGE;
    if (error.code === errorCodes.GameSessionInvalid.code || error.code === errorCodes.GameLaunchTokenInvalid.code) {
      return rgsTexts.sessionEnded;
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
