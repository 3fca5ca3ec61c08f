import { z } from '@/lib/zod';
import { email, passwordMin } from './auth';

// The settings' forms that the browser checks too (react-hook-form's resolver): nothing here imports
// lib/domain, so the forms' script stays small. Messages are keys of the `Validation` namespace.

const password = z.string().min(passwordMin, 'passwordMin').max(128, 'passwordMax');

/** POST /me/password (specification section 5: at least 6, differs from the old, both match). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'currentPasswordRequired').max(128, 'passwordMax'),
    password,
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsMismatch',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /me/email: the new address (confirmed by a link sent there), with the password if the member has one. */
export const changeEmailSchema = z.object({
  email,
  password: z.string().min(1, 'passwordRequired').max(128, 'passwordMax').optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** The member's names, as the settings change them. */
export const namesSchema = z.object({
  firstname: z.string().trim().min(1, 'firstnameRequired').max(60, 'tooLong'),
  lastname: z.string().trim().min(1, 'lastnameRequired').max(60, 'tooLong'),
});
