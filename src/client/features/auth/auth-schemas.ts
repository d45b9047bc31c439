import { z } from 'zod';
import { createUserBodySchema } from '../../../contracts/users';

/** The server's own rules for an e-mail address and a new password (8 to 128 characters). */
export const emailSchema = createUserBodySchema.shape.email;
export const passwordSchema = createUserBodySchema.shape.password;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password'),
});

export const signUpSchema = z.object({
  name: createUserBodySchema.shape.fullName,
  email: emailSchema,
  password: passwordSchema,
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** A new password typed twice. */
export const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

export const PASSWORD_HINT = 'At least 8 characters.';
