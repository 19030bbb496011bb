-- The lobby's generated artwork shown as pixels, not drawings
-- (docs/decisions/067-first-screen-and-lobby-speed.md).
--
-- A browser makes every SVG image a document of its own, parsed, laid out and painted on the
-- page's main thread; a WebP image is decoded off it. The in-house titles' tile art and the
-- banners' artwork are served at the same addresses with .webp (the drawings stay at .svg), and the
-- addresses stored before are moved to it. Only the addresses the server generates are touched: an
-- image an operator set by hand keeps its address, since the patterns below match nothing else
-- and regexp_replace leaves a value it does not match as it is.
update casino_games
set image_url = regexp_replace(image_url, '^(/rgs/art/[a-z0-9-]+)\.svg$', '\1.webp')
where image_url like '/rgs/art/%.svg';

update banners
set image_url = regexp_replace(image_url, '^(/api/v1/details/banners/[a-z0-9-]+)\.svg((\?v=[0-9]+)?)$', '\1.webp\2')
where image_url like '/api/v1/details/banners/%';

update popups
set desktop_image_url = regexp_replace(desktop_image_url, '^(/api/v1/details/banners/[a-z0-9-]+)\.svg((\?v=[0-9]+)?)$', '\1.webp\2'),
  mobile_image_url = regexp_replace(mobile_image_url, '^(/api/v1/details/banners/[a-z0-9-]+)\.svg((\?v=[0-9]+)?)$', '\1.webp\2')
where desktop_image_url like '/api/v1/details/banners/%' or mobile_image_url like '/api/v1/details/banners/%';
