import { EyeOff } from 'lucide-react';
import { Notice } from '../../components/ui/notice';

export function LeaderboardHidden() {
  return (
    <Notice icon={EyeOff} title="Leaderboard Hidden" role="status">
      <p>Player rankings are currently not visible.</p>
    </Notice>
  );
}
