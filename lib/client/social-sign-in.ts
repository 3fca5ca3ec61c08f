import type { SocialProvider } from '@/lib/domain';
import type { Prefix } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import type { SocialSignUpInput } from '@/lib/schemas/auth';

/**
 * Sends the browser to a provider's sign-in page (better-auth's /api/auth/sign-in/social). It comes
 * back to connexion, whose guest layout sends a member home as after an e-mail sign-in (the phone
 * step first), or to `next`; a new account goes to the phone step; an error comes back to connexion
 * with `?error=`. With a declaration (inscription-sociale), the trip may create the account.
 * Resolves false when no provider address came back.
 */
export async function startSocialSignIn(
  provider: SocialProvider,
  prefix: Prefix,
  next?: string,
  declaration?: SocialSignUpInput,
): Promise<boolean> {
  const back = new URLSearchParams({ provider, ...(next ? { next } : {}) });
  const response = await fetch('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider,
      callbackURL: next ?? localPath(prefix, 'connexion'),
      newUserCallbackURL: localPath(prefix, 'modifier-telephone'),
      errorCallbackURL: `${localPath(prefix, 'connexion')}?${back}`,
      ...(declaration ? { requestSignUp: true, additionalData: { ...declaration, locale: prefix } } : {}),
    }),
  }).catch(() => null);
  const data = (await response?.json().catch(() => null)) as { url?: string } | null;
  if (!data?.url) return false;
  window.location.assign(data.url);
  return true;
}
