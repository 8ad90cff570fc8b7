import {
  DESIGN_MATERIAL_NOT_ALLOWED,
  DESIGN_MODEL_NOT_FINISHED,
  type DesignChoiceSave,
  type DesignCreate,
  type DesignUpdate,
  MATERIAL_SLOTS_NOT_PROCESSED,
  noSuchSlot,
} from '@meshport/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { fieldErrors } from '#core/http/error-handler.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import { MATERIAL_NOT_FOUND } from '#modules/content/materials/material.service.ts';
import { MODEL_NOT_FOUND } from '#modules/content/project-models/project-model-material-slots.service.ts';
import { designChoices, designs } from './design.table.ts';
import { designPreviewJob } from './design-preview.job.ts';

/**
 * Designs (issue 30): a finished model of a live project with, per slot, one of the materials the
 * slot allows (validated as the material slots are: an index of the file, a live material of the
 * company, one the slot offers). Each change of the choices asks for a new preview.
 */

export const NO_SUCH_DESIGN = 'No such design.';

export interface DesignWriter {
  companyId: number;
  accountId: number;
}

/** A slot's choice: a material's id, or null for the model's own material. */
interface Chosen {
  slotIndex: number;
  materialId: number | null;
}

interface Model {
  projectId: number;
  status: string;
  names: string[] | null;
}

/** A live model of a live project of the company; 404 otherwise (another company's included). */
async function modelOf(tx: Db, modelId: number): Promise<Model> {
  const [row] = await queryRows<{ project_id: number; status: string; names: string[] | null }>(
    tx,
    sql`select pm.project_id, pm.status, pm.figures->'material_names' as names
      from project_models pm join projects p on p.company_id = pm.company_id and p.id = pm.project_id
      where pm.id = ${modelId} and pm.deleted_at is null and p.deleted_at is null`,
  );
  if (!row) throw notFound(MODEL_NOT_FOUND);
  return { projectId: row.project_id, status: row.status, names: row.names };
}

/**
 * The material id of each choice: 422 per field (`choices.0.slot_index`, `choices.0.material`) for
 * a slot the file does not have, a material the company does not have, or one the slot does not allow.
 */
async function choiceMaterials(
  tx: Db,
  modelId: number,
  model: Model,
  choices: readonly DesignChoiceSave[],
): Promise<Chosen[]> {
  if (!model.names) throw new HttpError(409, MATERIAL_SLOTS_NOT_PROCESSED);
  if (model.status !== 'FINISHED') throw new HttpError(409, DESIGN_MODEL_NOT_FINISHED);
  const names = [...new Set(choices.flatMap((choice) => (choice.material === null ? [] : [choice.material])))];
  const found =
    names.length === 0
      ? []
      : await queryRows<{ id: number; name: string; slots: number[] }>(
          tx,
          sql`select m.id, m.name, coalesce(array_agg(sm.slot_index) filter (where sm.slot_index is not null), '{}') as slots
            from materials m
            left join project_model_slot_materials sm on sm.company_id = m.company_id
              and sm.material_id = m.id and sm.project_model_id = ${modelId}
            where m.name in (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )}) and m.deleted_at is null and m.status <> 'archived'
            group by m.id, m.name`,
        );
  const byName = new Map(found.map((material) => [material.name, material]));
  const slotCount = model.names.length;
  const errors = fieldErrors();
  const chosen: Chosen[] = [];
  choices.forEach((choice, i) => {
    if (choice.slot_index >= slotCount) errors[`choices.${i}.slot_index`] = [noSuchSlot(slotCount)];
    if (choice.material === null) {
      chosen.push({ slotIndex: choice.slot_index, materialId: null });
      return;
    }
    const material = byName.get(choice.material);
    if (!material) errors[`choices.${i}.material`] = [MATERIAL_NOT_FOUND];
    else if (!material.slots.includes(choice.slot_index))
      errors[`choices.${i}.material`] = [DESIGN_MATERIAL_NOT_ALLOWED];
    else chosen.push({ slotIndex: choice.slot_index, materialId: material.id });
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return chosen;
}

export class DesignService {
  constructor(private readonly services: Pick<CoreServices, 'database' | 'jobs' | 'storage'>) {}

  private inTenant<T>(writer: DesignWriter, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.services.database.tenant({ companyId: writer.companyId, accountId: writer.accountId }, work);
  }

  private async replaceChoices(tx: Db, writer: DesignWriter, designId: number, chosen: Chosen[]) {
    await tx
      .delete(designChoices)
      .where(and(eq(designChoices.companyId, writer.companyId), eq(designChoices.designId, designId)));
    if (chosen.length > 0) {
      await tx
        .insert(designChoices)
        .values(chosen.map((choice) => ({ companyId: writer.companyId, designId, ...choice })));
    }
    await this.services.jobs.enqueueAfterCommit(tx, designPreviewJob.name, { companyId: writer.companyId, designId });
  }

  async create(writer: DesignWriter, body: DesignCreate): Promise<number> {
    return this.inTenant(writer, async (tx) => {
      const model = await modelOf(tx, body.project_model_id);
      const chosen = await choiceMaterials(tx, body.project_model_id, model, body.choices);
      const [row] = await tx
        .insert(designs)
        .values({
          companyId: writer.companyId,
          projectId: model.projectId,
          projectModelId: body.project_model_id,
          name: body.name,
          createdBy: writer.accountId,
        })
        .returning({ id: designs.id });
      const id = row?.id as number;
      await this.replaceChoices(tx, writer, id, chosen);
      return id;
    });
  }

  async update(writer: DesignWriter, id: number, body: DesignUpdate): Promise<void> {
    await this.inTenant(writer, async (tx) => {
      const design = await this.live(tx, id, true);
      if (body.choices) {
        const model = await modelOf(tx, design.project_model_id);
        await this.replaceChoices(
          tx,
          writer,
          id,
          await choiceMaterials(tx, design.project_model_id, model, body.choices),
        );
      }
      await tx
        .update(designs)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.choices ? { previewStatus: 'pending' as const } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(designs.companyId, writer.companyId), eq(designs.id, id)));
    });
  }

  async delete(writer: DesignWriter, id: number): Promise<string> {
    const deleted = await this.inTenant(writer, async (tx) => {
      await this.live(tx, id, true);
      const [row] = await tx
        .delete(designs)
        .where(and(eq(designs.companyId, writer.companyId), eq(designs.id, id)))
        .returning({ name: designs.name, previewKey: designs.previewKey });
      return row as { name: string; previewKey: string | null };
    });
    if (deleted.previewKey) await this.services.storage.remove(deleted.previewKey).catch(() => {});
    return deleted.name;
  }

  /** Sets or clears the requester's star on a live design. */
  async favorite(writer: DesignWriter, id: number, favorited: boolean): Promise<void> {
    await this.inTenant(writer, async (tx) => {
      await this.live(tx, id, false);
      if (favorited) {
        await tx.execute(sql`insert into design_favorites (company_id, design_id, account_id)
          values (${writer.companyId}, ${id}, ${writer.accountId}) on conflict do nothing`);
      } else {
        await tx.execute(
          sql`delete from design_favorites where design_id = ${id} and account_id = ${writer.accountId}`,
        );
      }
    });
  }

  /** The stored preview of a live design, or null. */
  async previewKey(writer: DesignWriter, id: number): Promise<string | null> {
    return this.inTenant(writer, async (tx) => (await this.live(tx, id, false)).preview_key);
  }

  /** A design of a live model of a live project (what the list shows); 404 otherwise. */
  private async live(
    tx: Db,
    id: number,
    lock: boolean,
  ): Promise<{ project_model_id: number; preview_key: string | null }> {
    const [row] = await queryRows<{ project_model_id: number; preview_key: string | null }>(
      tx,
      sql`select d.project_model_id, d.preview_key from designs d
        join project_models pm on pm.company_id = d.company_id and pm.id = d.project_model_id and pm.deleted_at is null
        join projects p on p.company_id = d.company_id and p.id = d.project_id and p.deleted_at is null
        where d.id = ${id} ${lock ? sql`for update of d` : sql``}`,
    );
    if (!row) throw notFound(NO_SUCH_DESIGN);
    return row;
  }
}
