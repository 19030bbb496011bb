/** The ads feature's public entry: conversions reported to the ad networks. */
export { reportConversion } from './conversions';
