import { ArrowLeft, Hourglass } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';

/** An honest placeholder for a signed-in page whose feature is still being built: no sample data. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Container className="flex flex-col items-center py-14 text-center">
        <span className="mb-5 grid size-14 place-items-center rounded-full bg-surface-muted text-primary">
          <Hourglass aria-hidden="true" className="size-7" />
        </span>
        <p className="text-lg font-semibold text-fg">Coming soon</p>
        <p className="mt-2 max-w-md text-muted">{description}</p>
        <ButtonLink to="/account-settings" variant="secondary" className="mt-8">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Account Settings
        </ButtonLink>
      </Container>
    </>
  );
}
