import { VISIT_SESSION_STORAGE_KEY, visitResponseSchema } from '../../contracts/visitor-analytics';
import { VISIT_COOLDOWN_MS } from '../../domain/visitor-analytics';
import { sendJson } from './api-client';
import { readConsent } from './cookie-consent';

interface VisitSession {
  id: string;
  /** When this tab last sent a visit (ms since the epoch). */
  sentAt: number;
}

function readSession(storage: Storage): VisitSession | null {
  try {
    const value = JSON.parse(
      storage.getItem(VISIT_SESSION_STORAGE_KEY) ?? 'null',
    ) as Partial<VisitSession> | null;
    return value && typeof value.id === 'string' && typeof value.sentAt === 'number'
      ? { id: value.id, sentAt: value.sentAt }
      : null;
  } catch {
    return null;
  }
}

/** Removes this tab's visit session (the choice was declined or withdrawn): nothing of it stays on the device. */
export function forgetVisitSession(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(VISIT_SESSION_STORAGE_KEY);
  } catch {
    // Storage blocked: there is nothing to forget.
  }
}

/**
 * Sends this page's visit (ADR 034) when, and only when, the visitor accepted cookies and this tab sent none in
 * the last 10 minutes. Without consent nothing is read from or written to storage and no request is made.
 * Returns whether a visit was sent.
 */
export async function sendVisitIfDue(
  path: string,
  options: { now?: number; storage?: Storage; send?: typeof sendJson } = {},
): Promise<boolean> {
  if (readConsent()?.choice !== 'accepted') return false;
  const now = options.now ?? Date.now();
  const storage = options.storage ?? window.sessionStorage;
  const session = readSession(storage);
  if (session && now - session.sentAt < VISIT_COOLDOWN_MS) return false;
  const id = session?.id ?? crypto.randomUUID();
  try {
    storage.setItem(VISIT_SESSION_STORAGE_KEY, JSON.stringify({ id, sentAt: now } satisfies VisitSession));
  } catch {
    // Storage blocked: the server's own 10-minute check per session still holds for this page.
  }
  const send = options.send ?? sendJson;
  try {
    await send(
      'POST',
      '/api/visits',
      { path, referrer: document.referrer || null, sessionId: id },
      visitResponseSchema,
    );
    return true;
  } catch {
    // Analytics never disturbs the visitor.
    return false;
  }
}
