import {
  createUserBodySchema,
  createUserResponseSchema,
  customRoleBodySchema,
  customRoleIdParamsSchema,
  customRolesResponseSchema,
  deleteCustomRoleBodySchema,
  freezeBodySchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  messageResponseSchema,
  setRoleBodySchema,
  signInLocksResponseSchema,
  userCountsSchema,
  userIdParamsSchema,
} from '../../../contracts/users';
import { isPermission } from '../../../domain/permissions';
import { SignInLimits } from '../../auth/sign-in-limit';
import * as repo from '../../core/users/user-records';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './user-management.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['user management'];

/** /api/admin/users and /api/admin/custom-roles: the user-management page (docs/requirements.md §2, §5, §6, §8). */
export const userManagementFeature = routesFeature('user-management', registerUserManagementRoutes);

function registerUserManagementRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db, clock } = context;
  const signInLimits = SignInLimits.of(context);

  typed.get(
    '/api/admin/users/sign-in-locks',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Accounts locked by failed sign-ins, with their unlock time and number of failures',
        tags,
        response: { 200: signInLocksResponseSchema, ...errors },
      },
    },
    async () => ({
      locks: (await signInLimits.lockedAccounts(clock.now())).map((lock) => ({
        userId: lock.userId,
        lockedUntil: lock.lockedUntil.toISOString(),
        failures: lock.failures,
        lockedDevices: lock.lockedDevices,
      })),
    }),
  );

  typed.delete(
    '/api/admin/users/:id/sign-in-lock',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: "Lift an account's sign-in lock and forget its failed sign-ins",
        tags,
        params: userIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await service.liftSignInLock(
        context,
        signInLimits,
        (await request.actor())!,
        request.ip,
        request.params.id,
      ),
    }),
  );

  typed.get(
    '/api/admin/users',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Users with their roles and freeze state, newest first (500 at most)',
        tags,
        querystring: listUsersQuerySchema,
        response: { 200: listUsersResponseSchema, ...errors },
      },
    },
    async (request) => ({ users: await repo.listUsers(db, request.query.search) }),
  );

  typed.get(
    '/api/admin/users/counts',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Number of users per standard role',
        tags,
        response: { 200: userCountsSchema, ...errors },
      },
    },
    async () => repo.countUsersByRole(db),
  );

  typed.post(
    '/api/admin/users',
    {
      config: { access: 'createUsers' },
      schema: {
        summary: 'create-user-direct',
        tags,
        body: createUserBodySchema,
        response: { 201: createUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createUserDirect(
        context,
        (await request.actor())!,
        request.ip,
        request.body,
      );
      return reply.code(201).send({ success: true, ...created });
    },
  );

  typed.put(
    '/api/admin/users/:id/role',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: "Change a user's role or custom role",
        tags,
        params: userIdParamsSchema,
        body: setRoleBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await service.changeRole(
        context,
        (await request.actor())!,
        request.ip,
        request.params.id,
        request.body,
      ),
    }),
  );

  typed.post(
    '/api/admin/users/:id/freeze',
    {
      config: { access: 'freezeUsers' },
      schema: {
        summary: 'Freeze an account: its sessions and trusted devices end at once',
        tags,
        params: userIdParamsSchema,
        body: freezeBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.freezeUser(
        context,
        (await request.actor())!,
        request.ip,
        request.params.id,
        request.body.reason,
      );
      return { message: 'Account frozen' };
    },
  );

  typed.delete(
    '/api/admin/users/:id/freeze',
    {
      config: { access: 'freezeUsers' },
      schema: {
        summary: 'Unfreeze an account',
        tags,
        params: userIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.unfreezeUser(context, (await request.actor())!, request.ip, request.params.id);
      return { message: 'Account unfrozen' };
    },
  );

  typed.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'deleteUsers' },
      schema: {
        summary: 'Delete an account and its personal data',
        tags,
        params: userIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteUserAccount(context, (await request.actor())!, request.ip, request.params.id);
      return { message: 'Account deleted' };
    },
  );

  typed.get(
    '/api/admin/custom-roles',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Custom roles with their permissions and number of users',
        tags,
        response: { 200: customRolesResponseSchema, ...errors },
      },
    },
    async () => ({
      roles: (await repo.listCustomRoles(db)).map((role) => ({
        id: role.id,
        name: role.name,
        description: role.description,
        permissions: Object.entries(role.permissions)
          .filter(([name, granted]) => granted === true && isPermission(name))
          .map(([name]) => name as never),
        userCount: role.userCount,
        createdAt: role.createdAt.toISOString(),
      })),
    }),
  );

  typed.post(
    '/api/admin/custom-roles',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Create a custom role',
        tags,
        body: customRoleBodySchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.createCustomRole(context, (await request.actor())!, request.ip, request.body);
      return reply.code(201).send({ message: `Custom role ${request.body.name} created` });
    },
  );

  typed.put(
    '/api/admin/custom-roles/:id',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Rename a custom role or change its permissions',
        tags,
        params: customRoleIdParamsSchema,
        body: customRoleBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.updateCustomRole(
        context,
        (await request.actor())!,
        request.ip,
        request.params.id,
        request.body,
      );
      return { message: `Custom role ${request.body.name} updated` };
    },
  );

  typed.delete(
    '/api/admin/custom-roles/:id',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Delete a custom role, moving its users to another role',
        tags,
        params: customRoleIdParamsSchema,
        body: deleteCustomRoleBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteCustomRole(
        context,
        (await request.actor())!,
        request.ip,
        request.params.id,
        request.body.reassignTo,
      );
      return { message: 'Custom role deleted' };
    },
  );
}
