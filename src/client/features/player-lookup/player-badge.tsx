import { Printer, QrCode as QrIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { playerLookupUrl } from '../print/print-lists';

// The QR encoder loads only when someone asks for a code.
const QrCode = lazy(async () => ({ default: (await import('../../components/qr-code')).QrCode }));

/** A player's QR code (it opens this lookup page) and a link to print their name badge. */
export function PlayerBadge({ name }: { name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen(!isOpen)}
      >
        <QrIcon aria-hidden="true" className="size-4" />
        {isOpen ? 'Hide QR code' : 'QR code & badge'}
      </Button>
      {isOpen ? (
        <div id={panelId} className="mt-3 flex flex-wrap items-center gap-4 rounded-xl bg-surface-muted p-4">
          <Suspense fallback={<Spinner label="Making the QR code..." />}>
            <QrCode
              value={playerLookupUrl(window.location.origin, name)}
              label={`QR code: lookup page of ${name}`}
              className="size-36 rounded-md bg-white"
            />
          </Suspense>
          <div className="flex min-w-0 flex-col gap-2 text-sm">
            <p className="text-muted">
              Scan to open this page: board, colour and opponent of the current round.
            </p>
            <Link
              to={`/print/badges?name=${encodeURIComponent(name)}`}
              className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-link hover:underline"
            >
              <Printer aria-hidden="true" className="size-4" />
              Print name badge
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
