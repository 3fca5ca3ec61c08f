import { z } from '@/lib/zod';
import { contactRules } from '@/lib/domain';
import { locales } from '@/lib/i18n/locales';
import { email } from './auth';

// The contact form (specification, section 5): the browser's form (react-hook-form) and POST /contact
// parse with this schema. Messages are keys of the `Validation` namespace.

export const contactSchema = z.object({
  name: z.string().trim().min(contactRules.nameMin, 'nameMin').max(contactRules.nameMax, 'tooLong'),
  email,
  subject: z.string().trim().min(contactRules.subjectMin, 'subjectMin').max(contactRules.subjectMax, 'tooLong'),
  message: z.string().trim().min(1, 'messageRequired').max(contactRules.messageMax, 'tooLong'),
  altcha: z
    .string()
    .min(1, 'captchaRequired')
    .max(4000, 'captchaInvalid')
    .meta({ description: 'The ALTCHA widget’s payload: a solution of a challenge of GET /contact/captcha.' }),
  locale: z.enum(locales).default('fr').meta({ description: 'The language of the copy sent to the sender.' }),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** GET /contact/captcha: an ALTCHA challenge (altcha-lib 2), as the widget reads it. */
export const captchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
