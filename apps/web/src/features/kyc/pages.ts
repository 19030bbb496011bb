/** The KYC feature's parts loaded on demand: the account page's Verification tab. */
export const verificationTab = () => import('./verification-tab');
