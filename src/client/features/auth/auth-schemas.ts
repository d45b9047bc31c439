import { z } from 'zod';
import { createUserBodySchema } from '../../../contracts/users';
import { passwordSchema } from '../../components/new-password-fields';

/** The server's own rule for an e-mail address (a new password's rule: components/new-password-fields). */
export const emailSchema = createUserBodySchema.shape.email;

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
