import { useEffect, useRef, useState } from 'react';
import {
  BOT_PROTECTION_MESSAGES,
  THIRD_PARTY,
  type ThirdPartyProvider,
} from '../../../contracts/bot-protection';

/** What the three widget scripts share: explicit rendering into an element, reset after a token is spent. */
interface WidgetApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string | number;
  reset(widgetId?: string | number): void;
}

const loading = new Map<ThirdPartyProvider, Promise<WidgetApi>>();

/**
 * Loads a provider's widget script once per page, only when that provider is chosen (the content security
 * policy allows its origin only then, ADR 022). The script calls the `onload` function it is given when ready.
 */
function loadWidgetScript(provider: ThirdPartyProvider): Promise<WidgetApi> {
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<WidgetApi>((resolve, reject) => {
      const { scriptUrl, global } = THIRD_PARTY[provider];
      const callback = `botCheckReady_${provider}`;
      const scope = window as unknown as Record<string, unknown>;
      scope[callback] = () => resolve(scope[global] as WidgetApi);
      const script = document.createElement('script');
      script.src = `${scriptUrl}&onload=${callback}`;
      script.async = true;
      script.onerror = () => {
        loading.delete(provider);
        script.remove();
        reject(new Error(`${provider} script failed to load`));
      };
      document.head.append(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

export function Widget({
  provider,
  siteKey,
  onToken,
  resetSignal,
}: {
  provider: ThirdPartyProvider;
  siteKey: string;
  onToken: (token: string | null) => void;
  resetSignal: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string | number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    loadWidgetScript(provider).then(
      (api) => {
        if (!isCurrent || !container.current) return;
        container.current.replaceChildren();
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => onToken(null),
        });
        widget.current = { api, id };
      },
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
      widget.current = null;
    };
  }, [provider, siteKey, onToken]);

  // A token is good for one submission: after each, the widget asks again.
  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onToken(null);
  }, [resetSignal, onToken]);

  return (
    <div className="flex flex-col gap-2">
      <div ref={container} data-testid="bot-check-widget" className="min-h-16" />
      {failed ? (
        <p role="alert" className="text-sm text-loss">
          {BOT_PROTECTION_MESSAGES.widgetFailed}
        </p>
      ) : null}
    </div>
  );
}
