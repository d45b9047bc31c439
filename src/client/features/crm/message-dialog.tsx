import { Eye, Mail, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  CRM_MESSAGE_BODY_MAX,
  CRM_MESSAGE_SUBJECT_MAX,
  CRM_MESSAGE_TEXTS,
  type CrmMessagePreview,
  crmMessageDraftSchema,
} from '../../../contracts/crm-messages';
import { CRM_MERGE_FIELD_LABELS, CRM_MERGE_FIELDS } from '../../../domain/crm-messages';
import { countOf, nounFor } from '../../../domain/plural';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useDelivery, usePreviewMessage, useSendMessage } from './message-queries';

/** A sent message's mails: queued, sent, failed; read again while some wait. */
function DeliveryCount({ messageId }: { messageId: number }) {
  const delivery = useDelivery(messageId);
  const data = delivery.data;
  return (
    <p
      role="status"
      data-testid="crm-delivery"
      className="rounded-md bg-surface-muted px-3 py-2 text-sm text-fg"
    >
      {data
        ? `Delivery: ${data.queued} queued · ${data.sent} sent · ${data.failed} failed (of ${data.total})`
        : 'Delivery: reading…'}
    </p>
  );
}

function PreviewView({ preview }: { preview: CrmMessagePreview }) {
  return (
    <section aria-label="Preview" className="flex flex-col gap-2" data-testid="crm-message-preview">
      <p className="text-sm text-fg">
        <span className="font-semibold">{preview.recipients.toLocaleString('en-IE')}</span>{' '}
        {nounFor(preview.recipients, 'school')} will get this message.
      </p>
      {preview.skipped.length > 0 ? (
        <p className="text-sm text-muted">
          Skipped, no teacher e-mail address: {preview.skipped.map((school) => school.name).join(', ')}
        </p>
      ) : null}
      {preview.first ? (
        <div className="rounded-md border border-line p-3 text-sm">
          <p className="text-xs text-muted">
            As {preview.first.schoolName} gets it, to {preview.first.to}
          </p>
          <p className="mt-1 font-semibold text-fg">{preview.first.subject}</p>
          <p className="mt-2 whitespace-pre-wrap text-fg">{preview.first.body}</p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * "Message this school" / "message the schools in this filter": a subject and a text with merge fields, a
 * preview of the first recipient's copy, then the delivery count as the queue sends it.
 */
export function MessageDialog({
  isOpen,
  onClose,
  schools,
}: {
  isOpen: boolean;
  onClose: () => void;
  schools: readonly { id: string; name: string }[];
}) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [caret, setCaret] = useState<number | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);
  const { errors, formRef, check } = useFieldErrors();
  const preview = usePreviewMessage();
  const send = useSendMessage();
  const schoolIds = schools.map((school) => school.id);

  const insertField = (field: string) => {
    const at = caret ?? body.length;
    const token = `{{${field}}}`;
    setBody(`${body.slice(0, at)}${token}${body.slice(at)}`);
    setCaret(at + token.length);
    preview.reset();
  };

  const draft = () => check(crmMessageDraftSchema, { schoolIds, subject, body });

  const onPreview = () => {
    const valid = draft();
    if (!valid) return;
    preview.mutate(valid, {
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGE_TEXTS.previewFailed), { id: 'crm-message' }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = draft();
    if (!valid) return;
    send.mutate(valid, {
      onSuccess: (sent) => {
        setSentId(sent.delivery.messageId);
        notify('success', sent.message, { id: 'crm-message' });
      },
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGE_TEXTS.sendFailed), { id: 'crm-message' }),
    });
  };

  const close = () => {
    setSentId(null);
    preview.reset();
    send.reset();
    onClose();
  };

  const title =
    schools.length === 1 ? `Message ${schools[0]!.name}` : `Message ${countOf(schools.length, 'school')}`;

  return (
    <Dialog isOpen={isOpen} onClose={close} title={title} size="lg">
      {sentId !== null ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg">
            The message is in the mail queue, one mail per school, and a copy is in each school’s history.
          </p>
          <DeliveryCount messageId={sentId} />
          <div>
            <Button variant="secondary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label="Subject"
            name="subject"
            value={subject}
            maxLength={CRM_MESSAGE_SUBJECT_MAX}
            onChange={(event) => {
              setSubject(event.target.value);
              preview.reset();
            }}
            error={errors.subject}
          />
          <TextareaField
            label="Message"
            name="body"
            rows={7}
            maxLength={CRM_MESSAGE_BODY_MAX}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setCaret(event.target.selectionStart);
              preview.reset();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            error={errors.body ?? errors.schoolIds}
            hint="Merge fields are filled in for each school; an unknown field stops the message before it is sent."
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm font-semibold text-fg">Insert a merge field</p>
            <ul className="flex flex-wrap gap-2">
              {CRM_MERGE_FIELDS.map((field) => (
                <li key={field}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => insertField(field)}
                    title={CRM_MERGE_FIELD_LABELS[field]}
                  >
                    {`{{${field}}}`}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          {preview.data ? <PreviewView preview={preview.data} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onPreview} disabled={preview.isPending}>
              <Eye aria-hidden="true" className="size-4" />
              {preview.isPending ? 'Previewing…' : 'Preview'}
            </Button>
            <SubmitButton isPending={send.isPending} pendingLabel="Sending…">
              <Send aria-hidden="true" className="size-4" />
              Send to {countOf(schools.length, 'school')}
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The button that opens the message dialog for these schools. */
export function MessageSchoolsButton({
  schools,
  label,
}: {
  schools: readonly { id: string; name: string }[];
  label: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)} disabled={schools.length === 0}>
        <Mail aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {isOpen ? <MessageDialog isOpen onClose={() => setIsOpen(false)} schools={schools} /> : null}
    </>
  );
}
