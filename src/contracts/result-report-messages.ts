/**
 * What reporting a result from a phone says (ADR 040), apart from the schemas in result-reports.ts so a page
 * that only shows a sentence (the kiosk's link to the report page) does not carry them.
 */
export const RESULT_REPORT_MESSAGES = {
  leavePieces: 'Leave the pieces on the board until the result is confirmed',
  /** On the kiosk page a pupil's phone opens from their badge's QR code, without a staff sign-in. */
  fromBadgeLink: 'Finished your game? Report the result from your phone.',
  reportingOff: 'Results are entered by the arbiters at this tournament.',
  notReportable: 'Report 1-0, ½-½ or 0-1. The arbiter records anything else.',
  unknownBadge: 'This badge is not valid. Ask at the desk for a new one.',
  notYourBoard: 'This badge does not play on that board.',
  noBoard: 'You have no game to report in this round.',
  noSchoolOfAccount: 'This account has not registered a school. Report with your badge.',
  teacherNoBoard: 'None of your pupils has a game to report in this round.',
  roundNotInProgress: 'Results can be reported only while the round is being played.',
  alreadySet: 'The result of this board is already recorded. Ask an arbiter if it is wrong.',
  recorded: 'Reported. Waiting for the other side to report.',
  confirmed: 'Confirmed: both sides reported the same result.',
  disputed: 'The two reports differ. An arbiter will come to the board.',
  unchanged: 'Already reported.',
  tooMany: 'Too many reports from this badge. Wait a minute and try again.',
  tooManyCodes: 'Too many unknown badge codes from this network. Wait a minute and try again.',
  settingsSaved: 'Self-reporting settings saved',
  noActiveTournament: 'No tournament is active.',
  paperAgrees: 'Matches the score sheet.',
  paperSet: 'Result set from the score sheet.',
  paperDiffers: 'Set from the score sheet. It differs from what the players reported: check with them.',
} as const;
