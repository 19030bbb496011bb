/** The CMS feature's pages, each loaded when its route opens. */
export const cmsPage = () => import('./cms-page');
