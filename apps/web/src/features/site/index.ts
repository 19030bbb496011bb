/** The site feature's public entry: the operator's site settings. */
export { useSiteConfigValue } from './site-config';
