import { z } from '@/lib/zod';
import { isPossiblePhone } from '@/lib/phone';
import { isRealDate } from './days';
import { phoneCodeChannels, socialProviders } from '@/lib/domain';
import { campaignSchema } from './traffic';

// Shared by the forms (react-hook-form's zodResolver) and the API. Messages are keys of the
// `Validation` namespace, translated where they are shown.

export const minimumAge = 18;
export const passwordMin = 6;

/** Whole years between a YYYY-MM-DD birth date and today. */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export { isRealDate };

// The match is checked even when other fields fail, so every message shows at once.
const passwordsMatch = (v: { password?: unknown; confirmPassword?: unknown }) => !v || v.password === v.confirmPassword;
const matchOptions = {
  path: ['confirmPassword'],
  message: 'passwordsMismatch',
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const email = z.string().trim().toLowerCase().max(254, 'emailInvalid').pipe(z.email('emailInvalid'));
const password = z.string().min(passwordMin, 'passwordMin').max(128, 'passwordMax');

const birthDate = z
  .string()
  .min(1, 'birthDateRequired')
  .refine(isRealDate, 'dateInvalid')
  .refine((value) => !isRealDate(value) || ageOn(value) >= minimumAge, 'ageMin');
const acceptTerms = z.literal(true, { error: 'termsRequired' });

export const signUpSchema = z
  .object({
    firstname: z.string().trim().min(1, 'firstnameRequired').max(60, 'tooLong'),
    lastname: z.string().trim().min(1, 'lastnameRequired').max(60, 'tooLong'),
    email,
    password,
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
    birthDate,
    acceptTerms,
    /** The campaign of the visit (utm_*), which the tab kept: kept on the account. */
    campaign: campaignSchema.optional(),
  })
  .refine(passwordsMatch, matchOptions);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What a new member signing up with Google, Facebook or Apple declares before the provider's page. */
export const socialSignUpSchema = z.object({ birthDate, acceptTerms, campaign: campaignSchema.optional() });
export type SocialSignUpInput = z.infer<typeof socialSignUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'passwordRequired').max(128, 'passwordMax'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email });
/** POST auth/resend-confirmation: the address a confirmation link should go to again. */
export const resendConfirmationSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'tokenRequired'),
    password,
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
  })
  .refine(passwordsMatch, matchOptions);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * POST users/{userId}/confirm-email: the link's token, and the password chosen at sign-up (an account
 * made through a provider has none: it finishes with that provider instead).
 */
export const confirmEmailSchema = z.object({
  token: z.string().min(1, 'tokenRequired').max(512, 'tokenRequired'),
  password: z.string().max(128, 'passwordMax').optional(),
});
export const emailConfirmationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed') }),
  /** The address is confirmed when this browser comes back from `provider` (the proof goes in a cookie). */
  z.object({ status: z.literal('provider'), provider: z.enum(socialProviders) }),
]);
export type EmailConfirmation =
  { status: 'confirmed' } | { status: 'provider'; provider: (typeof socialProviders)[number]; proof: string };

/**
 * POST users/{userId}/confirm-phone: the country code concatenated with the number, and optionally
 * the channel (WhatsApp where it is offered; SMS otherwise and by default).
 */
export const confirmPhoneSchema = z.object({
  phone: z.string().trim().min(1, 'phoneRequired').max(40, 'phoneInvalid').refine(isPossiblePhone, 'phoneInvalid'),
  channel: z.enum(phoneCodeChannels).optional().meta({
    description:
      '`whatsapp` where the phone step offers it (`GET users/{userId}/confirm-phone`, `channels`); `sms` otherwise, and by default.',
  }),
});
export type ConfirmPhoneInput = z.infer<typeof confirmPhoneSchema>;

/** POST users/{userId}/validate-code: the 6-character code as a base-10 integer (codes never start with 0). */
export const validateCodeSchema = z.object({
  confirmationPhoneCode: z
    .number({ error: 'codeInvalid' })
    .int('codeInvalid')
    .min(100000, 'codeInvalid')
    .max(999999, 'codeInvalid'),
});
