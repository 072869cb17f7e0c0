// Manage Account's 'Signed-in devices': one click ends every other sign-in of the account (a lost
// phone, a shared computer), with their device cookies and push subscriptions; this one stays.
import { useMutation } from '@tanstack/react-query';
import { SIGN_OUT_OTHERS_PATH } from '../../../shared/accounts';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { currentPushEndpoint } from '../push/pushSubscription';
import { ACCOUNT_COPY } from './copy';

export function OtherDevicesCard() {
  const toast = useToast();
  const signOut = useMutation({
    mutationFn: async () =>
      apiRequest<{ sessionsEnded: number }>('POST', SIGN_OUT_OTHERS_PATH, {
        keepPushEndpoint: await currentPushEndpoint().catch(() => undefined),
      }),
    onSuccess: ({ sessionsEnded }) =>
      toast({ ...ACCOUNT_COPY.otherDevicesSignedOut(sessionsEnded), variant: 'success' }),
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
        <Button variant="outline" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {ACCOUNT_COPY.signOutOthers}
        </Button>
      </CardBody>
    </Card>
  );
}
