/**
 * A short label for this browser (docs/requirements.md §9: browser and screen traits hashed to 8 hex characters). It only
 * names the device in the code mail; trust itself rests on the server's signed cookie, never on this.
 */
export async function deviceFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return [...new Uint8Array(digest).slice(0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
