/** The banners feature's public entry: the banner rows of a page and their carousel. */
export { bannersQuery } from './api';
export { BannerCarousel, PageBanners } from './banner-carousel';
