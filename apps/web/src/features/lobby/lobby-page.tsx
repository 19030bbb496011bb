import type { SubCategory } from '@casino/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNearViewport } from '../../lib/near-viewport';
import { GameRow, GameRowSkeleton, subCategoriesQuery } from '../games';
import { PageBanners } from '../banners';
import { LiveWinnersTicker } from './components/live-winners-ticker';
import { ReferAFriendBanner } from '../referral';

/** Row placeholders while the rows load: more than a first screen holds, so the footer stays below it. */
const PLACEHOLDER_ROWS = 3;
/** The first row's tiles a phone shows: their art is the lobby's largest paint, fetched first. */
const FIRST_SCREEN_TILES = 2;
const NO_ROWS: SubCategory[] = [];

/**
 * The lobby at / and /lobby (seed 000 section 2): the banner carousel, the live winnings ticker
 * and the featured sub-category rows. Every part keeps its height while it loads
 * (docs/decisions/067): placeholders of the loaded size, and a page at least a screen tall, so the footer never
 * shows in the first screen and moves as the rows arrive. The first row renders with the data;
 * each row after it once its placeholder comes near the screen, so loading the lobby does not
 * render and lay out tiles nobody can see yet.
 */
export function Component() {
  const subCategories = useQuery(subCategoriesQuery());
  const featured = useMemo(
    () => subCategories.data?.rows.filter((row) => row.isFeatured && row.subCategoryGames.length > 0) ?? NO_ROWS,
    [subCategories.data],
  );

  return (
    <div className="flex min-h-dvh flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="sr-only">Lucky Crown social casino lobby</h1>
      <PageBanners pageName="lobbySlider" />
      <LiveWinnersTicker />
      {subCategories.isPending ? (
        Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => <GameRowSkeleton key={index} />)
      ) : (
        <>
          {featured[0] ? <GameRow subCategory={featured[0]} priorityTiles={FIRST_SCREEN_TILES} /> : null}
          {featured.slice(1).map((subCategory) => (
            <RowNearScreen key={subCategory.masterGameSubCategoryId} subCategory={subCategory} />
          ))}
        </>
      )}
      <ReferAFriendBanner />
    </div>
  );
}

/** A lobby row after the first: its placeholder until it comes near the screen, then the row for good. */
function RowNearScreen({ subCategory }: { subCategory: SubCategory }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return near ? <GameRow subCategory={subCategory} /> : <GameRowSkeleton ref={ref} />;
}
