// A sign-in provider's mark: only the sign-in screens draw it, so simple-icons loads with them.
import { siFacebook, siGithub, siGoogle, siOpenid, siReplit, siX } from 'simple-icons';
import type { OAuthProviderId } from '../../../shared/oauth';

/**
 * Each sign-in provider's own mark, from simple-icons (CC0). GitHub's and X's marks are black,
 * so they take the text colour and stay visible in dark mode; the others keep their brand colour.
 * The OIDC button shows Replit's mark under the default label, OpenID's for any other issuer.
 */
export function ProviderMark({ provider, name }: { provider: OAuthProviderId; name: string }) {
  const icon =
    provider === 'oidc'
      ? name.trim().toLowerCase() === siReplit.title.toLowerCase()
        ? siReplit
        : siOpenid
      : { google: siGoogle, facebook: siFacebook, github: siGithub, twitter: siX }[provider];
  const monochrome = icon === siGithub || icon === siX;
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      data-mark={icon.slug}
      className="h-5 w-5 shrink-0"
      fill={monochrome ? 'currentColor' : `#${icon.hex}`}
    >
      <path d={icon.path} />
    </svg>
  );
}
