import { meetsDifficulty } from '../../../domain/registration';

const BATCH = 512;
const encoder = new TextEncoder();

/**
 * Finds the nonce for a registration challenge (SHA-256 of `challenge + nonce` starting with `bits` zero
 * bits, `meetsDifficulty` in the domain), in batches of Web Crypto digests. `yieldBetween` runs between
 * batches: on the main thread it gives the browser a turn, so typing and scrolling stay smooth.
 */
export async function searchNonce(
  challenge: string,
  bits: number,
  yieldBetween: () => Promise<void> = async () => {},
): Promise<string> {
  for (let start = 0; ; start += BATCH) {
    const nonces = Array.from({ length: BATCH }, (_, index) => start + index);
    const digests = await Promise.all(
      nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}${nonce}`))),
    );
    const found = digests.findIndex((digest) => meetsDifficulty(new Uint8Array(digest), bits));
    if (found >= 0) return String(nonces[found]);
    await yieldBetween();
  }
}
