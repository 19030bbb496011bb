/** The responsible-play feature's parts loaded on demand: the account page's Responsible Play tab. */
export const responsiblePlayTab = () => import('./responsible-play-tab');
