import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { BOT_PROTECTION_MESSAGES, type BotProof } from '../../../contracts/bot-protection';
import { ApiRequestError } from '../../lib/api-client';
import { fetchPowChallenge, usePublicBotProtection } from './queries';

/** A third-party widget's loader, only fetched when the admin has chosen such a provider (ADR 022). */
const Widget = lazy(async () => ({ default: (await import('./bot-widget')).Widget }));

export interface BotCheck {
  /** The widget to place above the submit button, or nothing (proof of work runs when the form is sent). */
  element: ReactNode;
  /** A widget's token is spent by one submission: the form may not retry with it. */
  isWidget: boolean;
  /** The answer to send with the form: a solved challenge, or the widget's token. */
  proof(): Promise<BotProof>;
  /** Call after each submission, accepted or not. */
  reset(): void;
}

/**
 * The bot check the admin chose (ADR 022), for a public form: proof of work solved in the background when
 * the form is sent, or the provider's widget, whose script loads only then.
 */
export function useBotCheck(): BotCheck {
  const { data: config } = usePublicBotProtection();
  const token = useRef<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const onToken = useCallback((value: string | null) => {
    token.current = value;
  }, []);

  const isWidget = config !== undefined && config.provider !== 'proof_of_work';
  const proof = useCallback(async (): Promise<BotProof> => {
    if (config === undefined || config.provider === 'proof_of_work') {
      // The solver (and its worker) loads when the form is sent, off the page's first load.
      const [{ solveChallenge }, challenge] = await Promise.all([
        import('../registrations/proof-of-work'),
        fetchPowChallenge(),
      ]);
      return solveChallenge(challenge);
    }
    if (!token.current) {
      throw new ApiRequestError(BOT_PROTECTION_MESSAGES.widgetIncomplete, 400, null, 'bot_check_incomplete');
    }
    return { token: token.current };
  }, [config]);
  const reset = useCallback(() => {
    if (isWidget) setResetSignal((count) => count + 1);
  }, [isWidget]);

  const element =
    config && config.provider !== 'proof_of_work' ? (
      <Suspense fallback={<div className="min-h-16" aria-busy="true" />}>
        <Widget
          provider={config.provider}
          siteKey={config.siteKey}
          onToken={onToken}
          resetSignal={resetSignal}
        />
      </Suspense>
    ) : null;
  return { element, isWidget, proof, reset };
}
