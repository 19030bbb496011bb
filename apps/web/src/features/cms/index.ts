/** The CMS feature's public entry: the links to its pages and the content of one. */
export { cmsPageOptions } from './api';
export { CmsFooterLink, CmsLinks } from './cms-links';
export { CmsContent } from './components/cms-content';
