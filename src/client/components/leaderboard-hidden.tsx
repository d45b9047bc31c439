import { EyeOff } from 'lucide-react';
import { Notice } from './ui/notice';

/** docs/requirements.md §2: what every view of the rankings shows while the leaderboard is hidden. */
export const LEADERBOARD_HIDDEN = {
  title: 'Leaderboard Hidden',
  body: 'Player rankings are currently not visible.',
} as const;

export function LeaderboardHidden() {
  return (
    <Notice icon={EyeOff} title={LEADERBOARD_HIDDEN.title} role="status">
      <p>{LEADERBOARD_HIDDEN.body}</p>
    </Notice>
  );
}
