import type { SubCategory } from '@casino/contracts/games';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from './components/icons';
import { GameTile } from './game-tile';
import { gamePaths } from './paths';

/**
 * A featured sub-category row of the lobby (seed 000 section 2): its icon, name and a View All link
 * to its category page, then its first games in a row that scrolls sideways (swipe, wheel, or the
 * arrow buttons).
 */
export function GameRow({ subCategory }: { subCategory: SubCategory }) {
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
      <ul ref={scroller} className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-2 scrollbar-thin">
        {subCategory.subCategoryGames.map((game) => (
          <li key={game.masterCasinoGameId} className="w-[42%] shrink-0 snap-start sm:w-40 lg:w-44">
            <GameTile game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}
