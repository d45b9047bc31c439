/**
 * The push service stand-in of the follows spec (issue 33): Chromium's real push service cannot be reached from
 * the test machine, so the spec gives the page a PushManager whose subscription points at this made-up host,
 * which the e2e server resolves to itself and answers at /__e2e/push/<id>. Everything between — the site's
 * subscription handling, the queue, the encryption, the outbound client — is the real code.
 */
export const PUSH_STAND_IN_HOST = 'push.stand-in.test';

/**
 * An init script for a page: `PushManager.subscribe` and `getSubscription` answer with a subscription to the
 * stand-in (a real P-256 key pair and auth secret made with WebCrypto), kept in localStorage across reloads.
 */
export function pushStandInScript(origin: string): string {
  const port = new URL(origin).port;
  return `(() => {
    const endpointBase = 'http://${PUSH_STAND_IN_HOST}:${port}/__e2e/push/';
    const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const wrap = (json) => ({ endpoint: json.endpoint, expirationTime: null, toJSON: () => json, unsubscribe: async () => { localStorage.removeItem('e2e-push'); return true; } });
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem('e2e-push');
      return stored ? wrap(JSON.parse(stored)) : null;
    };
    PushManager.prototype.subscribe = async function () {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
      const json = {
        endpoint: endpointBase + crypto.randomUUID(),
        expirationTime: null,
        keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
      };
      localStorage.setItem('e2e-push', JSON.stringify(json));
      return wrap(json);
    };
  })();`;
}
