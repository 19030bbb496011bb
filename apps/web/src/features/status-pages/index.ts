/** The status pages' public entry: the frame of a status page, for the route error screen. */
export { HomeLink, StatusPage } from './status-page';
