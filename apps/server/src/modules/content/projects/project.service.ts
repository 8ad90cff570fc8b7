import type { BodyOf, PlatformKey, projectEndpoints, RecordStatus } from '@meshport/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { forbidden, notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import {
  ids,
  liveDescendantIds,
  moveToBin,
  restoreFromBin,
  storePreviewImage,
} from '#modules/content/shared/content-writes.ts';
import { projectLabels, projects, projectUsers } from './project.table.ts';
import { copyProjectModels, copyStoredFile } from './project-copy.ts';

export type ProjectSave = BodyOf<typeof projectEndpoints.create>;
export type ProjectChanges = BodyOf<typeof projectEndpoints.update>;

/** Who writes: the tenant transaction's scope and the platform of the host. */
export interface ProjectWriter {
  companyId: number;
  accountId: number;
  platform: PlatformKey | null;
}

/** Runs `work` in the writer's tenant transaction. */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

const NO_SUCH_PROJECT = 'No such project.';
export const SUB_PROJECTS_HATCH_ONLY = 'Sub-projects are made on hatch only.';
export const PARENT_MISSING = 'Choose an existing project.';
export const PARENT_CYCLE = 'A project cannot be placed under itself or one of its sub-projects.';
export const LABELS_MISSING = 'Choose labels of this company.';
export const USERS_MISSING = 'Choose members of this company.';
const COPY_SUFFIX = ' (copy)';
const MAX_NAME = 255;

interface ProjectRow {
  id: number;
  name: string;
  description: string | null;
  status: RecordStatus;
  parent_id: number | null;
  preview_image_path: string | null;
}

/**
 * The project saves (content issue §2): create, change, copy, delete to the bin, restore and the
 * favourite star. Files written during a transaction that then fails are removed again; files a
 * committed change replaced are removed after the commit.
 */
export class ProjectService {
  constructor(
    private readonly storage: FileStorage,
    private readonly inTenant: (writer: ProjectWriter) => InTenant,
  ) {}

  async create(writer: ProjectWriter, body: ProjectSave): Promise<number> {
    const parentId = body.parent_id ?? null;
    if (parentId !== null && writer.platform !== 'hatch') throw forbidden(SUB_PROJECTS_HATCH_ONLY);
    return this.withNewFiles(writer, async (tx, created) => {
      await this.check(tx, { parentId, labels: body.labels, users: body.users });
      const [row] = await tx
        .insert(projects)
        .values({
          companyId: writer.companyId,
          parentId,
          name: body.name,
          description: body.description ?? null,
          status: body.status ?? 'active',
        })
        .returning({ id: projects.id });
      const id = row?.id as number;
      await this.link(tx, writer.companyId, id, body.labels ?? [], body.users ?? []);
      if (body.preview_image) await this.setPreview(tx, writer.companyId, id, body.preview_image, created);
      return id;
    });
  }

  async update(writer: ProjectWriter, id: number, body: ProjectChanges): Promise<void> {
    const replaced = await this.withNewFiles(writer, async (tx, created) => {
      const current = await this.live(tx, id, 'for update');
      const parentChanges = body.parent_id !== undefined && body.parent_id !== current.parent_id;
      if (parentChanges && body.parent_id !== null && writer.platform !== 'hatch') {
        throw forbidden(SUB_PROJECTS_HATCH_ONLY);
      }
      await this.check(tx, {
        self: id,
        parentId: parentChanges ? (body.parent_id ?? null) : null,
        labels: body.labels,
        users: body.users,
      });
      await tx
        .update(projects)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(parentChanges ? { parentId: body.parent_id ?? null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(projects.id, id));
      if (body.labels !== undefined) {
        await tx.delete(projectLabels).where(eq(projectLabels.projectId, id));
        await this.link(tx, writer.companyId, id, body.labels, []);
      }
      if (body.users !== undefined) {
        await tx.delete(projectUsers).where(eq(projectUsers.projectId, id));
        await this.link(tx, writer.companyId, id, [], body.users);
      }
      if (body.preview_image === undefined) return null;
      if (body.preview_image === null) {
        await tx.update(projects).set({ previewImagePath: null }).where(eq(projects.id, id));
      } else {
        await this.setPreview(tx, writer.companyId, id, body.preview_image, created);
      }
      return current.preview_image_path;
    });
    // The save has committed: a file left behind is only a leak, not a reason to answer an error.
    if (replaced) await this.storage.remove(replaced).catch(() => {});
  }

  /**
   * A new project from a live one: its fields unless the body gives them, its labels and
   * members, its preview image (a copy of the file), and copies of its live models.
   */
  async copy(writer: ProjectWriter, sourceId: number, body: ProjectChanges): Promise<number> {
    return this.withNewFiles(writer, async (tx, created) => {
      const source = await this.live(tx, sourceId);
      const parentId = body.parent_id !== undefined ? body.parent_id : source.parent_id;
      if (parentId !== null && parentId !== source.parent_id && writer.platform !== 'hatch') {
        throw forbidden(SUB_PROJECTS_HATCH_ONLY);
      }
      await this.check(tx, {
        parentId: parentId !== source.parent_id ? parentId : null,
        labels: body.labels,
        users: body.users,
      });
      const name = body.name ?? `${source.name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
      const [row] = await tx
        .insert(projects)
        .values({
          companyId: writer.companyId,
          parentId,
          name,
          description: body.description !== undefined ? body.description : source.description,
          status: body.status ?? source.status,
        })
        .returning({ id: projects.id });
      const id = row?.id as number;
      const labels =
        body.labels ??
        (
          await tx
            .select({ id: projectLabels.labelId })
            .from(projectLabels)
            .where(eq(projectLabels.projectId, sourceId))
        ).map((link) => link.id);
      const users =
        body.users ??
        (
          await tx.select({ id: projectUsers.accountId }).from(projectUsers).where(eq(projectUsers.projectId, sourceId))
        ).map((link) => link.id);
      await this.link(tx, writer.companyId, id, labels, users);
      if (body.preview_image) {
        await this.setPreview(tx, writer.companyId, id, body.preview_image, created);
      } else if (body.preview_image === undefined && source.preview_image_path) {
        const key = await copyStoredFile(this.storage, source.preview_image_path, {
          companyId: writer.companyId,
          kind: 'projects',
          id,
        });
        if (key) {
          created.push(key);
          await tx.update(projects).set({ previewImagePath: key }).where(eq(projects.id, id));
        }
      }
      await copyProjectModels(tx, this.storage, { companyId: writer.companyId, from: sourceId, to: id }, created);
      return id;
    });
  }

  /**
   * Moves the project, its live sub-projects at any depth and their live models to the bin,
   * all with one `deleted_at`, so that restoring the project brings them back together.
   */
  async delete(writer: ProjectWriter, id: number): Promise<{ name: string; subProjects: number }> {
    return this.inTenant(writer)(async (tx) => {
      const project = await this.live(tx, id);
      const descendants = await liveDescendantIds(tx, 'projects', [id]);
      const all = [id, ...descendants];
      const moment = await moveToBin(tx, projects, sql`${projects.id} in ${ids(all)}`);
      if (moment) {
        await tx
          .update(projectModels)
          // now() is the moment moveToBin wrote (one per transaction), to the microsecond.
          .set({ deletedAt: sql`now()` })
          .where(and(inArray(projectModels.projectId, all), isNull(projectModels.deletedAt)));
      }
      return { name: project.name, subProjects: descendants.length };
    });
  }

  /** Brings the project back with what went to the bin with it: sub-projects and models. */
  async restore(writer: ProjectWriter, id: number): Promise<{ id: number | string; name: string }> {
    return this.inTenant(writer)(async (tx) => {
      // As text: a JavaScript Date would drop the microseconds the models are matched on.
      const [binned] = await queryRows<{ deleted_at: string | null }>(
        tx,
        sql`select deleted_at::text as deleted_at from projects where id = ${id}`,
      );
      const record = await restoreFromBin(tx, projects, sql`t.id = ${id}`, {
        notFound: 'No such project in the recycling bin.',
        parentInBin: 'Restore the project this one belongs to first.',
      });
      if (binned?.deleted_at) {
        await tx.execute(sql`update project_models m set deleted_at = null, updated_at = now()
          where m.deleted_at = ${binned.deleted_at}::timestamptz and exists (select 1 from projects p
            where p.company_id = m.company_id and p.id = m.project_id and p.deleted_at is null)`);
      }
      return record;
    });
  }

  /** Sets or clears the requester's star on a live project. */
  async favorite(writer: ProjectWriter, id: number, favorited: boolean): Promise<void> {
    await this.inTenant(writer)(async (tx) => {
      await this.live(tx, id);
      if (favorited) {
        await tx.execute(sql`insert into project_favorites (company_id, project_id, account_id)
          values (${writer.companyId}, ${id}, ${writer.accountId}) on conflict do nothing`);
      } else {
        await tx.execute(
          sql`delete from project_favorites where project_id = ${id} and account_id = ${writer.accountId}`,
        );
      }
    });
  }

  /**
   * A live project of the company. An update locks it first, so that parallel saves of one
   * project run one after the other: each replaces the labels and the preview the other left.
   */
  private async live(tx: Db, id: number, lock?: 'for update'): Promise<ProjectRow> {
    const [row] = await queryRows<ProjectRow & Record<string, unknown>>(
      tx,
      sql`select id, name, description, status, parent_id, preview_image_path from projects
        where id = ${id} and deleted_at is null ${lock ? sql`for update` : sql``}`,
    );
    if (!row) throw notFound(NO_SUCH_PROJECT);
    return row;
  }

  /** Every bad reference at once, 422 per field: the parent, the labels, the members. */
  private async check(
    tx: Db,
    refs: { self?: number; parentId: number | null; labels?: number[] | undefined; users?: number[] | undefined },
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (refs.parentId !== null) {
      const [parent] = await queryRows<{ id: number }>(
        tx,
        sql`select id from projects where id = ${refs.parentId} and deleted_at is null`,
      );
      if (!parent) errors.parent_id = [PARENT_MISSING];
      else if (refs.self !== undefined) {
        const below = await liveDescendantIds(tx, 'projects', [refs.self]);
        if (refs.parentId === refs.self || below.includes(refs.parentId)) errors.parent_id = [PARENT_CYCLE];
      }
    }
    if (refs.labels?.length) {
      const found = await queryRows<{ id: number }>(tx, sql`select id from labels where id in ${ids(refs.labels)}`);
      if (found.length !== refs.labels.length) errors.labels = [LABELS_MISSING];
    }
    if (refs.users?.length) {
      const found = await queryRows<{ id: number }>(
        tx,
        sql`select account_id as id from memberships where account_id in ${ids(refs.users)}`,
      );
      if (found.length !== refs.users.length) errors.users = [USERS_MISSING];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  private async link(tx: Db, companyId: number, projectId: number, labels: number[], users: number[]) {
    if (labels.length > 0) {
      await tx.insert(projectLabels).values(labels.map((labelId) => ({ companyId, projectId, labelId })));
    }
    if (users.length > 0) {
      await tx.insert(projectUsers).values(users.map((accountId) => ({ companyId, projectId, accountId })));
    }
  }

  private async setPreview(tx: Db, companyId: number, id: number, file: File, created: string[]): Promise<void> {
    const key = await storePreviewImage(this.storage, { companyId, kind: 'projects', id }, file);
    created.push(key);
    await tx.update(projects).set({ previewImagePath: key }).where(eq(projects.id, id));
  }

  /** `work` in a tenant transaction; the files it stored are removed again when it fails. */
  private async withNewFiles<T>(writer: ProjectWriter, work: (tx: Db, created: string[]) => Promise<T>): Promise<T> {
    const created: string[] = [];
    try {
      return await this.inTenant(writer)((tx) => work(tx, created));
    } catch (error) {
      await Promise.all(created.map((key) => this.storage.remove(key).catch(() => {})));
      throw error;
    }
  }
}
