import { z } from '@/lib/zod';
import { locales } from '@/lib/i18n/locales';
import { email } from './auth';

// The newsletter: subscribing (the footer's form), and the two links of its e-mails.

export const newsletterSchema = z.object({ email, locale: z.enum(locales).default('fr') });

const token = z
  .string()
  .trim()
  .min(1, 'tokenRequired')
  .max(200, 'tokenRequired')
  .meta({ description: 'The token of the e-mailed link.' });

/** POST newsletter/confirm: the token of the confirmation link. */
export const newsletterConfirmSchema = z.object({ token });

/**
 * POST newsletter/unsubscribe: the token of the unsubscribe link, in the body (the unsubscribe page's
 * form), or in the query with the body `List-Unsubscribe=One-Click` (a mail client, RFC 8058).
 */
export const newsletterUnsubscribeSchema = z.object({
  token: token.optional(),
  'List-Unsubscribe': z
    .literal('One-Click', { error: 'tokenRequired' })
    .optional()
    .meta({ description: 'Sent by a mail client’s one-click unsubscribe (RFC 8058), with the token in the query.' }),
});
export const newsletterTokenQuerySchema = z.object({ token: token.optional() });
