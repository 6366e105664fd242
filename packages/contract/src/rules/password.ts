import { z } from 'zod';
import { emailField } from './common';
import { Msg } from './messages';

/** At least 6 characters with at least one capital letter and one digit. */
export const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*\d).{6,}$/;
export const PASSWORD_MAX = 128;

export const newPasswordField = z
  .string({ error: Msg.newPassword })
  .min(1, { error: Msg.newPassword })
  .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) })
  .regex(PASSWORD_RULE, { error: Msg.passwordRule });

const withConfirmation = <T extends { newPassword: string; confirmPassword: string }>(v: T) =>
  v.newPassword === v.confirmPassword;

export const loginFormSchema = z.object({
  userName: emailField(Msg.loginEmail),
  password: z.string({ error: Msg.loginPassword }).min(1, { error: Msg.loginPassword }).max(PASSWORD_MAX),
});

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine(withConfirmation, { path: ['confirmPassword'], error: Msg.passwordsDiffer });

export const changePasswordFormSchema = z
  .object({
    oldPassword: z
      .string({ error: Msg.existingPassword })
      .min(1, { error: Msg.existingPassword })
      .max(PASSWORD_MAX),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine(withConfirmation, { path: ['confirmPassword'], error: Msg.passwordsDiffer });

export const changeEmailFormSchema = z
  .object({
    newEmail: z
      .string({ error: Msg.newEmail })
      .trim()
      .min(1, { error: Msg.newEmail })
      .pipe(emailField(Msg.loginEmail)),
    confirmEmail: z.string().trim(),
  })
  .refine((v) => v.newEmail === v.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    error: Msg.emailsDiffer,
  });
