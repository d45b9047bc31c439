import { Bell, BellOff, Mail, Share, SquarePlus } from 'lucide-react';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { messageResponseSchema } from '../../../contracts/common';
import { FOLLOW_MESSAGES, type FollowTarget } from '../../../contracts/follows';
import { Button } from '../../components/ui/button';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { sendJson, serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** What this browser can do: push, push once added to the Home Screen (iPhone, iPad), or nothing. */
type PushSupport = 'push' | 'home-screen' | 'none';

function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'none';
  const isApple =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const isInstalled =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone;
  const canPush = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // Safari on iPhone and iPad offers Web Push only to a site added to the Home Screen (iOS 16.4 and later).
  if (isApple && !isInstalled) return 'home-screen';
  return canPush ? 'push' : 'none';
}

/** Which targets this device follows, remembered in this browser (the server keeps the subscription). */
const STORE_KEY = 'follows';
const listeners = new Set<() => void>();
const followedKeys = (): string => localStorage.getItem(STORE_KEY) ?? '';
const isFollowedIn = (stored: string, target: FollowTarget) =>
  stored.split(' ').includes(`${target.kind}:${target.key}`);
function remember(target: FollowTarget, followed: boolean) {
  const entry = `${target.kind}:${target.key}`;
  const others = followedKeys()
    .split(' ')
    .filter((item) => item !== '' && item !== entry);
  localStorage.setItem(STORE_KEY, [...others, ...(followed ? [entry] : [])].join(' '));
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The three steps Safari needs before it can ask for notifications. */
function HomeScreenSheet({ isOpen, onClose, name }: { isOpen: boolean; onClose: () => void; name: string }) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Add the site to your Home Screen"
      description={`On iPhone and iPad, notifications for ${name} work once the site is on your Home Screen.`}
    >
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-fg">
        <li>
          Tap <Share aria-hidden="true" className="inline size-4" /> Share in Safari’s toolbar.
        </li>
        <li>
          Choose <SquarePlus aria-hidden="true" className="inline size-4" /> Add to Home Screen, then Add.
        </li>
        <li>Open the site from its new icon, find {name} again and tap Follow.</li>
      </ol>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Got it</Button>
      </div>
    </Dialog>
  );
}

/** Follow by e-mail: the address, then a confirmation mail; nothing else is sent until it is confirmed. */
function EmailFollowDialog({
  isOpen,
  onClose,
  target,
  name,
}: {
  isOpen: boolean;
  onClose: () => void;
  target: FollowTarget;
  name: string;
}) {
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setSending(true);
    try {
      const answer = await sendJson('POST', '/api/follows/email', { email, target }, messageResponseSchema);
      notify('success', answer.message, { id: 'follow' });
      setError(null);
      onClose();
    } catch (failure) {
      setError(serverMessage(failure, FOLLOW_MESSAGES.emailFailed));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={`Follow ${name} by e-mail`}
      description="The pairings of each round and the final standings. We send a link to confirm first; every e-mail has a link to stop."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Your e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          error={error ?? undefined}
        />
        <DialogSubmitActions onCancel={onClose} isPending={isSending} pendingLabel="Sending…" icon={Mail}>
          Send the link
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/**
 * "Follow" a player or a school on this device (issue 33, ADR 045): the permission prompt comes only after the
 * tap; on an iPhone or iPad in Safari a three-step sheet explains the Home Screen first. Nothing is shown where
 * the browser has no notifications.
 */
/** What a Follow control is for, and how it looks. */
export interface FollowControlsProps {
  target: FollowTarget;
  name: string;
  /** A bell only (a row of a table): "By e-mail" is what it opens where the browser has no notifications. */
  compact?: boolean;
}

export function FollowControls({ target, name, compact = false }: FollowControlsProps) {
  const support = useSyncExternalStore(subscribe, pushSupport, () => 'none' as const);
  const stored = useSyncExternalStore(subscribe, followedKeys, () => '');
  const followed = isFollowedIn(stored, target);
  const [isBusy, setBusy] = useState(false);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [isEmailOpen, setEmailOpen] = useState(false);
  const byEmail = (
    <>
      <Button variant="ghost" size="sm" onClick={() => setEmailOpen(true)}>
        <Mail aria-hidden="true" className="size-4" />
        {compact ? <span className="sr-only">Follow {name} by e-mail</span> : null}
        {compact ? null : (
          <>
            By e-mail<span className="sr-only"> {name}</span>
          </>
        )}
      </Button>
      <EmailFollowDialog
        isOpen={isEmailOpen}
        onClose={() => setEmailOpen(false)}
        target={target}
        name={name}
      />
    </>
  );
  if (support === 'none') return byEmail;

  const toggle = async () => {
    if (support === 'home-screen') {
      setSheetOpen(true);
      return;
    }
    setBusy(true);
    try {
      const push = await import('./push-subscription');
      try {
        const message = followed
          ? ((await push.unfollowOnThisDevice(target)) ?? FOLLOW_MESSAGES.unfollowed(name))
          : await push.followOnThisDevice(target);
        remember(target, !followed);
        notify('success', message, { id: 'follow' });
      } catch (error) {
        const message =
          error instanceof push.NotificationsBlocked
            ? FOLLOW_MESSAGES.blocked
            : serverMessage(error, FOLLOW_MESSAGES.followFailed);
        notify('error', message, { id: 'follow' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant={followed ? 'secondary' : compact ? 'ghost' : 'primary'}
        size="sm"
        onClick={() => void toggle()}
        disabled={isBusy}
      >
        {followed ? (
          <BellOff aria-hidden="true" className="size-4" />
        ) : (
          <Bell aria-hidden="true" className="size-4" />
        )}
        {compact ? (
          <span className="sr-only">{`${followed ? 'Unfollow' : 'Follow'} ${name}`}</span>
        ) : (
          <>
            {followed ? 'Unfollow' : 'Follow'}
            <span className="sr-only"> {name}</span>
          </>
        )}
      </Button>
      {compact ? null : byEmail}
      <HomeScreenSheet isOpen={isSheetOpen} onClose={() => setSheetOpen(false)} name={name} />
    </>
  );
}
