import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MIN_REDEEMABLE_COINS, PAYOUT_MAXIMUM } from '@casino/contracts/redeem';

/**
 * Every environment variable the server reads, validated once at start. A bad value stops the
 * start with a message naming the variable. docs/configuration.md's table mirrors this schema
 * (config-docs.test.ts).
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const durationSeconds = z.coerce
  .number({ error: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .positive('must be more than 0');

/**
 * Which proxies in front of the server may name the client's address in X-Forwarded-For:
 * none by default, so a client cannot forge its address; a number of hops
 * (the load balancers in front), or a list of proxy addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): number | string[] | false => {
    if (value === 'none' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      const [address, bits, ...rest] = entry.split('/');
      if (rest.length > 0 || !address || !isIP(address)) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
    });
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: 'must be none, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Connections one server process keeps to PostgreSQL for requests (its job runner keeps 4 more):
   * every process's pool and jobs must fit in the database's max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /**
   * In production, start even when DATABASE_URL's role is a superuser, owns the tables or may
   * create schemas or roles (db/database-role-guard.ts), with a warning in the log.
   */
  ALLOW_PRIVILEGED_DATABASE_ROLE: booleanFlag.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * The Prometheus endpoint (observability/metrics-endpoint.ts): on a port of its own, or at
   * /metrics on the server's port for a scraper that sends this token as a bearer token.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_TIMEOUT_SECONDS: durationSeconds.default(60 * 60 * 24 * 3),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: durationSeconds.default(60 * 60 * 24 * 30),
  EMAIL_VERIFICATION_TTL_SECONDS: durationSeconds.default(60 * 60 * 24),
  PASSWORD_RESET_TTL_SECONDS: durationSeconds.default(60 * 60),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  TRUST_PROXY: trustProxy.default(false),
  API_DOCS: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lucky Crown Casino <no-reply@luckycrown.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).default('sandbox-google-client-id'),
  GOOGLE_SIGN_IN: z.enum(['sandbox', 'google']).default('sandbox'),
  GAME_SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_SANDBOX: booleanFlag.default(false),
  SEED_DEMO: booleanFlag.optional(),
  /** HMAC secret of the card processor's webhooks; generated into DATA_DIR when unset. */
  FINIX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Finix's API (providers/payments/finix-client.ts): the four together, or none (the sandbox). */
  FINIX_API_USERNAME: z.string().trim().min(1).optional(),
  FINIX_API_PASSWORD: z.string().min(1).optional(),
  FINIX_MERCHANT_ID: z.string().trim().min(1).optional(),
  FINIX_APPLICATION_ID: z.string().trim().min(1).optional(),
  FINIX_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** 3-D Secure on Finix's card purchases: off, a session for every card (always), or authenticated buyers only (required). */
  FINIX_THREE_D_SECURE: z.enum(['off', 'always', 'required']).default('off'),
  WEB_DIST_DIR: z.string().optional(),
  /** Redemption: seconds a request stays pending (cancellable) before the payout job sends it. */
  REDEEM_REVIEW_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(0)
    .default(24 * 60 * 60),
  /** The smallest redemption, SC (minRedeemableCoins; the seed's 51 by default). */
  REDEEM_MIN_COINS: z.coerce.number({ error: 'must be a number of coins' }).int().positive().default(DEFAULT_MIN_REDEEMABLE_COINS),
  /** The largest single redemption, SC (maxRedeemableCoins; never above the payout maximum 100000). */
  REDEEM_MAX_COINS: z.coerce.number({ error: 'must be a number of coins' }).int().positive().max(PAYOUT_MAXIMUM).default(10_000),
  /** What one player may redeem per UTC day, SC. */
  REDEEM_DAILY_CAP_COINS: z.coerce.number({ error: 'must be a number of coins' }).int().positive().default(20_000),
  /**
   * Referral rewards paid to one referrer per UTC day; the rest are held for an operator's review
   * (docs/decisions/056). A rule of money like the redemption cap, so a setting of the server's,
   * not of the site configuration, which players can read.
   */
  REFERRAL_DAILY_REWARD_CAP: z.coerce.number({ error: 'must be a whole number of rewards' }).int().min(0).max(1_000).default(5),
  /** HMAC secret of the payout provider's webhooks; generated into DATA_DIR when unset. */
  PAYNOTE_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Paysafe's Payments API (the hosted checkout): the private key's user name and password, server to server. */
  PAYSAFE_API_KEY_USERNAME: z.string().trim().min(1).optional(),
  PAYSAFE_API_KEY_PASSWORD: z.string().trim().min(1).optional(),
  /** Paysafe's public key, `user name:password`: Paysafe Checkout uses it in the player's browser. */
  PAYSAFE_PUBLIC_API_KEY: z
    .string()
    .trim()
    .regex(/^[^:\s]+:\S+$/, 'must be the public key as user name:password')
    .optional(),
  /** The HMAC key of Paysafe's webhooks, base64 as the Business Portal shows it. */
  PAYSAFE_WEBHOOK_HMAC_KEY: z
    .base64('must be base64, as the Business Portal shows it')
    .min(16, 'must be at least 16 characters')
    .optional(),
  /** Paysafe's environment; LIVE in production and TEST elsewhere by default. */
  PAYSAFE_ENVIRONMENT: z.enum(['TEST', 'LIVE']).optional(),
  /** HMAC secret of the KYC vendor's webhooks; generated into DATA_DIR when unset. */
  KYC_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The real vendors (docs/ARCHITECTURE.md 'Vendors behind adapters'): each one is used when its
   * set is complete and the sandbox otherwise; a half-set one stops the start (vendorSetProblems).
   * SMS by Twilio: the account, its auth token or an API key, and a sender or messaging service.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TWILIO_API_KEY_SID: z
    .string()
    .regex(/^SK[0-9a-fA-F]{32}$/, 'must be an API key SID: SK and 32 hex digits')
    .optional(),
  TWILIO_API_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a messaging service SID: MG and 32 hex digits')
    .optional(),
  /** Identity verification by Persona (docs/decisions/063-kyc-vendor.md). */
  PERSONA_API_KEY: z.string().min(1).optional(),
  PERSONA_INQUIRY_TEMPLATE_ID: z
    .string()
    .regex(/^(itmpl|itmplv|tmpl)_[A-Za-z0-9]+$/, 'must be an inquiry template id: itmpl_…, itmplv_… or tmpl_…')
    .optional(),
  PERSONA_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Ad conversions: Meta's Conversions API (a pixel and its access token) and Reddit's. */
  META_PIXEL_ID: z.string().regex(/^\d+$/, 'must be the numeric pixel (data set) id').optional(),
  META_CAPI_ACCESS_TOKEN: z.string().min(1).optional(),
  META_GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v25.0')
    .default('v25.0'),
  REDDIT_PIXEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'must be the pixel id, e.g. a2_…')
    .optional(),
  REDDIT_CONVERSION_ACCESS_TOKEN: z.string().min(1).optional(),
  PROFILE_IMAGE_MAX_BYTES: z.coerce.number().int().min(10_000).max(20_000_000).default(5_000_000),
  /** The location gate: enforce blocks play without a passing check; monitor only records. */
  GEOLOCATION: z.enum(['enforce', 'monitor']).optional(),
  /** Seconds between the client's INTERVAL location checks; a passing result counts this long (plus a grace). */
  GEOLOCATION_INTERVAL_SECONDS: durationSeconds.default(15 * 60),
  /** Operator sessions of the back office: much shorter than a player's. */
  ADMIN_SESSION_IDLE_TIMEOUT_SECONDS: durationSeconds.default(30 * 60),
  ADMIN_SESSION_ABSOLUTE_TIMEOUT_SECONDS: durationSeconds.default(8 * 60 * 60),
  /** Key that seals operators' TOTP secrets in the database; generated into DATA_DIR when unset. */
  OPERATOR_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key that seals players' personal numbers (social security numbers) in the database; generated into DATA_DIR when unset. */
  PERSONAL_DATA_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** Every variable the server reads (docs/configuration.md lists each one). */
export const configVariableNames = Object.keys(configSchema.shape);

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
  isProduction: boolean;
  gameServerSecret: string;
  /** Write the demo content (db/seed.ts): SEED_DEMO, by default everywhere but production. */
  seedDemo: boolean;
  /** Whether /api/docs and its JSON are served: outside production, or when API_DOCS says so. */
  apiDocs: boolean;
  finixWebhookSecret: string;
  /** Finix's API credentials when FINIX_API_* are set, else null (the sandbox processor). */
  finix: FinixSettings | null;
  paynoteWebhookSecret: string;
  kycWebhookSecret: string;
  /** OPERATOR_TOTP_KEY, or the one kept in DATA_DIR. */
  operatorTotpKey: string;
  /** PERSONAL_DATA_KEY, or the one kept in DATA_DIR. */
  personalDataKey: string;
  /** GEOLOCATION, by default enforce in production and monitor elsewhere. */
  geolocationMode: 'enforce' | 'monitor';
};

export interface FinixSettings {
  username: string;
  password: string;
  merchantId: string;
  applicationId: string;
  environment: 'sandbox' | 'live';
  /**
   * 3-D Secure before a card purchase (FINIX_THREE_D_SECURE): 'off'; 'always', a session for every
   * card, charged once it has SUCCEEDED; 'required', charged only when the issuer authenticated the
   * buyer.
   */
  threeDSecure: 'off' | 'always' | 'required';
}

const FINIX_CREDENTIALS = ['FINIX_API_USERNAME', 'FINIX_API_PASSWORD', 'FINIX_MERCHANT_ID', 'FINIX_APPLICATION_ID'] as const;

/** Finix's settings, all or none; with them the webhook secret (Finix's signing key) and, in production, the live API. */
function finixSettings(config: z.infer<typeof configSchema>, isProduction: boolean): FinixSettings | null {
  const missing = FINIX_CREDENTIALS.filter((name) => config[name] === undefined);
  if (missing.length === FINIX_CREDENTIALS.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required with the other FINIX_API_* variables (Finix needs all four)`,
    );
  }
  if (!config.FINIX_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  FINIX_WEBHOOK_SECRET: required with Finix's credentials (the webhook's secret_signing_key)",
    );
  }
  if (isProduction && !config.ALLOW_SANDBOX && config.FINIX_ENVIRONMENT !== 'live') {
    throw new ConfigError('Invalid configuration:\n  FINIX_ENVIRONMENT: must be live when APP_ENV=production (unless ALLOW_SANDBOX=true)');
  }
  // Finix returns the buyer from its 3-D Secure page to an HTTPS address of ours.
  if (config.FINIX_THREE_D_SECURE !== 'off' && !config.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError('Invalid configuration:\n  FINIX_THREE_D_SECURE: needs an https:// PUBLIC_URL (Finix returns the buyer there)');
  }
  return {
    username: config.FINIX_API_USERNAME!,
    password: config.FINIX_API_PASSWORD!,
    merchantId: config.FINIX_MERCHANT_ID!,
    applicationId: config.FINIX_APPLICATION_ID!,
    environment: config.FINIX_ENVIRONMENT,
    threeDSecure: config.FINIX_THREE_D_SECURE,
  };
}

const SECRET_FILE = 'game-server-secret';
const WEBHOOK_SECRET_FILE = 'finix-webhook-secret';
const PAYNOTE_SECRET_FILE = 'paynote-webhook-secret';
const KYC_WEBHOOK_SECRET_FILE = 'kyc-webhook-secret';
const OPERATOR_TOTP_KEY_FILE = 'operator-totp-key';
const PERSONAL_DATA_KEY_FILE = 'personal-data-key';

/**
 * No secret in the source: without GAME_SERVER_SECRET (or FINIX_WEBHOOK_SECRET)
 * a random one is made at first start and kept in the data folder (readable by the owner only), so
 * launch tokens and the sandbox processor's webhooks stay valid across restarts; an in-memory data
 * folder (tests) gets a new one per process.
 */
function generatedSecret(dataDir: string, fileName: string, variable: string): string {
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = path.join(path.resolve(dataDir), fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting together on one folder keep the first one's secret.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError(`Invalid configuration:\n  ${variable}: the file ${file} holds no usable secret`);
  return secret;
}

/**
 * A vendor's variables are all set or none: half a set would fall back to the sandbox (or to no
 * vendor in production) without saying so. Names only, never a value.
 */
function vendorSetProblems(config: z.infer<typeof configSchema>): string[] {
  const set = (name: keyof typeof config) => config[name] !== undefined;
  const problems: string[] = [];
  const twilio = [
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_API_KEY_SID',
    'TWILIO_API_KEY_SECRET',
    'TWILIO_FROM',
    'TWILIO_MESSAGING_SERVICE_SID',
  ] as const;
  if (twilio.some(set)) {
    if (!set('TWILIO_ACCOUNT_SID')) problems.push('TWILIO_ACCOUNT_SID: is required with the other TWILIO_ variables');
    const apiKey = set('TWILIO_API_KEY_SID') || set('TWILIO_API_KEY_SECRET');
    if (set('TWILIO_AUTH_TOKEN') === apiKey) {
      problems.push('TWILIO_AUTH_TOKEN: set it, or TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET, not both');
    } else if (apiKey && !(set('TWILIO_API_KEY_SID') && set('TWILIO_API_KEY_SECRET'))) {
      problems.push(
        set('TWILIO_API_KEY_SID')
          ? 'TWILIO_API_KEY_SECRET: is required with TWILIO_API_KEY_SID'
          : 'TWILIO_API_KEY_SID: is required with TWILIO_API_KEY_SECRET',
      );
    }
    if (!set('TWILIO_FROM') && !set('TWILIO_MESSAGING_SERVICE_SID'))
      problems.push('TWILIO_FROM: set it or TWILIO_MESSAGING_SERVICE_SID (the sender)');
  }
  const allOrNone = (names: readonly (keyof typeof config)[]) => {
    if (!names.some(set)) return;
    for (const name of names.filter((candidate) => !set(candidate)))
      problems.push(`${name}: is required with ${names.filter(set).join(', ')}`);
  };
  allOrNone(['PERSONA_API_KEY', 'PERSONA_INQUIRY_TEMPLATE_ID', 'PERSONA_WEBHOOK_SECRET']);
  allOrNone(['META_PIXEL_ID', 'META_CAPI_ACCESS_TOKEN']);
  allOrNone(['REDDIT_PIXEL_ID', 'REDDIT_CONVERSION_ACCESS_TOKEN']);
  return problems;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Paysafe's keys come together or not at all (the checkout needs the private key's user name and
 * password and the public key); a production site takes no TEST payments, which move no money,
 * unless ALLOW_SANDBOX says it is a staging site.
 */
function checkPaysafe(config: z.infer<typeof configSchema>, isProduction: boolean): void {
  const keys = ['PAYSAFE_API_KEY_USERNAME', 'PAYSAFE_API_KEY_PASSWORD', 'PAYSAFE_PUBLIC_API_KEY'] as const;
  const given = keys.filter((key) => config[key]);
  const missing = keys.filter((key) => !config[key]);
  if (given.length > 0 && missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((key) => `  ${key}: is required with ${given.join(' and ')}`).join('\n')}`,
    );
  }
  for (const key of ['PAYSAFE_WEBHOOK_HMAC_KEY', 'PAYSAFE_ENVIRONMENT'] as const) {
    if (given.length === 0 && config[key]) throw new ConfigError(`Invalid configuration:\n  ${key}: needs ${keys.join(', ')}`);
  }
  if (isProduction && given.length > 0 && config.PAYSAFE_ENVIRONMENT === 'TEST' && !config.ALLOW_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYSAFE_ENVIRONMENT: TEST moves no money; APP_ENV=production needs LIVE (or ALLOW_SANDBOX=true on a staging site)',
    );
  }
}

/** Parses `env` (process.env by default); throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultWebDistDir?: string): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const isProduction = config.APP_ENV === 'production';
  if (isProduction && !config.GAME_SERVER_SECRET) {
    throw new ConfigError('Invalid configuration:\n  GAME_SERVER_SECRET: is required when APP_ENV=production');
  }
  if (config.DATABASE_MIGRATION_URL && !config.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (the embedded database has one owner)');
  }
  if (isProduction && !config.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: is required when APP_ENV=production');
  }
  const vendorProblems = vendorSetProblems(config);
  if (vendorProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${vendorProblems.map((line) => `  ${line}`).join('\n')}`);
  // Production always blocks play without a passing location check.
  if (isProduction && config.GEOLOCATION === 'monitor') {
    throw new ConfigError('Invalid configuration:\n  GEOLOCATION: must be enforce when APP_ENV=production');
  }
  checkPaysafe(config, isProduction);
  const finix = finixSettings(config, isProduction);
  return {
    ...config,
    geolocationMode: config.GEOLOCATION ?? (isProduction ? 'enforce' : 'monitor'),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: path.resolve(config.WEB_DIST_DIR ?? defaultWebDistDir ?? 'apps/web/dist'),
    isProduction,
    gameServerSecret: config.GAME_SERVER_SECRET ?? generatedSecret(config.DATA_DIR, SECRET_FILE, 'GAME_SERVER_SECRET'),
    finixWebhookSecret: config.FINIX_WEBHOOK_SECRET ?? generatedSecret(config.DATA_DIR, WEBHOOK_SECRET_FILE, 'FINIX_WEBHOOK_SECRET'),
    finix,
    paynoteWebhookSecret: config.PAYNOTE_WEBHOOK_SECRET ?? generatedSecret(config.DATA_DIR, PAYNOTE_SECRET_FILE, 'PAYNOTE_WEBHOOK_SECRET'),
    kycWebhookSecret: config.KYC_WEBHOOK_SECRET ?? generatedSecret(config.DATA_DIR, KYC_WEBHOOK_SECRET_FILE, 'KYC_WEBHOOK_SECRET'),
    operatorTotpKey: config.OPERATOR_TOTP_KEY ?? generatedSecret(config.DATA_DIR, OPERATOR_TOTP_KEY_FILE, 'OPERATOR_TOTP_KEY'),
    personalDataKey: config.PERSONAL_DATA_KEY ?? generatedSecret(config.DATA_DIR, PERSONAL_DATA_KEY_FILE, 'PERSONAL_DATA_KEY'),
    // Demo games, banners and bonuses never appear in a real casino by accident.
    seedDemo: config.SEED_DEMO ?? !isProduction,
    apiDocs: config.API_DOCS ?? !isProduction,
  };
}
