// What inviting looks like for rooms and circles alike: a link to copy, and, for a visitor who
// opened one, the way to sign in (or up) and come back to it.
import { ROOM_COPY } from '../../../shared/rooms';
import { ROUTES, withNext } from '../../../shared/routes';
import { useToast } from '../../lib/toast';
import { Button, ButtonLink } from '../../ui/Button';

export function CopyLinkField({
  id,
  label,
  link,
  copied,
  hideLabel = false,
}: {
  id: string;
  label: string;
  link: string;
  copied: { title: string; description: string };
  hideLabel?: boolean;
}) {
  const toast = useToast();
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'label'}>
        {label}
      </label>
      <div className={`flex gap-2 ${hideLabel ? '' : 'mt-1'}`}>
        <input id={id} className="input min-w-0 flex-1" readOnly value={link} onFocus={(e) => e.target.select()} />
        <Button
          variant="outline"
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => undefined);
            toast({ ...copied, variant: 'success' });
          }}
        >
          {ROOM_COPY.copyLink}
        </Button>
      </div>
    </div>
  );
}

/** A visitor holding an invite: sign in or sign up, then back to `here`. */
export function SignInToJoin({ what, here }: { what: 'room' | 'circle'; here: string }) {
  return (
    <>
      <p>Sign in to see who is in this {what} and join it.</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={withNext(ROUTES.login, here)}>Sign In</ButtonLink>
        <ButtonLink to={withNext(ROUTES.signup, here)} variant="outline">
          Create an Account
        </ButtonLink>
      </div>
    </>
  );
}
