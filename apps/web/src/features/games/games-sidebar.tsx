import { ALL_GAMES } from '@casino/contracts/game-constants';
import { PROVIDER_FILTER_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@casino/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { providersQuery, subCategoriesQuery } from './api/game-lists';
import { GameSearchField } from './components/game-search-field';
import { ClockIcon, GridIcon, HeartIcon, TicketIcon } from './components/icons';
import { gamePaths } from './paths';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The games part of the signed-in sidebar (seed 000 section 2 'Layout'): the keyword search
 * (debounced), Favorite Games, Recently Played, the scratchers section, All Games with a provider
 * filter, and the sub-category list. The layout passes its link component, so these entries look
 * like the rest of the sidebar.
 */
export type SidebarLinkComponent = ComponentType<{ to: string; label: string; icon: ReactNode; onNavigate?: () => void }>;

const SCRATCHERS = 'Scratchers';

/** Typing searches every game after a 300 ms pause, on the All Games page. */
export function GameSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Nothing typed yet: stay where the player is.
    if (!started.current) return;
    void navigate(settled ? `${gamePaths.allGames()}?search=${encodeURIComponent(settled)}` : gamePaths.allGames());
  }, [settled, navigate]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onNavigate?.();
      }}
    >
      <GameSearchField
        value={keyword}
        onChange={(value) => {
          started.current = true;
          setKeyword(value);
        }}
      />
    </form>
  );
}

export function GamesSidebarLinks({ NavLink, onNavigate }: { NavLink: SidebarLinkComponent; onNavigate?: () => void }) {
  const subCategories = useQuery(subCategoriesQuery());
  const scratchers = subCategories.data?.rows.find((row) => row.name.EN === SCRATCHERS);
  return (
    <>
      <NavLink to={gamePaths.favourite} label="Favorite Games" icon={<HeartIcon />} onNavigate={onNavigate} />
      <NavLink to={gamePaths.recentlyPlayed} label="Recently Played" icon={<ClockIcon />} onNavigate={onNavigate} />
      {scratchers ? (
        <section aria-label="Scratchers" className="mt-2 flex flex-col gap-1 border-t border-night-700/70 pt-2">
          <NavLink to={gamePaths.category(scratchers.name.EN)} label={scratchers.name.EN} icon={<TicketIcon />} onNavigate={onNavigate} />
        </section>
      ) : null}
      <section aria-label={ALL_GAMES} className="mt-2 flex flex-col gap-1 border-t border-night-700/70 pt-2">
        <NavLink to={gamePaths.allGames()} label={ALL_GAMES} icon={<GridIcon />} onNavigate={onNavigate} />
        <ProviderFilter onNavigate={onNavigate} />
      </section>
      {subCategories.data ? (
        <section aria-label="Categories" className="mt-2 flex flex-col gap-1 border-t border-night-700/70 pt-2">
          {subCategories.data.rows
            .filter((row) => row.name.EN !== SCRATCHERS)
            .map((row) => (
              <NavLink
                key={row.masterGameSubCategoryId}
                to={gamePaths.category(row.name.EN)}
                label={row.name.EN}
                icon={<img src={row.imageUrl} alt="" className="h-5 w-5 rounded-md" />}
                onNavigate={onNavigate}
              />
            ))}
        </section>
      ) : null}
    </>
  );
}

/** All Games by one provider: the choice applies after 300 ms (seed 000 section 9). */
function ProviderFilter({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const providers = useQuery(providersQuery());
  const { search } = useLocation();
  const current = new URLSearchParams(search).get('providerId') ?? '';
  // The choice waiting for its delay; afterwards the address is the truth.
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (value: string) => {
    setPending(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPending(null);
      void navigate(value ? `${gamePaths.allGames()}?providerId=${value}` : gamePaths.allGames());
      onNavigate?.();
    }, PROVIDER_FILTER_DELAY_MS);
  };

  return (
    <label className="flex items-center gap-2 px-3 py-1 text-xs text-ink-faint">
      <span className="shrink-0">Provider</span>
      <select
        value={pending ?? current}
        onChange={(event) => choose(event.target.value)}
        className="h-8 min-w-0 flex-1 cursor-pointer rounded-lg border border-night-600 bg-night-850 px-2 text-xs text-ink focus:border-gold-400 focus:outline-none"
      >
        <option value="">All providers</option>
        {(providers.data ?? []).map((provider) => (
          <option key={provider.masterCasinoProviderId} value={provider.masterCasinoProviderId}>
            {provider.name}
          </option>
        ))}
      </select>
    </label>
  );
}
