// Manage Account's notifications: turn Web Push on for this device (the browser asks permission
// only from this click), send a test notification, or turn it off. A refusal is shown with what
// to do, since a page cannot ask again once the browser blocks it.
import { useState } from 'react';
import { decodeError } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { sendTestNotification, turnOffPush, turnOnPush } from './pushSubscription';
import { usePushState } from './usePushState';

export const NOTIFICATIONS_COPY = {
  title: 'Notifications',
  description: 'Get a notification on this device when a Lock-In session ends, even with LockIn closed.',
  unsupported: "This browser can't show LockIn notifications. Install the app, or use a browser that supports them.",
  denied:
    'Notifications are blocked for LockIn in this browser. Allow them in the site settings (the icon beside the address), then reload this page.',
  on: 'Notifications are on for this device.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off',
  test: 'Send a test notification',
  testSent: { title: 'Test Sent', description: 'It should arrive on every device with notifications on.' },
  failed: { title: 'Notifications Error', description: 'Something went wrong. Please try again.' },
  browserRefused:
    'This browser would not set up notifications for LockIn. If they are blocked, allow them in the site settings (the icon beside the address) and try again.',
} as const;

/**
 * What the toast says: the server's own words when it answered; for a refusal raised by the
 * browser's push service (its raw 'Registration failed - permission denied'), our sentence.
 */
export function notificationsErrorText(error: unknown): string {
  if (error instanceof DOMException) return NOTIFICATIONS_COPY.browserRefused;
  const { status, message } = decodeError(error);
  return status !== null && message ? message : NOTIFICATIONS_COPY.failed.description;
}

export default function NotificationsCard() {
  const toast = useToast();
  const [state, setState] = usePushState();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({
        title: NOTIFICATIONS_COPY.failed.title,
        description: notificationsErrorText(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader title={NOTIFICATIONS_COPY.title} description={NOTIFICATIONS_COPY.description} />
      <CardBody>
        <div data-testid="notifications-state" data-state={state ?? 'loading'}>
          {state === 'unsupported' && <p className="text-sm">{NOTIFICATIONS_COPY.unsupported}</p>}
          {state === 'denied' && <p className="text-sm">{NOTIFICATIONS_COPY.denied}</p>}
          {state === 'off' && (
            <Button disabled={busy} onClick={() => run(async () => setState(await turnOnPush()))}>
              {NOTIFICATIONS_COPY.turnOn}
            </Button>
          )}
          {state === 'on' && (
            <div className="space-y-3">
              <p className="text-sm">{NOTIFICATIONS_COPY.on}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      await sendTestNotification();
                      toast({ ...NOTIFICATIONS_COPY.testSent, variant: 'success' });
                    })
                  }
                >
                  {NOTIFICATIONS_COPY.test}
                </Button>
                <Button
                  variant="outline"
                  disabled={busy}
                  onClick={() => run(async () => setState(await turnOffPush()))}
                >
                  {NOTIFICATIONS_COPY.turnOff}
                </Button>
              </div>
            </div>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
