import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';

/** What a room or circle screen does with a refused or failed request: a toast with the server's reason. */
export function useFailureToast(copy: { title: string; description: string }): (error: unknown) => void {
  const toast = useToast();
  return (error) =>
    toast({ title: copy.title, description: messageOf(error, copy.description), variant: 'destructive' });
}
