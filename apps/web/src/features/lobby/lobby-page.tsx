import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton';
import { subCategoriesQuery } from '../games/api/game-lists';
import { GameRow } from '../games/game-row';
import { BannerCarousel } from './components/banner-carousel';
import { LiveWinnersTicker } from './components/live-winners-ticker';
import { ReferAFriendBanner } from '../referral/refer-a-friend-banner';

/**
 * The lobby at / and /lobby (seed 000 section 2): the banner carousel, the live winnings ticker
 * and the featured sub-category rows.
 */
export function Component() {
  const subCategories = useQuery(subCategoriesQuery());
  const featured = subCategories.data?.rows.filter((row) => row.isFeatured && row.subCategoryGames.length > 0) ?? [];

  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="sr-only">Lucky Crown social casino lobby</h1>
      <BannerCarousel />
      <LiveWinnersTicker />
      {subCategories.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-7 w-48" />
          <div className="flex gap-3 overflow-hidden">
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} className="aspect-[3/4] w-[42%] shrink-0 rounded-2xl sm:w-40 lg:w-44" />
            ))}
          </div>
        </div>
      ) : (
        featured.map((subCategory) => <GameRow key={subCategory.masterGameSubCategoryId} subCategory={subCategory} />)
      )}
      <ReferAFriendBanner />
    </div>
  );
}
