import type { Round, RoundStatus } from '../../../src/domain/tournament/state';

/** A round of a test tournament state: id `r<number>`, no times, no pairing notes. */
export const stateRound = (number: number, status: RoundStatus): Round => ({
  id: `r${number}`,
  number,
  status,
  startTime: null,
  endTime: null,
  pairingNotes: [],
});
