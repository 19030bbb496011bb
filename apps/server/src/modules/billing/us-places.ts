import type { CityListItem, StateListItem } from '@casino/contracts/billing';
import type * as CountryData from '@countrystatecity/countries';

/**
 * US states and cities from @countrystatecity/countries (the countries-states-cities database,
 * ODbL): loaded lazily, per state, on the server only, and kept once loaded. The 50 states and
 * the District of Columbia; territories and military regions are left out.
 */
type Dataset = typeof CountryData;

let dataset: Promise<Dataset> | undefined;
let states: Promise<(StateListItem & { iso2: string })[]> | undefined;
const cities = new Map<string, Promise<CityListItem[]>>();

function load(): Promise<Dataset> {
  dataset ??= import('@countrystatecity/countries');
  return dataset;
}

export function usStates(): Promise<(StateListItem & { iso2: string })[]> {
  states ??= load().then(async ({ getStatesOfCountry }) =>
    (await getStatesOfCountry('US'))
      .filter((state) => state.type === 'state' || state.type === 'district')
      .map((state) => ({ state_id: state.id, name: state.name, stateCode: state.iso2, iso2: state.iso2 }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  return states;
}

/** The cities of a state by its state_id; null for an unknown state. */
export async function usCities(stateId: number): Promise<CityListItem[] | null> {
  const state = (await usStates()).find((item) => item.state_id === stateId);
  if (!state) return null;
  let list = cities.get(state.iso2);
  if (!list) {
    list = load().then(async ({ getCitiesOfState }) =>
      (await getCitiesOfState('US', state.iso2))
        .map((city) => ({ city_id: city.id, name: city.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    cities.set(state.iso2, list);
  }
  return list;
}
