/** The geolocation feature's public entry: the location checks other features ask for. */
export { beforeGameLaunch, onLocationRefused, requestLocationCheck } from './location-check';
