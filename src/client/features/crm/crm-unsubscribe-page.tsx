import { CircleAlert, CircleCheck, MailX } from 'lucide-react';
import { useParams } from 'react-router';
import { CRM_MESSAGE_TEXTS } from '../../../contracts/crm-messages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useUnsubscribe, useUnsubscribeState } from './message-queries';

/**
 * /crm-unsubscribe/:token (public, drawn in the browser only): a task reminder's unsubscribe link. Asks before
 * it unsubscribes (a mail scanner following the link changes nothing), then confirms.
 */
export function CrmUnsubscribePage() {
  const { token = '' } = useParams();
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);

  const body = () => {
    if (state.isPending) return <Spinner />;
    if (state.isError) {
      const isInvalid = state.error instanceof ApiRequestError && state.error.status === 400;
      return (
        <Notice icon={CircleAlert} title="This link does not work" tone="error" role="alert">
          {isInvalid ? CRM_MESSAGE_TEXTS.unsubscribeInvalid : CRM_MESSAGE_TEXTS.unsubscribeFailed}
        </Notice>
      );
    }
    if (state.data.isUnsubscribed) {
      return (
        <Notice icon={CircleCheck} title="Unsubscribed" role="status">
          <p>
            {CRM_MESSAGE_TEXTS.unsubscribed} ({state.data.address})
          </p>
          <p className="mt-3">
            Messages the organisers write to you themselves still reach you: they are about your school’s
            place in the tournament.
          </p>
        </Notice>
      );
    }
    return (
      <Card className="mx-auto flex max-w-xl flex-col gap-4">
        <h2 className="font-display text-lg font-bold text-fg">Stop task reminders</h2>
        <p className="text-sm text-fg">
          Task reminders are sent to <span className="font-semibold">{state.data.address}</span> a few days
          before something for your school is due. Stop them for this address?
        </p>
        <p className="text-sm text-muted">Messages the organisers write to you themselves still reach you.</p>
        <div>
          <Button
            disabled={unsubscribe.isPending}
            onClick={() =>
              unsubscribe.mutate(undefined, {
                onSuccess: () => notify('success', CRM_MESSAGE_TEXTS.unsubscribed, { id: 'crm-unsubscribe' }),
                onError: (error) =>
                  notify('error', serverMessage(error, CRM_MESSAGE_TEXTS.unsubscribeFailed), {
                    id: 'crm-unsubscribe',
                  }),
              })
            }
          >
            <MailX aria-hidden="true" className="size-4" />
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </div>
      </Card>
    );
  };

  return (
    <>
      <PageHeader eyebrow="Team Tasks" title="Task reminders" />
      <Container className="py-8 sm:py-12">{body()}</Container>
    </>
  );
}
