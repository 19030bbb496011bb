/** The account feature's public entry: links to the account details page and its tabs. */
export { accountDetailsPath, accountDetailsRoute } from './account-paths';
