import { randomBytes } from 'node:crypto';
import { type AnswerOf, userEndpoints } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accounts, memberships } from '#core/auth/account.table.ts';
import { hashPassword } from '#core/auth/password.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { adminUserList } from './user.list.ts';
import { checkUniqueAccount, uniqueAccountFields, updateAccountFields } from './user.service.ts';
import { sendInvitation, type UserWriteServices } from './user-write.routes.ts';

export const NOT_OWN_ADMIN_FLAG = 'You cannot remove your own admin flag.';
export const NOT_OWN_ACCOUNT = 'You cannot delete your own account.';
const NO_SUCH_ACCOUNT = 'No such account.';

/**
 * Admin → Users saves (platform admins): an account with the admin flag, made in this company
 * and invited; changes of any account; deletion of an account everywhere. Accounts are not a
 * company's rows, so these run on the owner connection, behind the 'admin' access rule.
 */
export function adminUserWriteRoutes(services: UserWriteServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const system = services.database.system;
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, adminUserList, eq(accounts.id, id), NO_SUCH_ACCOUNT)) as AnswerOf<
      typeof userEndpoints.adminCreate
    >;
  const exists = async (id: number) => {
    const [found] = await system.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
    if (!found) throw notFound(NO_SUCH_ACCOUNT);
  };

  return [
    defineRoute(userEndpoints.adminCreate, {
      access: 'admin',
      async handler(context) {
        const { body, companyId } = context;
        const id = await uniqueAccountFields(() =>
          system.transaction(async (tx) => {
            const errors: Record<string, string[]> = {};
            await checkUniqueAccount(tx, body, null, errors);
            if (Object.keys(errors).length > 0) throw new ValidationError(errors);
            const [created] = await tx
              .insert(accounts)
              .values({
                name: body.name,
                username: body.username,
                email: body.email,
                phoneNumber: body.phone_number ?? null,
                function: body.function ?? null,
                isAdmin: body.admin ?? false,
                passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
              })
              .returning({ id: accounts.id });
            const accountId = created?.id as number;
            await tx.insert(memberships).values({ companyId, accountId, roleId: null });
            return accountId;
          }),
        );
        await sendInvitation(services, context.request, { accountId: id, tenantName: context.tenant.company.name });
        return row(context.request, id);
      },
    }),
    defineRoute(userEndpoints.adminUpdate, {
      access: 'admin',
      async handler(context) {
        const { id } = context.params;
        const { admin, ...fields } = context.body;
        if (id === context.actor.accountId && admin === false) {
          throw new ValidationError({ admin: [NOT_OWN_ADMIN_FLAG] });
        }
        await exists(id);
        await uniqueAccountFields(() =>
          system.transaction(async (tx) => {
            const errors: Record<string, string[]> = {};
            await checkUniqueAccount(tx, fields, id, errors);
            if (Object.keys(errors).length > 0) throw new ValidationError(errors);
            await updateAccountFields(tx, id, fields);
            if (admin !== undefined) {
              await tx.update(accounts).set({ isAdmin: admin, updatedAt: sql`now()` }).where(eq(accounts.id, id));
            }
          }),
        );
        return row(context.request, id);
      },
    }),
    defineRoute(userEndpoints.adminDelete, {
      access: 'admin',
      async handler(context) {
        const { id } = context.params;
        if (id === context.actor.accountId) throw new ValidationError({ id: [NOT_OWN_ACCOUNT] });
        const [deleted] = await system.delete(accounts).where(eq(accounts.id, id)).returning({ name: accounts.name });
        if (!deleted) throw notFound(NO_SUCH_ACCOUNT);
        return { user_name: deleted.name, status: 'deleted' as const };
      },
    }),
  ];
}
