import { createRequire } from 'node:module';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Which US state a point lies in, from the Census Bureau's state boundaries as published by the
 * us-atlas package (TopoJSON, 1:10,000,000), loaded once. us-atlas names states by FIPS code;
 * the gate and the site config speak postal codes.
 */
// prettier-ignore
const FIPS_TO_POSTAL: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP',
  '72': 'PR', '78': 'VI',
};

interface StateShape {
  code: string;
  shape: Feature<Polygon | MultiPolygon>;
  /** [west, south, east, north]: most points are rejected by the box before the polygon test. */
  box: [number, number, number, number];
}

let shapes: StateShape[] | undefined;

function boxOf(geometry: Polygon | MultiPolygon): [number, number, number, number] {
  const rings: Position[][] = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [x = 0, y = 0] of ring) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}

function loadShapes(): StateShape[] {
  if (shapes) return shapes;
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.states);
  shapes = collection.features.flatMap((state) => {
    const code = FIPS_TO_POSTAL[String(state.id)];
    const geometry = state.geometry as Polygon | MultiPolygon | null;
    if (!code || !geometry) return [];
    return [{ code, shape: { ...state, geometry }, box: boxOf(geometry) }];
  });
  return shapes;
}

/** The postal code of the US state (or DC, or territory) at this point, or null outside them. */
export function usStateAt(latitude: number, longitude: number): string | null {
  const point: [number, number] = [longitude, latitude];
  for (const { code, shape, box } of loadShapes()) {
    if (longitude < box[0] || longitude > box[2] || latitude < box[1] || latitude > box[3]) continue;
    if (booleanPointInPolygon(point, shape)) return code;
  }
  return null;
}
