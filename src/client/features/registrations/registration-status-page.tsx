import { useMutation } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { registrationStatusBodySchema } from '../../../contracts/registrations';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { lookupRegistration } from './registration-api';
import { RegistrationCard } from './registration-summary';

/** /registration-status and /registration/status: find a registration by its reference and e-mail address. */
export function RegistrationStatusPage() {
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const { errors, formRef, check } = useFieldErrors();
  const lookup = useMutation({
    mutationFn: (query: { reference: string; email: string }) =>
      lookupRegistration(query.reference, query.email),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = check(registrationStatusBodySchema, { reference, email });
    if (query) lookup.mutate(query);
  };

  return (
    <>
      <PageHeader eyebrow="Team Registration" title="Registration Status">
        Look up your registration with the reference from your confirmation e-mail.
      </PageHeader>
      <Container className="py-8 sm:py-12">
        <div className="mx-auto flex max-w-2xl flex-col gap-6">
          <Card>
            <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Reference"
                  name="reference"
                  placeholder="REG-XXXX-XX"
                  autoCapitalize="characters"
                  autoComplete="off"
                  value={reference}
                  error={errors.reference}
                  onChange={(event) => setReference(event.target.value)}
                />
                <TextField
                  label="E-mail address"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  error={errors.email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              {lookup.isError ? (
                <p role="alert" className="text-sm font-medium text-loss">
                  {serverMessage(lookup.error, 'The lookup failed. Check your connection and try again.')}
                </p>
              ) : null}
              <SubmitButton
                isPending={lookup.isPending}
                pendingLabel="Looking up…"
                size="lg"
                className="sm:self-start"
              >
                <Search aria-hidden="true" className="size-4" />
                Find my registration
              </SubmitButton>
            </form>
          </Card>
          {lookup.isSuccess ? (
            <RegistrationCard registration={lookup.data.registration} token={lookup.data.accessToken} />
          ) : null}
        </div>
      </Container>
    </>
  );
}
