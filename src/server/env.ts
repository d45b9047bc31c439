import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Interface to bind. Defaults to loopback; demo mode always binds loopback. */
  HOST: z.string().min(1).optional(),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Folder of the database backups (ADR 025); defaults to DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  /** 1 seeds the demo tournament even on DATABASE_URL; 0 never seeds (an empty embedded site). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Size of the seeded demo: 'demo' (56 players) or 'event' (352 players, for trying the site at scale). */
  DEMO_SCALE: z.enum(['demo', 'event']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Number of proxy hops in front of the server whose X-Forwarded-For can be trusted. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** The longest a SIGTERM shutdown waits for running requests before cutting them off (ADR 016). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The site's public origin, e.g. https://chess.example.org. Mail links use it; defaults to the local address. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs sessions. Required with DATABASE_URL; the embedded default keeps one in DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** e.g. smtp://user:password@smtp.example.org:587. Without it mails go to the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('School chess tournament <no-reply@localhost>'),
  /** Stripe secret key (sk_live_… / sk_test_…). With STRIPE_WEBHOOK_SECRET it selects Stripe Checkout. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_/,
      'STRIPE_SECRET_KEY must start with sk_live_, sk_test_, rk_live_ or rk_test_',
    )
    .optional(),
  /** Signing secret of the webhook endpoint /api/payments/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  /**
   * 1 lets a production server run the built-in offline test checkout, where anyone can "pay" without money
   * moving (a dress rehearsal). Without it, production needs the Stripe keys.
   */
  ALLOW_OFFLINE_PAYMENTS: z.enum(['0', '1']).default('0'),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses configuration from the environment; a bad value stops start-up with a message naming it. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if ((result.data.STRIPE_SECRET_KEY === undefined) !== (result.data.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe, or neither for the offline test provider',
    );
  }
  if (
    result.data.NODE_ENV === 'production' &&
    result.data.STRIPE_SECRET_KEY === undefined &&
    result.data.ALLOW_OFFLINE_PAYMENTS !== '1'
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  In production, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_OFFLINE_PAYMENTS=1 to run the offline test checkout on purpose',
    );
  }
  return result.data;
}
