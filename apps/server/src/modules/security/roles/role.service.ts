import type { BodyOf, roleEndpoints } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import { added, assertGrantable, type Grantor } from '#core/access/grant.ts';
import { memberships, roleAbilities, roles } from '#core/auth/account.table.ts';
import type { Db } from '#core/db/database.ts';
import { notFound } from '#core/http/http-error.ts';

export type RoleUpdate = BodyOf<typeof roleEndpoints.update>;
export type RoleCreate = BodyOf<typeof roleEndpoints.create>;

const NO_SUCH_ROLE = 'No such role.';

/**
 * Security → Roles saves: title, description and the abilities (checked against the known keys by
 * the schema). An ability is given to a role only by someone who holds it (`grantor`).
 */
export class RoleService {
  async create(tx: Db, companyId: number, grantor: Grantor, body: RoleCreate): Promise<number> {
    assertGrantable(grantor, 'abilities', 'abilities', body.abilities ?? []);
    const [row] = await tx
      .insert(roles)
      .values({ companyId, title: body.title, description: body.description ?? null })
      .returning({ id: roles.id });
    const id = row?.id as number;
    await this.setAbilities(tx, companyId, id, body.abilities ?? []);
    return id;
  }

  async update(tx: Db, companyId: number, grantor: Grantor, id: number, body: RoleUpdate): Promise<void> {
    await this.lock(tx, id);
    if (body.abilities !== undefined) {
      // Keeping an ability the role already has gives nothing; only the new ones must be held.
      const current = await tx
        .select({ key: roleAbilities.abilityKey })
        .from(roleAbilities)
        .where(eq(roleAbilities.roleId, id));
      const given = added(
        current.map((row) => row.key),
        body.abilities,
      );
      assertGrantable(grantor, 'abilities', 'abilities', given);
    }
    await tx
      .update(roles)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(roles.id, id));
    if (body.abilities !== undefined) {
      await tx.delete(roleAbilities).where(eq(roleAbilities.roleId, id));
      await this.setAbilities(tx, companyId, id, body.abilities);
    }
  }

  /** Deletes the role; its members keep their membership without a role. Answers the title. */
  async delete(tx: Db, id: number): Promise<string> {
    const title = await this.lock(tx, id);
    await tx.update(memberships).set({ roleId: null, updatedAt: sql`now()` }).where(eq(memberships.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    return title;
  }

  private async lock(tx: Db, id: number): Promise<string> {
    const [row] = await tx.select({ title: roles.title }).from(roles).where(eq(roles.id, id)).for('update');
    if (!row) throw notFound(NO_SUCH_ROLE);
    return row.title;
  }

  private async setAbilities(tx: Db, companyId: number, roleId: number, abilities: readonly string[]) {
    if (abilities.length === 0) return;
    await tx.insert(roleAbilities).values(abilities.map((abilityKey) => ({ companyId, roleId, abilityKey })));
  }
}
