import { REGISTRATION_TOKEN_HEADER } from '../../../contracts/registrations';
import { notify } from '../../lib/notify';

const FAILED = 'The PDF could not be made. Check your connection and try again.';

/**
 * Downloads the school's results and certificates (ADR 043). The link's token travels in a header, as for every
 * other read of the roster page, so the PDF is fetched and then saved from memory rather than opened by address.
 */
export async function downloadSchoolPack(registrationId: string, token: string | undefined): Promise<void> {
  try {
    const response = await fetch(`/api/roster-changes/${encodeURIComponent(registrationId)}/pack`, {
      headers: token ? { [REGISTRATION_TOKEN_HEADER]: token } : {},
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      notify('error', body?.error ?? FAILED, { id: 'school-pack' });
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'results-and-certificates.pdf';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    notify('error', FAILED, { id: 'school-pack' });
  }
}
