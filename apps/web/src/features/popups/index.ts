/** The popups feature's public entry: a page's popup. */
export { PagePopup } from './page-popup';
