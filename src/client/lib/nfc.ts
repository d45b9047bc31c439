/**
 * Web NFC (NDEF), in Chrome on Android only: reading badge tags at the kiosk and writing them in the admin
 * area (ADR 031). Everything here is feature-detected; elsewhere the NFC parts of the pages are hidden.
 */

interface NdefRecord {
  recordType: string;
  data?: DataView;
  encoding?: string;
}
interface NdefReadingEvent extends Event {
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(
    message: { records: { recordType: string; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
}
type NdefReaderClass = new () => NdefReader;

const readerClass = (): NdefReaderClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { NDEFReader?: NdefReaderClass }).NDEFReader;

export function isNfcSupported(): boolean {
  return readerClass() !== undefined;
}

/** Writes the badge URL to a tag held to the phone (one URL record). */
export async function writeNfcUrl(url: string, signal?: AbortSignal): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new Error('NFC is not supported on this device');
  await new Reader().write({ records: [{ recordType: 'url', data: url }] }, { signal });
}

/** Reads tags until `signal` aborts, calling `onText` with each URL or text record. */
export async function scanNfc(onText: (text: string) => void, signal: AbortSignal): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new Error('NFC is not supported on this device');
  const reader = new Reader();
  reader.addEventListener('reading', (event) => {
    for (const record of (event as NdefReadingEvent).message.records) {
      if (!record.data || (record.recordType !== 'url' && record.recordType !== 'text')) continue;
      onText(new TextDecoder(record.encoding ?? 'utf-8').decode(record.data));
    }
  });
  await reader.scan({ signal });
}
