import { useQuery } from '@tanstack/react-query';
import { subCategoriesQuery } from '../games/api/game-lists';
import { GameRow, GameRowSkeleton } from '../games/game-row';
import { BannerCarousel } from './components/banner-carousel';
import { LiveWinnersTicker } from './components/live-winners-ticker';
import { featuredRows, FIRST_SCREEN_TILES } from './lobby-data';
import { ReferAFriendBanner } from '../referral/refer-a-friend-banner';

/** Row placeholders while the rows load: more than a first screen holds, so the footer stays below it. */
const PLACEHOLDER_ROWS = 3;

/**
 * The lobby at / and /lobby (seed 000 section 2): the banner carousel, the live winnings ticker
 * and the featured sub-category rows. Every part keeps its height while it loads (issue 17 point
 * 4): placeholders of the loaded size, and a page at least a screen tall, so the footer never
 * shows in the first screen and moves as the rows arrive.
 */
export function Component() {
  const subCategories = useQuery(subCategoriesQuery());
  const featured = featuredRows(subCategories.data);

  return (
    <div className="flex min-h-dvh flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="sr-only">Lucky Crown social casino lobby</h1>
      <BannerCarousel />
      <LiveWinnersTicker />
      {subCategories.isPending
        ? Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => <GameRowSkeleton key={index} />)
        : featured.map((subCategory, index) => (
            <GameRow
              key={subCategory.masterGameSubCategoryId}
              subCategory={subCategory}
              priorityTiles={index === 0 ? FIRST_SCREEN_TILES : 0}
            />
          ))}
      <ReferAFriendBanner />
    </div>
  );
}
