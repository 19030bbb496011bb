import type { SubCategory } from '@casino/contracts/games';
import { useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { ChevronIcon } from './components/icons';
import { GameTile, GameTileSkeleton } from './game-tile';
import { gamePaths } from './paths';

/** The row's strip and its tiles' widths, shared by the row and its placeholder. */
const stripClass = '-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-2 scrollbar-thin';
const tileClass = 'w-[42%] shrink-0 snap-start sm:w-40 lg:w-44';
/**
 * Placeholder tiles: more than a wide screen (up to 1600 px) shows in a row, each shown only at
 * the widths that can show it (3 on a phone, whose tiles are 42% wide; 6 from 640 px; all from
 * 1024 px). A hidden one costs the browser no layout, and the lobby renders a placeholder for
 * every row below its first screen.
 */
const PLACEHOLDER_TILE_VISIBILITY = [
  '',
  '',
  '',
  'hidden sm:block',
  'hidden sm:block',
  'hidden sm:block',
  'hidden lg:block',
  'hidden lg:block',
  'hidden lg:block',
  'hidden lg:block',
];

/**
 * A featured sub-category row of the lobby (seed 000 section 2): its icon, name and a View All link
 * to its category page, then its first games in a row that scrolls sideways (swipe, wheel, or the
 * arrow buttons). Art loads as tiles come near the screen, except the first `priorityTiles`
 * tiles', which load at once and before other images (the lobby's first row: on a phone they are
 * the largest paint).
 */
export function GameRow({ subCategory, priorityTiles = 0 }: { subCategory: SubCategory; priorityTiles?: number }) {
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const node = scroller.current;
    if (node) node.scrollBy({ left: direction * node.clientWidth * 0.8, behavior: 'smooth' });
  };
  const name = subCategory.name.EN;
  const headingId = `row-${subCategory.masterGameSubCategoryId}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <img src={subCategory.imageUrl} alt="" className="h-8 w-8 rounded-lg" width={32} height={32} />
        <h2 id={headingId} className="font-display text-lg font-black tracking-wide uppercase sm:text-xl">
          {name}
        </h2>
        <Link to={gamePaths.category(name)} className="ml-auto text-sm font-bold text-gold-300 hover:text-gold-400">
          View All <span className="text-ink-faint">({subCategory.gamesCount})</span>
        </Link>
        <div className="hidden gap-1 sm:flex">
          <button
            type="button"
            aria-label={`Scroll ${name} left`}
            onClick={() => scroll(-1)}
            className="flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg border border-night-600 bg-night-800 text-ink-muted hover:text-ink"
          >
            <ChevronIcon direction="left" className="h-4 w-4" />
          </button>
          <button
            type="button"
            aria-label={`Scroll ${name} right`}
            onClick={() => scroll(1)}
            className="flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg border border-night-600 bg-night-800 text-ink-muted hover:text-ink"
          >
            <ChevronIcon direction="right" className="h-4 w-4" />
          </button>
        </div>
      </div>
      <ul ref={scroller} className={stripClass}>
        {subCategory.subCategoryGames.map((game, index) => (
          <li key={game.masterCasinoGameId} className={tileClass}>
            <GameTile game={game} loading={index < priorityTiles ? 'priority' : 'lazy'} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A row's placeholder while the lobby's rows load: the heading's height and the same strip of
 * tile placeholders, more than a wide screen shows, so it scrolls (and has its scroll bar) like
 * a full row.
 */
export function GameRowSkeleton({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="flex flex-col gap-3" aria-hidden="true" data-testid="game-row-placeholder">
      <div className="flex h-8 items-center gap-3">
        <Skeleton className="h-8 w-8 rounded-lg" />
        <Skeleton className="h-5 w-40" />
      </div>
      <ul className={stripClass}>
        {PLACEHOLDER_TILE_VISIBILITY.map((visibility, index) => (
          <li key={index} className={cn(tileClass, visibility)}>
            <GameTileSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
