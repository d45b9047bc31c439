import type { BotProof, RegistrationChallenge } from '../../../contracts/registrations';
import { searchNonce } from './nonce-search';

function inWorker(challenge: RegistrationChallenge): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error('proof-of-work worker failed'));
    };
    worker.postMessage({ challenge: challenge.challenge, bits: challenge.difficultyBits });
  });
}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Solves a challenge in a Web Worker, or in small chunks on the page when workers are unavailable. */
export async function solveChallenge(challenge: RegistrationChallenge): Promise<BotProof> {
  let nonce: string;
  try {
    if (typeof Worker === 'undefined') throw new Error('no workers');
    nonce = await inWorker(challenge);
  } catch {
    nonce = await searchNonce(challenge.challenge, challenge.difficultyBits, nextTurn);
  }
  return { challenge: challenge.challenge, nonce };
}
