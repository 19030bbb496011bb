import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at start. A bad value stops the
 * start with a message naming the variable (issue 2, point 3). The README's configuration table
 * mirrors this schema.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const durationSeconds = z.coerce
  .number({ error: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .positive('must be more than 0');

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
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_TIMEOUT_SECONDS: durationSeconds.default(60 * 60 * 24 * 3),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: durationSeconds.default(60 * 60 * 24 * 30),
  EMAIL_VERIFICATION_TTL_SECONDS: durationSeconds.default(60 * 60 * 24),
  PASSWORD_RESET_TTL_SECONDS: durationSeconds.default(60 * 60),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lucky Crown Casino <no-reply@luckycrown.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).default('sandbox-google-client-id'),
  GOOGLE_SIGN_IN: z.enum(['sandbox', 'google']).default('sandbox'),
  GAME_SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_SANDBOX: booleanFlag.default(false),
  /** HMAC secret of the card processor's webhooks (issue 11); a development secret outside production. */
  FINIX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
  isProduction: boolean;
  gameServerSecret: string;
  finixWebhookSecret: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  if (isProduction && !config.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: is required when APP_ENV=production');
  }
  return {
    ...config,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: path.resolve(config.WEB_DIST_DIR ?? defaultWebDistDir ?? 'apps/web/dist'),
    isProduction,
    // Outside production a fixed development secret keeps launch tokens valid across restarts.
    gameServerSecret: config.GAME_SERVER_SECRET ?? 'development-only-game-server-secret-0123456789',
    finixWebhookSecret: config.FINIX_WEBHOOK_SECRET ?? 'development-only-finix-webhook-secret-0123456789',
  };
}
