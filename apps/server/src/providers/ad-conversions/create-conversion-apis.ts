import type { Config } from '../../config.js';
import { createSandboxConversionApi, type ConversionApi } from './conversion-api.js';
import { createMetaConversions } from './meta-conversions.js';
import { createRedditConversions } from './reddit-conversions.js';

/**
 * The ad platforms' conversion APIs, one per provider: Meta's or Reddit's own API when its pixel
 * and token are set (config.ts checks each set is whole), the sandbox otherwise. Production never
 * uses a sandbox unless ALLOW_SANDBOX says this is a staging site: a provider without its API
 * records no event (docs/ARCHITECTURE.md 'Vendors behind adapters').
 */
export function createConversionApis(config: Config): ConversionApi[] {
  const sandboxAllowed = !config.isProduction || config.ALLOW_SANDBOX;
  const apis: ConversionApi[] = [];
  if (config.META_PIXEL_ID && config.META_CAPI_ACCESS_TOKEN) {
    apis.push(
      createMetaConversions({
        pixelId: config.META_PIXEL_ID,
        accessToken: config.META_CAPI_ACCESS_TOKEN,
        apiVersion: config.META_GRAPH_API_VERSION,
      }),
    );
  } else if (sandboxAllowed) {
    apis.push(createSandboxConversionApi('meta'));
  }
  if (config.REDDIT_PIXEL_ID && config.REDDIT_CONVERSION_ACCESS_TOKEN) {
    apis.push(createRedditConversions({ pixelId: config.REDDIT_PIXEL_ID, accessToken: config.REDDIT_CONVERSION_ACCESS_TOKEN }));
  } else if (sandboxAllowed) {
    apis.push(createSandboxConversionApi('reddit'));
  }
  return apis;
}
