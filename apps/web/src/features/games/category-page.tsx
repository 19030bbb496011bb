import { PROVIDER_FILTER_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@casino/contracts/constants';
import { ALL_GAMES, gameTexts } from '@casino/contracts/game-constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Select } from '../../components/ui/select';
import { gamesQuery, providersQuery, subCategoriesQuery } from './api/game-lists';
import { GameGrid, gameGridProps } from './components/game-grid';
import { GameSearchField } from './components/game-search-field';
import { useDebouncedValue } from './use-debounced-value';

/**
 * /games/category/{subCategoryName} (seed 000 section 2): the sub-category's games, or every game
 * under 'All Games'; 'Search...' (300 ms debounce) and a provider filter (300 ms) kept in the
 * address, so a search can be shared and survives a reload; Load More and infinite scroll.
 */
export function Component() {
  const { subCategoryName = ALL_GAMES } = useParams();
  const [params, setParams] = useSearchParams();
  const isAll = subCategoryName.toLowerCase() === ALL_GAMES.toLowerCase();

  const [search, setSearch] = useState(params.get('search') ?? '');
  const [providerId, setProviderId] = useState(params.get('providerId') ?? '');
  const typedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const settledSearch = typedSearch.trim();
  const settledProvider = useDebouncedValue(providerId, PROVIDER_FILTER_DELAY_MS);

  // The sidebar's search and provider filter navigate here with new parameters: take them over
  // (during render, React's pattern for state that follows a prop).
  const searchParam = params.get('search') ?? '';
  const providerParam = params.get('providerId') ?? '';
  const [seen, setSeen] = useState({ search: searchParam, providerId: providerParam });
  if (seen.search !== searchParam || seen.providerId !== providerParam) {
    setSeen({ search: searchParam, providerId: providerParam });
    if (seen.search !== searchParam) setSearch(searchParam);
    if (seen.providerId !== providerParam) setProviderId(providerParam);
  }

  // Only a settled change of the filters writes the address: a navigation that brings new
  // parameters (the sidebar's search) must not be overwritten by the values it replaces.
  const writeParams = useRef(setParams);
  writeParams.current = setParams;
  useEffect(() => {
    writeParams.current(
      (current) => {
        const next = new URLSearchParams(current);
        // What was typed goes to the address as typed, so syncing it back never edits the input.
        if (typedSearch.trim()) next.set('search', typedSearch);
        else next.delete('search');
        if (settledProvider) next.set('providerId', settledProvider);
        else next.delete('providerId');
        return next;
      },
      { replace: true },
    );
  }, [typedSearch, settledProvider]);

  const subCategories = useQuery(subCategoriesQuery());
  const providers = useQuery(providersQuery());
  const canonical = subCategories.data?.rows.find((row) => row.name.EN.toLowerCase() === subCategoryName.toLowerCase())?.name.EN;
  const title = isAll ? ALL_GAMES : (canonical ?? subCategoryName);

  const games = useInfiniteQuery(
    gamesQuery({
      subCategoryName: isAll ? undefined : subCategoryName,
      search: settledSearch || undefined,
      providerId: settledProvider ? Number(settledProvider) : undefined,
    }),
  );
  const grid = gameGridProps(games);
  const total = grid.total;
  const filtering = Boolean(settledSearch || settledProvider);

  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{title}</h1>
          {games.data ? <p className="text-sm text-ink-faint">{total === 1 ? '1 game' : `${total} games`}</p> : null}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <GameSearchField value={search} onChange={setSearch} className="sm:w-72" />
          <Select
            aria-label="Provider"
            className="sm:w-56"
            value={providerId}
            onChange={(event) => setProviderId(event.target.value)}
            placeholder="All providers"
            options={(providers.data ?? []).map((provider) => ({ value: String(provider.masterCasinoProviderId), label: provider.name }))}
          />
        </div>
      </header>
      <GameGrid {...grid} emptyTitle={filtering ? gameTexts.noResults : gameTexts.noGames} />
    </div>
  );
}
