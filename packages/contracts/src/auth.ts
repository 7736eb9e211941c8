import { z } from 'zod';
import { messages } from './messages';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';

const requiredString = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, { error: messages.tooLong });

export const emailField = requiredString(EMAIL_MAX_LENGTH).pipe(
  z.email({ error: messages.invalidEmail }).transform((email) => email.toLowerCase()),
);

/** A password as typed at login or confirmation: required, never trimmed. */
const enteredPassword = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: messages.tooLong });

/** A password being chosen: at least the minimum length. */
export const newPasswordField = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: messages.tooLong });

export const loginSchema = z.object({
  email: emailField,
  password: enteredPassword,
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailField,
  first_name: requiredString(NAME_MAX_LENGTH),
  last_name: requiredString(NAME_MAX_LENGTH),
  password: newPasswordField,
  terms: z
    .boolean({ error: messages.termsRequired })
    .refine((agreed) => agreed, { error: messages.termsRequired }),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  email: emailField,
  password: newPasswordField,
  token: z
    .string({ error: messages.resetTokenInvalid })
    .min(1, { error: messages.resetTokenInvalid }),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const confirmPasswordSchema = z.object({
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: messages.tooLong }),
});
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;

export const profileSchema = z.object({
  first_name: requiredString(NAME_MAX_LENGTH),
  last_name: requiredString(NAME_MAX_LENGTH),
  email: emailField,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordChangeSchema = z.object({ password: newPasswordField });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  available_credits: z.number().int().nonnegative(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const confirmedPasswordStatusSchema = z.object({ confirmed: z.boolean() });
export const verificationResendSchema = z.object({ retry_after: z.number().int().nonnegative() });
