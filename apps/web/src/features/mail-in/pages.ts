/** The mail-in entry feature's page, loaded when its route opens. */
export const mailInEntryPage = () => import('./mail-in-page');
