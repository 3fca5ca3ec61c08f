import 'server-only';
import { z } from '@/lib/zod';
import { acknowledgementSchema } from '@/lib/schemas/api';
import {
  confirmEmailSchema,
  confirmPhoneSchema,
  emailConfirmationSchema,
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  validateCodeSchema,
} from '@/lib/schemas/auth';
import { mirrorUserSchema, pendingPhoneSchema, phoneCodeSentSchema, userProfileSchema } from '@/lib/schemas/users';
import { endpoint } from './declare';

// Accounts: sign-up, sign-in, e-mail and phone confirmation, password reset, and a user's public face.

/** Names of the request bodies in the OpenAPI document's components. */
export const authRequestSchemas: [z.ZodType, string][] = [
  [signUpSchema, 'SignUpInput'],
  [signInSchema, 'SignInInput'],
  [forgotPasswordSchema, 'ForgotPasswordInput'],
  [resendConfirmationSchema, 'ResendConfirmationInput'],
  [resetPasswordSchema, 'ResetPasswordInput'],
  [confirmEmailSchema, 'ConfirmEmailInput'],
  [confirmPhoneSchema, 'ConfirmPhoneInput'],
  [validateCodeSchema, 'ValidateCodeInput'],
];

const sessionSchema = mirrorUserSchema.nullable();

export const authEndpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/auth/sign-up',
    tag: 'Auth',
    summary: 'Create an account; a confirmation e-mail is sent',
    description:
      'An address that already has an account gets the same answer; its owner is told by e-mail instead (nothing here tells a stranger whether an address is registered).',
    body: signUpSchema,
    data: acknowledgementSchema,
    errors: ['UNDERAGE', 'TERMS_NOT_ACCEPTED', 'RATE_LIMITED'],
  }),
  resendConfirmationTo: endpoint({
    method: 'POST',
    path: '/auth/resend-confirmation',
    tag: 'Auth',
    summary: 'A new confirmation e-mail to an address, at most once a minute',
    description: 'The same answer whether or not the address has an unconfirmed account.',
    body: resendConfirmationSchema,
    data: acknowledgementSchema,
    errors: ['RESEND_TOO_SOON', 'RATE_LIMITED'],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/auth/sign-in',
    tag: 'Auth',
    summary: 'Sign in with e-mail and password; sets the session cookie',
    body: signInSchema,
    data: mirrorUserSchema,
    errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_SUSPENDED', 'RATE_LIMITED'],
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/sign-out',
    tag: 'Auth',
    summary: 'End the session and clear its cookie',
    session: 'optional',
    data: acknowledgementSchema,
    errors: [],
  }),
  session: endpoint({
    method: 'GET',
    path: '/auth/session',
    tag: 'Auth',
    summary: 'The signed-in user as the browser mirrors it, or null',
    session: 'optional',
    data: sessionSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    tag: 'Auth',
    summary: 'E-mail a password reset link',
    description: 'The same answer for an unknown address; a second request within 5 minutes is refused.',
    body: forgotPasswordSchema,
    data: acknowledgementSchema,
    errors: ['RESET_ALREADY_REQUESTED', 'RATE_LIMITED'],
  }),
  user: endpoint({
    method: 'GET',
    path: '/users/{userId}',
    tag: 'Users',
    summary: 'A user’s profile',
    description: 'The user themself (signed in) also gets their contact details (the first form).',
    session: 'optional',
    data: userProfileSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/users/{userId}/confirm-email',
    tag: 'Users',
    summary: 'Confirm the e-mail address with the token of the e-mailed link and the password chosen at sign-up',
    description:
      'The link proves the mailbox; the password picks which sign-up of the address is confirmed (each sign-up of an unconfirmed address is kept apart), and the others, their sessions and provider links go. An account made through a provider that did not verify the address has no password: the answer says `provider`, sets a cookie, and the address is confirmed when this browser signs in with that provider. Never signs in by itself.',
    body: confirmEmailSchema,
    data: emailConfirmationSchema,
    errors: [
      'INVALID_EMAIL_TOKEN',
      'USER_NOT_FOUND',
      'EMAIL_ALREADY_VERIFIED',
      'CONFIRM_PASSWORD_REQUIRED',
      'CONFIRM_PASSWORD_INVALID',
      'RATE_LIMITED',
    ],
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/users/{userId}/resend-confirmation',
    tag: 'Users',
    summary: 'A new confirmation e-mail, at most once a minute',
    data: acknowledgementSchema,
    errors: ['USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED', 'RESEND_TOO_SOON', 'RATE_LIMITED'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/users/{userId}/reset-password',
    tag: 'Users',
    summary: 'Set a new password with the e-mailed token',
    body: resetPasswordSchema,
    data: acknowledgementSchema,
    errors: ['RESET_TOKEN_INVALID', 'PASSWORD_SAME_AS_OLD'],
  }),
  confirmPhone: endpoint({
    method: 'POST',
    path: '/users/{userId}/confirm-phone',
    tag: 'Users',
    summary: 'Send a 6-digit code by SMS, or WhatsApp, to the phone number (the user themself only)',
    description:
      'The country code concatenated with the number, e.g. `{ "phone": "+21620123456" }`; at most once a minute. Only mobile numbers of the countries where listings go (`PHONE_NOT_MOBILE`, `PHONE_COUNTRY_NOT_SERVED`); a number, its range and the whole site have daily caps on codes sent (`PHONE_NUMBER_LIMIT`, `SMS_UNAVAILABLE`). `channel: "whatsapp"` where offered; after WhatsApp could not deliver to the number, the code goes by SMS.',
    session: 'self',
    body: confirmPhoneSchema,
    data: phoneCodeSentSchema,
    errors: [
      'INVALID_PHONE',
      'PHONE_NOT_MOBILE',
      'PHONE_COUNTRY_NOT_SERVED',
      'USER_NOT_FOUND',
      'PHONE_ALREADY_VERIFIED',
      'PHONE_TAKEN',
      'RESEND_TOO_SOON',
      'RATE_LIMITED',
      'PHONE_NUMBER_LIMIT',
      'SMS_UNAVAILABLE',
      'PHONE_CONFIRMATION_FAILED',
    ],
  }),
  pendingPhone: endpoint({
    method: 'GET',
    path: '/users/{userId}/confirm-phone',
    tag: 'Users',
    summary: 'The code waiting for the member: its number, channel, and whether its message was delivered',
    description:
      'Null when no code waits. The phone step reads it while a message is on its way, to say when it could not be delivered and offer the other channel.',
    session: 'self',
    data: pendingPhoneSchema,
    errors: [],
  }),
  validateCode: endpoint({
    method: 'POST',
    path: '/users/{userId}/validate-code',
    tag: 'Users',
    summary: 'Check the SMS code; verifies the phone number (the user themself only)',
    description:
      'The code as a base-10 integer, e.g. `{ "confirmationPhoneCode": 123456 }`; a limited number of wrong tries.',
    session: 'self',
    body: validateCodeSchema,
    data: mirrorUserSchema,
    errors: [
      'INVALID_PHONE_CODE',
      'PHONE_CODE_EXPIRED',
      'NO_PENDING_PHONE_CODE',
      'USER_NOT_FOUND',
      'PHONE_TAKEN',
      'TOO_MANY_ATTEMPTS',
    ],
  }),
};
