/** The redeem feature's public entry: cancelling a pending redemption. */
export { CancelRedeemButton } from './cancel-redeem-button';
