/// <reference lib="webworker" />
import { searchNonce } from './nonce-search';

/** Solves one registration challenge off the main thread and posts the nonce back. */
self.onmessage = async (event: MessageEvent<{ challenge: string; bits: number }>) => {
  self.postMessage(await searchNonce(event.data.challenge, event.data.bits));
};
