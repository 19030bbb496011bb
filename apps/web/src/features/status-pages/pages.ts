/** The status pages, each loaded when its route opens. */
export const notAvailablePage = () => import('./not-available-page');
export const comingSoonPage = () => import('./coming-soon-page');
export const notFoundPage = () => import('./not-found-page');
export const serverErrorPage = () => import('./server-error-page');
