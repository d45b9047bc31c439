import { CircleAlert } from 'lucide-react';
import { errorMessage } from '../lib/api-client';
import { Button } from './ui/button';
import { Notice } from './ui/notice';

/** docs/requirements.md §8 'Failed to load tournament data', with the server's reason and a way to try again. */
export function LoadError({
  error,
  onRetry,
  isRetrying,
  title = 'Failed to load tournament data',
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  title?: string;
}) {
  return (
    <Notice icon={CircleAlert} title={title} tone="error" role="alert">
      <p>{errorMessage(error, 'Please check your connection and try again.')}</p>
      <Button className="mt-4" onClick={onRetry} disabled={isRetrying}>
        Try again
      </Button>
    </Notice>
  );
}
