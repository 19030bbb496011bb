/** The modal-queue id of the start-up offers dialog (step 7), apart so the shell imports no offer code. */
export const OFFERS_DIALOG_ID = 'flash-sale-offers';
