import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type DimensionsFigure,
  type MaterialSlot,
  SHARE_MODEL_NOT_FINISHED,
  SHARE_TOKEN_BYTES,
  type SharedSlot,
  type ShareLinkCreate,
} from '@meshport/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PolicyActor } from '#core/access/policy.ts';
import { hashPassword } from '#core/auth/password.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound } from '#core/http/http-error.ts';
import { designChoices, designs } from '#modules/content/designs/design.table.ts';
import { materials } from '#modules/content/materials/material.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import { readMaterialSlots } from '#modules/content/project-models/project-model-material-slots.service.ts';
import { projects } from '#modules/content/projects/project.table.ts';
import { shareLinkPolicy } from './share-link.policy.ts';
import { shareLinks } from './share-link.table.ts';

/**
 * Share links (issue 30): a token of `SHARE_TOKEN_BYTES` random bytes opens one model or design without an account.
 * Only its SHA-256 is stored; the token is answered once, in the link's address.
 */

export const NO_SUCH_SHARE_LINK = 'No such share link.';
const NO_SUCH_MODEL = 'No such model.';
const NO_SUCH_DESIGN = 'No such design.';

/** A new token: 256 random bits as base64url (43 characters). */
export const newShareToken = (): string => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** What is stored of a token, and what a presented token is looked up by. */
export const shareTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as the page presents it: base64url of `SHARE_TOKEN_BYTES` bytes; anything else is not looked up. */
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((SHARE_TOKEN_BYTES * 4) / 3)}}$`);
export const isShareTokenShape = (token: string): boolean => TOKEN_SHAPE.test(token);

/** The model or design a link opens, with what the sharer must be allowed to see it. */
async function subjectOf(tx: Db, companyId: number, actor: PolicyActor, body: ShareLinkCreate) {
  if (body.design_id !== undefined) {
    if (!shareLinkPolicy.permits(actor, 'view-design')) throw notFound(NO_SUCH_DESIGN);
    const [row] = await tx
      .select({ modelId: designs.projectModelId, status: projectModels.status })
      .from(designs)
      .innerJoin(
        projectModels,
        and(eq(projectModels.companyId, designs.companyId), eq(projectModels.id, designs.projectModelId)),
      )
      .innerJoin(projects, and(eq(projects.companyId, designs.companyId), eq(projects.id, designs.projectId)))
      .where(
        and(
          eq(designs.companyId, companyId),
          eq(designs.id, body.design_id),
          isNull(projectModels.deletedAt),
          isNull(projects.deletedAt),
        ),
      );
    if (!row) throw notFound(NO_SUCH_DESIGN);
    if (row.status !== 'FINISHED') throw new HttpError(409, SHARE_MODEL_NOT_FINISHED);
    return { modelId: row.modelId, designId: body.design_id };
  }
  const modelId = body.project_model_id ?? 0;
  if (!shareLinkPolicy.permits(actor, 'view-model')) throw notFound(NO_SUCH_MODEL);
  const [row] = await tx
    .select({ status: projectModels.status })
    .from(projectModels)
    .where(and(eq(projectModels.companyId, companyId), eq(projectModels.id, modelId), isNull(projectModels.deletedAt)));
  if (!row) throw notFound(NO_SUCH_MODEL);
  if (row.status !== 'FINISHED') throw new HttpError(409, SHARE_MODEL_NOT_FINISHED);
  return { modelId, designId: null };
}

/** POST /share-links: stores the link (the token's hash) and answers its id with the token. */
export async function createShareLink(
  tx: Db,
  companyId: number,
  actor: PolicyActor,
  body: ShareLinkCreate,
): Promise<{ id: number; token: string }> {
  const subject = await subjectOf(tx, companyId, actor, body);
  const token = newShareToken();
  const days = body.expires_in_days;
  const [row] = await tx
    .insert(shareLinks)
    .values({
      companyId,
      tokenHash: shareTokenHash(token),
      projectModelId: subject.modelId,
      designId: subject.designId,
      createdBy: actor.accountId,
      allowConfigure: body.allow_configure,
      passwordHash: body.password ? await hashPassword(body.password) : null,
      expiresAt: sql`now() + make_interval(days => ${days})`,
    })
    .returning({ id: shareLinks.id });
  if (!row) throw new Error('the share link was not stored');
  return { id: row.id, token };
}

/** DELETE /share-links/{id}: one's own link, or any with manage-share-links; 404 for one not theirs to revoke. */
export async function revokeShareLink(tx: Db, companyId: number, actor: PolicyActor, id: number): Promise<void> {
  const own = shareLinkPolicy.permits(actor, 'manage') ? undefined : eq(shareLinks.createdBy, actor.accountId);
  const [row] = await tx
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
    .where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id), own))
    .returning({ id: shareLinks.id });
  if (!row) throw notFound(NO_SUCH_SHARE_LINK);
}

/** A live link (not revoked, not expired) as the public calls need it. */
export interface OpenLink {
  id: number;
  modelId: number;
  designId: number | null;
  createdBy: number;
  allowConfigure: boolean;
  passwordHash: string | null;
  expiresAt: string;
}

/** The live link of a token in the company, or null: a wrong, revoked and expired token are alike. */
export async function openLink(tx: Db, companyId: number, token: string): Promise<OpenLink | null> {
  if (!isShareTokenShape(token)) return null;
  const [row] = await queryRows<{
    id: number;
    project_model_id: number;
    design_id: number | null;
    created_by: number;
    allow_configure: boolean;
    password_hash: string | null;
    expires_at: string;
  }>(
    tx,
    sql`select sl.id, sl.project_model_id, sl.design_id, sl.created_by, sl.allow_configure, sl.password_hash,
        to_char(sl.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at
      from ${shareLinks} sl
      join ${projectModels} pm on pm.company_id = sl.company_id and pm.id = sl.project_model_id
      where sl.company_id = ${companyId} and sl.token_hash = ${shareTokenHash(token)}
        and sl.revoked_at is null and sl.expires_at > now()
        and pm.deleted_at is null and pm.status = 'FINISHED'`,
  );
  if (!row) return null;
  return {
    id: row.id,
    modelId: row.project_model_id,
    designId: row.design_id,
    createdBy: row.created_by,
    allowConfigure: row.allow_configure,
    passwordHash: row.password_hash,
    expiresAt: row.expires_at,
  };
}

/** The shared model's own fields: name, files and real size. */
export async function sharedModel(tx: Db, companyId: number, link: OpenLink) {
  const [model] = await tx
    .select({
      name: projectModels.name,
      glbKey: projectModels.glbKey,
      liteGlbKey: projectModels.liteGlbKey,
      previewPath: projectModels.previewImagePath,
      figures: projectModels.figures,
    })
    .from(projectModels)
    .where(and(eq(projectModels.companyId, companyId), eq(projectModels.id, link.modelId)));
  if (!model) return null;
  const [design] = link.designId
    ? await tx
        .select({ name: designs.name })
        .from(designs)
        .where(and(eq(designs.companyId, companyId), eq(designs.id, link.designId)))
    : [];
  return {
    name: design?.name ?? model.name,
    modelName: model.name,
    glbKey: model.glbKey,
    liteGlbKey: model.liteGlbKey,
    previewPath: model.previewPath,
    dimensions: (model.figures?.dimensions_m ?? null) as DimensionsFigure | null,
  };
}

/**
 * The slots a link offers, with the starting finish of each (the design's choice where the slot still allows it,
 * else the slot's default). Without `allow_configure` a slot offers its starting finish only. Slots that offer no
 * finish are left out: the model shows its own material there. File addresses are the link's own.
 */
export async function sharedSlots(tx: Db, companyId: number, link: OpenLink, token: string): Promise<SharedSlot[]> {
  let slots: MaterialSlot[];
  try {
    slots = await readMaterialSlots(tx, companyId, link.modelId);
  } catch {
    return [];
  }
  // A design's row per slot: a material's name, or null for the model's own material there.
  const chosen = new Map<number, string | null>();
  if (link.designId !== null) {
    const rows = await tx
      .select({ slot: designChoices.slotIndex, name: materials.name })
      .from(designChoices)
      .leftJoin(
        materials,
        and(eq(materials.companyId, designChoices.companyId), eq(materials.id, designChoices.materialId)),
      )
      .where(and(eq(designChoices.companyId, companyId), eq(designChoices.designId, link.designId)));
    for (const row of rows) chosen.set(row.slot, row.name);
  }
  const own = `/v2/projects/models/${link.modelId}/material-slots/materials/`;
  const viaLink = (url: string) =>
    url.startsWith(own) ? `/v2/shared/${token}/materials/${url.slice(own.length)}` : url;
  return slots.flatMap((slot) => {
    const allowed = slot.materials.map((material) => ({
      name: material.name,
      preview_image_url: material.preview_image_url === null ? null : viaLink(material.preview_image_url),
      maps: Object.fromEntries(Object.entries(material.maps).map(([kind, url]) => [kind, viaLink(url)])),
    }));
    const design = chosen.get(slot.index);
    const fallback = slot.default_material?.name ?? null;
    const choice =
      design === null ? null : design !== undefined && allowed.some((m) => m.name === design) ? design : fallback;
    const offered = link.allowConfigure ? allowed : allowed.filter((m) => m.name === choice);
    return offered.length === 0 ? [] : [{ index: slot.index, name: slot.name, materials: offered, choice }];
  });
}

/** An open of the page: counted on the link. */
export async function countOpen(tx: Db, companyId: number, linkId: number): Promise<void> {
  await tx
    .update(shareLinks)
    .set({ opens: sql`${shareLinks.opens} + 1`, lastOpenedAt: sql`now()` })
    .where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, linkId)));
}

/** How long a given password opens its link's calls. */
export const SHARE_GRANT_SECONDS = 3600;

const grantMac = (link: OpenLink, expires: number) =>
  createHmac('sha256', link.passwordHash ?? '')
    .update(`${link.id}.${expires}`)
    .digest('base64url');

/** A grant for a password link: its expiry and a MAC keyed by the stored hash (never sent anywhere). */
export function issueGrant(link: OpenLink): string {
  const expires = Math.floor(Date.now() / 1000) + SHARE_GRANT_SECONDS;
  return `${expires}.${grantMac(link, expires)}`;
}

/** Whether the link is open to this request: no password, or a grant of it that has not expired. */
export function granted(link: OpenLink, grant: string | undefined): boolean {
  if (link.passwordHash === null) return true;
  const [expiresText, mac] = (grant ?? '').split('.');
  const expires = Number(expiresText);
  if (!mac || !Number.isInteger(expires) || expires < Date.now() / 1000) return false;
  const wanted = Buffer.from(grantMac(link, expires));
  const given = Buffer.from(mac);
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}
