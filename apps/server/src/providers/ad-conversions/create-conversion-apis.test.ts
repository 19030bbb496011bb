import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createConversionApis } from './create-conversion-apis.js';

const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'x'.repeat(40),
  DATA_DIR: 'memory://',
};
const META = { META_PIXEL_ID: '1234567890', META_CAPI_ACCESS_TOKEN: 'EAAG-meta-token' };
const REDDIT = { REDDIT_PIXEL_ID: 'a2_abc123', REDDIT_CONVERSION_ACCESS_TOKEN: 'reddit-conversion-token' };
const kinds = (env: Record<string, string>) => createConversionApis(loadConfig(env)).map((api) => `${api.provider}:${api.kind}`);

describe('the ad conversion APIs chosen by configuration', () => {
  it('are Meta’s and Reddit’s own APIs when their pixel and token are set, in production too', () => {
    expect(kinds({ DATA_DIR: 'memory://', ...META, ...REDDIT })).toEqual(['meta:meta', 'reddit:reddit']);
    expect(kinds({ ...PRODUCTION, ...META, ...REDDIT })).toEqual(['meta:meta', 'reddit:reddit']);
  });

  it('are the sandboxes for the others, and none of those in production unless ALLOW_SANDBOX', () => {
    expect(kinds({ DATA_DIR: 'memory://' })).toEqual(['meta:sandbox', 'reddit:sandbox']);
    expect(kinds({ DATA_DIR: 'memory://', ...REDDIT })).toEqual(['meta:sandbox', 'reddit:reddit']);
    expect(kinds(PRODUCTION)).toEqual([]);
    expect(kinds({ ...PRODUCTION, ...META })).toEqual(['meta:meta']);
    expect(kinds({ ...PRODUCTION, ...META, ALLOW_SANDBOX: 'true' })).toEqual(['meta:meta', 'reddit:sandbox']);
  });

  it('refuses to start with a pixel and no token, or a token and no pixel', () => {
    expect(() => loadConfig({ ...PRODUCTION, META_PIXEL_ID: META.META_PIXEL_ID })).toThrowError(
      'META_CAPI_ACCESS_TOKEN: is required with META_PIXEL_ID',
    );
    expect(() => loadConfig({ ...PRODUCTION, REDDIT_CONVERSION_ACCESS_TOKEN: REDDIT.REDDIT_CONVERSION_ACCESS_TOKEN })).toThrowError(
      'REDDIT_PIXEL_ID: is required with REDDIT_CONVERSION_ACCESS_TOKEN',
    );
    expect(() => loadConfig({ ...PRODUCTION, ...META, META_GRAPH_API_VERSION: '25' })).toThrowError(
      'META_GRAPH_API_VERSION: must be a Graph API version',
    );
  });
});
