-- The lobby's generated artwork shown as pixels, not drawings (issue 17 point 4,
-- docs/decisions/053-generated-artwork-as-webp.md).
--
-- A browser makes every SVG image a document of its own, parsed, laid out and painted on the
-- page's main thread; a WebP image is decoded off it. The in-house titles' tile art and the
-- banners' artwork are served at the same addresses with .webp (the drawings stay at .svg), and the
-- addresses stored before are moved to it. Only the addresses the server generates are touched: an
-- image an operator set by hand keeps its address.
update casino_games
set image_url = regexp_replace(image_url, '\.svg$', '.webp')
where image_url ~ '^/rgs/art/[a-z0-9-]+\.svg$';

update popups
set desktop_image_url = regexp_replace(desktop_image_url, '\.svg(\?v=[0-9]+)?$', '.webp\1')
where desktop_image_url ~ '^/api/v1/details/banners/[a-z0-9-]+\.svg(\?v=[0-9]+)?$';

update popups
set mobile_image_url = regexp_replace(mobile_image_url, '\.svg(\?v=[0-9]+)?$', '.webp\1')
where mobile_image_url ~ '^/api/v1/details/banners/[a-z0-9-]+\.svg(\?v=[0-9]+)?$';

update banners
set image_url = regexp_replace(image_url, '\.svg(\?v=[0-9]+)?$', '.webp\1')
where image_url ~ '^/api/v1/details/banners/[a-z0-9-]+\.svg(\?v=[0-9]+)?$';
