/** The mail-in entry feature's public entry: where its page is, for the links to it (footer, store, rules). */
export const MAIL_IN_ENTRY_PATH = '/mail-in-entry';
