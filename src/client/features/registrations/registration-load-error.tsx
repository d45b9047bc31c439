import { CircleAlert } from 'lucide-react';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import { LoadError } from '../../components/load-error';
import { ButtonLink } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { ApiRequestError } from '../../lib/api-client';

/**
 * A registration's page that could not load: "Registration not found" with the way to look it up again when the
 * link is wrong (a 404, the same for an unknown id and a wrong token), otherwise the retryable load error.
 */
export function RegistrationLoadError({
  query: { error, refetch, isFetching },
  title,
}: {
  query: { error: Error; refetch: () => unknown; isFetching: boolean };
  title: string;
}) {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
    return (
      <Notice icon={CircleAlert} title="Registration not found" tone="error" role="alert">
        <p>{error.status === 404 ? error.message : REGISTRATION_MESSAGES.accessDenied}</p>
        <ButtonLink to="/registration/status" className="mt-4">
          Look up my registration
        </ButtonLink>
      </Notice>
    );
  }
  return <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} title={title} />;
}
