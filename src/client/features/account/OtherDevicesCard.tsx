// Manage Account's 'Signed-in devices': ends every other sign-in of the account (a lost phone, a
// shared computer), with their device cookies and push subscriptions; this one stays. Asked
// first, like every other account-wide action.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SIGN_OUT_OTHERS_PATH } from '../../../shared/accounts';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { currentPushEndpoint } from '../push/pushSubscription';
import { ACCOUNT_COPY } from './copy';

export function OtherDevicesCard() {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: async () =>
      apiRequest<{ sessionsEnded: number }>('POST', SIGN_OUT_OTHERS_PATH, {
        keepPushEndpoint: await currentPushEndpoint().catch(() => undefined),
      }),
    onSuccess: ({ sessionsEnded }) => {
      setConfirming(false);
      toast({ ...ACCOUNT_COPY.otherDevicesSignedOut(sessionsEnded), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: ACCOUNT_COPY.otherDevicesFailed.title,
        description: messageOf(error, ACCOUNT_COPY.otherDevicesFailed.description),
        variant: 'destructive',
      }),
  });
  return (
    <Card data-testid="other-devices">
      <CardHeader title={ACCOUNT_COPY.otherDevices} description={ACCOUNT_COPY.otherDevicesText} />
      <CardBody>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {ACCOUNT_COPY.signOutOthers}
        </Button>
      </CardBody>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={ACCOUNT_COPY.signOutOthersTitle}
        description={ACCOUNT_COPY.signOutOthersQuestion}
        alert
        size="sm"
        dismissible={!signOut.isPending}
        footer={
          <>
            <Button variant="outline" disabled={signOut.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              {ACCOUNT_COPY.signOutOthersConfirm}
            </Button>
          </>
        }
      />
    </Card>
  );
}
