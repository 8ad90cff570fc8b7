import type { BodyOf, groupEndpoints } from '@meshport/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { memberships } from '#core/auth/account.table.ts';
import type { Db } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { USERS_MISSING } from '#modules/content/projects/project.service.ts';
import { groupMembers, groups } from './group.table.ts';

export type GroupCreate = BodyOf<typeof groupEndpoints.create>;
export type GroupUpdate = BodyOf<typeof groupEndpoints.update>;

const NO_SUCH_GROUP = 'No such group.';

/** Security → Groups saves: name, description and the members (of this company only). */
export class GroupService {
  async create(tx: Db, companyId: number, body: GroupCreate): Promise<number> {
    await this.checkMembers(tx, body.users ?? []);
    const [row] = await tx
      .insert(groups)
      .values({ companyId, name: body.name, description: body.description ?? null })
      .returning({ id: groups.id });
    const id = row?.id as number;
    await this.setMembers(tx, companyId, id, body.users ?? []);
    return id;
  }

  async update(tx: Db, companyId: number, id: number, body: GroupUpdate): Promise<void> {
    await this.lock(tx, id);
    if (body.users !== undefined) await this.checkMembers(tx, body.users);
    await tx
      .update(groups)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id));
    if (body.users !== undefined) {
      await tx.delete(groupMembers).where(eq(groupMembers.groupId, id));
      await this.setMembers(tx, companyId, id, body.users);
    }
  }

  /** Deletes the group and its memberships; answers its name. */
  async delete(tx: Db, id: number): Promise<string> {
    const name = await this.lock(tx, id);
    await tx.delete(groups).where(eq(groups.id, id));
    return name;
  }

  /** Row-level security limits memberships to this company: another company's account is not found. */
  private async checkMembers(tx: Db, users: readonly number[]): Promise<void> {
    if (users.length === 0) return;
    const found = await tx
      .select({ id: memberships.accountId })
      .from(memberships)
      .where(inArray(memberships.accountId, [...users]));
    if (found.length !== users.length) throw new ValidationError({ users: [USERS_MISSING] });
  }

  private async lock(tx: Db, id: number): Promise<string> {
    const [row] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, id)).for('update');
    if (!row) throw notFound(NO_SUCH_GROUP);
    return row.name;
  }

  private async setMembers(tx: Db, companyId: number, groupId: number, users: readonly number[]) {
    if (users.length === 0) return;
    await tx.insert(groupMembers).values(users.map((accountId) => ({ companyId, groupId, accountId })));
  }
}
