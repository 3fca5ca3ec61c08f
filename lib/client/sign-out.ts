'use client';
import { apiFetch, errorText } from './api';
import { writeUser } from './session-mirror';
import { toast } from './toast';
import { localPath } from '@/lib/i18n/paths';
import { prefixLocale, type Prefix } from '@/lib/i18n/locales';

/** Ends the session on the server, then forgets the mirrored user (every tab's header follows). */
export async function signOut(locale: string, networkMessage: string): Promise<void> {
  await apiFetch('auth/sign-out', { body: {}, locale, networkMessage });
  writeUser(null);
}

/**
 * The sign-out buttons (the dashboard's, the header's menu): signs out, says so, goes home; on a
 * failure says why. Resolves whether it signed out.
 */
export async function signOutAndGoHome(
  prefix: Prefix,
  texts: { network: string; signedOut: string },
  router: { push(href: string): void; refresh(): void },
): Promise<boolean> {
  try {
    await signOut(prefixLocale(prefix), texts.network);
  } catch (error) {
    toast(errorText(error), 'error');
    return false;
  }
  toast(texts.signedOut, 'success');
  router.push(localPath(prefix, ''));
  router.refresh();
  return true;
}
