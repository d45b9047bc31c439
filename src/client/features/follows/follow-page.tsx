import { useMutation } from '@tanstack/react-query';
import { BellRing, CircleAlert, CircleCheck, MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { messageResponseSchema } from '../../../contracts/common';
import { FOLLOW_MESSAGES } from '../../../contracts/follows';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { sendJson, serverMessage } from '../../lib/api-client';

/**
 * /follow?confirm=<token> and /follow?stop=<token> (public; issue 33, ADR 045): an e-mail follow's links. Each asks
 * for a tap before it acts, so a mail scanner opening the link changes nothing.
 */
export function FollowPage() {
  const [params] = useSearchParams();
  const confirm = params.get('confirm');
  const stop = params.get('stop');
  const token = stop ?? confirm ?? '';
  const isStop = stop !== null;
  const act = useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        isStop ? '/api/follows/email/unsubscribe' : '/api/follows/email/confirm',
        { token },
        messageResponseSchema,
      ),
  });

  const body = () => {
    if (!token) {
      return (
        <Notice icon={CircleAlert} title="This link does not work" tone="error" role="alert">
          {FOLLOW_MESSAGES.emailLinkInvalid}
        </Notice>
      );
    }
    if (act.isSuccess) {
      return (
        <Notice icon={CircleCheck} title={isStop ? 'Stopped' : 'Confirmed'} role="status">
          {act.data.message}
        </Notice>
      );
    }
    if (act.isError) {
      return (
        <Notice icon={CircleAlert} title="This link does not work" tone="error" role="alert">
          {serverMessage(act.error, FOLLOW_MESSAGES.emailLinkInvalid)}
        </Notice>
      );
    }
    return (
      <Card className="mx-auto flex max-w-xl flex-col gap-4">
        <h2 className="font-display text-lg font-bold text-fg">
          {isStop ? 'Stop these e-mails' : 'Start the e-mails'}
        </h2>
        <p className="text-sm text-fg">
          {isStop
            ? 'You will get no more e-mails about this player or school from this follow.'
            : 'You will get the pairings of each round and the final standings by e-mail, each with a link to stop them.'}
        </p>
        <div>
          <Button disabled={act.isPending} onClick={() => act.mutate()}>
            {isStop ? (
              <MailX aria-hidden="true" className="size-4" />
            ) : (
              <BellRing aria-hidden="true" className="size-4" />
            )}
            {isStop ? 'Stop the e-mails' : 'Start the e-mails'}
          </Button>
        </div>
      </Card>
    );
  };

  return (
    <>
      <PageHeader eyebrow="Follow by e-mail" title={isStop ? 'Stop e-mails' : 'Confirm e-mails'}>
        Pairings and final standings of a player or a school, by e-mail.
      </PageHeader>
      <Container className="py-10 sm:py-14">{body()}</Container>
    </>
  );
}
