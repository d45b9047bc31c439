import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../../contracts/account';
import { apiErrorSchema } from '../../../contracts/common';

export function registerAccountRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The signed-in user: role, custom role and permissions',
        tags: ['account'],
        response: { 200: meResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return {
        user: { id: actor.userId, email: actor.email, name: actor.name },
        role: actor.access.role,
        customRoleName: actor.access.customRoleName,
        permissions: [...actor.access.permissions].sort(),
      };
    },
  );
}
