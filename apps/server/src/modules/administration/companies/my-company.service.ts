import { randomBytes } from 'node:crypto';
import { type BodyOf, type companyEndpoints, FILE_INVALID_TYPE } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '#core/db/database.ts';
import { queryRows } from '#core/db/database.ts';
import { sniffType } from '#core/http/form-fields.ts';
import { forbidden, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { type CompanyRow, companies } from '#core/tenancy/company.table.ts';
import type { DemoModel } from './company.presenter.ts';

export type MyCompanySave = BodyOf<typeof companyEndpoints.update>;

export const DEMO_MODEL_INVALID = 'Choose a finished model of this company.';
export const AUTODESK_ADMIN_ONLY = 'Only administrators choose the Autodesk integration.';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/bmp': 'bmp' };
const ACCEPTED = { logo: ['image/jpeg', 'image/png', 'image/bmp'], background_image: ['image/jpeg', 'image/bmp'] };

interface Writer {
  companyId: number;
  accountId: number;
  admin: boolean;
}

/**
 * My Company (administration.md §2, §5): details, demo model, colours, logo, background and, for
 * platform admins only, the Autodesk integration. Custom colours are also kept apart, so that
 * switching to 'default' and back brings them again. Replaced files are removed after the commit.
 */
export class MyCompanyService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
  ) {}

  /** The company's demo model when it is still a live, finished model of the company. */
  async demoModel(company: CompanyRow): Promise<DemoModel | null> {
    if (company.demoModelId === null) return null;
    return this.database.tenant({ companyId: company.id }, (tx) => this.finishedModel(tx, company.demoModelId ?? 0));
  }

  async update(writer: Writer, body: MyCompanySave): Promise<void> {
    if (body.autodesk_integration !== undefined && !writer.admin) throw forbidden(AUTODESK_ADMIN_ONLY);
    if (body.demo_model_id !== undefined && body.demo_model_id !== null) {
      const id = body.demo_model_id;
      const model = await this.database.tenant({ companyId: writer.companyId, accountId: writer.accountId }, (tx) =>
        this.finishedModel(tx, id),
      );
      if (!model) throw new ValidationError({ demo_model_id: [DEMO_MODEL_INVALID] });
    }
    const created: string[] = [];
    let replaced: string[] = [];
    try {
      const files: Partial<Record<'logoPath' | 'backgroundImagePath', string | null>> = {};
      for (const [field, column] of [
        ['logo', 'logoPath'],
        ['background_image', 'backgroundImagePath'],
      ] as const) {
        const file = body[field];
        if (file !== undefined)
          files[column] = file === null ? null : await this.store(writer.companyId, field, file, created);
      }
      const colors = body.colors;
      replaced = await this.database.system.transaction(async (tx) => {
        const [current] = await tx.select().from(companies).where(eq(companies.id, writer.companyId)).for('update');
        if (!current) throw new Error(`company ${writer.companyId} missing`);
        await tx
          .update(companies)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.address !== undefined ? { address: body.address } : {}),
            ...(body.postal_code !== undefined ? { postalCode: body.postal_code } : {}),
            ...(body.country !== undefined ? { country: body.country } : {}),
            ...(body.city !== undefined ? { city: body.city } : {}),
            ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number } : {}),
            ...(body.website !== undefined ? { website: body.website } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.demo_model_id !== undefined ? { demoModelId: body.demo_model_id } : {}),
            ...(body.autodesk_integration !== undefined ? { autodeskIntegration: body.autodesk_integration } : {}),
            ...(colors ? { primaryColor: colors.primary_color, primaryAccent: colors.primary_accent } : {}),
            ...(colors && colors.primary_color !== 'default' ? { customPrimaryColor: colors.primary_color } : {}),
            ...(colors && colors.primary_accent !== 'default' ? { customPrimaryAccent: colors.primary_accent } : {}),
            ...files,
            updatedAt: sql`now()`,
          })
          .where(eq(companies.id, writer.companyId));
        return (['logoPath', 'backgroundImagePath'] as const).flatMap((column) => {
          const old = current[column];
          return column in files && old ? [old] : [];
        });
      });
    } catch (error) {
      await Promise.all(created.map((key) => this.storage.remove(key).catch(() => {})));
      throw error;
    }
    // Committed: a file left behind is only a leak, not a reason to answer an error.
    await Promise.all(replaced.map((key) => this.storage.remove(key).catch(() => {})));
  }

  private async finishedModel(tx: Db, id: number): Promise<DemoModel | null> {
    const [row] = await queryRows<DemoModel>(
      tx,
      sql`select id, name, case when preview_image_path is null then null
            else '/v2/projects/models/' || id || '/preview-image?v=' || floor(extract(epoch from updated_at))::bigint end
            as preview_image_url
          from project_models where id = ${id} and status = 'FINISHED' and deleted_at is null`,
    );
    return row ?? null;
  }

  /** Stores an image under the company's folder; its type is judged by its content. */
  private async store(companyId: number, field: 'logo' | 'background_image', file: File, created: string[]) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!ACCEPTED[field].includes(type)) throw new ValidationError({ [field]: [FILE_INVALID_TYPE] });
    const key = `companies/${companyId}/company/${field.replace('_', '-')}-${randomBytes(6).toString('hex')}.${EXTENSIONS[type]}`;
    await this.storage.put(key, Buffer.from(bytes));
    created.push(key);
    return key;
  }
}
