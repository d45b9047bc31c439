import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { LoadError } from '../../components/load-error';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { myRegistrationsQuery } from './registration-api';
import { RegistrationCard } from './registration-summary';

/** /my-registrations (signed in): every registration made signed in or under my verified e-mail. */
export function MyRegistrationsPage() {
  const query = useQuery(myRegistrationsQuery);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Spinner />;
  } else if (query.isError) {
    body = (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        title="Failed to load your registrations"
      />
    );
  } else if (query.data.registrations.length === 0) {
    body = (
      <Notice icon={ClipboardList} title="No registrations yet">
        <p>
          Registrations you make while signed in, or with your account's verified e-mail address, appear here.
        </p>
        <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/registration">Register teams</ButtonLink>
          <ButtonLink to="/registration/status" variant="secondary">
            Find a registration
          </ButtonLink>
        </div>
      </Notice>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-4">
        {query.data.registrations.map(({ accessToken, ...registration }) => (
          <li key={registration.id}>
            <RegistrationCard registration={registration} token={accessToken} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="My Registrations">Your tournament entries and their payments.</PageHeader>
      <Container className="py-8 sm:py-12">
        <div className="mx-auto max-w-3xl">{body}</div>
      </Container>
    </>
  );
}
