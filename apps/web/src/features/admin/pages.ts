/** The back office (its own shell and sign-in), loaded only when /admin opens. */
export const adminEntry = () => import('./admin-entry');
