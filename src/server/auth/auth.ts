import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ACCESS_MESSAGES } from '../../contracts/common';
import type { Db } from '../db/client';
import { userStatus } from '../db/schema/accounts';
import * as authSchema from '../db/schema/auth';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail, signInCodeMail } from '../mail/templates';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy';
import { revokeTrustedDevices } from './trusted-devices';

/** The browser's device fingerprint (8 hex characters, docs/requirements.md §9), shown in the code mail; informational only. */
export const DEVICE_FINGERPRINT_HEADER = 'x-device-fingerprint';

/** The header the server sets, from Fastify's own resolution of the client address, for better-auth's limits. */
export const CLIENT_IP_HEADER = 'x-chess-client-ip';

/** A session lasts 7 days from its last use (sliding, renewed at most daily)… */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
/** …but never longer than 30 days from sign-in, however often it is used (T08): then the user signs in again. */
export const SESSION_ABSOLUTE_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Set while better-auth handles a sign-in. Signing in never stores a password, yet for an unknown address
 * better-auth hashes the typed one (so both answers take as long): that hash must not refuse a common
 * password, or the different answer would tell which addresses have accounts (docs/security.md T07).
 */
const signingIn = new AsyncLocalStorage<true>();
export const whileSigningIn = <T>(handle: () => Promise<T>): Promise<T> => signingIn.run(true, handle);

export interface AuthConfig {
  db: Db;
  /** The site's public origin, e.g. https://chess.example.org; links in mails use it, never the Host header. */
  baseURL: string;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  isProduction: boolean;
  /** better-auth limits by IP on its own routes; off only where a test needs many sign-ins in a row. */
  rateLimit?: boolean;
  /** Checks a password against its hash; better-auth's scrypt check unless a test counts the checks. */
  verifyPassword?: typeof verifyPassword;
  /** Hashes a password; better-auth's scrypt unless the end-to-end server reuses one hash per password. */
  hashPassword?: typeof hashPassword;
}

export function createAuth(config: AuthConfig) {
  return betterAuth({
    appName: 'School chess tournament',
    baseURL: config.baseURL,
    secret: config.secret,
    trustedOrigins: [config.baseURL],
    database: drizzleAdapter(config.db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same whether or not the address is taken (no account enumeration, T07): the
      // new account signs in as a separate step.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // Every way of setting a password (sign-up, reset, change, invitations, accounts made by staff) hashes it
      // here, so this is the one place that refuses common passwords.
      password: {
        hash: async (password) => {
          if (!signingIn.getStore() && isCommonPassword(password))
            throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE });
          return (config.hashPassword ?? hashPassword)(password);
        },
        verify: config.verifyPassword ?? verifyPassword,
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await config.mailer.send(passwordResetMail({ to: user.email, name: user.name, url }));
      },
      // A reset signs out every device and forgets trusted ones (T10, T14).
      onPasswordReset: async ({ user }) => revokeTrustedDevices(config.db, user.id),
    },
    databaseHooks: {
      session: {
        create: {
          // A frozen account gets no new session (T09); existing ones were revoked when it was frozen.
          before: async (session) => {
            const [status] = await config.db
              .select({ isFrozen: userStatus.isFrozen })
              .from(userStatus)
              .where(eq(userStatus.userId, session.userId));
            if (status?.isFrozen) throw new APIError('FORBIDDEN', { message: ACCESS_MESSAGES.frozen });
          },
        },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a frozen or signed-out session must stop working at the next request (T09).
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.rateLimit ?? true,
      storage: 'database',
      window: 60,
      max: 100,
      // A whole school shares one address: reading the session must never be limited (T04). Signing in is
      // limited per address by auth.routes.ts instead, with the same rule, so that a refused request is
      // refused before the account's attempt is reserved and never counts as a wrong password (ADR 015).
      customRules: { '/get-session': false, '/sign-in/email': false },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      // The device check (docs/requirements.md §4, T13, T14): with two-factor on and an untrusted device, signing in gives no
      // session until the 6-digit code mailed to the user is verified.
      twoFactor({
        issuer: 'School chess tournament',
        otpOptions: {
          period: 10,
          digits: 6,
          allowedAttempts: 5,
          storeOTP: 'hashed',
          sendOTP: async ({ user, otp }, ctx) => {
            const fingerprint = ctx?.request?.headers.get(DEVICE_FINGERPRINT_HEADER) ?? '';
            await config.mailer.send(
              signInCodeMail({
                to: user.email,
                name: user.name,
                code: otp,
                device: /^[0-9a-f]{8}$/.test(fingerprint) ? fingerprint : null,
              }),
            );
          },
        },
        trustDeviceMaxAge: 30 * 24 * 60 * 60,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
    ],
    logger: {
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        config.logger[method]({ component: 'auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
