import { ACCESS_MESSAGES as API_ACCESS_MESSAGES } from '../../../contracts/common';

/** docs/requirements.md §8 texts for signing in and access, verbatim: the server sends the same words with its refusals. */
export const AUTH_MESSAGES = {
  loggedIn: 'Logged in successfully',
  accountCreated: 'Account created successfully',
  loggedOut: 'You have been logged out',
  loginFailed: 'Failed to login',
  signupFailed: 'Failed to create account',
  logoutFailed: 'Failed to log out',
  /** The guard area's own wording (docs/requirements.md §8). */
  guardLogoutFailed: 'Failed to logout',
} as const;

/** The server's access refusals (one definition, in the contracts) and the client's own access texts. */
export const ACCESS_MESSAGES = {
  frozen: API_ACCESS_MESSAGES.frozen,
  playerDashboardUnavailable: API_ACCESS_MESSAGES.playerDashboardUnavailable,
  forbidden: API_ACCESS_MESSAGES.forbidden,
  signInRequired: API_ACCESS_MESSAGES.signInRequired,
  accessDeniedPage: "You don't have permission to access this page.",
} as const;

/** docs/requirements.md §8 texts of the device check. */
export const DEVICE_CHECK_MESSAGES = {
  title: 'Device Verification Required',
  codeSent: 'Verification code sent to your email',
  sendFailed: 'Failed to send verification code',
  invalidFormat: 'Please enter a valid 6-digit code',
  verified: 'Device verified successfully',
  invalidCode: 'Invalid or expired verification code',
  verifyFailed: 'Failed to verify code',
} as const;
